import * as vscode from 'vscode';
import * as path from 'node:path';
import type { LoadedChain, LoadedSkill } from '../../core/skills/manifest';
import { summarizeCassette } from '../../core/replay/cassetteOutline';
import { builtInCassettes, workspaceCassettes } from '../../core/replay/cassetteDiscovery';
import { unavailableReason } from '../skills/skillPicker';
import type { DryRunInput, DryRunTarget } from './runDryRun';
import * as fs from 'node:fs';

interface TargetItem extends vscode.QuickPickItem { target?: DryRunTarget }
interface InputItem extends vscode.QuickPickItem { pick?: () => Promise<DryRunInput | undefined> | DryRunInput | undefined }

const oneLine = (s: string, max = 160) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** Cassettes listed in the input pick at most (a recordings folder may hold thousands). */
const MAX_LISTED_CASSETTES = 200;

/**
 * What to dry-run: "Route automatically", a skill, or a chain. Skills and chains that cannot run
 * are listed with why, and picking one says so instead of running.
 */
export async function pickTarget(skills: readonly LoadedSkill[], chains: readonly LoadedChain[]): Promise<DryRunTarget | undefined> {
  const items: TargetItem[] = [
    { label: `$(sparkle) ${vscode.l10n.t('Route automatically')}`, detail: vscode.l10n.t('The skill whose match fits the text; with a model engine, the model chooses; otherwise capture_note keeps it as a note.'), target: { kind: 'route' } },
    { label: vscode.l10n.t('Skills'), kind: vscode.QuickPickItemKind.Separator },
    ...skills.map((s): TargetItem => {
      const reason = unavailableReason(s);
      return reason
        ? { label: `$(circle-slash) ${s.name}`, description: s.builtIn ? vscode.l10n.t('built-in') : vscode.workspace.asRelativePath(s.file), detail: oneLine(reason) }
        : { label: s.name, description: [`v${s.manifest!.version}`, s.builtIn ? vscode.l10n.t('built-in') : vscode.l10n.t('workspace'), ...(s.script ? [vscode.l10n.t('scripted')] : [])].join(' · '), detail: oneLine(s.manifest!.description), target: { kind: 'skill', name: s.name } };
    }),
  ];
  if (chains.length) {
    items.push({ label: vscode.l10n.t('Chains'), kind: vscode.QuickPickItemKind.Separator });
    for (const c of chains) {
      items.push(c.manifest
        ? { label: `$(link) ${c.name}`, description: (c.manifest.steps.length === 1 ? vscode.l10n.t('1 step') : vscode.l10n.t('{0} steps', c.manifest.steps.length)), detail: oneLine(c.manifest.description ?? c.manifest.steps.map((s) => s.skill).join(' → ')), target: { kind: 'chain', name: c.name } }
        : { label: `$(circle-slash) ${c.name}`, description: vscode.workspace.asRelativePath(c.file), detail: oneLine(c.problems[0]?.message ?? vscode.l10n.t('invalid')) });
    }
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Interview Lens: Dry Run Skill'),
    placeHolder: vscode.l10n.t('Which skill or chain? A dry run writes nothing.'),
    matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (!picked.target) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} cannot run: {1}', picked.label.replace(/^\$\([^)]*\)\s*/, ''), picked.detail ?? ''));
    return undefined;
  }
  return picked.target;
}

/**
 * The editor whose text a dry run reads: the active one, else (the dry-run panel has the focus)
 * the text editor visible beside it.
 */
export function currentEditor(): vscode.TextEditor | undefined {
  return vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'file' || e.document.uri.scheme === 'untitled');
}

/** The text of the active editor: its selections (in order), else the whole document; undefined without an editor or text. */
export function editorInput(editor: vscode.TextEditor | undefined): Extract<DryRunInput, { kind: 'text' }> | undefined {
  if (!editor) return undefined;
  const doc = editor.document;
  const selected = editor.selections.filter((s) => !s.isEmpty).sort((a, b) => a.start.compareTo(b.start));
  const source = path.basename(doc.uri.path) || doc.uri.toString();
  const text = selected.length ? selected.map((s) => doc.getText(s)).join('\n\n') : doc.getText();
  if (text.trim() === '') return undefined;
  return { kind: 'text', text, source, uri: doc.uri.toString(), selection: selected.length > 0 };
}

/** A file's text as an input; a refusal message when it cannot be read. */
export async function fileInput(uri: vscode.Uri): Promise<Extract<DryRunInput, { kind: 'text' }> | string> {
  try {
    const text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
    if (text.trim() === '') return vscode.l10n.t('{0} is empty: choose a file with some text.', path.basename(uri.path));
    return { kind: 'text', text, source: path.basename(uri.path), uri: uri.toString(), selection: false };
  } catch (err) {
    return vscode.l10n.t('Cannot read {0}: {1}', path.basename(uri.path), (err as Error).message);
  }
}

/** The recorded skill runs a pick can offer: the workspace's recordings, then the built-in skills' tests. */
function listedCassettes(extensionPath: string, skill: string | undefined): Array<{ file: string; skill: string; createdAt: string; builtIn: boolean }> {
  const files = [
    ...(vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').flatMap((f) => workspaceCassettes(f.uri.fsPath)).map((file) => ({ file, builtIn: false })),
    ...builtInCassettes(path.join(extensionPath, 'skills')).map((file) => ({ file, builtIn: true })),
  ].slice(0, MAX_LISTED_CASSETTES);
  const out: Array<{ file: string; skill: string; createdAt: string; builtIn: boolean }> = [];
  for (const f of files) {
    try {
      const text = fs.readFileSync(f.file, 'utf8');
      // Only recorded skill runs can be dry-run again; other cassettes (a diagnosis) are left out.
      if (!text.includes('"name":"run_skill"')) continue;
      const header = summarizeCassette(text, f.file).header;
      if (skill && header.skill !== skill) continue;
      out.push({ file: f.file, skill: header.skill, createdAt: header.createdAt, builtIn: f.builtIn });
    } catch {
      // An unreadable cassette is the Test Explorer's to report; it is not offered here.
    }
  }
  return out;
}

/**
 * What to dry-run on: the selection (or the active file), another file, or a recorded run (a
 * cassette of the workspace or of a built-in skill's tests, or any .jsonl chosen on disk). For a
 * chain only texts are offered: a cassette records one skill's run.
 */
export async function pickInput(extensionPath: string, target: DryRunTarget): Promise<DryRunInput | undefined> {
  const editor = editorInput(currentEditor());
  const items: InputItem[] = [];
  if (editor) {
    items.push({
      label: editor.selection ? `$(selection) ${vscode.l10n.t('The selection in {0}', editor.source)}` : `$(file) ${vscode.l10n.t('The whole of {0}', editor.source)}`,
      detail: oneLine(editor.text, 120), pick: () => editor,
    });
  }
  items.push({
    label: `$(folder-opened) ${vscode.l10n.t('A file…')}`, detail: vscode.l10n.t('Choose a text file on disk.'),
    pick: async () => {
      const uris = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: vscode.l10n.t('Dry Run'), title: vscode.l10n.t('The input of the dry run') });
      if (!uris?.[0]) return undefined;
      const input = await fileInput(uris[0]);
      if (typeof input === 'string') {
        void vscode.window.showInformationMessage(input);
        return undefined;
      }
      return input;
    },
  });
  if (target.kind !== 'chain') {
    const cassettes = listedCassettes(extensionPath, target.kind === 'skill' ? target.name : undefined);
    if (cassettes.length) items.push({ label: vscode.l10n.t('Recorded runs'), kind: vscode.QuickPickItemKind.Separator });
    for (const c of cassettes) {
      items.push({
        label: `$(history) ${path.basename(c.file)}`,
        description: `${c.skill} · ${c.createdAt.slice(0, 10)}${c.builtIn ? ` · ${vscode.l10n.t('built-in')}` : ''}`,
        detail: c.builtIn ? vscode.l10n.t('a built-in skill\'s test: its recorded input and model outputs') : vscode.workspace.asRelativePath(c.file),
        pick: () => ({ kind: 'cassette', file: c.file }),
      });
    }
    items.push({
      label: `$(file-binary) ${vscode.l10n.t('Another cassette…')}`, detail: vscode.l10n.t('A .jsonl recording of "interview-lens run … --record NAME".'),
      pick: async () => {
        const uris = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { [vscode.l10n.t('Cassettes')]: ['jsonl'] }, openLabel: vscode.l10n.t('Dry Run'), title: vscode.l10n.t('A recorded run') });
        return uris?.[0] ? { kind: 'cassette', file: uris[0].fsPath } : undefined;
      },
    });
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Interview Lens: Dry Run Skill'),
    placeHolder: vscode.l10n.t('What should it read?'),
    matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true,
  });
  return picked?.pick ? picked.pick() : undefined;
}
