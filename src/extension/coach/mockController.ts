import * as vscode from 'vscode';
import * as path from 'node:path';
import { AUDIO_EXTENSIONS, createSttProvider, reportOrigin, type Report } from '../../core';
import type { SttResult } from '../../core/diagnosis/speech/stt';
import { answerTurn, currentTurn, endSession, sessionTranscript, skipTurn, withDraft, type MockSession } from '../../core/coach/mockSession';
import { finishMockInterview, scoreMockAnswer } from '../../core/coach/mockInterview';
import { MockSessionStore } from '../../core/coach/mockSessionStore';
import { mockView, type MockView } from '../../core/coach/mockView';
import { spokenAnswerText } from '../../core/coach/spokenAnswer';
import type { Deps } from '../diagnosis/diagnoseCommands';
import { sttSettings } from '../engines/secretCommands';
import { engineProblem, isCancelledLlm } from '../engines/engineFix';
import { showEngineProblem } from '../engines/engineNotice';
import { createRunEngine, readEngineSettings } from '../engines/engineSettings';
import { askModal, showError } from '../shared/notify';
import { reportLanguageSetting } from '../diagnosis/reportLanguage';
import { MockPanel, type MockMessage, type MockPanelStatus } from './mockPanel';
import type { MockTranscripts } from './mockTranscripts';

/** What a scripted step of a test does: answer with the text, skip, or end the interview. */
export type MockStep = string | { skip: true } | { end: true };

/** Where the session stands after a command or a step (what tests and callers read). */
export interface MockOutcome {
  sessionId: string;
  status: MockSession['status'];
  view: MockView;
  /** The history report of a finished session. */
  reportId?: string;
  /** The report itself (tests compare it with the history). */
  report?: Report;
}

/**
 * Runs the mock interview shown in the panel: scores each answer with the configured engine,
 * saves the session to the store after every step (so a reload or a closed panel resumes where
 * it stopped), and when it is over diagnoses it into the history and opens the report beside
 * its transcript. One session at a time; steps are taken one after another, never two at once.
 */
export class MockController implements vscode.Disposable {
  private store: Promise<MockSessionStore> | undefined;
  private session: MockSession | undefined;
  private status: Omit<MockPanelStatus, 'canRecord'> = {};
  private canRecord = false;
  private working: Promise<unknown> = Promise.resolve();
  private lastReport: Report | undefined;

  constructor(readonly deps: Deps, readonly panel: MockPanel, private readonly transcripts: MockTranscripts) {
    panel.onMessage = (m) => void this.handle(m);
    panel.onClosed = () => {
      // The session stays in the store: running the command again offers to resume it.
      if (this.session?.status === 'active') this.deps.host.log.info(`mock interview ${this.session.id} paused (panel closed)`);
    };
  }

  /** The store of sessions in the extension's global storage, opened on first use. */
  sessions(): Promise<MockSessionStore> {
    this.store ??= MockSessionStore.open(path.join(this.deps.context.globalStorageUri.fsPath, 'mock-sessions.sqlite'), {
      wasmPath: path.join(this.deps.context.extensionPath, 'dist', 'sql-wasm.wasm'),
    }).catch((err: unknown) => {
      this.store = undefined;
      throw err;
    });
    return this.store;
  }

  /** The user's id for history and sessions (interviewLens.userId). */
  userId(): string {
    return vscode.workspace.getConfiguration('interviewLens').get<string>('userId', 'default') || 'default';
  }

  /** The session on show, if any. */
  get current(): MockSession | undefined {
    return this.session;
  }

  /** Shows `session` in the panel (a new one is saved first), or in a panel VS Code restored. */
  async open(session: MockSession, restored?: vscode.WebviewPanel): Promise<MockOutcome> {
    await (await this.sessions()).save(session, this.userId());
    this.session = session;
    this.status = {};
    this.canRecord = await this.recordingAvailable();
    this.panel.open(restored);
    this.render();
    // An interview that ended but was not diagnosed (the diagnosis failed last time) is diagnosed now.
    if (session.status !== 'active') await this.enqueue(() => this.finish());
    return this.outcome();
  }

  /** Takes the scripted steps one by one, as the page's buttons would. */
  async play(steps: readonly MockStep[]): Promise<MockOutcome> {
    for (const step of steps) {
      if (!this.session || !currentTurn(this.session)) break;
      if (typeof step === 'string') await this.enqueue(() => this.answer(step));
      else if ('skip' in step) await this.enqueue(() => this.skip());
      else await this.enqueue(() => this.end());
    }
    await this.working;
    return this.outcome();
  }

  private outcome(): MockOutcome {
    const s = this.session!;
    return { sessionId: s.id, status: s.status, view: mockView(s), ...(s.reportId ? { reportId: s.reportId } : {}), ...(this.lastReport && s.reportId === this.lastReport.id ? { report: this.lastReport } : {}) };
  }

  private render(): void {
    if (this.session) this.panel.show(mockView(this.session), { ...this.status, canRecord: this.canRecord });
  }

  /** Runs `step` after the steps before it; a step asked for while one runs waits its turn. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.working.then(step, step);
    this.working = next.catch(() => undefined);
    return next;
  }

  private async handle(m: MockMessage): Promise<void> {
    // A click while a step runs (a second Ctrl+Enter) is ignored, not queued.
    if (this.status.busy && m.type !== 'ready' && m.type !== 'openReport') return;
    try {
      switch (m.type) {
        case 'answer':
          if (typeof m.text === 'string') await this.enqueue(() => this.answer(m.text));
          break;
        case 'skip':
          await this.enqueue(() => this.skip());
          break;
        case 'end':
          if (await this.confirmEnd(typeof m.draft === 'string' ? m.draft : '')) {
            const draft = typeof m.draft === 'string' ? m.draft.trim() : '';
            // The typed, unsent answer is the user's work: it is submitted before the interview ends.
            if (draft) await this.enqueue(() => this.answer(draft));
            await this.enqueue(() => this.end());
          }
          break;
        case 'record':
          await this.enqueue(() => this.record());
          break;
        case 'draft':
          if (typeof m.text === 'string') await this.enqueue(() => this.keepDraft(m.text as string, m.question));
          break;
        case 'retry':
          await this.enqueue(() => this.finish());
          break;
        case 'openReport':
          if (this.lastReport && this.session?.reportId === this.lastReport.id) await this.showReport(this.lastReport);
          break;
        default:
          break;
      }
    } catch (err) {
      this.deps.host.log.error(`mock interview: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
  }

  /** Asks before ending from the page: End drops the questions not asked yet, and had lost a typed answer without a word. */
  private async confirmEnd(draft: string): Promise<boolean> {
    const end = vscode.l10n.t('End Interview');
    const message = draft.trim()
      ? vscode.l10n.t('End the interview? Your typed answer is submitted first; the questions not asked yet are dropped, and the answers are diagnosed.')
      : vscode.l10n.t('End the interview? The questions not asked yet are dropped, and the answers so far are diagnosed.');
    return (await askModal(message, end)) === end;
  }

  /** Saves the typed, unsent answer with the session (no render: the page already shows it). */
  private async keepDraft(text: string, question: string | undefined): Promise<void> {
    if (!this.session || currentTurn(this.session)?.question !== question) return;
    const next = withDraft(this.session, text, new Date());
    if (next === this.session) return;
    await (await this.sessions()).save(next, this.userId());
    this.session = next;
  }

  private async answer(text: string): Promise<void> {
    const session = this.session;
    const turn = session ? currentTurn(session) : undefined;
    if (!session || !turn) return;
    if (text.trim() === '') {
      this.status = { error: vscode.l10n.t('Type an answer first, or skip the question.') };
      this.render();
      return;
    }
    this.status = { busy: 'scoring' };
    this.render();
    try {
      const core = await this.deps.host.get();
      const engine = await createRunEngine(await readEngineSettings(this.deps.context.secrets));
      const analysis = await scoreMockAnswer(core, session, turn, text, { caller: 'vscode-mock', ...(engine.llm ? { llm: engine.llm } : {}) });
      const next = answerTurn(session, text, analysis, core.knowledgeBase, new Date()).session;
      await (await this.sessions()).save(next, this.userId());
      this.session = next;
      this.status = {};
      this.render();
      if (next.status !== 'active') await this.finish();
    } catch (err) {
      this.fail(err, vscode.l10n.t('Your answer could not be scored: {0}', errorText(err)));
    }
  }

  private async skip(): Promise<void> {
    const session = this.session;
    if (!session || !currentTurn(session)) return;
    const core = await this.deps.host.get();
    const next = skipTurn(session, core.knowledgeBase, new Date());
    await (await this.sessions()).save(next, this.userId());
    this.session = next;
    this.status = {};
    this.render();
    if (next.status !== 'active') await this.finish();
  }

  private async end(): Promise<void> {
    const session = this.session;
    if (!session || session.status !== 'active') return;
    const next = endSession(session, new Date());
    // Saved as ended until diagnosed: a failed diagnosis keeps the answers for "Try again" or the next run.
    await (await this.sessions()).save(next, this.userId());
    this.session = next;
    await this.finish();
  }

  /** Diagnoses the finished session into the history and opens its report; nothing answered, nothing saved. */
  private async finish(): Promise<void> {
    const session = this.session;
    if (!session || session.status === 'active' || session.reportId) return;
    const store = await this.sessions();
    this.status = { busy: 'finishing' };
    this.render();
    try {
      const core = await this.deps.host.get();
      const config = vscode.workspace.getConfiguration('interviewLens');
      const engine = await createRunEngine(await readEngineSettings(this.deps.context.secrets));
      const result = await finishMockInterview(core, session, {
        caller: 'vscode-mock', userId: this.userId(), reportLanguage: reportLanguageSetting(config), ...(engine.llm ? { llm: engine.llm } : {}),
      });
      await store.remove(session.id);
      if (!result) {
        this.status = {};
        this.render();
        return;
      }
      for (const w of result.warnings) this.deps.host.log.warn(w);
      const report = result.raw;
      this.lastReport = report;
      this.session = { ...session, reportId: report.id };
      this.status = {};
      this.render();
      this.deps.host.log.info(`mock interview ${session.id} diagnosed: ${report.summary.overallScore}/100 over ${report.summary.totalQuestions} questions`);
      await this.showReport(report);
    } catch (err) {
      this.fail(err, vscode.l10n.t('The interview could not be diagnosed: {0}', errorText(err)));
    }
  }

  /** The report beside its transcript (a read-only document), with score lenses. */
  private async showReport(report: Report): Promise<void> {
    const session = this.session!;
    const doc = await vscode.workspace.openTextDocument(this.transcripts.add(session.id, report.source, sessionTranscript(session)));
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
    this.deps.state.set(doc.uri, doc.version, report, reportOrigin(doc.uri.toString(), doc.getText()).textHash);
    this.deps.panel.show(report, doc.uri);
  }

  private async record(): Promise<void> {
    const session = this.session;
    if (!session || !currentTurn(session)) return;
    if (this.refusedUntrusted()) return;
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false, openLabel: vscode.l10n.t('Transcribe'), filters: { [vscode.l10n.t('Audio')]: AUDIO_EXTENSIONS.map((e) => e.slice(1)) },
    });
    if (picked?.[0]) await this.transcribe(picked[0]);
  }

  /** Transcribes `file` with the configured speech-to-text and puts the text in the answer box. */
  async transcribe(file: vscode.Uri): Promise<string | undefined> {
    if (this.refusedUntrusted()) return undefined;
    this.status = { busy: 'transcribing' };
    this.render();
    try {
      const settings = await sttSettings(this.deps);
      createSttProvider(settings);
      const root = vscode.workspace.getWorkspaceFolder(file)?.uri.fsPath ?? path.dirname(file.fsPath);
      const core = await this.deps.host.get();
      const language = this.session?.language ?? 'en';
      const result = await core.tools.execute<SttResult>('transcribe_audio', { path: path.relative(root, file.fsPath), language },
        core.context({ caller: 'vscode-mock', workspaceRoot: root, stt: () => createSttProvider(settings) }));
      if (!result.success) throw new Error(result.error!.message);
      const text = spokenAnswerText(result.data!);
      this.status = text ? { transcribed: text } : { error: vscode.l10n.t('No speech was found in {0}.', path.basename(file.fsPath)) };
      this.render();
      return text || undefined;
    } catch (err) {
      this.status = { error: vscode.l10n.t('The recording could not be transcribed: {0}', errorText(err)) };
      this.render();
      return undefined;
    }
  }

  /** In Restricted Mode a recording is not transcribed (it runs a program or uploads the audio): says so. */
  private refusedUntrusted(): boolean {
    if (vscode.workspace.isTrusted) return false;
    this.status = { error: vscode.l10n.t('Answering from a recording runs a speech-to-text program or uploads the audio, so it is off in Restricted Mode.') };
    this.render();
    return true;
  }

  private fail(err: unknown, message: string): void {
    this.deps.host.log.warn(`mock interview: ${errorText(err)}`);
    this.status = { error: isCancelledLlm(err) ? vscode.l10n.t('Cancelled.') : message };
    this.render();
    const problem = engineProblem(err);
    if (problem) void showEngineProblem(message, problem.fix);
    else if (!isCancelledLlm(err)) void showError(message);
  }

  /** Whether answers can come from recordings: speech-to-text configured, in a trusted workspace. */
  private async recordingAvailable(): Promise<boolean> {
    if (!vscode.workspace.isTrusted) return false;
    try {
      createSttProvider(await sttSettings(this.deps));
      return true;
    } catch {
      return false;
    }
  }

  dispose(): void {
    void this.store?.then((s) => s.close(), () => undefined);
    this.panel.dispose();
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
