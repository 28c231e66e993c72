import * as vscode from 'vscode';
import type { DiagnosisState } from './diagnosisState';

/** Builds the lens title, e.g. `Q3 · 72/100 · missing: idempotency`. */
export function lensTitle(index: number, score: number, missing: string | undefined): string {
  const base = `Q${index} · ${score}/100`;
  return missing ? `${base} · ${vscode.l10n.t('missing: {0}', missing)}` : base;
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
        title: lensTitle(q.index, q.contentScore, q.keyMissing[0]),
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
