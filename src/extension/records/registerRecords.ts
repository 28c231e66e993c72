import * as vscode from 'vscode';
import { JobSearchTreeProvider } from './jobSearchTree';
import { RecordDocumentProvider, RECORD_SCHEME } from './recordDocument';
import { deleteRecordCommand, JOB_SEARCH_VIEW, markReminderDoneCommand, openRecordCommand, showRemindersCommand } from './recordCommands';
import { RecordsHost } from './recordsHost';
import { ReminderWatcher } from './reminderWatcher';

/** What the Records feature lends the others. */
export interface Records { records: RecordsHost; jobSearch: JobSearchTreeProvider; reminders: ReminderWatcher; reveal: () => Thenable<unknown> }

/** Records: the Job Search view over records.sqlite, its commands, record documents and reminders. */
export function registerRecords(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): Records {
  const records = new RecordsHost(context);
  const jobSearch = new JobSearchTreeProvider(records, log);
  const jobSearchView = vscode.window.createTreeView(JOB_SEARCH_VIEW, { treeDataProvider: jobSearch, showCollapseAll: true });
  const reminders = new ReminderWatcher(records, context.globalState, log).start();
  const recordDeps = { records, log };
  context.subscriptions.push(
    records, jobSearch, jobSearchView, reminders,
    vscode.workspace.registerTextDocumentContentProvider(RECORD_SCHEME, new RecordDocumentProvider(records)),
    // Refresh re-reads what another window or the CLI wrote: the tree, open records and the reminder count.
    vscode.commands.registerCommand('interviewLens.jobSearch.refresh', () => records.changed()),
    vscode.commands.registerCommand('interviewLens.jobSearch.open', (node?: unknown) => openRecordCommand(node)),
    vscode.commands.registerCommand('interviewLens.jobSearch.delete', (node?: unknown, options?: unknown) => deleteRecordCommand(recordDeps, node, options)),
    vscode.commands.registerCommand('interviewLens.jobSearch.markDone', (node?: unknown) => markReminderDoneCommand(recordDeps, node)),
    vscode.commands.registerCommand('interviewLens.showReminders', () => showRemindersCommand(jobSearchView, jobSearch)),
  );
  return { records, jobSearch, reminders, reveal: () => vscode.commands.executeCommand(`${JOB_SEARCH_VIEW}.focus`) };
}
