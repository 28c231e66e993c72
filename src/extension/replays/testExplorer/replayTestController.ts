import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { safeMessage } from '../../../core';
import type { LlmProvider } from '../../../core/llm/provider';
import { RECORDINGS_DIR, replayFile, rerecordCassette, type CassetteReplayResult } from '../../../core/replay';
import type { CoreHost } from '../../shared/coreHost';
import type { SkillCatalog } from '../../skills/skillCatalog';
import { discoverCassettes, workspaceCassettes } from '../../../core/replay/cassetteDiscovery';
import { CassetteItems } from './cassetteItems';
import { liveEngine } from './liveEngine';
import { OwnedQueue, type QueueLease } from '../../../core/runtime/ownedQueue';
import { openReplaySession, untrustedScript } from './replaySession';
import { messageAt, reportReplay, ReportingRun, type ItemOutcome } from './reportReplay';

/** The Replays controller's id (what `vscode.tests` and the Testing view know it by). */
export const REPLAY_CONTROLLER_ID = 'interviewLensReplays';

/** The run profiles: replay strictly (default), replay with misses served live, re-record. */
export type ReplayProfileKind = 'replay' | 'live' | 'rerecord';

/** A cassette that was not replayed: unreadable or invalid, refused (trust), or an internal error; as `replay --json` says it. */
export interface Unreplayed { file: string; status: 'invalid' | 'error'; message: string }

/** What the Replays controller needs of the extension. */
export interface ReplayTestsDeps {
  host: CoreHost;
  context: vscode.ExtensionContext;
  catalog: SkillCatalog;
  log: vscode.LogOutputChannel;
}

/** What tests (and other parts of the extension) can reach of the controller. */
export interface ReplayTestsApi {
  readonly controller: vscode.TestController;
  /** Lists the cassettes again. */
  discover(): Promise<void>;
  /** The item of a cassette file, resolved (with its call children) when `resolve` is set. */
  itemFor(file: string, resolve?: boolean): vscode.TestItem | undefined;
  /** Runs a profile over `include` (default: every cassette), as the Testing view would. */
  run(kind: ReplayProfileKind, include?: readonly vscode.TestItem[]): Promise<void>;
  /** What the last run that reported `item` said about it. */
  outcome(item: vscode.TestItem): ItemOutcome | undefined;
  /** The last replay result of a cassette file (what `replay --json` prints for it). */
  result(file: string): CassetteReplayResult | Unreplayed | undefined;
  /** Answers the Re-record confirmation instead of asking (tests). */
  confirmWith(answer: ((message: string, detail: string) => Promise<boolean>) | undefined): void;
  /**
   * Starts a continuous Replay run over `include` (default: every cassette), as the Testing
   * view's "Turn on Continuous Run" does; disposing it stops the run.
   */
  runContinuously(include?: readonly vscode.TestItem[]): vscode.Disposable;
  /** Resolves when no replay of a continuous run is queued or running, including those queued meanwhile. */
  continuousIdle(): Promise<void>;
  /** Continuous replays waiting to start, and whether one is running. */
  continuousState(): { queued: number; running: boolean };
  /**
   * Holds continuous replays at a stage until released, so a test can stop a run at that moment:
   * `queued` keeps them from starting; `replaying` stops each one after it started, just before it
   * replays a cassette (`reached` resolves then).
   */
  holdContinuous(stage: 'queued' | 'replaying'): { reached: Promise<void>; release(): void };
}

type Targets = Map<vscode.TestItem, 'all' | Set<vscode.TestItem>>;

/** A continuous run in progress: what it covers (undefined: everything) and the lease its replays are queued under. */
interface ContinuousRun {
  include?: readonly vscode.TestItem[];
  request: vscode.TestRunRequest;
  lease: QueueLease;
}

/** A replay whose run was stopped before it began: reported as skipped, nothing recorded. */
class CancelledBeforeReplay extends Error {}

const SKILL_FILES = new Set(['skill.yaml', 'run.ts']);

/**
 * "Interview Lens Replays" in the Testing view: a test per cassette file and per recorded call,
 * run by replaying the cassette exactly as `interview-lens replay` does, so the editor and the
 * CLI never disagree.
 */
export class ReplayTests implements ReplayTestsApi, vscode.Disposable {
  readonly controller: vscode.TestController;
  private readonly items: CassetteItems;
  private readonly outcomes = new Map<string, ItemOutcome>();
  private readonly results = new Map<string, CassetteReplayResult | Unreplayed>();
  private readonly profiles: Record<ReplayProfileKind, vscode.TestRunProfile>;
  private readonly disposables: vscode.Disposable[] = [];
  /** Continuous runs in progress: what each covers (undefined: everything), and the lease its replays are queued under. */
  private readonly continuous = new Set<ContinuousRun>();
  private watching = false;
  /** Recordings folders with a watcher of their own. */
  private readonly watchedDirs = new Set<string>();
  private discovered: Promise<void> | undefined;
  private confirm?: (message: string, detail: string) => Promise<boolean>;
  /**
   * The replays continuous runs asked for, one after the other (a burst of saves does not overlap
   * them). Each run's replays are queued under its own lease: stopping the run drops the queued
   * ones and cancels the one in flight.
   */
  private readonly continuousQueue = new OwnedQueue((err) => this.deps.log.error(`replays: continuous run: ${(err as Error).stack ?? err}`));
  /** A test's hold on continuous replays just before they replay a cassette. */
  private replayingHold: { reached: () => void; released: Promise<void> } | undefined;

  constructor(private readonly deps: ReplayTestsDeps) {
    this.controller = vscode.tests.createTestController(REPLAY_CONTROLLER_ID, vscode.l10n.t('Interview Lens Replays'));
    this.items = new CassetteItems(this.controller, path.resolve(deps.context.extensionPath));
    // Nothing is read at activation: the Testing view asks for the root when it is first shown.
    this.controller.resolveHandler = async (item) => {
      if (item) this.items.resolve(item);
      else await this.discover();
    };
    this.controller.refreshHandler = () => this.discover();
    const handler = (kind: ReplayProfileKind) => (request: vscode.TestRunRequest, token: vscode.CancellationToken) => this.handle(kind, request, token);
    this.profiles = {
      replay: this.controller.createRunProfile(vscode.l10n.t('Replay'), vscode.TestRunProfileKind.Run, handler('replay'), true, undefined, true),
      live: this.controller.createRunProfile(vscode.l10n.t('Replay (live for missing)'), vscode.TestRunProfileKind.Run, handler('live'), false),
      rerecord: this.controller.createRunProfile(vscode.l10n.t('Re-record'), vscode.TestRunProfileKind.Run, handler('rerecord'), false),
    };
    this.disposables.push(
      this.controller,
      // A skill saved in an editor, or changed on disk by anything (git, another editor, a script):
      // the skills registry reloads it (the Skills view's watcher), and continuous runs replay its cassettes.
      deps.catalog.registry.onDidChange((change) => this.skillsChanged([...change.added, ...change.changed, ...change.removed])),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        if (this.discovered) void this.discover();
      }),
    );
  }

  dispose(): void {
    for (const c of this.continuous) c.lease.revoke();
    this.continuous.clear();
    for (const d of this.disposables) d.dispose();
  }

  discover(): Promise<void> {
    this.discovered = (async () => {
      const workspaceFolders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
      this.items.replaceAll(discoverCassettes({ extensionPath: this.deps.context.extensionPath, workspaceFolders }));
      this.watch();
    })();
    return this.discovered;
  }

  itemFor(file: string, resolve = false): vscode.TestItem | undefined {
    const item = this.items.itemFor(file);
    if (item && resolve) this.items.resolve(item);
    return item;
  }

  async run(kind: ReplayProfileKind, include?: readonly vscode.TestItem[]): Promise<void> {
    const source = new vscode.CancellationTokenSource();
    try {
      await this.execute(kind, new vscode.TestRunRequest(include, undefined, this.profiles[kind]), source.token);
    } finally {
      source.dispose();
    }
  }

  outcome(item: vscode.TestItem): ItemOutcome | undefined {
    return this.outcomes.get(item.id);
  }

  result(file: string): CassetteReplayResult | Unreplayed | undefined {
    return this.results.get(file);
  }

  confirmWith(answer: ((message: string, detail: string) => Promise<boolean>) | undefined): void {
    this.confirm = answer;
  }

  runContinuously(include?: readonly vscode.TestItem[]): vscode.Disposable {
    const source = new vscode.CancellationTokenSource();
    void this.handle('replay', new vscode.TestRunRequest(include, undefined, this.profiles.replay, true), source.token);
    return {
      dispose: () => {
        source.cancel();
        source.dispose();
      },
    };
  }

  continuousIdle(): Promise<void> {
    return this.continuousQueue.idle();
  }

  continuousState(): { queued: number; running: boolean } {
    return this.continuousQueue.state;
  }

  holdContinuous(stage: 'queued' | 'replaying'): { reached: Promise<void>; release(): void } {
    if (stage === 'queued') return { reached: Promise.resolve(), release: this.continuousQueue.hold() };
    let reached!: () => void;
    let release!: () => void;
    const reachedP = new Promise<void>((r) => (reached = r));
    const released = new Promise<void>((r) => (release = r));
    this.replayingHold = { reached, released };
    return {
      reached: reachedP,
      release: () => {
        this.replayingHold = undefined;
        release();
      },
    };
  }

  /**
   * Keeps the workspace's recordings listed: created, changed and deleted cassettes. The glob
   * watcher sees a recordings folder created later; each existing recordings folder also gets a
   * watcher of its own (its events were seen to be missed by the workspace-wide watcher alone
   * while a window was starting).
   */
  private watch(): void {
    if (!this.watching) {
      this.watching = true;
      this.listen(vscode.workspace.createFileSystemWatcher(`**/${RECORDINGS_DIR.split(path.sep).join('/')}/*.jsonl`));
    }
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const dir = path.join(folder.uri.fsPath, RECORDINGS_DIR);
      if (folder.uri.scheme !== 'file' || this.watchedDirs.has(dir) || !fs.existsSync(dir)) continue;
      this.watchedDirs.add(dir);
      this.listen(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dir), '*.jsonl')));
    }
  }

  private listen(watcher: vscode.FileSystemWatcher): void {
    const inRecordings = (uri: vscode.Uri) => {
      if (uri.scheme !== 'file') return false;
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      return !!folder && path.dirname(uri.fsPath) === path.join(folder.uri.fsPath, RECORDINGS_DIR);
    };
    const changed = (uri: vscode.Uri) => {
      if (!inRecordings(uri) || !workspaceCassettes(vscode.workspace.getWorkspaceFolder(uri)!.uri.fsPath).includes(uri.fsPath)) return;
      const item = this.items.upsert(uri.fsPath);
      // A cassette edited during a continuous run is replayed again.
      for (const c of this.continuous) {
        if (c.include && !c.include.some((i) => i.id === item.id)) continue;
        c.lease.enqueue((signal) => this.rerunContinuous(c.request, [item], signal));
      }
    };
    watcher.onDidCreate(changed);
    watcher.onDidChange(changed);
    watcher.onDidDelete((uri) => {
      if (inRecordings(uri)) this.items.remove(uri.fsPath);
    });
    this.disposables.push(watcher);
  }

  private async handle(kind: ReplayProfileKind, request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    if (!request.continuous) return this.execute(kind, request, token);
    // Continuous: nothing runs now; each save of a skill replays the cassettes that recorded it, until stopped.
    if (token.isCancellationRequested) return;
    const entry: ContinuousRun = { include: request.include, request, lease: this.continuousQueue.lease() };
    this.continuous.add(entry);
    await new Promise<void>((resolve) => {
      // Stopped: at once, not a microtask later, so an event delivered right after the stop finds no run.
      const sub = token.onCancellationRequested(() => {
        sub.dispose();
        this.continuous.delete(entry);
        entry.lease.revoke();
        resolve();
      });
    });
  }

  /**
   * Skills the registry read again: the continuous runs replay their cassettes. A skill whose
   * skill.yaml or run.ts is open with unsaved changes is left out (with reloadOnEdit the registry
   * follows the buffer, but a replay reads the files, which have not changed).
   */
  private skillsChanged(names: readonly string[]): void {
    if (!this.continuous.size || !names.length) return;
    const dirty = vscode.workspace.textDocuments
      .filter((d) => d.isDirty && d.uri.scheme === 'file' && SKILL_FILES.has(path.basename(d.uri.fsPath)))
      .map((d) => path.dirname(d.uri.fsPath));
    const entries = this.deps.catalog.registry.skills();
    const saved = new Set(names.filter((n) => !entries.some((e) => e.latest.name === n && dirty.includes(path.resolve(e.latest.dir)))));
    if (!saved.size) return;
    for (const c of this.continuous) {
      c.lease.enqueue(async (signal) => {
        if (!this.discovered) await this.discover();
        await this.discovered;
        const scope = c.include ? c.include.map((i) => this.items.get(i)?.kind === 'call' ? (this.items.get(i) as { file: vscode.TestItem }).file : i) : this.items.files();
        const affected = [...new Set(scope)].filter((i) => saved.has(this.items.fileData(i)?.skill ?? ''));
        if (affected.length && !signal.aborted) await this.rerunContinuous(c.request, affected, signal);
      });
    }
  }

  /** One replay of a continuous run; `signal` is its lease's, aborted when the run is stopped. */
  private rerunContinuous(request: vscode.TestRunRequest, items: vscode.TestItem[], signal: AbortSignal): Promise<void> {
    const source = new vscode.CancellationTokenSource();
    const cancel = () => source.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    if (signal.aborted) source.cancel();
    return this.execute('replay', new vscode.TestRunRequest(items, undefined, request.profile), source.token).finally(() => {
      signal.removeEventListener('abort', cancel);
      source.dispose();
    });
  }

  private async execute(kind: ReplayProfileKind, request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = new ReportingRun(this.controller.createTestRun(request), this.outcomes);
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    try {
      // Run All lists the cassettes again first: a file event the watcher missed cannot hide a cassette from it.
      if (!this.discovered || !request.include) await this.discover();
      await this.discovered;
      const targets = this.targets(request);
      if (kind === 'rerecord') await this.rerecord(run, targets, abort.signal);
      else await this.replay(run, targets, kind === 'live', abort.signal);
    } catch (err) {
      this.deps.log.error(`replays: ${(err as Error).stack ?? err}`);
      run.output(safeMessage(vscode.l10n.t('The replay stopped: {0}', (err as Error).message)));
    } finally {
      sub.dispose();
      run.run.end();
    }
  }

  /** The cassette files a request covers, each with all its calls or the chosen ones. */
  private targets(request: vscode.TestRunRequest): Targets {
    const targets: Targets = new Map();
    const excluded = new Set(request.exclude ?? []);
    for (const item of request.include ?? this.items.files()) {
      if (excluded.has(item)) continue;
      const data = this.items.get(item);
      if (data?.kind === 'file') {
        targets.set(item, 'all');
      } else if (data?.kind === 'call') {
        const chosen = targets.get(data.file);
        if (chosen === 'all') continue;
        targets.set(data.file, new Set([...(chosen ?? []), item]));
      }
    }
    // A file with some calls excluded reports only the others (and no aggregate).
    for (const [file, chosen] of targets) {
      if (chosen !== 'all') continue;
      this.items.resolve(file);
      const children: vscode.TestItem[] = [];
      file.children.forEach((c) => children.push(c));
      if (children.some((c) => excluded.has(c))) targets.set(file, new Set(children.filter((c) => !excluded.has(c))));
    }
    return targets;
  }

  private async replay(run: ReportingRun, targets: Targets, live: boolean, signal: AbortSignal): Promise<void> {
    let fallback: LlmProvider | undefined;
    if (live) {
      const llm = await liveEngine(this.deps.context, vscode.l10n.t('Replay (live for missing)'), false);
      if (!llm) {
        for (const file of targets.keys()) {
          run.errored(file, messageAt(vscode.l10n.t('Not replayed: "Replay (live for missing)" needs a model engine; choose one in the setting interviewLens.engine.'), file, 1));
        }
        return;
      }
      fallback = llm;
      run.output(vscode.l10n.t('Requests with no recording go to {0} {1}; each is reported.', llm.engine, llm.model));
    }
    const session = await openReplaySession(this.deps.host, this.deps.catalog, this.deps.context.extensionPath);
    const tally = { pass: 0, fail: 0, stale: 0, other: 0 };
    try {
      for (const [fileItem, chosen] of targets) {
        const data = this.items.resolve(fileItem);
        const children: vscode.TestItem[] = [];
        fileItem.children.forEach((c) => (chosen === 'all' || chosen.has(c)) && children.push(c));
        if (!data) continue;
        if (signal.aborted) {
          for (const c of children) run.skipped(c);
          run.skipped(fileItem);
          continue;
        }
        run.run.started(fileItem);
        for (const c of children) run.run.started(c);
        const headerLine = (fileItem.range?.start.line ?? 0) + 1;
        if (fileItem.error) {
          const message = typeof fileItem.error === 'string' ? fileItem.error : fileItem.error.value;
          this.results.set(data.file, { file: data.file, status: 'invalid', message });
          run.errored(fileItem, messageAt(message, fileItem, headerLine));
          run.output(`INVALID ${vscode.workspace.asRelativePath(data.file)}: ${message}`, fileItem, headerLine);
          tally.other++;
          continue;
        }
        const refusal = untrustedScript(session, data.skill);
        if (refusal) {
          this.results.set(data.file, { file: data.file, status: 'error', message: refusal });
          for (const c of children) run.skipped(c);
          run.errored(fileItem, messageAt(refusal, fileItem, headerLine));
          run.output(`ERROR   ${vscode.workspace.asRelativePath(data.file)}: ${refusal}`, fileItem, headerLine);
          tally.other++;
          continue;
        }
        try {
          if (this.replayingHold) {
            const hold = this.replayingHold;
            hold.reached();
            await hold.released;
          }
          // The run may have been stopped while the replay waited (a hold, the session opening).
          if (signal.aborted) throw new CancelledBeforeReplay();
          const result = await replayFile(data.file, {
            tools: session.core.tools, contextFor: session.contextFor(data.file, signal), currentSkillHash: session.skillHash, rerun: session.core.rerunFlow,
            ...(fallback ? { strict: false, fallback } : {}),
          });
          if (signal.aborted) {
            // What a cancelled call returned says nothing about the recording.
            for (const c of children) run.skipped(c);
            run.skipped(fileItem);
            run.output(vscode.l10n.t('Cancelled: {0} was not replayed to the end.', vscode.workspace.asRelativePath(data.file)), fileItem, headerLine);
            continue;
          }
          this.results.set(data.file, result);
          reportReplay(run, this.items, fileItem, chosen, result);
          tally[result.status]++;
        } catch (err) {
          if (err instanceof CancelledBeforeReplay) {
            for (const c of children) run.skipped(c);
            run.skipped(fileItem);
            continue;
          }
          const message = (err as Error).message;
          this.results.set(data.file, { file: data.file, status: (err as Error).name === 'CassetteError' ? 'invalid' : 'error', message });
          run.errored(fileItem, messageAt(message, fileItem, (err as { line?: number }).line ?? headerLine));
          tally.other++;
        }
      }
    } finally {
      session.close();
    }
    run.output(vscode.l10n.t('{0} cassettes: {1} pass, {2} fail, {3} stale, {4} not replayed', targets.size, tally.pass, tally.fail, tally.stale, tally.other));
  }

  private async rerecord(run: ReportingRun, targets: Targets, signal: AbortSignal): Promise<void> {
    const files: Array<{ item: vscode.TestItem; file: string; hasModelCalls: boolean }> = [];
    for (const item of targets.keys()) {
      const data = this.items.resolve(item);
      if (!data) continue;
      const headerLine = (item.range?.start.line ?? 0) + 1;
      if (data.builtIn) {
        run.errored(item, messageAt(vscode.l10n.t('{0} is a test of a built-in skill and lives inside the extension, which is read-only: it cannot be re-recorded here. Record a workspace copy instead ("interview-lens run {1} --input FILE --dry-run --record NAME").', path.basename(data.file), data.skill ?? 'SKILL'), item, headerLine));
      } else if (item.error || !data.calls) {
        run.errored(item, messageAt(vscode.l10n.t('{0} cannot be re-recorded: it does not parse ({1}).', path.basename(data.file), typeof item.error === 'string' ? item.error : item.error?.value ?? ''), item, headerLine));
      } else {
        files.push({ item, file: data.file, hasModelCalls: !data.offline && data.calls.some((c) => c.kind === 'llm') });
      }
    }
    if (!files.length) return;
    const names = files.map((f) => vscode.workspace.asRelativePath(f.file));
    const message = (files.length === 1 ? vscode.l10n.t('Re-record 1 cassette? Its recorded calls are replaced with what today\'s code and the configured engine return.') : vscode.l10n.t('Re-record {0} cassettes? Their recorded calls are replaced with what today\'s code and the configured engine return.', files.length));
    const ok = await (this.confirm ?? askToOverwrite)(message, names.join('\n'));
    if (!ok) {
      for (const f of files) run.skipped(f.item);
      run.output(vscode.l10n.t('Nothing was re-recorded.'));
      return;
    }
    const llm = await liveEngine(this.deps.context, vscode.l10n.t('Re-recording cassettes with model calls'), !files.some((f) => f.hasModelCalls));
    if (llm === undefined) {
      for (const f of files) run.errored(f.item, messageAt(vscode.l10n.t('Not re-recorded: it has model calls and no model engine is configured; choose one in the setting interviewLens.engine.'), f.item, 1));
      return;
    }
    const session = await openReplaySession(this.deps.host, this.deps.catalog, this.deps.context.extensionPath);
    try {
      for (const f of files) {
        if (signal.aborted) {
          run.skipped(f.item);
          continue;
        }
        run.run.started(f.item);
        const data = this.items.fileData(f.item);
        const refusal = untrustedScript(session, data?.skill);
        if (refusal) {
          run.errored(f.item, messageAt(refusal, f.item, 1));
          continue;
        }
        const result = await rerecordCassette(f.file, {
          tools: session.core.tools, contextFor: session.contextFor(f.file, signal), ...(llm ? { live: llm } : {}),
          currentSkillHash: session.skillHash, rerun: session.core.rerunFlow, signal,
        });
        const name = vscode.workspace.asRelativePath(f.file);
        if (result.written) {
          // The item shows the new calls; its earlier results no longer apply.
          const item = this.items.upsert(f.file);
          run.passed(item);
          run.output((result.calls === 1 ? vscode.l10n.t('RE-RECORDED {0}: 1 call with {1} {2}', name, result.engine, result.model) : vscode.l10n.t('RE-RECORDED {0}: {1} calls with {2} {3}', name, result.calls, result.engine, result.model)), item, 1);
        } else {
          run.errored(f.item, messageAt(vscode.l10n.t('Not re-recorded, the cassette is unchanged: {0}', result.failures.join('; ')), f.item, 1));
          run.output(`NOT RE-RECORDED ${name}: ${result.failures.join('; ')}`, f.item, 1);
        }
      }
    } finally {
      session.close();
    }
  }
}

/** The modal confirmation naming the files a re-record overwrites. */
async function askToOverwrite(message: string, detail: string): Promise<boolean> {
  const label = vscode.l10n.t('Re-record');
  const choice = await vscode.window.showInformationMessage(safeMessage(message), { modal: true, detail }, label);
  return choice === label;
}

/** Creates the Replays controller; `activate()` registers what it returns. */
export function registerReplayTests(deps: ReplayTestsDeps): ReplayTests {
  return new ReplayTests(deps);
}
