import * as vscode from 'vscode';
import { recompareWith, type HistoryRow, type Report } from '../../core';
import { transcriptOf } from './savedTranscript';
import type { Deps } from './diagnoseCommands';
import { currentUserId } from '../shared/userId';
import { showError } from '../shared/notify';

/** What automation (and the report's button) may pass instead of choosing in the QuickPick. */
interface CompareArgs { reportId?: string; otherId?: string }

function argsOf(arg: unknown): CompareArgs {
  const a = (arg ?? {}) as Record<string, unknown>;
  return {
    ...(typeof a.reportId === 'string' ? { reportId: a.reportId } : {}),
    ...(typeof a.otherId === 'string' ? { otherId: a.otherId } : {}),
  };
}

/** Reports the QuickPick offers: the user's newest, the current one left out. */
const PICKABLE = 100;

function when(iso: string): string {
  return new Date(iso).toLocaleString(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * "Interview Lens: Compare Report with Another…": by default a report is compared with the latest
 * earlier run of the same interview; this compares it with any earlier report of the user's,
 * picked from the history (runs of the same interview are marked), and saves that choice with it.
 */
export async function compareWithCommand(deps: Deps, arg?: unknown): Promise<Report | undefined> {
  const args = argsOf(arg);
  const store = deps.host.hasHistory ? await deps.host.history() : undefined;
  const shown = deps.panel.shown;
  const report = args.reportId ? (shown?.report.id === args.reportId ? shown.report : store?.get(args.reportId) ?? undefined) : shown?.report;
  if (!report || !store) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No report to compare: open a report first (Diagnose Interview, or one from the History).'));
    return undefined;
  }
  const rows = store.list(report.userId || currentUserId(), PICKABLE);
  const row: HistoryRow | undefined = rows.find((r) => r.id === report.id);
  let otherId = args.otherId;
  if (!otherId) {
    const earlier = rows.filter((r) => r.id !== report.id && r.createdAt < report.createdAt);
    if (earlier.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('There is no earlier report in the history to compare {0} with.', report.source));
      return undefined;
    }
    const items = earlier.map((r) => {
      // Marked by the text's hash (reading every report's body to compare its questions would be slow).
      const same = !!row?.textHash && r.textHash === row.textHash;
      const current = report.comparedToLast?.previousId === r.id;
      return {
        label: r.source,
        description: `${when(r.createdAt)} · ${r.overallScore}/100`,
        ...(same || current ? { detail: [same ? vscode.l10n.t('an earlier run of this transcript') : '', current ? vscode.l10n.t('compared with now') : ''].filter(Boolean).join(' · ') } : {}),
        id: r.id,
      };
    });
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Compare the report of {0} with', report.source),
      placeHolder: vscode.l10n.t('Your earlier reports, newest first'),
      matchOnDescription: true,
    });
    otherId = picked?.id;
  }
  if (!otherId) return undefined;
  const other = otherId === report.id ? undefined : store.get(otherId);
  if (!other) {
    void showError(vscode.l10n.t('The report to compare with is no longer in the history (or is this report itself).'));
    return undefined;
  }
  const compared = recompareWith(report, other);
  // Saved with its origin, so the editor still finds it for its file and the panel restores it as it is now.
  try {
    await store.save(compared, row?.sourceKey && row.textHash ? { sourceKey: row.sourceKey, textHash: row.textHash } : undefined);
  } catch (err) {
    deps.host.log.error(`compare ${report.source}: ${(err as Error).message}`);
    void showError(vscode.l10n.t('Could not save the new comparison: {0}', (err as Error).message));
  }
  deps.state.replace(compared);
  if (shown?.report.id === report.id) deps.panel.show(compared, shown.uri);
  else if (row) {
    const { uri, detached } = await transcriptOf(row);
    deps.panel.show(compared, uri, undefined, detached ? { detached } : {});
  }
  deps.host.log.info(`compared the report of ${report.source} with ${other.source} of ${other.createdAt}`);
  return compared;
}
