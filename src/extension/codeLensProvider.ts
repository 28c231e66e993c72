import * as vscode from 'vscode';
import type { QuestionReport } from '../core/report/model';
import type { DiagnosisState } from './diagnosisState';

/**
 * Builds the lens title, e.g. `Q3 · 72/100 · missing: idempotency`. What matters most comes
 * first: an answer to another question, then a shaky score (low confidence, no reference).
 */
export function lensTitle(q: Pick<QuestionReport, 'index' | 'contentScore' | 'keyMissing' | 'relevance' | 'confidence' | 'reference'>): string {
  const parts = [`Q${q.index}`, `${q.contentScore}/100`];
  if (q.relevance?.offTopic) parts.push(vscode.l10n.t('answers another question'));
  else if (q.keyMissing[0]) parts.push(vscode.l10n.t('missing: {0}', q.keyMissing[0]));
  if (q.confidence?.level === 'low') parts.push(q.reference ? vscode.l10n.t('low confidence') : vscode.l10n.t('no reference, low confidence'));
  else if (!q.reference) parts.push(vscode.l10n.t('no reference'));
  return parts.join(' · ');
}

/** Puts the score of each question above its line, for documents with a current report. */
export class ScoreCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly state: DiagnosisState) {
    state.onDidChange(() => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const report = this.state.get(document);
    if (!report) return [];
    return report.perQuestion.map((q) => {
      const line = document.positionAt(q.startOffset).line;
      const range = new vscode.Range(line, 0, line, 0);
      return new vscode.CodeLens(range, {
        title: lensTitle(q),
        tooltip: vscode.l10n.t('Show question {0} in the report', q.index),
        command: 'interviewLens.revealQuestion',
        arguments: [document.uri, q.index],
      });
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}
