import * as vscode from 'vscode';
import { withAbortableProgress } from '../shared/abortableProgress';
import * as path from 'node:path';
import { AskError, CancelledError, SkillStepError, type AskOutcome, type AskRequest } from '../../core';
import type { AskPanel } from './askPanel';
import type { ManifestSkillHost } from '../../core/skills/run/skillHost';
import type { Deps } from '../diagnosis/diagnoseCommands';
import { engineProblem, isCancelledLlm, usageLine } from '../engines/engineFix';
import { showEngineProblem } from '../engines/engineNotice';
import { createRunEngine, readEngineSettings, type RunEngine } from '../engines/engineSettings';
import { ENGINE_SETTING } from '../engines/lmConvert';
import { showError } from '../shared/notify';

/** What "Ask" needs of the extension. */
export interface AskDeps extends Pick<Deps, 'host' | 'context'> {
  askPanel: AskPanel;
  /** The skills the model may dry-run (run_skill); without it the tool says skills are not loaded. */
  manifestSkills?: () => Promise<ManifestSkillHost>;
}

/** The active editor's text as the request's attachment, when it holds any. */
function attachment(): AskRequest['attachment'] | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc) return undefined;
  const text = doc.getText();
  if (text.trim() === '') return undefined;
  return { text, source: path.basename(doc.uri.path) || doc.uri.toString(), ...(doc.uri.scheme === 'file' ? { sourceKey: doc.uri.toString() } : {}) };
}

/**
 * "Interview Lens: Ask": a free-text request. A skill that matches runs (offline too; the active
 * transcript goes with the request); anything else goes to the model's agent loop over the tools.
 * The answer opens as Markdown in a panel. `question` may be given (tests, keybindings).
 */
export async function askCommand(deps: AskDeps, question?: string): Promise<AskOutcome | undefined> {
  let q = typeof question === 'string' ? question : undefined;
  q ??= await vscode.window.showInputBox({
    title: vscode.l10n.t('Interview Lens: Ask'),
    prompt: vscode.l10n.t('Ask about the open transcript ("diagnose this interview") or a concept ("what is prompt caching?"). Anything else needs a model engine.'),
    placeHolder: vscode.l10n.t('e.g. what is prompt caching?'),
    ignoreFocusOut: true,
  });
  q = q?.trim();
  if (!q) return undefined;
  const attached = attachment();
  const request: AskRequest = { question: q, ...(attached ? { attachment: attached } : {}) };
  let engine: RunEngine;
  let maxSteps: number;
  try {
    const settings = await readEngineSettings(deps.context.secrets, vscode.window.activeTextEditor?.document.uri);
    maxSteps = settings.maxSteps;
    engine = await createRunEngine(settings);
  } catch (err) {
    const problem = engineProblem(err);
    if (!problem) throw err;
    deps.host.log.warn(`ask: the engine cannot run: ${problem.message}`);
    void showEngineProblem(vscode.l10n.t('Cannot answer: {0}', problem.message), problem.fix);
    return undefined;
  }
  try {
    // Cancel aborts the run's signal, and with it the model request in flight.
    const outcome = await withAbortableProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: answering…'), cancellable: true },
      async (progress, signal) => {
        let received = 0;
        if (!deps.host.loaded) progress.report({ message: vscode.l10n.t('loading the knowledge base…') });
        const core = await deps.host.get();
        const manifestSkills = engine.llm && deps.manifestSkills ? await deps.manifestSkills() : undefined;
        return core.ask(request, {
          caller: 'vscode', signal, maxSteps, ...(manifestSkills ? { manifestSkills } : {}),
          ...(engine.llm ? { llm: engine.llm } : {}),
          onText: (delta) => {
            received += delta.length;
            progress.report({ message: vscode.l10n.t('{0} characters received', received) });
          },
        });
      },
    );
    for (const w of outcome.warnings) deps.host.log.warn(`ask: ${w}`);
    deps.host.log.info(`ask answered in ${outcome.mode} mode${outcome.skill ? ` (${outcome.skill})` : ''}${outcome.steps ? ` after ${outcome.steps.length} steps` : ''} with engine ${outcome.engine}${outcome.model ? `, model ${outcome.model}` : ''}`);
    if (outcome.usage) deps.host.log.info(`usage: ${usageLine(outcome.engine, outcome.model, outcome.usage)}`);
    await deps.askPanel.show(q, outcome);
    return outcome;
  } catch (err) {
    if (err instanceof CancelledError || isCancelledLlm(err)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Cancelled. Nothing was saved.'));
      return undefined;
    }
    if (err instanceof AskError) {
      if (err.kind === 'needs-model') {
        const open = vscode.l10n.t('Open Settings');
        void showError(vscode.l10n.t('Cannot answer: {0}', err.message), open)
          .then((c) => c === open && vscode.commands.executeCommand('workbench.action.openSettings', ENGINE_SETTING));
      } else {
        void showError(vscode.l10n.t('Cannot answer: {0}', err.message));
      }
      return undefined;
    }
    if (err instanceof SkillStepError && err.error.code === 'input_error') {
      void showError(vscode.l10n.t('Cannot answer: {0}', err.error.message));
      return undefined;
    }
    const problem = engineProblem(err);
    if (problem) {
      deps.host.log.warn(`ask with ${engine.engine}: ${problem.message}`);
      void showEngineProblem(vscode.l10n.t('Cannot answer: {0}', problem.message), problem.fix);
      return undefined;
    }
    deps.host.log.error(`ask failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    const show = vscode.l10n.t('Show log');
    void showError(vscode.l10n.t('Interview Lens could not answer: {0}', err instanceof Error ? err.message : String(err)), show)
      .then((choice) => choice === show && deps.host.log.show());
    return undefined;
  }
}
