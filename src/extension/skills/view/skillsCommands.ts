import * as vscode from 'vscode';
import * as path from 'node:path';
import { YamlLocations, type ManifestProblem } from '../../../core/skills/manifest';
import { enabledEdit, MAX_SKILL_NAME, scaffoldSkill, SKILL_NAME } from '../../../core/skills/catalog';
import type { SkillCatalog } from '../skillCatalog';
import type { RunSkillOutcome } from '../runSkillCommand';
import type { RunTrace } from '../../../core/skills/run/runTrace';
import { showError, showWarning } from '../../shared/notify';
import { firstProblem, SKILLS_VIEW, type SkillsNode, type SkillsTreeProvider } from './skillsTree';
import { skillCounts } from './skillsStatus';

/** What the Skills view's commands need. */
export interface SkillsCommandDeps {
  catalog: SkillCatalog;
  tree: SkillsTreeProvider;
  view: vscode.TreeView<SkillsNode>;
  log: vscode.LogOutputChannel;
  /** The Run Skill… flow, with its automation arguments. */
  runSkill: (arg: { skill?: string; chain?: string; apply?: boolean }) => Promise<RunSkillOutcome | undefined>;
  /** The dry-run panel on a skill or a chain (the input: the editor's text, else asked). */
  dryRun: (arg: { skill?: string; chain?: string }) => Promise<RunTrace | undefined>;
}

/** A node from the tree, or the same given by automation as `{ skill: name }` or `{ chain: name }`. */
function nodeOf(deps: SkillsCommandDeps, arg: unknown): Extract<SkillsNode, { type: 'skill' | 'chain' }> | undefined {
  if (arg && typeof arg === 'object') {
    const a = arg as Partial<SkillsNode> & { skill?: unknown; chain?: unknown };
    if ((a.type === 'skill' || a.type === 'chain') && 'entry' in a) return a as Extract<SkillsNode, { type: 'skill' | 'chain' }>;
    if (typeof a.skill === 'string') {
      const entry = deps.catalog.registry.skills().find((s) => s.latest.name === a.skill);
      if (entry) return { type: 'skill', key: entry.latest.dir, entry };
    }
    if (typeof a.chain === 'string') {
      const entry = deps.catalog.registry.chains().find((c) => c.latest.name === a.chain);
      if (entry) return { type: 'chain', key: entry.latest.file, entry };
    }
  }
  return undefined;
}

/** The workspace's first skills folder (where New Skill writes), or undefined without a folder. */
function workspaceSkillsDir(deps: SkillsCommandDeps): string | undefined {
  const builtIn = path.resolve(deps.catalog.builtInDir);
  return deps.catalog.folders().find((d) => d !== builtIn);
}

/** Why `name` cannot be a new skill's name, or undefined when it can. */
function nameProblem(deps: SkillsCommandDeps, name: string): string | undefined {
  if (name === '') return vscode.l10n.t('Type a name, such as meeting_notes.');
  if (!SKILL_NAME.test(name)) return vscode.l10n.t('Use snake_case: lowercase letters, digits and _, starting with a letter (such as meeting_notes).');
  if (name.length > MAX_SKILL_NAME) return vscode.l10n.t('Use at most {0} characters.', MAX_SKILL_NAME);
  if (deps.catalog.registry.skills().some((s) => s.latest.name === name)) return vscode.l10n.t('A skill named "{0}" already exists; choose another name.', name);
  if (deps.catalog.registry.chains().some((c) => c.latest.name === name)) return vscode.l10n.t('A chain named "{0}" already exists; choose another name.', name);
  return undefined;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Interview Lens: New Skill": asks a snake_case name, writes `<name>/skill.yaml` (valid as it
 * is: it runs offline and keeps the text as a note), `description.md` and `tests/README.md` in
 * the workspace's first skills folder, reveals it in the Skills view and opens skill.yaml.
 * `{ name }` skips the question (automation). Returns the new folder.
 */
export async function newSkillCommand(deps: SkillsCommandDeps, arg?: unknown): Promise<string | undefined> {
  const dir = workspaceSkillsDir(deps);
  if (!dir) {
    void showError(vscode.l10n.t('New Skill writes into the workspace: open a folder first, then run it again.'));
    return undefined;
  }
  await deps.catalog.registry.refresh();
  const given = arg && typeof arg === 'object' && typeof (arg as { name?: unknown }).name === 'string' ? (arg as { name: string }).name : undefined;
  const name = given ?? await vscode.window.showInputBox({
    title: vscode.l10n.t('Interview Lens: New Skill'),
    prompt: vscode.l10n.t('Name of the new skill (snake_case). It is created in {0}.', vscode.workspace.asRelativePath(dir)),
    placeHolder: 'meeting_notes',
    ignoreFocusOut: true,
    validateInput: (v) => nameProblem(deps, v.trim()),
  });
  if (name === undefined) return undefined;
  const clean = name.trim();
  const problem = nameProblem(deps, clean);
  const folder = vscode.Uri.file(path.join(dir, clean));
  if (problem || await exists(folder)) {
    void showError(problem ?? vscode.l10n.t('{0} already exists; choose another name.', vscode.workspace.asRelativePath(folder)));
    return undefined;
  }
  for (const [rel, text] of Object.entries(scaffoldSkill(clean))) {
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, ...rel.split('/')), new TextEncoder().encode(text));
  }
  await deps.catalog.registry.reload([folder.fsPath]);
  deps.log.info(`skills: created ${folder.fsPath}`);
  const skillFile = vscode.Uri.joinPath(folder, 'skill.yaml');
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(skillFile), { preview: false });
  const node = deps.tree.nodeOfSkillDir(folder.fsPath);
  if (node) await deps.view.reveal(node, { select: true, focus: false, expand: true }).then(undefined, (err) => deps.log.warn(`skills: could not reveal ${clean}: ${err}`));
  return folder.fsPath;
}

/** "file:line:col: error: message" for the output channel. */
function problemLine(p: ManifestProblem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.severity}: ${p.message}`;
}

/** What Validate All Skills found (for automation and tests). */
export interface ValidationSummary {
  skills: number;
  chains: number;
  invalid: number;
  errors: number;
  warnings: number;
}

/**
 * "Interview Lens: Validate All Skills": reads every skill and chain again, writes every problem
 * to the "Interview Lens" output channel as file:line:col, and sums it up in one message with a
 * button to the Skills view.
 */
export async function validateAllCommand(deps: SkillsCommandDeps): Promise<ValidationSummary> {
  const registry = deps.catalog.registry;
  await registry.reloadAll();
  const problems = [
    ...registry.problems(),
    ...registry.skills().flatMap((s) => s.latest.problems),
    ...registry.chains().flatMap((c) => c.latest.problems),
  ];
  const counts = skillCounts(registry);
  const summary: ValidationSummary = {
    skills: counts.skills, chains: counts.chains, invalid: counts.invalid,
    errors: problems.filter((p) => p.severity === 'error').length, warnings: problems.filter((p) => p.severity === 'warning').length,
  };
  deps.log.info(`skills: validated ${summary.skills} skills and ${summary.chains} chains: ${summary.invalid} invalid, ${summary.errors} errors, ${summary.warnings} warnings`);
  for (const p of problems) (p.severity === 'error' ? deps.log.error : deps.log.warn).call(deps.log, problemLine(p));
  const open = vscode.l10n.t('Open Skills View');
  const output = vscode.l10n.t('Show Problems');
  const message = vscode.l10n.t('Validated {0} skills and {1} chains: {2} invalid, {3} errors, {4} warnings.', summary.skills, summary.chains, summary.invalid, summary.errors, summary.warnings);
  const shown = summary.errors || summary.warnings ? showWarning(message, open, output) : vscode.window.showInformationMessage(message, open);
  void shown.then((c) => {
    if (c === open) void vscode.commands.executeCommand(`${SKILLS_VIEW}.focus`);
    if (c === output) deps.log.show(true);
  });
  return summary;
}

/** "Reload Skills": reads every skill again, quietly (the view and the status bar show the result). */
export async function reloadSkillsCommand(deps: SkillsCommandDeps): Promise<number> {
  await deps.catalog.registry.reloadAll();
  deps.log.info(`skills: reloaded ${deps.catalog.registry.skills().length} skills`);
  return deps.catalog.registry.skills().length;
}

/** "Open": the skill.yaml (or chain file), at its first problem when it has one. */
export async function openSkillCommand(deps: SkillsCommandDeps, arg?: unknown): Promise<boolean> {
  const node = nodeOf(deps, arg);
  if (!node) return false;
  const p = firstProblem(node.entry.latest.problems);
  const at = p && p.file === node.entry.latest.file ? new vscode.Range(p.line - 1, p.column - 1, p.endLine - 1, p.endColumn - 1) : undefined;
  await vscode.window.showTextDocument(vscode.Uri.file(node.entry.latest.file), at ? { selection: at, preview: true } : { preview: true });
  return true;
}

/**
 * "Run" and "Dry Run" from the view, on a skill or a chain: Run is the Run Skill… flow with it
 * chosen (the plan reviewed, then applied); Dry Run opens the dry-run panel on it.
 */
export async function runFromViewCommand(deps: SkillsCommandDeps, arg: unknown, dryRun: boolean): Promise<RunSkillOutcome | RunTrace | undefined> {
  const node = nodeOf(deps, arg);
  if (!node) return undefined;
  const name = node.entry.latest.name;
  const which = node.type === 'chain' ? { chain: name } : { skill: name };
  return dryRun ? deps.dryRun(which) : deps.runSkill(which);
}

/**
 * "Toggle Enabled": flips `enabled:` in a workspace skill's skill.yaml through a WorkspaceEdit
 * that touches only that value (or adds one line), so comments and layout stay. A file that had
 * no unsaved changes is saved (the registry reloads it); one that had is left for the user to
 * save. Built-in skills ship with the extension and are not the workspace's to change.
 */
export async function toggleEnabledCommand(deps: SkillsCommandDeps, arg?: unknown): Promise<{ enabled: boolean; file: string } | undefined> {
  const node = nodeOf(deps, arg);
  if (!node || node.type !== 'skill') return undefined;
  const { latest } = node.entry;
  if (latest.builtIn) {
    void showWarning(vscode.l10n.t('"{0}" is a built-in skill: its skill.yaml ships with Interview Lens, not with this workspace, so it cannot be turned off here.', latest.name));
    return undefined;
  }
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(latest.file));
  const text = doc.getText();
  const data = new YamlLocations(text).data as { enabled?: unknown } | undefined;
  const enabled = !(data && typeof data === 'object' && data.enabled !== false);
  const edit = enabledEdit(text, enabled);
  if (!edit) {
    void showError(vscode.l10n.t('Cannot change enabled: in {0} safely (the YAML is broken or not a plain mapping). Fix the file, or edit enabled: by hand.', vscode.workspace.asRelativePath(latest.file)));
    return undefined;
  }
  const wasDirty = doc.isDirty;
  const we = new vscode.WorkspaceEdit();
  we.replace(doc.uri, new vscode.Range(doc.positionAt(edit.start), doc.positionAt(edit.end)), edit.text);
  if (!(await vscode.workspace.applyEdit(we))) {
    void showError(vscode.l10n.t('Could not edit {0}; nothing changed.', vscode.workspace.asRelativePath(latest.file)));
    return undefined;
  }
  if (wasDirty) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0}: enabled: {1} is in the editor; save the file to apply it.', latest.name, String(enabled)));
  } else if (await doc.save()) {
    await deps.catalog.registry.reload([latest.file]);
  } else {
    void showError(vscode.l10n.t('{0}: enabled: {1} is in the editor but the file could not be saved; save it yourself to apply it.', latest.name, String(enabled)));
  }
  deps.log.info(`skills: ${latest.name} enabled: ${enabled}`);
  return { enabled, file: latest.file };
}
