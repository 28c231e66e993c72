import * as vscode from 'vscode';
import { safeMessage, type HistoryStore, type Report } from '../../core';
import type { HistoryNode } from './historyTree';
import { showError } from '../shared/notify';
import type { ReportPanel } from '../diagnosis/reportPanel';
import { transcriptOf } from '../diagnosis/savedTranscript';
import type { CoreHost } from '../shared/coreHost';
import { currentUserId } from '../shared/userId';

/** What the History view's commands need. */
export interface HistoryCommandDeps {
  host: CoreHost;
  panel: ReportPanel;
  refresh: () => void;
}

/** A History view node, or `{ reportId }` from automation. */
function reportIdOf(arg: unknown): string | undefined {
  const node = arg as Partial<Extract<HistoryNode, { type: 'report' }>> | undefined;
  if (node?.type === 'report' && typeof node.row?.id === 'string') return node.row.id;
  const id = (arg as { reportId?: unknown } | undefined)?.reportId;
  return typeof id === 'string' && id ? id : undefined;
}

async function openStore(deps: HistoryCommandDeps): Promise<HistoryStore | undefined> {
  if (!deps.host.hasHistory) return undefined;
  return deps.host.history();
}


/** "Open" on a History item: the stored report in the report panel, saying so when its transcript is gone or changed. */
export async function openHistoryReportCommand(deps: HistoryCommandDeps, arg: unknown): Promise<Report | undefined> {
  const id = reportIdOf(arg);
  if (!id) return undefined;
  try {
    const store = await openStore(deps);
    const report = store?.get(id);
    const row = store?.list(report?.userId ?? currentUserId(), 100_000).find((r) => r.id === id);
    if (!report || !row) {
      void vscode.window.showInformationMessage(vscode.l10n.t('This report is no longer in the history (deleted in another window or removed to stay under the size limit).'));
      deps.refresh();
      return undefined;
    }
    const { uri, detached } = await transcriptOf(row);
    deps.panel.show(report, uri, undefined, { detached });
    deps.host.log.info(`history: opened ${report.source} (${report.createdAt})${detached ? `, without its transcript (${detached})` : ''}`);
    return report;
  } catch (err) {
    deps.host.log.error(`history: open failed: ${(err as Error).message}`);
    void showError(vscode.l10n.t('Could not open the report: {0}', (err as Error).message));
    return undefined;
  }
}

/** "Delete" on a History item: asks first (automation passes `{ confirmed: true }`), then removes it through the store. */
export async function deleteHistoryReportCommand(deps: HistoryCommandDeps, arg: unknown, options?: unknown): Promise<boolean> {
  const id = reportIdOf(arg);
  if (!id) return false;
  const node = arg as Partial<Extract<HistoryNode, { type: 'report' }>>;
  const name = node?.row?.source ?? deps.panel.shown?.report.source ?? id;
  if ((options as { confirmed?: unknown } | undefined)?.confirmed !== true) {
    const del = vscode.l10n.t('Delete');
    const choice = await vscode.window.showInformationMessage(safeMessage(vscode.l10n.t('Delete the report of {0} from the history?', name)), {
      modal: true, detail: vscode.l10n.t('Its scores leave the progress charts and the comparison with later sessions. The transcript file is not touched. This cannot be undone.'),
    }, del);
    if (choice !== del) return false;
  }
  try {
    const store = await openStore(deps);
    const deleted = (await store?.delete(id)) ?? false;
    deps.panel.closeReport(id);
    deps.refresh();
    if (!deleted) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The report of {0} was already deleted.', name));
      return false;
    }
    deps.host.log.info(`history: deleted the report of ${name} (${id})`);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Deleted the report of {0}.', name), 4000);
    return true;
  } catch (err) {
    deps.host.log.error(`history: delete failed: ${(err as Error).message}`);
    void showError(vscode.l10n.t('Could not delete the report of {0}: {1}', name, (err as Error).message));
    return false;
  }
}
