import * as vscode from 'vscode';
import * as path from 'node:path';
import { reportOrigin, type Report } from '../../core';
import type { DiagnosisState } from './diagnosisState';
import type { CoreHost } from '../shared/coreHost';
import { TRANSCRIPT_EXTENSIONS } from './transcriptExtensions';

/**
 * Brings back the report of a transcript that was diagnosed before (another session, a closed
 * tab, a reload) when the file holds exactly the text it was computed from: the lenses return
 * and "Show Report" finds it. Reports live in the history, keyed by the file's URI and text hash.
 */
export class ReportRestorer implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly state: DiagnosisState, private readonly host: CoreHost) {}

  /** Restores for every open transcript now and for each one opened later. */
  watch(): this {
    for (const doc of vscode.workspace.textDocuments) void this.restore(doc);
    this.subscriptions.push(vscode.workspace.onDidOpenTextDocument((doc) => void this.restore(doc)));
    return this;
  }

  /** The current report of `doc`, from memory or the history; undefined when none matches its text. */
  async restore(doc: vscode.TextDocument): Promise<Report | undefined> {
    const known = this.state.get(doc);
    if (known) return known;
    if (doc.uri.scheme !== 'file' || !TRANSCRIPT_EXTENSIONS.includes(path.extname(doc.uri.path).toLowerCase())) return undefined;
    if (!this.host.hasHistory) return undefined;
    const store = await this.host.history();
    const version = doc.version;
    const origin = reportOrigin(doc.uri.toString(), doc.getText());
    const report = store?.latestFor(origin) ?? undefined;
    // The text may have changed while the history was opening; a report for other text is no report.
    if (!report || doc.isClosed || doc.version !== version) return undefined;
    this.state.set(doc.uri, version, report, origin.textHash);
    this.host.log.info(`report of ${path.basename(doc.uri.path)} restored from history (${report.createdAt})`);
    return report;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
