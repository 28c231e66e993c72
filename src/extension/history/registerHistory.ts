import * as vscode from 'vscode';
import { exportReportCommand } from './exportReport';
import { deleteHistoryReportCommand, openHistoryReportCommand } from './historyCommands';
import { HISTORY_VIEW, HistoryTreeProvider } from './historyTree';
import type { Deps } from '../diagnosis/diagnoseCommands';

/** History: the view of saved reports, opened in the report panel, exported or deleted. */
export function registerHistory(context: vscode.ExtensionContext, deps: Deps): HistoryTreeProvider {
  const history = new HistoryTreeProvider(deps.host);
  const historyView = vscode.window.createTreeView(HISTORY_VIEW, { treeDataProvider: history, showCollapseAll: true });
  const historyDeps = { host: deps.host, panel: deps.panel, refresh: () => history.refresh() };
  context.subscriptions.push(
    history, historyView,
    // Refresh re-reads the history file: what other windows and the CLI saved or deleted.
    vscode.commands.registerCommand('interviewLens.history.refresh', () => history.refresh()),
    vscode.commands.registerCommand('interviewLens.history.open', (node?: unknown) => openHistoryReportCommand(historyDeps, node)),
    vscode.commands.registerCommand('interviewLens.history.delete', (node?: unknown, options?: unknown) => deleteHistoryReportCommand(historyDeps, node, options)),
    // The report on show, or a History item's.
    vscode.commands.registerCommand('interviewLens.exportReport', (arg?: unknown) => exportReportCommand(deps, arg)),
  );
  return history;
}
