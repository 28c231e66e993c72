import { computeProgress, recentReports, type Progress, type Report } from '../../core';
import type { CoreHost } from '../shared/coreHost';

/**
 * The progress the report panel shows beside a report: the user's latest sessions from the
 * history, each report read once (bodies never change under their id). Nothing when the history
 * is not open or cannot be read: the report is shown without its progress rather than not at all.
 */
export class ProgressSource {
  private readonly cache = new Map<string, Report>();

  constructor(private readonly host: CoreHost) {}

  /** Progress over the sessions of `report`'s user, or undefined when there is no history to read. */
  progressFor(report: Report): Progress | undefined {
    const store = this.host.openedHistory;
    if (!store) return undefined;
    try {
      return computeProgress(recentReports(store, report.userId, undefined, this.cache));
    } catch (err) {
      this.host.log.warn(`progress not shown: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }
}
