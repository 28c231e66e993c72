import * as vscode from 'vscode';
import * as path from 'node:path';
import type { ManifestProblem } from '../../../core/skills/manifest';
import type { RegistryChain, RegistrySkill, SkillsRegistry } from '../../../core/skills/catalog';

/** The view's id, as in package.json. */
export const SKILLS_VIEW = 'interviewLens.skills';

export type SkillsGroup = 'builtin' | 'workspace' | 'chains';

/** A node of the Skills tree: a group, a skill, a chain, or one problem of an invalid one. */
export type SkillsNode =
  | { type: 'group'; group: SkillsGroup }
  | { type: 'skill'; key: string; entry: RegistrySkill }
  | { type: 'chain'; key: string; entry: RegistryChain }
  | { type: 'problem'; key: string; parent: SkillsNode; problem: ManifestProblem };

/** How a skill stands, in one word the menus and tests can use. */
export type SkillState = 'valid' | 'invalid' | 'lastGood' | 'disabled' | 'needsTrust';

/** The state of a skill in this window. */
export function skillState(entry: RegistrySkill, trusted: boolean): SkillState {
  const { latest, running } = entry;
  if (!latest.valid) return running ? 'lastGood' : 'invalid';
  if (latest.script && !latest.builtIn && !trusted) return 'needsTrust';
  if (latest.manifest?.enabled === false) return 'disabled';
  return 'valid';
}

/** The first error (else the first problem) of a load, as the reason it is invalid. */
export function firstProblem(problems: readonly ManifestProblem[]): ManifestProblem | undefined {
  return problems.find((p) => p.severity === 'error') ?? problems[0];
}

const oneLine = (s: string, max = 120) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

function groupLabel(group: SkillsGroup): string {
  switch (group) {
    case 'builtin': return vscode.l10n.t('Built-in');
    case 'workspace': return vscode.l10n.t('Workspace');
    case 'chains': return vscode.l10n.t('Chains');
  }
}

/** "invalid: … (line 3)" for a problem. */
function reason(p: ManifestProblem | undefined): string {
  return p ? vscode.l10n.t('invalid: {0} (line {1})', oneLine(p.message, 100), p.line) : vscode.l10n.t('invalid');
}

/**
 * The "Skills" view: built-in skills, the workspace's, and chains, each with its version and how
 * it stands (valid, invalid with the reason, running its last good version, turned off, in a
 * canary, scripted, needing Workspace Trust). An invalid entry opens to its problems, each one
 * a click away from its place in the file. Follows the registry: every reload refreshes it.
 */
export class SkillsTreeProvider implements vscode.TreeDataProvider<SkillsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<SkillsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly groups: Record<SkillsGroup, SkillsNode> = {
    builtin: { type: 'group', group: 'builtin' },
    workspace: { type: 'group', group: 'workspace' },
    chains: { type: 'group', group: 'chains' },
  };

  constructor(private readonly registry: SkillsRegistry) {
    this.subscriptions.push(registry.onDidChange(() => this.refresh()), vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()));
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.changed.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private skillNodes(builtIn: boolean): SkillsNode[] {
    return this.registry.skills().filter((s) => s.latest.builtIn === builtIn).map((entry) => ({ type: 'skill', key: entry.latest.dir, entry }));
  }

  private chainNodes(): SkillsNode[] {
    return this.registry.chains().map((entry) => ({ type: 'chain', key: entry.latest.file, entry }));
  }

  /** The node of the skill in folder `dir`, for reveal. */
  nodeOfSkillDir(dir: string): SkillsNode | undefined {
    return this.skillNodes(false).concat(this.skillNodes(true)).find((n) => n.type === 'skill' && path.resolve(n.key) === path.resolve(dir));
  }

  getChildren(node?: SkillsNode): SkillsNode[] {
    if (!node) {
      const out = [this.groups.builtin, this.groups.workspace];
      if (this.registry.chains().length) out.push(this.groups.chains);
      return out;
    }
    if (node.type === 'group') return node.group === 'chains' ? this.chainNodes() : this.skillNodes(node.group === 'builtin');
    if (node.type === 'problem') return [];
    return node.entry.latest.problems.map((problem, i) => ({ type: 'problem', key: `${node.key}#${i}`, parent: node, problem }));
  }

  getParent(node: SkillsNode): SkillsNode | undefined {
    switch (node.type) {
      case 'group': return undefined;
      case 'skill': return node.entry.latest.builtIn ? this.groups.builtin : this.groups.workspace;
      case 'chain': return this.groups.chains;
      case 'problem': return node.parent;
    }
  }

  getTreeItem(node: SkillsNode): vscode.TreeItem {
    switch (node.type) {
      case 'group': return this.groupItem(node.group);
      case 'skill': return this.skillItem(node.key, node.entry);
      case 'chain': return this.chainItem(node.key, node.entry);
      case 'problem': return this.problemItem(node.key, node.problem);
    }
  }

  private groupItem(group: SkillsGroup): vscode.TreeItem {
    const count = group === 'chains' ? this.registry.chains().length : this.skillNodes(group === 'builtin').length;
    const item = new vscode.TreeItem(groupLabel(group), count ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    // An empty group gets an id of its own: VS Code remembers a node's expansion by id, and a group
    // first shown empty (not expandable) would otherwise stay collapsed once it has skills.
    item.id = count ? `group:${group}` : `group:${group}:empty`;
    item.description = count ? String(count) : group === 'workspace' ? vscode.l10n.t('none yet: New Skill… creates one') : '';
    item.contextValue = `group.${group}`;
    item.iconPath = new vscode.ThemeIcon(group === 'builtin' ? 'package' : group === 'workspace' ? 'folder' : 'link');
    return item;
  }

  private skillItem(key: string, entry: RegistrySkill): vscode.TreeItem {
    const { latest, running } = entry;
    const state = skillState(entry, vscode.workspace.isTrusted);
    const shown = running ?? latest;
    const item = new vscode.TreeItem(latest.name, latest.problems.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `skill:${key}`;
    item.resourceUri = vscode.Uri.file(latest.file);
    const parts: string[] = [];
    if (latest.manifest) parts.push(`v${latest.manifest.version}`);
    if (state === 'lastGood') parts.push(vscode.l10n.t('running v{0} (last good)', running!.manifest!.version), reason(firstProblem(latest.problems)));
    if (state === 'invalid') parts.push(reason(firstProblem(latest.problems)));
    if (shown.manifest?.enabled === false) parts.push(vscode.l10n.t('off'));
    if (shown.manifest?.canary !== undefined) parts.push(vscode.l10n.t('canary {0}%', shown.manifest.canary));
    if (shown.script) parts.push(vscode.l10n.t('scripted'));
    if (state === 'needsTrust') parts.push(vscode.l10n.t('needs Workspace Trust'));
    item.description = parts.join(' · ');
    item.tooltip = this.skillTooltip(entry, state);
    item.iconPath = stateIcon(state);
    item.contextValue = `skill.${latest.builtIn ? 'builtin' : 'workspace'}.${state}`;
    item.command = { command: 'interviewLens.skills.open', title: vscode.l10n.t('Open skill.yaml'), arguments: [{ type: 'skill', key, entry } satisfies SkillsNode] };
    return item;
  }

  private skillTooltip(entry: RegistrySkill, state: SkillState): vscode.MarkdownString {
    const { latest, running } = entry;
    const shown = running ?? latest;
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${latest.name}**`);
    if (shown.manifest) md.appendMarkdown(` · v${shown.manifest.version}`);
    md.appendMarkdown('\n\n');
    if (shown.manifest) md.appendText(oneLine(shown.manifest.description, 400)).appendMarkdown('\n\n');
    const lines: string[] = [];
    lines.push(latest.builtIn ? vscode.l10n.t('Built-in skill (ships with Interview Lens)') : vscode.workspace.asRelativePath(latest.file));
    switch (state) {
      case 'valid': lines.push(vscode.l10n.t('Valid')); break;
      case 'disabled': lines.push(vscode.l10n.t('Turned off (enabled: false): routing skips it')); break;
      case 'needsTrust': lines.push(vscode.l10n.t('Runs a script: it runs only when this workspace is trusted')); break;
      case 'invalid': lines.push(vscode.l10n.t('Invalid: it cannot run until its problems are fixed')); break;
      case 'lastGood': lines.push(vscode.l10n.t('Its latest edit is invalid; version {0}, the last good one, keeps running until it is fixed', running!.manifest!.version)); break;
    }
    if (shown.manifest?.canary !== undefined) lines.push(vscode.l10n.t('Canary: {0}% of requests', shown.manifest.canary));
    for (const l of lines) md.appendText(l).appendMarkdown('  \n');
    for (const p of latest.problems.slice(0, 8)) md.appendMarkdown('\n- ').appendText(`${p.severity === 'error' ? '✗' : '⚠'} ${p.line}:${p.column} ${oneLine(p.message, 200)}`);
    if (latest.problems.length > 8) md.appendMarkdown('\n- ').appendText(vscode.l10n.t('and {0} more', latest.problems.length - 8));
    return md;
  }

  private chainItem(key: string, entry: RegistryChain): vscode.TreeItem {
    const { latest, running } = entry;
    const item = new vscode.TreeItem(latest.name, latest.problems.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `chain:${key}`;
    item.resourceUri = vscode.Uri.file(latest.file);
    const steps = (running ?? latest).manifest?.steps.length;
    const parts: string[] = [];
    if (steps !== undefined) parts.push(steps === 1 ? vscode.l10n.t('1 step') : vscode.l10n.t('{0} steps', steps));
    if (!latest.valid) parts.push(reason(firstProblem(latest.problems)));
    if (latest.builtIn) parts.push(vscode.l10n.t('built-in'));
    item.description = parts.join(' · ');
    item.tooltip = new vscode.MarkdownString().appendText(`${latest.name} — ${vscode.workspace.asRelativePath(latest.file)}`);
    const state: SkillState = latest.valid ? 'valid' : running ? 'lastGood' : 'invalid';
    item.iconPath = latest.valid ? new vscode.ThemeIcon('link') : stateIcon(state);
    item.contextValue = `chain.${state}`;
    item.command = { command: 'interviewLens.skills.open', title: vscode.l10n.t('Open skill.yaml'), arguments: [{ type: 'chain', key, entry } satisfies SkillsNode] };
    return item;
  }

  private problemItem(key: string, p: ManifestProblem): vscode.TreeItem {
    const item = new vscode.TreeItem(oneLine(p.message), vscode.TreeItemCollapsibleState.None);
    item.id = `problem:${key}`;
    item.description = `${path.basename(p.file)}:${p.line}:${p.column}`;
    item.tooltip = p.message;
    item.iconPath = p.severity === 'error'
      ? new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'))
      : new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    item.contextValue = 'problem';
    item.command = { command: 'vscode.open', title: vscode.l10n.t('Open skill.yaml'), arguments: [vscode.Uri.file(p.file), { selection: new vscode.Range(p.line - 1, p.column - 1, p.endLine - 1, p.endColumn - 1) }] };
    return item;
  }
}

/** An icon per state; colours come from the theme, so light, dark and high contrast all read. */
function stateIcon(state: SkillState): vscode.ThemeIcon {
  switch (state) {
    case 'valid': return new vscode.ThemeIcon('symbol-event');
    case 'disabled': return new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
    case 'needsTrust': return new vscode.ThemeIcon('shield', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    case 'lastGood': return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    case 'invalid': return new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'));
  }
}
