import * as vscode from 'vscode';
import { webviewDocument } from '../shared/webviewDocument';
import { withAbortableProgress } from '../shared/abortableProgress';
import * as path from 'node:path';
import { CancelledError, LlmError, safeMessage } from '../../core';
import { ActionsFailedError } from '../../core/skills/actions/runActions';
import { StalePlanError } from '../../core/skills/actions/types';
import { redactStrings } from '../../core/runtime/redact';
import { applyChainTrace, applySkillTrace } from '../../core/skills/run/applyTrace';
import type { RunTrace } from '../../core/skills/run/runTrace';
import { isCancelledLlm } from '../engines/engineFix';
import { buildDryRunView, type DryRunView, type NoticeView, type PanelState } from './panelModel';
import { DRY_RUN_CSS, renderDryRunBody } from './panelHtml';
import { panelStrings } from './panelStrings';
import { askRecordingName, recordAsTest, type RecordTestDeps } from './recordTest';
import { DryRunRefusal, runDryRun, type DryRunDeps, type DryRunOutcome, type DryRunRequest, type FixButton } from './runDryRun';
import { errorText } from '../shared/errorText';

/** How long Copy as JSON waits for the clipboard before opening the JSON in an editor. */
const CLIPBOARD_WAIT_MS = 3000;

/** Most characters of state the page keeps across a reload; a bigger trace is run again instead. */
const MAX_KEPT_CHARS = 4_000_000;

/** What the dry-run page keeps across a window reload (vscode.setState). */
export interface DryRunPanelState {
  request: DryRunRequest;
  trace?: RunTrace;
}

/** What Apply came to (for automation and tests). */
export interface ApplyReport {
  status: 'applied' | 'stale' | 'failed' | 'nothing';
  /** The audit rows written, one per transaction (a chain writes one per step). */
  runIds: string[];
  message: string;
}

/** What the integration tests reach of the panel. */
export interface DryRunPanelApi {
  /** The trace on show. */
  readonly trace: RunTrace | undefined;
  /** The view model on show. */
  readonly view: DryRunView | undefined;
  /** The panel's body as last rendered. */
  readonly body: string;
  readonly visible: boolean;
  /** What the Apply button does. */
  apply(): Promise<ApplyReport>;
  /** What Record as Test does, with the name given instead of asked. */
  record(name?: string): Promise<string | undefined>;
  /** What Copy as JSON does; returns the JSON copied. */
  copy(): Promise<string | undefined>;
}

/** What the panel needs of the extension. */
export interface DryRunPanelDeps extends DryRunDeps, RecordTestDeps {
  /** Asks for another skill or input ("Choose Skill or Input…"); undefined when dismissed. */
  choose: () => Promise<DryRunRequest | undefined>;
  /** Shows the Job Search view. */
  revealRecords: () => Thenable<unknown>;
}

/** Messages the webview sends. */
type Inbound = { type: 'ready' } | { type: 'action'; action: string; fix?: string };

/**
 * The dry-run panel: one webview beside the editor showing a run's trace step by step, with
 * Apply (exactly the planned actions, one transaction per skill run), Record as Test, Copy as
 * JSON, Dry Run Again and Choose Skill or Input…. A run shows progress with Cancel, in the panel
 * and as a notification; errors appear in the panel with what to do.
 */
export class DryRunPanel implements DryRunPanelApi, vscode.Disposable {
  static readonly viewType = 'interviewLens.dryRun';
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  private request: DryRunRequest | undefined;
  private outcome: DryRunOutcome | undefined;
  private running: { label: string; controller: AbortController } | undefined;
  private notices: Array<NoticeView & { fixes?: readonly FixButton[] }> = [];
  private applied = false;
  private lastView: DryRunView | undefined;
  private lastBody = '';
  /** The trace shown before a window reload, read back from the page's state: shown, not applied (see adopt). */
  private restoredTrace: RunTrace | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: DryRunPanelDeps) {}

  get trace(): RunTrace | undefined {
    return this.outcome?.trace;
  }

  get view(): DryRunView | undefined {
    return this.lastView;
  }

  get body(): string {
    return this.lastBody;
  }

  get visible(): boolean {
    return !!this.panel;
  }

  /** Runs `request` as a dry run in the panel (opening it); resolves with the trace, or undefined when it did not run. */
  async run(request: DryRunRequest): Promise<RunTrace | undefined> {
    this.running?.controller.abort();
    const controller = new AbortController();
    const label = request.input.kind === 'cassette' ? path.basename(request.input.file) : request.target.kind === 'route' ? vscode.l10n.t('the routed skill') : request.target.name;
    this.request = request;
    this.outcome = undefined;
    this.restoredTrace = undefined;
    this.applied = false;
    this.notices = [];
    this.running = { label, controller };
    this.open();
    this.render('status');
    try {
      const outcome = await withAbortableProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: dry run of {0}…', label), cancellable: true },
        (progress, signal) => runDryRun(this.deps, request, signal, (what) => {
          progress.report({ message: what });
          if (this.running?.controller === controller) {
            this.running.label = what;
            this.render();
          }
        }),
        controller,
      );
      if (this.running?.controller !== controller) return undefined; // a newer run took over
      this.outcome = outcome;
      const t = outcome.trace;
      if (t.kind === 'skill') for (const w of t.warnings) this.deps.log.warn(`dry run ${t.skill}: ${w}`);
      return outcome.trace;
    } catch (err) {
      if (this.running?.controller !== controller) return undefined;
      this.notices = [this.failure(err)];
      return undefined;
    } finally {
      if (this.running?.controller === controller) {
        this.running = undefined;
        this.render('heading');
      }
    }
  }

  /** The notice for a run that stopped: what happened and what to do. */
  private failure(err: unknown): NoticeView & { fixes?: readonly FixButton[] } {
    if (err instanceof CancelledError || isCancelledLlm(err) || (err instanceof LlmError && err.kind === 'cancelled')) {
      return { tone: 'info', text: vscode.l10n.t('Cancelled. Nothing was written.'), buttons: [] };
    }
    if (err instanceof DryRunRefusal) {
      this.deps.log.warn(`dry run: ${err.message}`);
      return this.notice('error', err.message, err.fixes);
    }
    // A template error reads in the UI's language (the engine writes it in English).
    const message = errorText(err);
    if (err instanceof LlmError && err.kind === 'replay_miss') {
      this.deps.log.warn(`dry run: ${message}`);
      return this.notice('error', vscode.l10n.t('The recorded run no longer matches the skill: it asks the model something the cassette did not record. Re-record the cassette (the Test Explorer\'s Re-record), or dry-run the skill on its input with a model. {0}', message));
    }
    this.deps.log.error(`dry run failed: ${err instanceof Error ? err.stack ?? err.message : message}`);
    return this.notice('error', vscode.l10n.t('The dry run stopped: {0}. Nothing was written; fix what it says and press Dry Run Again.', message), [
      { label: vscode.l10n.t('Show log'), run: () => this.deps.log.show(true) },
    ]);
  }

  private notice(tone: NoticeView['tone'], text: string, fixes: readonly FixButton[] = []): NoticeView & { fixes: readonly FixButton[] } {
    return { tone, text: safeMessage(text), buttons: fixes.map((f, i) => ({ id: String(i), label: f.label })), fixes };
  }

  /** Writes exactly the plan on show: one transaction for a skill, one per step for a chain. */
  async apply(): Promise<ApplyReport> {
    const outcome = this.outcome;
    if (!outcome || this.running || this.applied) return { status: 'nothing', runIds: [], message: vscode.l10n.t('There is no plan to apply: run a dry run first.') };
    const t = outcome.trace;
    const options = { reviewed: 'user' as const, ...(outcome.workspaceRoot ? { workspaceRoot: outcome.workspaceRoot } : {}) };
    const again: FixButton = { label: vscode.l10n.t('Dry Run Again'), run: () => this.again() };
    const show: FixButton = { label: vscode.l10n.t('Show in Job Search'), run: () => this.deps.revealRecords() };
    let report: ApplyReport;
    try {
      if (t.kind === 'skill') {
        const applied = await applySkillTrace(t, outcome.store, options);
        const created = t.planned.filter((p) => p.op === 'create').length;
        const updated = t.planned.filter((p) => p.op === 'update').length;
        this.deps.log.info(`dry run ${t.skill}: applied in run ${applied.runId} (${created} new, ${updated} updated)`);
        report = { status: 'applied', runIds: [applied.runId], message: vscode.l10n.t('{0}: {1} new and {2} updated records.', t.skill, created, updated) };
        this.applied = true;
        this.notices = [this.notice('ok', report.message, [show])];
      } else {
        const result = await applyChainTrace(t, outcome.store, options);
        const runIds = result.written.map((w) => w.outcome.runId);
        const steps = result.written.map((w) => String(w.index + 1)).join(', ') || vscode.l10n.t('none');
        if (result.written.length) this.applied = true;
        if (!result.failed) {
          report = { status: 'applied', runIds, message: vscode.l10n.t('{0}: each step written in its own transaction (steps {1}).', t.chain, steps) };
          this.notices = [this.notice('ok', report.message, [show])];
        } else {
          const f = result.failed;
          const stale = f.error instanceof ActionsFailedError && f.error.reason instanceof StalePlanError;
          const why = stale
            ? vscode.l10n.t('the records changed since the dry run (another window or the command line wrote them)')
            : f.error instanceof Error ? f.error.message : String(f.error);
          report = { status: stale ? 'stale' : 'failed', runIds, message: vscode.l10n.t('{0}: steps written: {1}. Step {2} ({3}) was not written: {4}. Dry-run the chain again to plan the rest.', t.chain, steps, f.index + 1, f.skill, why) };
          this.deps.log.warn(`dry run ${t.chain}: ${report.message}`);
          this.notices = [this.notice('error', report.message, [again, ...(runIds.length ? [show] : [])])];
        }
      }
      if (report.runIds.length) this.deps.records.changed();
    } catch (err) {
      if (err instanceof ActionsFailedError && err.reason instanceof StalePlanError) {
        report = { status: 'stale', runIds: [], message: vscode.l10n.t('Nothing was written: the records changed since the dry run (another window or the command line wrote them). Run the skill again to see a fresh plan.') };
        this.notices = [this.notice('warn', report.message, [again])];
      } else {
        const message = err instanceof Error ? err.message : String(err);
        this.deps.log.error(`dry run apply: ${message}`);
        report = { status: 'failed', runIds: [], message: vscode.l10n.t('Nothing was written: {0}', message) };
        this.notices = [this.notice('error', report.message, [again])];
      }
    }
    this.render('status');
    return report;
  }

  /** Writes the dry run as a test cassette (trusted workspaces only); `name` is asked when not given. */
  async record(name?: string): Promise<string | undefined> {
    const outcome = this.outcome;
    if (!outcome || outcome.trace.kind !== 'skill' || !outcome.recordInput || this.running) return undefined;
    if (!vscode.workspace.isTrusted) {
      this.notices = [this.notice('error', vscode.l10n.t('Recording writes into the workspace, so it is off in Restricted Mode. Trust this workspace first (Workspaces: Manage Workspace Trust).'))];
      this.render('status');
      return undefined;
    }
    const root = outcome.workspaceRoot;
    if (!root) {
      this.notices = [this.notice('error', vscode.l10n.t('Open a folder first: recordings are written to .interview-lens/recordings in the workspace.'))];
      this.render('status');
      return undefined;
    }
    const chosen = name ?? await askRecordingName(root, outcome.trace);
    if (chosen === undefined) return undefined;
    try {
      const file = await recordAsTest(this.deps, { trace: outcome.trace, exchanges: outcome.exchanges, input: outcome.recordInput, root }, chosen, new AbortController().signal);
      this.deps.log.info(`dry run ${outcome.trace.skill}: recorded ${file}`);
      this.notices = [this.notice('ok', vscode.l10n.t('Recorded the run to {0}; it replays in the Test Explorer.', vscode.workspace.asRelativePath(file)), [
        { label: vscode.l10n.t('Open Recording'), run: () => vscode.window.showTextDocument(vscode.Uri.file(file)) },
      ])];
      this.render('status');
      return file;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.warn(`dry run record: ${message}`);
      this.notices = [this.notice('error', vscode.l10n.t('Nothing was recorded: {0}', message))];
      this.render('status');
      return undefined;
    }
  }

  /** Copies the whole trace to the clipboard as JSON (redacted, as everything shown is). */
  async copy(): Promise<string | undefined> {
    const t = this.outcome?.trace;
    if (!t) return undefined;
    const json = JSON.stringify(redactStrings(t), null, 2);
    // In a browser (code-server, vscode.dev) the clipboard can refuse or never answer without the
    // page's permission: the JSON then opens in an editor, so it is never lost.
    const copied = await Promise.race([
      Promise.resolve(vscode.env.clipboard.writeText(json)).then(() => true, () => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLIPBOARD_WAIT_MS)),
    ]);
    if (copied) {
      this.notices = [this.notice('info', vscode.l10n.t('Copied the trace as JSON ({0} characters).', json.length))];
    } else {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'json', content: json }), { viewColumn: vscode.ViewColumn.Active, preview: false });
      this.notices = [this.notice('warn', vscode.l10n.t('The clipboard could not be reached, so the trace opened as JSON in an editor instead.'))];
    }
    this.render('status');
    return json;
  }

  /** Runs the last request again (after an edit to the skill, say). */
  async again(): Promise<RunTrace | undefined> {
    return this.request ? this.run(this.request) : undefined;
  }

  private async change(): Promise<void> {
    const next = await this.deps.choose();
    if (next) await this.run(next);
  }

  private cancel(): void {
    this.running?.controller.abort();
  }

  private open(): void {
    if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, false);
      return;
    }
    const root = vscode.Uri.joinPath(vscode.Uri.file(this.deps.extensionPath), 'dist', 'webview');
    this.attach(vscode.window.createWebviewPanel(DryRunPanel.viewType, vscode.l10n.t('Dry Run'), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, {
      enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [root],
    }));
  }

  /**
   * Takes over the panel VS Code restored after a window reload, with what the page kept: the
   * request (so Dry Run Again works) and the trace it showed. The trace is shown as it was, but
   * Apply and Record as Test stay off until a fresh dry run: the records may have changed since,
   * and the model's exchanges that Record needs are not kept.
   */
  adopt(panel: vscode.WebviewPanel, state: DryRunPanelState): void {
    this.panel?.dispose();
    this.request = state.request;
    this.outcome = undefined;
    this.restoredTrace = state.trace;
    this.applied = false;
    this.notices = [this.notice('info', vscode.l10n.t('Restored after a window reload: this is the plan as it was. Press Dry Run Again for a fresh plan to apply.'))];
    panel.webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(vscode.Uri.file(this.deps.extensionPath), 'dist', 'webview')] };
    this.attach(panel);
    this.render('heading');
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.ready = false;
    panel.iconPath = vscode.Uri.joinPath(vscode.Uri.file(this.deps.extensionPath), 'media', 'icon.png');
    panel.onDidDispose(() => {
      if (this.panel !== panel) return;
      this.panel = undefined;
      this.running?.controller.abort();
    }, null, this.disposables);
    panel.webview.onDidReceiveMessage((m: Inbound) => this.receive(m), null, this.disposables);
    panel.webview.html = this.shell(panel.webview);
  }

  private receive(m: Inbound): void {
    if (m?.type === 'ready') {
      this.ready = true;
      this.post();
      return;
    }
    if (m?.type !== 'action') return;
    switch (m.action) {
      case 'apply': void this.apply(); break;
      case 'record': void this.record(); break;
      case 'copy': void this.copy(); break;
      case 'again': void this.again(); break;
      case 'change': void this.change(); break;
      case 'cancel': this.cancel(); break;
      case 'fix': {
        const fix = this.notices.flatMap((n) => n.buttons.map((b, i) => ({ b, run: n.fixes?.[i]?.run }))).find((x) => x.b.id === m.fix);
        void Promise.resolve(fix?.run?.()).catch((err) => this.deps.log.warn(`dry run: ${(err as Error).message}`));
        break;
      }
    }
  }

  private state(): PanelState {
    const t = this.outcome?.trace;
    return {
      ...(t ? { trace: redactStrings(t) } : this.restoredTrace ? { trace: this.restoredTrace, restored: true } : {}),
      ...(this.running ? { running: this.running.label } : {}),
      notices: this.notices.map(({ tone, text, buttons }) => ({ tone, text, buttons })),
      applied: this.applied,
      record: !vscode.workspace.isTrusted ? { allowed: false, reason: 'trust' } : !this.outcome?.workspaceRoot ? { allowed: false, reason: 'folder' } : { allowed: true },
      canRerun: !!this.request,
    };
  }

  private pendingFocus: 'heading' | 'status' | undefined;

  /** Builds the view and sends it to the webview; `focus` moves the keyboard focus there once shown. */
  private render(focus?: 'heading' | 'status'): void {
    this.lastView = buildDryRunView(this.state(), panelStrings());
    this.lastBody = renderDryRunBody(this.lastView);
    if (this.panel) this.panel.title = this.lastView.heading;
    if (focus) this.pendingFocus = focus;
    this.post();
  }

  private post(): void {
    if (!this.panel || !this.ready) return;
    void this.panel.webview.postMessage({ type: 'render', body: this.lastBody, state: this.kept(), ...(this.pendingFocus ? { focus: this.pendingFocus } : {}) });
    this.pendingFocus = undefined;
  }

  /** What the page keeps for a window reload (vscode.setState): the request and the redacted trace, unless too big to keep. */
  private kept(): DryRunPanelState | undefined {
    if (!this.request) return undefined;
    const trace = this.outcome ? redactStrings(this.outcome.trace) : this.restoredTrace;
    const state: DryRunPanelState = { request: this.request, ...(trace ? { trace } : {}) };
    return JSON.stringify(state).length <= MAX_KEPT_CHARS ? state : { request: this.request };
  }

  private shell(webview: vscode.Webview): string {
    return webviewDocument({
      webview, language: vscode.env.language.toLowerCase().startsWith('zh') ? 'zh' : 'en', css: DRY_RUN_CSS,
      body: `<div id="app" data-testid="dry-run">${this.lastBody}</div>`,
      script: { extensionUri: vscode.Uri.file(this.deps.extensionPath), name: 'dryRun.js' },
    });
  }

  dispose(): void {
    this.running?.controller.abort();
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
