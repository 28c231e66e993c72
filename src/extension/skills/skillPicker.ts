import * as vscode from 'vscode';
import type { LoadedChain, LoadedSkill } from '../../core/skills/manifest';
import { showError } from '../shared/notify';
import { skillTraits, type SkillTrait } from './skillTraits';

/** What the user picked: let routing choose, one skill, or a chain. */
export type SkillChoice = { auto: true } | { auto: false; skill: LoadedSkill } | { auto: false; chain: LoadedChain };

interface Item extends vscode.QuickPickItem {
  choice?: SkillChoice;
  /** A skill that cannot run, and why. */
  unavailable?: { skill: LoadedSkill; reason: string };
  /** A chain that cannot run (invalid). */
  unavailableChain?: LoadedChain;
}

const oneLine = (s: string, max = 160) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** A trait as the picker shows it. */
function traitLabel(t: SkillTrait): string {
  if (t === 'built-in') return vscode.l10n.t('built-in');
  if (t === 'workspace') return vscode.l10n.t('workspace');
  if (t === 'scripted') return vscode.l10n.t('scripted (run.ts)');
  return vscode.l10n.t('scripted (run.ts): runs once the workspace is trusted');
}

/** Why a skill cannot be picked, or undefined when it can. */
export function unavailableReason(skill: LoadedSkill): string | undefined {
  if (!skill.valid || !skill.manifest) {
    const p = skill.problems.find((x) => x.severity === 'error') ?? skill.problems[0];
    return p ? vscode.l10n.t('invalid: {0} (line {1})', p.message, p.line) : vscode.l10n.t('invalid');
  }
  if (skill.manifest.enabled === false) return vscode.l10n.t('turned off (enabled: false in its skill.yaml)');
  return undefined;
}

/**
 * The quick pick of "Run Skill…": "Route automatically" first, then every skill that can run
 * (name, version, where it comes from, its description), then the ones that cannot, each with
 * its first problem, then the chains (valid ones run step by step). Picking one that cannot run
 * opens nothing and says why, with a button to its file.
 */
export async function pickSkill(skills: readonly LoadedSkill[], chains: readonly LoadedChain[] = []): Promise<SkillChoice | undefined> {
  const runnable = skills.filter((s) => !unavailableReason(s));
  const blocked = skills.filter((s) => unavailableReason(s));
  const items: Item[] = [
    { label: `$(sparkle) ${vscode.l10n.t('Route automatically')}`, detail: vscode.l10n.t('The skill whose match fits the text; with a model engine, the model chooses; otherwise capture_note keeps it as a note.'), choice: { auto: true } },
    { label: vscode.l10n.t('Skills'), kind: vscode.QuickPickItemKind.Separator },
    ...runnable.map((s): Item => ({
      label: s.name,
      description: [`v${s.manifest!.version}`, ...skillTraits(s, vscode.workspace.isTrusted).map(traitLabel)].join(' · '),
      detail: oneLine(s.manifest!.description),
      choice: { auto: false, skill: s },
    })),
  ];
  if (chains.length) {
    items.push({ label: vscode.l10n.t('Chains'), kind: vscode.QuickPickItemKind.Separator });
    for (const c of chains) {
      items.push(c.manifest
        ? { label: `$(link) ${c.name}`, description: (c.manifest.steps.length === 1 ? vscode.l10n.t('1 step') : vscode.l10n.t('{0} steps', c.manifest.steps.length)), detail: oneLine(c.manifest.description ?? c.manifest.steps.map((s) => s.skill).join(' → ')), choice: { auto: false, chain: c } }
        : { label: `$(circle-slash) ${c.name}`, description: vscode.workspace.asRelativePath(c.file), detail: oneLine(c.problems[0]?.message ?? vscode.l10n.t('invalid')), unavailableChain: c });
    }
  }
  if (blocked.length) {
    items.push({ label: vscode.l10n.t('Cannot run'), kind: vscode.QuickPickItemKind.Separator });
    for (const s of blocked) {
      const reason = unavailableReason(s)!;
      items.push({ label: `$(circle-slash) ${s.name}`, description: s.builtIn ? vscode.l10n.t('built-in') : vscode.workspace.asRelativePath(s.file), detail: oneLine(reason), unavailable: { skill: s, reason } });
    }
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Interview Lens: Run Skill'),
    placeHolder: vscode.l10n.t('Which skill should read the text? Nothing is written before you see the plan.'),
    matchOnDescription: true,
    matchOnDetail: true,
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked.unavailable) {
    await explainUnavailable(picked.unavailable.skill, picked.unavailable.reason);
    return undefined;
  }
  if (picked.unavailableChain) {
    const c = picked.unavailableChain;
    void showError(vscode.l10n.t('Chain "{0}" is invalid: {1} (line {2}). Fix {3} first.', c.name, c.problems[0]?.message ?? '', c.problems[0]?.line ?? 1, vscode.workspace.asRelativePath(c.file)));
    return undefined;
  }
  return picked.choice;
}

/** One error saying why `skill` cannot run, with a button to its skill.yaml at the problem. */
export async function explainUnavailable(skill: LoadedSkill, reason: string): Promise<void> {
  const open = vscode.l10n.t('Open skill.yaml');
  const choice = await showError(vscode.l10n.t('Skill "{0}" cannot run: {1}', skill.name, reason), open);
  if (choice !== open) return;
  const p = skill.problems.find((x) => x.severity === 'error') ?? skill.problems[0];
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(skill.file));
  const at = p ? new vscode.Range(p.line - 1, p.column - 1, p.endLine - 1, p.endColumn - 1) : new vscode.Range(0, 0, 0, 0);
  await vscode.window.showTextDocument(doc, { selection: at });
}
