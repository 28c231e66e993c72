import * as vscode from 'vscode';
import type { SkillCatalog } from '../skillCatalog';
import type { RunSkillOutcome } from '../runSkillCommand';
import type { RunTrace } from '../../../core/skills/run/runTrace';
import {
  newSkillCommand, openSkillCommand, reloadSkillsCommand, runFromViewCommand, toggleEnabledCommand, validateAllCommand, type SkillsCommandDeps,
} from './skillsCommands';
import { SkillsStatusItem } from './skillsStatus';
import { SKILLS_VIEW, SkillsTreeProvider } from './skillsTree';
import { SkillsWatcher } from './skillsWatcher';

/** What the Skills view exposes to the integration tests. */
export interface SkillsViewApi {
  tree: SkillsTreeProvider;
  status: SkillsStatusItem;
  watcher: SkillsWatcher;
  catalog: SkillCatalog;
}

/**
 * Wires the Skills view: the tree, the status bar item, the file watcher and the commands. The
 * skills are read once, after activation, in the background (activation does not wait for it).
 */
export function registerSkillsView(
  context: vscode.ExtensionContext,
  catalog: SkillCatalog,
  log: vscode.LogOutputChannel,
  runSkill: (arg: { skill?: string; chain?: string; apply?: boolean }) => Promise<RunSkillOutcome | undefined>,
  dryRun: (arg: { skill?: string; chain?: string }) => Promise<RunTrace | undefined>,
): SkillsViewApi {
  const tree = new SkillsTreeProvider(catalog.registry);
  const view = vscode.window.createTreeView(SKILLS_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  const status = new SkillsStatusItem(catalog.registry);
  const watcher = new SkillsWatcher(catalog, log).start();
  const deps: SkillsCommandDeps = { catalog, tree, view, log, runSkill, dryRun };
  context.subscriptions.push(
    tree, view, status, watcher,
    vscode.commands.registerCommand('interviewLens.skills.new', (arg?: unknown) => newSkillCommand(deps, arg)),
    vscode.commands.registerCommand('interviewLens.skills.validateAll', () => validateAllCommand(deps)),
    vscode.commands.registerCommand('interviewLens.skills.reload', () => reloadSkillsCommand(deps)),
    vscode.commands.registerCommand('interviewLens.skills.open', (node?: unknown) => openSkillCommand(deps, node)),
    vscode.commands.registerCommand('interviewLens.skills.run', (node?: unknown) => runFromViewCommand(deps, node, false)),
    vscode.commands.registerCommand('interviewLens.skills.dryRun', (node?: unknown) => runFromViewCommand(deps, node, true)),
    vscode.commands.registerCommand('interviewLens.skills.toggleEnabled', (node?: unknown) => toggleEnabledCommand(deps, node)),
  );
  // The first load after activation returns; a window closed before it starts loads nothing.
  const firstLoad = setTimeout(() => void catalog.registry.refresh().catch((err) => log.error(`skills: first load failed: ${err instanceof Error ? err.message : String(err)}`)), 0);
  context.subscriptions.push({ dispose: () => clearTimeout(firstLoad) });
  return { tree, status, watcher, catalog };
}
