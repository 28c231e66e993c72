// Where a saved report's transcript is, and whether it still holds the text the report was made
// from: the report panel shows a report without its transcript (detached) otherwise. Used by
// History, and by Compare Report with Another….

import * as vscode from 'vscode';
import { isMockInterviewKey, reportOrigin, type HistoryRow } from '../../core';
import type { DetachedReason } from './reportPanel';

/** The URI a report without a transcript file is shown under (never opened: it only names the panel's report). */
export function reportOnlyUri(id: string): vscode.Uri {
  return vscode.Uri.from({ scheme: 'interview-lens-report', path: `/${id}` });
}

/**
 * Where a stored report's transcript is, and whether it still holds the text the report was made
 * from: only then can "Show in editor" land on the right lines.
 */
export async function transcriptOf(row: Pick<HistoryRow, 'id' | 'sourceKey' | 'textHash'>): Promise<{ uri: vscode.Uri; detached?: DetachedReason }> {
  if (isMockInterviewKey(row.sourceKey)) return { uri: reportOnlyUri(row.id), detached: 'mock' };
  if (!row.sourceKey?.startsWith('file:')) return { uri: reportOnlyUri(row.id), detached: 'unsaved' };
  const uri = vscode.Uri.parse(row.sourceKey);
  let text: string;
  try {
    text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return { uri, detached: 'missing' };
  }
  // An editor with unsaved changes holds the text the lenses and "Show in editor" would read.
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && d.isDirty);
  if (open) text = open.getText();
  // A report saved before text hashes were kept cannot be checked here; opening the question checks again.
  if (row.textHash && reportOrigin(uri.toString(), text).textHash !== row.textHash) return { uri, detached: 'changed' };
  return { uri };
}
