import * as vscode from 'vscode';
import { lensTitle, msg } from '../../core';
import type { DiagnosisState } from './diagnosisState';

/**
 * Puts the score of each question above its line, for documents with a current report. The
 * title is the report's own one-line summary (`Q3 · 72/100 · missing: idempotency key`), in the
 * report's language and written exactly as the report and the CLI write it. Beside it, a
 * "Compare with the expert" lens for each question that has an expert answer.
 */
export class ScoreCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly state: DiagnosisState) {
    state.onDidChange(() => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const report = this.state.get(document);
    if (!report) return [];
    return report.perQuestion.flatMap((q) => {
      const line = document.positionAt(q.startOffset).line;
      const range = new vscode.Range(line, 0, line, 0);
      const score = new vscode.CodeLens(range, {
        title: lensTitle(q, report.language),
        tooltip: vscode.l10n.t('Show question {0} in the report', q.index),
        command: 'interviewLens.revealQuestion',
        arguments: [document.uri, q.index],
      });
      // Beside the score: the answer and the expert's side by side; without a confident reference,
      // with one of the closest entries the user picks.
      if (!q.reference && !q.related?.length) return [score];
      return [score, new vscode.CodeLens(range, {
        title: msg(report.language, q.reference ? 'lens.compare' : 'lens.compareClosest'),
        tooltip: q.reference
          ? vscode.l10n.t('Your answer to question {0} beside the expert answer, key point by key point', q.index)
          : vscode.l10n.t('No entry matches question {0} confidently: pick one of the closest to compare your answer with', q.index),
        command: 'interviewLens.compareWithExpert',
        arguments: [document.uri, q.index],
      })];
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}
