import * as vscode from 'vscode';
import type { Report } from '../core';

/** The latest report per document, valid only for the document version it was computed from. */
export class DiagnosisState implements vscode.Disposable {
  private readonly byUri = new Map<string, { version: number; report: Report }>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when a document's report is set or invalidated. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    // Any edit makes the offsets (and so the lenses) stale until the next run.
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.invalidate(e.document.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.invalidate(d.uri)),
    );
  }

  /** Records a report computed from `version` of the document at `uri`. */
  set(uri: vscode.Uri, version: number, report: Report): void {
    this.byUri.set(uri.toString(), { version, report });
    this.changed.fire(uri);
  }

  /** The report for this document if it was computed from the current text. */
  get(doc: vscode.TextDocument): Report | undefined {
    const entry = this.byUri.get(doc.uri.toString());
    return entry && entry.version === doc.version ? entry.report : undefined;
  }

  /** The last report for a URI regardless of edits (the report panel may still show it). */
  last(uri: vscode.Uri): Report | undefined {
    return this.byUri.get(uri.toString())?.report;
  }

  invalidate(uri: vscode.Uri): void {
    if (this.byUri.delete(uri.toString())) this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
