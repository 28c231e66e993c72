import * as vscode from 'vscode';
import { transcriptErrorZh } from '../../core/diagnosis/transcript/errorZh';
import { uiLanguage } from '../knowledge/knowledgePanel';
import { withAbortableProgress } from '../shared/abortableProgress';
import { showHistoryNotice } from './historyNotice';
import { ProgressBar } from '../shared/progressBar';
import * as path from 'node:path';
import {
  AUDIO_EXTENSIONS, CancelledError, CassetteRecorder, createSttProvider, registerEndpointSecrets, registerSecret, reportOrigin, SkillStepError, splitTranscript, TranscriptError,
  type CustomLabels, type FormatChoice, type Report, type SkillProgress, type SttSettings,
} from '../../core';
import { engineProblem, isCancelledLlm, usageLine } from '../engines/engineFix';
import { showEngineProblem } from '../engines/engineNotice';
import { createRunEngine, readEngineSettings, type RunEngine } from '../engines/engineSettings';
import type { DiagnosisState } from './diagnosisState';
import type { ReportPanel } from './reportPanel';
import type { ReportRestorer } from './reportRestorer';
import type { CoreHost } from '../shared/coreHost';
import { sttSettings } from '../engines/secretCommands';
import { showError, showWarning } from '../shared/notify';
import { reportLanguageSetting } from './reportLanguage';

export { TRANSCRIPT_EXTENSIONS } from './transcriptExtensions';
export { AUDIO_EXTENSIONS };

/** Where the files whose roles the user swapped are remembered (per workspace). */
const SWAPPED_KEY = 'interviewLens.swappedRoles';

export interface Deps { host: CoreHost; state: DiagnosisState; panel: ReportPanel; context: vscode.ExtensionContext; restorer: ReportRestorer }

/** Whether the user swapped interviewer and candidate for this file. */
export function isSwapped(deps: Deps, uri: vscode.Uri): boolean {
  return deps.context.workspaceState.get<string[]>(SWAPPED_KEY, []).includes(uri.toString());
}

async function documentFor(uri: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
  if (uri instanceof vscode.Uri) return vscode.workspace.openTextDocument(uri);
  return vscode.window.activeTextEditor?.document;
}

/** Where "Diagnose and Record…" writes the run's cassette: recording `name` of the workspace folder `root`. */
export interface RecordTarget { root: string; name: string }

/** A finished diagnosis, and the cassette it was recorded to when it was recorded. */
export interface Diagnosed { report: Report; recording?: string }

/** "Interview Lens: Diagnose Interview": runs the diagnose skill with progress and cancel. */
export async function diagnoseCommand(deps: Deps, uri?: vscode.Uri): Promise<Report | undefined> {
  return (await diagnoseDocument(deps, uri))?.report;
}

/**
 * Diagnoses the document at `uri` (else the active editor's) with the engine the settings choose;
 * with `record`, every tool and model call is recorded and the cassette written only on success;
 * `observe` sees each progress event too (the chat participant streams them).
 */
export async function diagnoseDocument(deps: Deps, uri?: vscode.Uri, record?: RecordTarget, observe?: (p: SkillProgress) => void): Promise<Diagnosed | undefined> {
  const doc = await documentFor(uri);
  if (!doc) {
    void showError(vscode.l10n.t('Open an interview transcript (text, SRT, WebVTT or Whisper JSON) in the editor, then run "Diagnose Interview" again.'));
    return undefined;
  }
  const text = doc.getText();
  const name = doc.uri.path.split('/').pop() ?? doc.uri.toString();
  if (text.trim() === '') {
    void showError(vscode.l10n.t('{0} is empty: paste or open an interview transcript first.', name));
    return undefined;
  }
  const version = doc.version;
  const config = vscode.workspace.getConfiguration('interviewLens', doc.uri);
  // Built per run from the settings, so a changed key, endpoint or model applies at once.
  let engine: RunEngine;
  try {
    engine = await createRunEngine(await readEngineSettings(deps.context.secrets, doc.uri));
  } catch (err) {
    const problem = engineProblem(err);
    if (!problem) throw err;
    deps.host.log.warn(`diagnose ${name}: the engine cannot run: ${problem.message}`);
    void showEngineProblem(vscode.l10n.t('Cannot diagnose {0}: {1}', name, problem.message), problem.fix);
    return undefined;
  }
  let recorder: CassetteRecorder | undefined;
  try {
    // Cancel aborts the run's signal, and with it every model request in flight; so does a failed
    // question, which must not leave the others' model requests running.
    const report = await withAbortableProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: diagnosing {0}', name), cancellable: true },
      async (progress, signal) => {
        const bar = new ProgressBar(progress);
        if (!deps.host.loaded) bar.report(0, vscode.l10n.t('loading the knowledge base…'));
        const core = await deps.host.get();
        if (record) {
          recorder = new CassetteRecorder(record.root, record.name, {
            skill: 'diagnose-transcript', skillHash: core.skillHash('diagnose-transcript') ?? '', engine: engine.engine, model: engine.llm?.model ?? 'offline',
          });
        }
        const concurrency = engine.llm ? engine.concurrency : config.get<number>('concurrency', 4);
        const result = await core.diagnose(
          {
            text, source: name, userId: config.get<string>('userId', 'default'), ...(concurrency ? { concurrency } : {}),
            format: config.get<FormatChoice>('transcriptFormat', 'auto'), labels: labelsFrom(config), swapRoles: isSwapped(deps, doc.uri),
            reportLanguage: reportLanguageSetting(config),
            ...(doc.uri.scheme === 'file' ? { sourceKey: doc.uri.toString() } : {}),
          },
          {
            caller: 'vscode', signal,
            onProgress: (p) => {
              bar.phase(p);
              observe?.(p);
            },
            ...(engine.llm ? { llm: engine.llm } : {}), ...(recorder ? { recorder } : {}),
          },
        );
        for (const w of result.warnings) deps.host.log.warn(w);
        showHistoryNotice(result.actions);
        return result.raw;
      },
    );
    let recording: string | undefined;
    try {
      recording = recorder?.finish();
    } catch (err) {
      // The report stands; only the cassette is missing, and the user is told why.
      deps.host.log.error(`recording ${name}: ${(err as Error).message}`);
      void showError(vscode.l10n.t('The report of {0} is ready, but the recording was not written: {1}', name, (err as Error).message));
    }
    deps.host.log.info(`diagnosed ${name}: ${report.summary.overallScore}/100 over ${report.summary.totalQuestions} questions (engine ${report.engine}${report.model ? `, model ${report.model}` : ''})`);
    if (report.engine !== 'offline') deps.host.log.info(`usage: ${usageLine(report.engine, report.model, report.usage)}`);
    if (recording) deps.host.log.info(`recorded ${name} to ${recording}`);
    if (doc.version === version) deps.state.set(doc.uri, version, report, reportOrigin(doc.uri.toString(), text).textHash);
    else void showWarning(vscode.l10n.t('{0} changed while it was being diagnosed; run "Diagnose Interview" again to refresh the scores.', name));
    deps.panel.show(report, doc.uri);
    return { report, ...(recording ? { recording } : {}) };
  } catch (err) {
    recorder?.discard();
    if (err instanceof CancelledError || isCancelledLlm(err)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Diagnosis cancelled. Nothing was saved.'));
      return undefined;
    }
    if (err instanceof SkillStepError && err.error.code === 'input_error') {
      // Whatever was on screen was computed from another state of this file: it must not stay.
      deps.state.invalidate(doc.uri);
      deps.panel.closeFor(doc.uri);
      if (isSwapped(deps, doc.uri)) {
        const undo = vscode.l10n.t('Undo swap');
        void showError(vscode.l10n.t('Cannot diagnose {0} with interviewer and candidate swapped: {1}', name, inUiLanguage(err.error.message)), undo)
          .then((c) => c === undo && vscode.commands.executeCommand('interviewLens.swapRoles', doc.uri, false));
      } else {
        void showError(vscode.l10n.t('Cannot diagnose {0}: {1}', name, inUiLanguage(err.error.message)));
      }
      return undefined;
    }
    const problem = engineProblem(err);
    if (problem) {
      // A key, endpoint, model or access the user must fix: one notification with the button that fixes it.
      deps.host.log.warn(`diagnose ${name} with ${engine.engine}: ${problem.message}`);
      void showEngineProblem(vscode.l10n.t('Cannot diagnose {0}: {1}', name, problem.message), problem.fix);
      return undefined;
    }
    deps.host.log.error(`diagnose ${name} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    const show = vscode.l10n.t('Show log');
    void showError(vscode.l10n.t('Interview Lens could not diagnose {0}: {1}', name, err instanceof Error ? err.message : String(err)), show)
      .then((choice) => choice === show && deps.host.log.show());
    return undefined;
  }
}

function labelsFrom(config: vscode.WorkspaceConfiguration): CustomLabels | undefined {
  const l = config.get<CustomLabels>('speakerLabels');
  const clean = (xs: unknown) => (Array.isArray(xs) ? xs.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);
  const labels = { interviewer: clean(l?.interviewer), candidate: clean(l?.candidate) };
  return labels.interviewer.length || labels.candidate.length ? labels : undefined;
}

/** "Interview Lens: Swap Interviewer/Candidate": flips the roles for this file, remembers it, and diagnoses again. */
export async function swapRolesCommand(deps: Deps, uri?: vscode.Uri, swappedWanted?: boolean): Promise<Report | undefined> {
  const doc = await documentFor(uri);
  if (!doc) {
    void showError(vscode.l10n.t('Open an interview transcript in the editor, then run "Swap Interviewer/Candidate" again.'));
    return undefined;
  }
  const key = doc.uri.toString();
  const swapped = deps.context.workspaceState.get<string[]>(SWAPPED_KEY, []);
  // An explicit state (from Undo) is applied as given, so an old notification cannot flip the roles back the wrong way.
  const swapping = swappedWanted ?? !swapped.includes(key);
  if (swapping === swapped.includes(key)) return diagnoseCommand(deps, doc.uri);
  const name = doc.uri.path.split('/').pop() ?? key;
  const config = vscode.workspace.getConfiguration('interviewLens', doc.uri);
  // Try the new roles before remembering them: a swap that leaves no question followed by an
  // answer would make every later run of this file fail.
  try {
    splitTranscript(doc.getText(), { format: config.get<FormatChoice>('transcriptFormat', 'auto'), labels: labelsFrom(config), swapRoles: swapping });
  } catch (err) {
    if (!(err instanceof TranscriptError)) throw err;
    deps.host.log.info(`roles not ${swapping ? 'swapped' : 'restored'} for ${name}: ${err.message}`);
    void showWarning(swapping
      ? vscode.l10n.t('Roles in {0} were left as they were: with interviewer and candidate swapped, {1}', name, inUiLanguage(err.message))
      : vscode.l10n.t('Roles in {0} stay swapped: with the inferred roles, {1}', name, inUiLanguage(err.message)));
    return undefined;
  }
  const next = swapping ? [...swapped, key] : swapped.filter((k) => k !== key);
  await deps.context.workspaceState.update(SWAPPED_KEY, next);
  deps.host.log.info(`roles ${swapping ? 'swapped' : 'restored'} for ${name}`);
  const undo = vscode.l10n.t('Undo');
  void vscode.window.showInformationMessage(swapping
    ? vscode.l10n.t('Interviewer and candidate swapped for {0}; this is remembered for the file.', name)
    : vscode.l10n.t('Roles in {0} are inferred again.', name), undo)
    .then((c) => c === undo && vscode.commands.executeCommand('interviewLens.swapRoles', doc.uri, !swapping));
  return diagnoseCommand(deps, doc.uri);
}

/**
 * "Interview Lens: Diagnose Audio Recording": transcribes with the configured provider, labels
 * the roles, opens the labeled transcript (with score lenses) and the report with a delivery section.
 */
export async function diagnoseAudioCommand(deps: Deps, uri?: vscode.Uri): Promise<Report | undefined> {
  if (!vscode.workspace.isTrusted) {
    void showError(vscode.l10n.t('Transcribing a recording runs a speech-to-text program or uploads the audio, so it is off in Restricted Mode. Trust this workspace first (Workspaces: Manage Workspace Trust).'));
    return undefined;
  }
  let target = uri instanceof vscode.Uri ? uri : undefined;
  if (!target) {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false, openLabel: vscode.l10n.t('Diagnose'),
      filters: { [vscode.l10n.t('Audio')]: AUDIO_EXTENSIONS.map((e) => e.slice(1)) },
    });
    target = picked?.[0];
  }
  if (!target) return undefined;
  const name = path.basename(target.fsPath);
  if (!AUDIO_EXTENSIONS.includes(path.extname(name).toLowerCase())) {
    void showError(vscode.l10n.t('{0} is not an audio file Interview Lens can transcribe ({1}).', name, AUDIO_EXTENSIONS.join(' ')));
    return undefined;
  }
  // The user picked this file, so its folder (or the workspace folder holding it) is where the tool may read.
  const root = vscode.workspace.getWorkspaceFolder(target)?.uri.fsPath ?? path.dirname(target.fsPath);
  const config = vscode.workspace.getConfiguration('interviewLens');
  const settings = await sttSettings(deps);
  try {
    createSttProvider(settings);
  } catch (err) {
    const open = vscode.l10n.t('Open Settings');
    void showError(vscode.l10n.t('Cannot transcribe {0}: {1}', name, (err as Error).message), open)
      .then((c) => c === open && vscode.commands.executeCommand('workbench.action.openSettings', 'interviewLens.stt'));
    return undefined;
  }
  let engine: RunEngine;
  try {
    engine = await createRunEngine(await readEngineSettings(deps.context.secrets, target));
  } catch (err) {
    const problem = engineProblem(err);
    if (!problem) throw err;
    deps.host.log.warn(`diagnose recording ${name}: the engine cannot run: ${problem.message}`);
    void showEngineProblem(vscode.l10n.t('Cannot diagnose {0}: {1}', name, problem.message), problem.fix);
    return undefined;
  }
  const concurrency = engine.llm ? engine.concurrency : config.get<number>('concurrency', 4);
  try {
    const core = await deps.host.get();
    const result = await withAbortableProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: transcribing and diagnosing {0}', name), cancellable: true },
      async (progress, signal) => {
        const bar = new ProgressBar(progress);
        return await core.diagnoseAudio(
          {
            path: path.relative(root, target!.fsPath), source: name, language: config.get<'auto'>('stt.language', 'auto'),
            userId: config.get<string>('userId', 'default'), ...(concurrency ? { concurrency } : {}),
            reportLanguage: reportLanguageSetting(config),
          },
          {
            caller: 'vscode', signal, workspaceRoot: root, stt: () => createSttProvider(settings),
            onProgress: (p) => bar.phase(p), ...(engine.llm ? { llm: engine.llm } : {}),
          },
        );
      },
    );
    const doc = await vscode.workspace.openTextDocument({ content: result.raw.transcript, language: 'json' });
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    deps.state.set(doc.uri, doc.version, result.raw.report, reportOrigin(doc.uri.toString(), doc.getText()).textHash);
    deps.panel.show(result.raw.report, doc.uri);
    deps.host.log.info(`diagnosed recording ${name} (${result.raw.provider}): ${result.raw.report.summary.overallScore}/100 (engine ${result.raw.report.engine}${result.raw.report.model ? `, model ${result.raw.report.model}` : ''})`);
    if (result.raw.report.engine !== 'offline') deps.host.log.info(`usage: ${usageLine(result.raw.report.engine, result.raw.report.model, result.raw.report.usage)}`);
    return result.raw.report;
  } catch (err) {
    if (err instanceof CancelledError || isCancelledLlm(err)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Diagnosis cancelled. Nothing was saved.'));
      return undefined;
    }
    const problem = err instanceof SkillStepError && err.step === 'transcribe_audio' ? undefined : engineProblem(err);
    if (problem) {
      deps.host.log.warn(`diagnose recording ${name} with ${engine.engine}: ${problem.message}`);
      void showEngineProblem(vscode.l10n.t('Cannot diagnose {0}: {1}', name, problem.message), problem.fix);
      return undefined;
    }
    const message = err instanceof SkillStepError ? err.error.message : err instanceof Error ? err.message : String(err);
    deps.host.log.error(`diagnose recording ${name} failed: ${message}`);
    void showError(vscode.l10n.t('Cannot diagnose {0}: {1}', name, message));
    return undefined;
  }
}

/** "Interview Lens: Show Report": the report of the active transcript (from this session or the history). */
export async function showReportCommand(deps: Deps): Promise<boolean> {
  const doc = vscode.window.activeTextEditor?.document;
  const report = doc ? deps.state.last(doc.uri) ?? (await deps.restorer.restore(doc)) : deps.panel.shown?.report;
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
  // A panel restored after a reload has a report the session's state never saw: it was restored
  // only because the file still had its text, and the document is checked again on opening.
  const shown = deps.panel.shown?.uri.toString() === uri.toString() ? deps.panel.shown.report : undefined;
  const report = deps.state.last(uri) ?? shown;
  const q = report?.perQuestion.find((p) => p.index === index);
  if (!report || !q) return;
  const doc = await vscode.workspace.openTextDocument(uri);
  if (!deps.state.get(doc)) {
    const restored = await deps.restorer.restore(doc);
    if (restored?.id !== report.id) {
      void showWarning(vscode.l10n.t('{0} has changed since this report was made; run "Diagnose Interview" again.', path.basename(uri.path)));
      return;
    }
  }
  const pos = doc.positionAt(q.startOffset);
  const editor = await vscode.window.showTextDocument(doc, {
    viewColumn: vscode.ViewColumn.One,
    preserveFocus: false,
    selection: new vscode.Selection(pos, doc.lineAt(pos.line).range.end),
  });
  editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** A transcript error's reason in the UI's language: the core writes it in English. */
function inUiLanguage(message: string): string {
  return uiLanguage() === 'zh' ? transcriptErrorZh(message) ?? message : message;
}
