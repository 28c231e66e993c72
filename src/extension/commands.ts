import * as vscode from 'vscode';
import { CancelledError, SkillStepError, type Report } from '../core';
import type { DiagnosisState } from './diagnosisState';
import type { ReportPanel } from './reportPanel';
import type { CoreHost } from './services';

/** File name extensions the editor context menu offers "Diagnose Interview" on. */
export const TRANSCRIPT_EXTENSIONS = ['.txt', '.md'];

interface Deps { host: CoreHost; state: DiagnosisState; panel: ReportPanel }

async function documentFor(uri: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
  if (uri instanceof vscode.Uri) return vscode.workspace.openTextDocument(uri);
  return vscode.window.activeTextEditor?.document;
}

/** "Interview Lens: Diagnose Interview": runs the diagnose skill with progress and cancel. */
export async function diagnoseCommand(deps: Deps, uri?: vscode.Uri): Promise<Report | undefined> {
  const doc = await documentFor(uri);
  if (!doc) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Open an interview transcript (.txt or .md) in the editor, then run "Diagnose Interview" again.'));
    return undefined;
  }
  const text = doc.getText();
  const name = doc.uri.path.split('/').pop() ?? doc.uri.toString();
  if (text.trim() === '') {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} is empty: paste or open an interview transcript first.', name));
    return undefined;
  }
  const version = doc.version;
  const config = vscode.workspace.getConfiguration('interviewLens', doc.uri);
  try {
    const core = await deps.host.get();
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: diagnosing {0}', name), cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        let last = 0;
        try {
          const result = await core.diagnose(
            { text, source: name, userId: config.get<string>('userId', 'default'), concurrency: config.get<number>('concurrency', 4) },
            {
              caller: 'vscode',
              signal: controller.signal,
              onProgress: (p) => {
                const pct = p.total ? (100 * p.done) / p.total : 0;
                progress.report({ increment: pct - last, message: vscode.l10n.t('{0} of {1} questions', p.done, p.total) });
                last = pct;
              },
            },
          );
          for (const w of result.warnings) deps.host.log.warn(w);
          return result.raw;
        } finally {
          sub.dispose();
        }
      },
    );
    deps.host.log.info(`diagnosed ${name}: ${report.summary.overallScore}/100 over ${report.summary.totalQuestions} questions`);
    if (doc.version === version) deps.state.set(doc.uri, version, report);
    else void vscode.window.showWarningMessage(vscode.l10n.t('{0} changed while it was being diagnosed; run "Diagnose Interview" again to refresh the scores.', name));
    deps.panel.show(report, doc.uri);
    return report;
  } catch (err) {
    if (err instanceof CancelledError) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Diagnosis cancelled. Nothing was saved.'));
      return undefined;
    }
    if (err instanceof SkillStepError && err.error.code === 'input_error') {
      void vscode.window.showErrorMessage(vscode.l10n.t('Cannot diagnose {0}: {1}', name, err.error.message));
      return undefined;
    }
    deps.host.log.error(`diagnose ${name} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    const show = vscode.l10n.t('Show log');
    void vscode.window
      .showErrorMessage(vscode.l10n.t('Interview Lens could not diagnose {0}: {1}', name, err instanceof Error ? err.message : String(err)), show)
      .then((choice) => choice === show && deps.host.log.show());
    return undefined;
  }
}

/** "Interview Lens: Show Report": the last report of the active transcript. */
export function showReportCommand(deps: Deps): boolean {
  const doc = vscode.window.activeTextEditor?.document;
  const report = doc ? deps.state.last(doc.uri) : deps.panel.shown?.report;
  if (!report) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No report yet for this file: run "Interview Lens: Diagnose Interview" first.'));
    return false;
  }
  deps.panel.show(report, doc?.uri ?? deps.panel.shown!.uri);
  return true;
}

/** CodeLens target: scrolls the report to question `index`. */
export function revealQuestionCommand(deps: Deps, uri: vscode.Uri, index: number): boolean {
  const report = deps.state.last(uri);
  if (!report) return false;
  if (deps.panel.shown?.uri.toString() !== uri.toString()) deps.panel.show(report, uri, index);
  else deps.panel.reveal(index);
  return true;
}

/** From the report back to the transcript: selects the question's first line. */
export async function openQuestionInEditor(deps: Deps, uri: vscode.Uri, index: number): Promise<void> {
  const report = deps.state.last(uri);
  const q = report?.perQuestion.find((p) => p.index === index);
  if (!q) return;
  const doc = await vscode.workspace.openTextDocument(uri);
  const pos = doc.positionAt(q.startOffset);
  const editor = await vscode.window.showTextDocument(doc, {
    viewColumn: vscode.ViewColumn.One,
    preserveFocus: false,
    selection: new vscode.Selection(pos, doc.lineAt(pos.line).range.end),
  });
  editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
