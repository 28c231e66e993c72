import * as vscode from 'vscode';
import type { SkillProgress } from '../../core';

/**
 * Turns a diagnosis's phases into one notification bar that moves from the start: a share for
 * loading and splitting, most of it for the questions, the rest for the report. VS Code's
 * progress takes increments, so this keeps the running total.
 */
export class ProgressBar {
  private shown = 0;

  constructor(private readonly progress: vscode.Progress<{ message?: string; increment?: number }>) {}

  /** Moves the bar to `percent` (never backwards) with `message`. */
  report(percent: number, message: string): void {
    const to = Math.max(this.shown, Math.min(100, percent));
    this.progress.report({ message, increment: to - this.shown });
    this.shown = to;
  }

  /** Shows a progress event of the diagnose skills. */
  phase(p: SkillProgress): void {
    switch (p.phase) {
      case 'transcribing':
        this.report(2, vscode.l10n.t('transcribing…'));
        break;
      case 'splitting':
        this.report(3, vscode.l10n.t('splitting the transcript into questions…'));
        break;
      case 'report':
        this.report(96, vscode.l10n.t('building the report…'));
        break;
      default:
        this.report(5 + (p.total ? (90 * p.done) / p.total : 0), (p.total === 1 ? vscode.l10n.t('{0} of 1 question', p.done) : vscode.l10n.t('{0} of {1} questions', p.done, p.total)));
    }
  }
}
