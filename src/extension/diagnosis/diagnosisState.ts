import * as vscode from 'vscode';
import { reportOrigin, type Report } from '../../core';

interface Entry {
  report: Report;
  /** sha256 of the text the report was computed from. */
  textHash: string;
  /** Document version the report is known to match; undefined after the document was closed. */
  version: number | undefined;
}

/**
 * The latest report per document, valid only while the document holds the text it was computed
 * from. Closing the document keeps the report: reopened with the same text, it is valid again.
 */
export class DiagnosisState implements vscode.Disposable {
  private readonly byUri = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when a document's report is set or invalidated. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.subscriptions.push(
      // Any edit makes the offsets (and so the lenses) stale until the next run.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.invalidate(e.document.uri);
      }),
      // A reopened document starts again at version 1: from then on its text decides.
      vscode.workspace.onDidCloseTextDocument((d) => {
        const entry = this.byUri.get(d.uri.toString());
        if (entry) entry.version = undefined;
      }),
    );
  }

  /** Records a report computed from `version` of the document, whose text hashed to `textHash`. */
  set(uri: vscode.Uri, version: number, report: Report, textHash: string): void {
    this.byUri.set(uri.toString(), { version, report, textHash });
    this.changed.fire(uri);
  }

  /** The report for this document if it was computed from the current text. */
  get(doc: vscode.TextDocument): Report | undefined {
    const entry = this.byUri.get(doc.uri.toString());
    if (!entry) return undefined;
    if (entry.version === doc.version) return entry.report;
    if (entry.version !== undefined) return undefined;
    if (reportOrigin(doc.uri.toString(), doc.getText()).textHash !== entry.textHash) return undefined;
    entry.version = doc.version;
    return entry.report;
  }

  /** The last report for a URI regardless of edits (the report panel may still show it). */
  last(uri: vscode.Uri): Report | undefined {
    return this.byUri.get(uri.toString())?.report;
  }

  /** Puts `report` in the place of the report with its id (compared anew), keeping what it matches. */
  replace(report: Report): void {
    for (const entry of this.byUri.values()) if (entry.report.id === report.id) entry.report = report;
  }

  invalidate(uri: vscode.Uri): void {
    if (this.byUri.delete(uri.toString())) this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
