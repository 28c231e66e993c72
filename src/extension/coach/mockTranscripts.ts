import * as vscode from 'vscode';
import { MOCK_TRANSCRIPT_SCHEME } from '../shared/mockTranscriptScheme';

/** The scheme of a finished mock interview's transcript (read-only, never asks to be saved). */
export { MOCK_TRANSCRIPT_SCHEME };

/**
 * The transcripts of the mock interviews finished in this window, as read-only documents: the
 * report's lenses, hover and "Show in editor" need the text its offsets point into, and an
 * untitled document would ask to be saved each time it is closed. A transcript asked for after a
 * reload (its session is gone) says where its answers are instead.
 */
export class MockTranscripts implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();

  /** The document URI of session `id`'s transcript, named after the report. */
  add(id: string, title: string, text: string): vscode.Uri {
    this.texts.set(id, text);
    return vscode.Uri.from({ scheme: MOCK_TRANSCRIPT_SCHEME, path: `/${title.replace(/[\\/]/g, '-')}.txt`, query: id });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? vscode.l10n.t('This mock interview ended in an earlier window; its questions and answers are in its report in the history.');
  }
}
