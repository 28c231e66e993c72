/**
 * The reports progress is computed from: the user's latest sessions in history, read once each.
 * Bodies are immutable under their id, so a caller that shows progress often (the report panel,
 * on every report) passes a cache and pays only for the reports it has not read yet.
 */
import type { Report } from '../report/model';
import type { ReportHistory } from './historyStore';

/** How many of the latest reports progress looks at. */
export const PROGRESS_REPORTS = 50;

/** The user's last `limit` reports, newest first; a report whose body is gone (pruned meanwhile) is left out. */
export function recentReports(store: Pick<ReportHistory, 'list' | 'get'>, userId: string, limit = PROGRESS_REPORTS, cache?: Map<string, Report>): Report[] {
  const out: Report[] = [];
  const rows = store.list(userId, limit);
  for (const row of rows) {
    let report = cache?.get(row.id);
    if (!report) {
      report = store.get(row.id) ?? undefined;
      if (report) cache?.set(row.id, report);
    }
    if (report) out.push(report);
  }
  // The cache keeps what is still among the latest, so it never grows past `limit`.
  if (cache) {
    const keep = new Set(rows.map((r) => r.id));
    for (const id of cache.keys()) if (!keep.has(id)) cache.delete(id);
  }
  return out;
}
