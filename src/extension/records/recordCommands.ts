import * as vscode from 'vscode';
import { safeMessage } from '../../core';
import { RecordsError } from '../../core/records/errors';
import type { DeleteOutcome } from '../../core/records/recordsStore';
import type { JobNode } from './jobSearchTree';
import type { RecordsHost } from './recordsHost';
import { kindLabel, recordTitle } from './recordLabels';
import { recordUri } from './recordDocument';
import { showError, showWarning } from '../shared/notify';

/** What the record commands need. */
export interface RecordCommandDeps {
  records: RecordsHost;
  log: vscode.LogOutputChannel;
}

type RecordNode = Extract<JobNode, { type: 'record' }>;

function recordNode(node: unknown): RecordNode | undefined {
  const n = node as Partial<RecordNode> | undefined;
  return n && n.type === 'record' && typeof n.kind === 'string' && n.row && typeof n.row.id === 'string' ? (n as RecordNode) : undefined;
}

/** Opens a record of the Job Search view as a read-only JSON document. */
export async function openRecordCommand(node: unknown): Promise<boolean> {
  const rec = recordNode(node);
  if (!rec) return false;
  // The path ends in .json, so VS Code reads it as JSON.
  const doc = await vscode.workspace.openTextDocument(recordUri(rec.kind, rec.row.id, rec.row));
  await vscode.window.showTextDocument(doc, { preview: true });
  return true;
}

/**
 * Deletes a record after asking (automation passes `{ confirmed: true }`). When other records
 * cannot exist without it (a company's positions, a position's applications), the store refuses
 * and names them; the message then offers to delete them too.
 */
export async function deleteRecordCommand(deps: RecordCommandDeps, node: unknown, options?: unknown): Promise<DeleteOutcome | undefined> {
  const rec = recordNode(node);
  if (!rec) return undefined;
  const what = `${kindLabel(rec.kind)} “${recordTitle(rec.row) || rec.row.id}”`;
  const confirmed = (options as { confirmed?: unknown } | undefined)?.confirmed === true;
  if (!confirmed) {
    const del = vscode.l10n.t('Delete');
    const choice = await vscode.window.showInformationMessage(safeMessage(vscode.l10n.t('Delete {0}?', what)), {
      modal: true, detail: vscode.l10n.t('Its tags, links and attachments go with it; records that only point at it keep existing. This cannot be undone.'),
    }, del);
    if (choice !== del) return undefined;
  }
  return remove(deps, rec, what, false);
}

async function remove(deps: RecordCommandDeps, rec: RecordNode, what: string, cascade: boolean): Promise<DeleteOutcome | undefined> {
  try {
    const store = await deps.records.open();
    const outcome = await store.delete(rec.kind, rec.row.id, { cascade });
    deps.log.info(`records: deleted ${outcome.deleted.map((d) => `${d.kind}:${d.id}`).join(', ')}${outcome.detached.length ? `; ${outcome.detached.length} records lost a reference` : ''}`);
    deps.records.changed();
    vscode.window.setStatusBarMessage((outcome.deleted.length === 1 ? vscode.l10n.t('Deleted {0} (1 record).', what) : vscode.l10n.t('Deleted {0} ({1} records).', what, outcome.deleted.length)), 4000);
    return outcome;
  } catch (err) {
    if (err instanceof RecordsError && err.code === 'restricted') {
      const all = vscode.l10n.t('Delete All of It');
      void showWarning(vscode.l10n.t('Not deleted: {0}', err.message), all).then((c) => {
        if (c === all) void remove(deps, rec, what, true);
      });
      return undefined;
    }
    if (err instanceof RecordsError && err.code === 'not_found') {
      deps.records.changed();
      void vscode.window.showInformationMessage(vscode.l10n.t('{0} was already deleted.', what));
      return undefined;
    }
    deps.log.error(`records: delete failed: ${(err as Error).message}`);
    void showError(vscode.l10n.t('Could not delete {0}: {1}', what, (err as Error).message));
    return undefined;
  }
}

/** Marks a reminder done: it leaves the due count and the notifications. */
export async function markReminderDoneCommand(deps: RecordCommandDeps, node: unknown): Promise<boolean> {
  const rec = recordNode(node);
  if (!rec || rec.kind !== 'reminder') return false;
  try {
    const store = await deps.records.open();
    await store.update('reminder', rec.row.id, { done: true });
    deps.records.changed();
    return true;
  } catch (err) {
    deps.log.error(`records: could not mark the reminder done: ${(err as Error).message}`);
    void showError(vscode.l10n.t('Could not mark the reminder done: {0}', (err as Error).message));
    return false;
  }
}

/** The Job Search view's id. */
export const JOB_SEARCH_VIEW = 'interviewLens.jobSearch';

/** Shows the Job Search view with its Reminders group open (the status-bar item and the notification lead here). */
export async function showRemindersCommand(view: vscode.TreeView<JobNode>, provider: vscode.TreeDataProvider<JobNode>): Promise<boolean> {
  await vscode.commands.executeCommand(`${JOB_SEARCH_VIEW}.focus`);
  const groups = ((await provider.getChildren()) ?? []) as JobNode[];
  const reminders = groups.find((g) => g.type === 'group' && g.group === 'reminders');
  if (!reminders) return false;
  await view.reveal(reminders, { expand: true, select: true, focus: true });
  return true;
}
