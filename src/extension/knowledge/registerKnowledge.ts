import * as vscode from 'vscode';
import { KnowledgePanel } from './knowledgePanel';
import { searchKnowledgeCommand } from './knowledgeSearch';
import { WorkspaceKnowledge } from './workspaceKnowledge';
import type { CoreHost } from '../shared/coreHost';

/** Knowledge: search and entry panel, and the workspace's own knowledge files merged into the core. */
export function registerKnowledge(context: vscode.ExtensionContext, host: CoreHost): void {
  const knowledge = new KnowledgePanel(context.extensionUri, host);
  const workspaceKnowledge = new WorkspaceKnowledge(host);
  host.onCreated = (core) => workspaceKnowledge.loadAll(core);
  context.subscriptions.push(
    knowledge, workspaceKnowledge,
    vscode.commands.registerCommand('interviewLens.searchKnowledgeBase', (args?: { query?: string; dimension?: never; topK?: number }) => searchKnowledgeCommand(host, knowledge, args)),
    vscode.commands.registerCommand('interviewLens.openKnowledgeEntry', (id: string) => knowledge.show(id)),
  );
}
