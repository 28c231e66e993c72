// Runs fuzz inputs through the CLI's run() in a pool of worker threads with a watchdog: a
// synchronous hang cannot be interrupted from its own thread, so each input runs in a worker the
// harness can pause (to read where it hangs) and terminate, and each worker has a heap limit so a
// memory blow-up ends that worker (reported as "oom") instead of the whole run.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import { SourceMap } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FILE_ARG, type FuzzCase } from './cases';
import { messageProblem } from './checks';
import type { RunReply, WorkerInit } from './worker';

export type Outcome =
  | 'ok' | 'exit2'
  | 'exit1' | 'exit-other' | 'stack' | 'timeout' | 'oom' | 'crash' | 'slow' | 'long-message' | 'ctrl-message' | 'bad-output';

export const OUTCOMES: readonly Outcome[] = ['ok', 'exit2', 'exit1', 'exit-other', 'stack', 'timeout', 'oom', 'crash', 'slow', 'long-message', 'ctrl-message', 'bad-output'];
export const isFailure = (o: Outcome): boolean => o !== 'ok' && o !== 'exit2';

export interface CaseResult {
  seed: number;
  index: number;
  mutation: string;
  source: string;
  ext: string;
  bytes: number;
  argv: string[];
  outcome: Outcome;
  /** Time of run() measured in the worker, or the watchdog's time for a hang. */
  ms: number;
  code?: number;
  /** First line of stderr, or the reason for the outcome. */
  message?: string;
  /** Stack frames: from the output, from the worker's uncaught error, or where a hang was paused. */
  stack?: string[];
  /** The error text around the first stack frame. */
  stackText?: string;
  /** For exit 1 and stack traces: the exception the error began with, found by re-running under the inspector. */
  origin?: ThrownError;
  heapMb?: number;
  /** Where the input was saved (failures only). */
  saved?: string;
}

export interface HarnessOptions {
  /** Repository root (knowledge/, scripts/fuzz/worker.ts, out/). */
  root: string;
  jobs: number;
  /** An input taking longer than this is a failure ("slow"). */
  limitMs: number;
  /** The watchdog terminates a worker whose input runs longer than this ("timeout"). */
  killMs: number;
  /** Old-generation heap limit of each worker. */
  memoryMb: number;
  /** Where failing inputs are saved; none when undefined. */
  failuresDir?: string;
  /** Re-run exit-1 and stack-trace inputs pausing on exceptions, to name where the error began (default true). */
  locate?: boolean;
  /** Called after each input (progress). */
  onResult?: (r: CaseResult, done: number) => void;
}

export const DEFAULTS = { limitMs: 5000, memoryMb: 2048 };

/** Builds (or reuses) the bundled worker and the compiled knowledge base next to it; returns the worker's path. */
export async function prepareWorker(root: string): Promise<string> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [path.join(root, 'scripts', 'fuzz', 'worker.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    mainFields: ['module', 'main'], sourcemap: 'linked', write: false, outfile: 'worker.js', logLevel: 'warning', absWorkingDir: root,
  });
  const js = out.outputFiles.find((f) => f.path.endsWith('.js'))!;
  const map = out.outputFiles.find((f) => f.path.endsWith('.js.map'))!;
  const hash = createHash('sha256').update(js.contents);
  const knowledgeDir = path.join(root, 'knowledge');
  for (const f of fs.readdirSync(knowledgeDir).sort()) hash.update(f).update(fs.readFileSync(path.join(knowledgeDir, f)));
  const base = path.join(root, 'out', 'fuzz');
  const dir = path.join(base, `build-${hash.digest('hex').slice(0, 12)}`);
  if (fs.existsSync(path.join(dir, '.complete'))) return path.join(dir, 'worker.js');
  fs.mkdirSync(base, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(base, '.tmp-'));
  fs.writeFileSync(path.join(tmp, 'worker.js'), js.contents);
  fs.writeFileSync(path.join(tmp, 'worker.js.map'), map.contents);
  fs.copyFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'), path.join(tmp, 'sql-wasm.wasm'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bundle = require(path.join(tmp, 'worker.js')) as typeof import('./worker');
  await bundle.buildAssets(knowledgeDir, tmp);
  fs.writeFileSync(path.join(tmp, '.complete'), '');
  try {
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true }); // another run built it at the same time
  }
  // keep the three newest builds
  const builds = fs.readdirSync(base).filter((d) => d.startsWith('build-')).map((d) => path.join(base, d))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const old of builds.slice(3)) if (old !== dir) fs.rmSync(old, { recursive: true, force: true });
  return path.join(dir, 'worker.js');
}

type Mapper = ((line: number, column: number) => string) & { text: (s: string) => string };

/**
 * Maps a bundle position to src/ (0-based line and column in, "src/x.ts:line" out); `text` maps
 * every "…/worker.js:L:C" of a stack trace.
 */
function mapper(workerJs: string): Mapper {
  let map: SourceMap | undefined;
  try {
    map = new SourceMap(JSON.parse(fs.readFileSync(`${workerJs}.map`, 'utf8')));
  } catch {
    map = undefined;
  }
  // esbuild wrote the sources relative to the repository root (its working directory)
  const root = path.resolve(path.dirname(workerJs), '..', '..', '..');
  const one = (line: number, column: number) => {
    const e = map?.findEntry(line, column) as { originalSource?: string; originalLine?: number } | undefined;
    if (!e?.originalSource) return `worker.js:${line + 1}:${column + 1}`;
    const src = e.originalSource.startsWith('file:') ? new URL(e.originalSource).pathname : path.resolve(root, e.originalSource);
    return `${path.relative(root, src)}:${(e.originalLine ?? 0) + 1}`;
  };
  return Object.assign(one, {
    text: (s: string) => s.replace(/(?:file:\/\/)?[^\s()]*worker\.js:(\d+):(\d+)/g, (_m, l: string, c: string) => one(Number(l) - 1, Number(c) - 1)),
  });
}

type Frame = { functionName: string; location: { scriptId: string; lineNumber: number; columnNumber: number }; url: string };
type WorkerMessage = { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string } };

/** An exception thrown (caught or not) while an input ran, with where it was thrown. */
export interface ThrownError {
  error: string;
  frames: string[];
}

/**
 * Talks to workers through the main thread's inspector (NodeWorker domain): pauses a hung worker
 * to read where it is, or pauses on every exception of a replayed input to find where an error
 * began (the tool registry keeps only the message of what a tool threw, not its stack).
 */
class WorkerInspector {
  private session?: inspector.Session;
  private sessions = new Map<number, string>();
  private waiters = new Map<number, (sessionId: string) => void>();
  private listeners = new Map<string, (msg: WorkerMessage) => void>();
  private nextId = 0;

  constructor(readonly map: Mapper) {}

  private post<T = unknown>(method: string, params?: object): Promise<T> {
    return new Promise((resolve, reject) => this.session!.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))));
  }

  private async attach(threadId: number): Promise<string> {
    if (!this.session) {
      this.session = new inspector.Session();
      this.session.connect();
      this.session.on('NodeWorker.attachedToWorker', (m: { params: { sessionId: string; workerInfo: { title: string } } }) => {
        // workerInfo.workerId is the inspector's own numbering; the title carries the thread id
        const id = Number(/\[worker (\d+)\]/.exec(m.params.workerInfo.title)?.[1]);
        this.sessions.set(id, m.params.sessionId);
        this.waiters.get(id)?.(m.params.sessionId);
      });
      this.session.on('NodeWorker.detachedFromWorker', (m: { params: { sessionId: string } }) => {
        for (const [id, s] of this.sessions) if (s === m.params.sessionId) this.sessions.delete(id);
      });
      this.session.on('NodeWorker.receivedMessageFromWorker', (m: { params: { sessionId: string; message: string } }) => {
        this.listeners.get(m.params.sessionId)?.(JSON.parse(m.params.message) as WorkerMessage);
      });
    }
    const known = this.sessions.get(threadId);
    if (known) return known;
    const attached = new Promise<string>((resolve) => this.waiters.set(threadId, resolve));
    await this.post('NodeWorker.enable', { waitForDebuggerOnStart: false });
    return attached;
  }

  /** A debugger on one worker: sends commands, hears events, knows which script is the bundle. */
  private async open(worker: Worker, onEvent: (msg: WorkerMessage, send: (method: string, params?: object) => Promise<unknown>) => void) {
    const sessionId = await this.attach(worker.threadId);
    const scripts = new Map<string, string>();
    const pending = new Map<number, (msg: WorkerMessage) => void>();
    const send = (method: string, params: object = {}) => {
      const id = ++this.nextId;
      const reply = new Promise<unknown>((resolve, reject) => pending.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result))));
      void this.post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) });
      return reply;
    };
    this.listeners.set(sessionId, (msg) => {
      if (msg.id !== undefined) {
        pending.get(msg.id)?.(msg);
        pending.delete(msg.id);
      } else if (msg.method === 'Debugger.scriptParsed') scripts.set(String(msg.params!.scriptId), String(msg.params!.url));
      else onEvent(msg, send);
    });
    const frames = (callFrames: Frame[]) => callFrames.slice(0, 16).map((f) => {
      const url = f.url || scripts.get(f.location.scriptId) || '';
      const where = url.endsWith('worker.js') ? this.map(f.location.lineNumber, f.location.columnNumber) : `${url.replace(/^.*node_modules\//, '')}:${f.location.lineNumber + 1}`;
      return `at ${f.functionName || '<anonymous>'} (${where})`;
    });
    await send('Debugger.enable');
    return { send, frames, close: () => this.listeners.delete(sessionId) };
  }

  /** The hung worker's stack, or a reason it could not be read; resumes the worker before returning. */
  async stackOf(worker: Worker, timeoutMs = 3000): Promise<string[]> {
    let resolvePaused!: (f: Frame[]) => void;
    const paused = new Promise<Frame[]>((resolve) => { resolvePaused = resolve; });
    const work = (async () => {
      const d = await this.open(worker, (msg) => {
        if (msg.method === 'Debugger.paused') resolvePaused((msg.params as { callFrames: Frame[] }).callFrames);
      });
      await d.send('Debugger.pause');
      const frames = d.frames(await paused);
      await d.send('Debugger.disable');
      d.close();
      return frames;
    })();
    const timer = new Promise<string[]>((resolve) => setTimeout(() => resolve(['(could not pause the worker to read its stack)']), timeoutMs).unref());
    return Promise.race([work.catch((err: Error) => [`(inspector: ${err.message})`]), timer]);
  }

  /** Records every exception the worker throws until the returned function is called. */
  async traceExceptions(worker: Worker): Promise<() => Promise<ThrownError[]>> {
    const seen: ThrownError[] = [];
    let frames!: (f: Frame[]) => string[];
    const d = await this.open(worker, (msg, send) => {
      if (msg.method !== 'Debugger.paused') return;
      const p = msg.params as { reason: string; data?: { className?: string; description?: string }; callFrames: Frame[] };
      // the error's own stack (captured where it was thrown) beats the pause location, which for a
      // stack overflow is the first frame that could pause (a catch and rethrow far up the stack)
      const description = p.data?.description ?? p.data?.className ?? p.reason;
      const own = condense(description.split('\n').filter((l) => /^\s+at /.test(l)).map((l) => this.map.text(l.trim())));
      if (seen.length < 50) seen.push({ error: description.split('\n')[0].slice(0, 300), frames: own.length ? own : frames(p.callFrames) });
      void send('Debugger.resume');
    });
    frames = d.frames;
    // whole stacks, so a stack overflow's trace reaches the project code that started the recursion
    await d.send('Runtime.evaluate', { expression: 'Error.stackTraceLimit = Infinity' });
    await d.send('Debugger.setPauseOnExceptions', { state: 'all' });
    return async () => {
      await d.send('Debugger.setPauseOnExceptions', { state: 'none' });
      await d.send('Runtime.evaluate', { expression: 'Error.stackTraceLimit = 10' });
      await d.send('Debugger.disable');
      d.close();
      return seen;
    };
  }

  close(): void {
    this.session?.disconnect();
  }
}

/** The first frames of a stack, then (after "…") the first frames in the project's own src/ below them. */
function condense(frames: string[]): string[] {
  if (frames.length <= 12) return frames;
  const head = frames.slice(0, 6);
  const own = frames.slice(6).filter((f) => /\bsrc\//.test(f) && !/node_modules/.test(f)).slice(0, 6);
  return [...head, `… ${frames.length - 6} more frames`, ...own];
}

interface Job {
  c: FuzzCase;
  file: string;
  resolve: (r: CaseResult) => void;
}

/** One worker and the input it is running; replaced by a fresh worker after a hang, an OOM or a crash. */
class Slot {
  private worker!: Worker;
  private ready!: Promise<void>;
  private job?: Job & { id: number; timer: NodeJS.Timeout; started: number; errText: string };
  private nextId = 0;

  constructor(private readonly pool: WorkerPool) {
    this.spawn();
  }

  private spawn(): void {
    const { workerJs, init, options } = this.pool;
    const w = new Worker(workerJs, {
      workerData: init,
      // not the parent's `-r esbuild-register`: it would recompile the bundle (moving its lines off the source map)
      execArgv: [],
      // stackSizeMb 1 matches the CLI's main thread (V8's default ~984 KB), so deep recursion overflows here as it does there
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, stackSizeMb: 1 },
      stdout: true, stderr: true,
    });
    this.worker = w;
    w.stdout.on('data', () => undefined);
    w.stderr.on('data', (d: Buffer) => { if (this.job && this.worker === w && this.job.errText.length < 4096) this.job.errText += d.toString(); });
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== 'ready') return;
        w.off('message', onMessage);
        resolve();
      };
      w.on('message', onMessage);
      w.once('error', (err) => reject(err));
    });
    this.ready.catch(() => undefined);
    w.on('message', (m: RunReply | { type: 'ready' }) => {
      if (m.type === 'result' && this.job && m.id === this.job.id && this.worker === w) this.finish(this.resultOf(this.job, m));
    });
    w.on('error', (err: Error & { code?: string }) => {
      if (this.worker !== w || !this.job) return;
      const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.finish({ ...this.base(this.job), outcome: oom ? 'oom' : 'crash', ms: performance.now() - this.job.started, message: `${err.name}: ${err.message}`.split('\n')[0], stack: (err.stack ?? '').split('\n').slice(1, 13).map((s) => this.pool.hangs.map.text(s.trim())) }, true);
    });
    w.on('exit', (code) => {
      if (this.worker !== w || !this.job) return;
      this.finish({ ...this.base(this.job), outcome: 'crash', ms: performance.now() - this.job.started, message: `worker exited with code ${code}` }, true);
    });
  }

  private base(job: Job): Omit<CaseResult, 'outcome' | 'ms'> {
    const { c } = job;
    return { seed: c.seed, index: c.index, mutation: c.mutation, source: c.source, ext: c.ext, bytes: c.bytes.length, argv: c.argv };
  }

  private resultOf(job: Job & { errText: string }, r: RunReply): CaseResult {
    const { limitMs } = this.pool.options;
    const base = this.base(job);
    const firstLine = r.stderr.split('\n')[0].slice(0, 300);
    const extra = job.errText ? ` [worker stderr: ${job.errText.split('\n')[0].slice(0, 200)}]` : '';
    const map = this.pool.hangs.map.text;
    const common = {
      ...base, ms: r.ms, code: r.code, heapMb: r.heapMb, message: firstLine + extra,
      stack: r.stack.length ? r.stack.map(map) : undefined, stackText: r.stackText && map(r.stackText),
    };
    if (r.code === 1) return { ...common, outcome: 'exit1' };
    if (r.code !== 0 && r.code !== 2) return { ...common, outcome: 'exit-other' };
    const workerStack = job.errText.split('\n').filter((l) => /^\s+at .+:\d+:\d+\)?$/.test(l));
    if (r.stack.length || workerStack.length) return { ...common, outcome: 'stack', stack: r.stack.length ? common.stack : workerStack.map((s) => map(s.trim())) };
    if (r.ms > limitMs) return { ...common, outcome: 'slow', message: `${(r.ms / 1000).toFixed(1)} s (exit ${r.code}) ${firstLine}` };
    const problem = r.stderr ? messageProblem(r.stderr, job.file, path.basename(job.file)) : undefined;
    if (problem) return { ...common, outcome: problem.outcome, message: `${problem.why}: ${r.stderr.slice(0, 300).replace(/\n/g, '\\n')}` };
    if (r.code === 0 && r.jsonError) return { ...common, outcome: 'bad-output', message: `stdout is not JSON: ${r.jsonError}` };
    return { ...common, outcome: r.code === 0 ? 'ok' : 'exit2' };
  }

  private finish(result: CaseResult, replace = false): void {
    const job = this.job!;
    clearTimeout(job.timer);
    this.job = undefined;
    if (replace) this.restart();
    job.resolve(result);
  }

  private restart(): void {
    const old = this.worker;
    this.spawn();
    void old.terminate();
  }

  async run(c: FuzzCase, file: string, trace = false): Promise<CaseResult & { thrown?: ThrownError[] }> {
    await this.ready;
    if (trace) {
      const w = this.worker;
      const stop = await this.pool.hangs.traceExceptions(w);
      const r = await this.run(c, file);
      if (this.worker !== w) return r; // it hung or crashed: the worker is gone
      return { ...r, thrown: await stop() };
    }
    return new Promise((resolve) => {
      const id = ++this.nextId;
      const argv = c.argv.map((a) => (a === FILE_ARG ? file : a));
      const started = performance.now();
      const timer = setTimeout(() => void this.onHang(), this.pool.options.killMs);
      this.job = { c, file, resolve, id, timer, started, errText: '' };
      this.worker.postMessage({ type: 'run', id, argv });
    });
  }

  private async onHang(): Promise<void> {
    const job = this.job;
    if (!job) return;
    const w = this.worker;
    const stack = await this.pool.hangs.stackOf(w);
    if (this.job !== job) return; // it finished while we were reading the stack
    this.finish({ ...this.base(job), outcome: 'timeout', ms: performance.now() - job.started, message: `no result after ${(this.pool.options.killMs / 1000).toFixed(0)} s: worker terminated`, stack }, true);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** A fixed number of workers; `run` waits for a free one. */
export class WorkerPool {
  readonly hangs: WorkerInspector;
  readonly init: WorkerInit;
  private readonly slots: Slot[] = [];
  private readonly free: Slot[] = [];
  private readonly waiting: Array<(s: Slot) => void> = [];

  constructor(readonly workerJs: string, readonly options: HarnessOptions, readonly tmp: string) {
    this.hangs = new WorkerInspector(mapper(workerJs));
    const warm = path.join(options.root, 'samples', 'backend-interview-zh.txt');
    this.init = {
      fuzzWorker: true, home: path.join(tmp, 'home'),
      warmup: fs.existsSync(warm) ? [['split', warm, '--json'], ['diagnose', warm, '--no-history', '--json']] : [],
    };
    for (let i = 0; i < options.jobs; i++) {
      const s = new Slot(this);
      this.slots.push(s);
      this.free.push(s);
    }
  }

  private acquire(): Promise<Slot> {
    const s = this.free.pop();
    return s ? Promise.resolve(s) : new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(s: Slot): void {
    const next = this.waiting.shift();
    if (next) next(s);
    else this.free.push(s);
  }

  /** Writes the input to a temporary file (keeping its extension), runs it, removes the file. */
  async run(c: FuzzCase): Promise<CaseResult> {
    const slot = await this.acquire();
    const file = path.join(this.tmp, `fuzz-${c.index}${c.ext}`);
    try {
      fs.writeFileSync(file, c.bytes);
      const r: CaseResult = await slot.run(c, file);
      if ((r.outcome === 'exit1' || r.outcome === 'stack') && this.options.locate !== false) {
        const again = await slot.run(c, file, true);
        r.origin = pickOrigin(again.thrown ?? [], r.message ?? '');
      }
      if (isFailure(r.outcome) && this.options.failuresDir) r.saved = saveFailure(this.options.failuresDir, c, r);
      return r;
    } finally {
      fs.rmSync(file, { force: true });
      this.release(slot);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.close()));
    this.hangs.close();
  }
}

/** The exception an exit-1 message came from: the first one thrown whose message it repeats. */
function pickOrigin(thrown: readonly ThrownError[], message: string): ThrownError | undefined {
  const text = (t: ThrownError) => t.error.replace(/^[\w$]*Error: /, '');
  const expected = /^(TranscriptError|UsageError|CancelledError|SkillStepError|SttError)\b/;
  return thrown.find((t) => text(t) && message.includes(text(t)) && !expected.test(t.error)) ?? thrown.find((t) => !expected.test(t.error));
}

const safe = (s: string) => s.replace(/[^\w.+-]+/g, '_').slice(0, 60);

/**
 * Saves a failing input as NAME.input.EXT and its description as NAME.fuzz.json (seed, index,
 * mutation, CLI arguments, outcome); `npm run fuzz -- --replay NAME.fuzz.json` runs it again.
 */
export function saveFailure(dir: string, c: FuzzCase, r: CaseResult): string {
  fs.mkdirSync(dir, { recursive: true });
  const name = `${c.seed}-${c.index}-${safe(c.mutation)}`;
  const input = path.join(dir, `${name}.input${c.ext}`);
  const metaFile = path.join(dir, `${name}.fuzz.json`);
  fs.writeFileSync(input, c.bytes);
  const meta = { ...r, saved: undefined, input: path.basename(input), replay: `npm run fuzz -- --replay ${path.relative(process.cwd(), metaFile)}` };
  fs.writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
  return metaFile;
}

/** Reads a saved failure back as a case: its .fuzz.json, its .input file, or any transcript (diagnosed). */
export function loadSaved(file: string): FuzzCase {
  const metaFile = file.endsWith('.fuzz.json') ? file : file.replace(/\.input(\.[^/]*)?$/, '.fuzz.json');
  if (metaFile === file && !file.endsWith('.fuzz.json') || !fs.existsSync(metaFile)) {
    const ext = path.extname(file);
    return { seed: 0, index: 0, mutation: 'replay', source: file, ext, bytes: fs.readFileSync(file), argv: ['diagnose', FILE_ARG, '--no-history', '--json'] };
  }
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as CaseResult & { input: string };
  return {
    seed: meta.seed, index: meta.index, mutation: meta.mutation, source: meta.source, ext: meta.ext,
    bytes: fs.readFileSync(path.join(path.dirname(metaFile), meta.input)), argv: meta.argv,
  };
}

/** Runs `count` cases (made on demand by `make`) through a pool; results in index order. */
export async function runCases(make: (i: number) => FuzzCase, indexes: readonly number[], options: HarnessOptions): Promise<CaseResult[]> {
  const workerJs = await prepareWorker(options.root);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'il-fuzz-'));
  const pool = new WorkerPool(workerJs, options, tmp);
  const results: CaseResult[] = [];
  let next = 0;
  let done = 0;
  try {
    const lane = async () => {
      while (next < indexes.length) {
        const i = indexes[next++];
        const r = await pool.run(make(i));
        results.push(r);
        options.onResult?.(r, ++done);
      }
    };
    await Promise.all(Array.from({ length: options.jobs }, lane));
  } finally {
    await pool.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return results.sort((a, b) => a.index - b.index);
}

/** The first stack frame in the project's own code ("src/core/x.ts:12 (fn)"), else the first frame. */
export function topFrame(stack: readonly string[] | undefined): string | undefined {
  if (!stack?.length) return undefined;
  const frames = stack.map((l) => {
    const m = /^at (?:(.+?) \()?(.+?)\)?$/.exec(l.trim());
    return m ? { fn: m[1] ?? '<anonymous>', loc: m[2] } : { fn: '', loc: l };
  });
  const own = frames.find((f) => /(^|\/)(src|scripts)\//.test(f.loc) && !/scripts\/fuzz\//.test(f.loc)) ?? frames[0];
  const loc = own.loc.replace(/^.*?((src|scripts)\/)/, '$1').replace(/:(\d+):\d+$/, ':$1');
  return `${loc} (${own.fn})`;
}

/** A failure's class: outcome + where it broke (+ the error's message with numbers and quotes blanked). */
export function failureClass(r: CaseResult): string {
  const frame = topFrame(r.origin?.frames ?? r.stack);
  const errorLine = (r.stackText ?? r.message ?? '').split('\n').find((l) => /\w*Error\b|internal error/.test(l)) ?? r.message ?? '';
  const error = errorLine.replace(/^.*?internal error: /, '').replace(/"[^"]*"|'[^']*'/g, '"…"').replace(/\d+/g, 'N').slice(0, 140);
  switch (r.outcome) {
    case 'exit1': case 'stack': case 'crash': return `${r.outcome} ${error} @ ${frame ?? '?'}`;
    case 'timeout': return `timeout @ ${frame ?? '?'}`;
    case 'slow': case 'oom': return `${r.outcome} ${r.mutation.split('+')[0]}`;
    default: {
      // "ctrl-message control character U+001b: … cannot read the time range "…"": the reason and the message's wording
      const m = /^([^:]+?)(?: at \d+)?: (.*)$/.exec(r.message ?? '');
      const why = (m?.[1] ?? '').replace(/\d+ (lines|chars)/, 'N $1');
      const text = (m?.[2] ?? r.message ?? '').replace(/^interview-lens: /, '').replace(/\S*fuzz-\d+\S*/g, 'FILE')
        .replace(/"[^"]*"|“[^”]*”/g, '"…"').replace(/\d+/g, 'N').slice(0, 100);
      return `${r.outcome} ${why}: ${text}`;
    }
  }
}

/** The end-of-run report: outcome counts, slowest inputs, failure classes with an example each. */
export function summarize(results: readonly CaseResult[], wallMs: number, header: string): string {
  const lines = [header];
  const counts = new Map<Outcome, number>(OUTCOMES.map((o) => [o, 0]));
  for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  lines.push(`${results.length} inputs in ${(wallMs / 1000).toFixed(1)} s: ${OUTCOMES.map((o) => `${o} ${counts.get(o)}`).join(', ')}`);
  lines.push('slowest:');
  for (const r of [...results].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    lines.push(`  ${(r.ms / 1000).toFixed(2).padStart(6)} s  #${r.index} ${r.mutation} <${r.source}> ${r.argv[0]} ${(r.bytes / 1024).toFixed(0)} KB -> ${r.outcome}`);
  }
  const heavy = [...results].filter((r) => r.heapMb !== undefined).sort((a, b) => b.heapMb! - a.heapMb!).slice(0, 3);
  if (heavy.length) lines.push(`largest heap after a run: ${heavy.map((r) => `${r.heapMb!.toFixed(0)} MB (#${r.index} ${r.mutation})`).join(', ')}`);
  const failures = results.filter((r) => isFailure(r.outcome));
  const classes = new Map<string, CaseResult[]>();
  for (const r of failures) classes.set(failureClass(r), [...(classes.get(failureClass(r)) ?? []), r]);
  lines.push(failures.length ? `${failures.length} failures in ${classes.size} classes:` : 'no failures');
  for (const [cls, rs] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
    const e = rs.reduce((a, b) => (b.bytes < a.bytes ? b : a)); // the smallest input of the class
    lines.push(`- [${rs.length}] ${cls}`);
    lines.push(`    e.g. #${e.index} ${e.mutation} <${e.source}> ${e.argv.filter((a) => a !== FILE_ARG).join(' ')} (${e.bytes} bytes, ${(e.ms / 1000).toFixed(1)} s)`);
    if (e.message) lines.push(`    ${e.message.slice(0, 240)}`);
    if (e.origin) lines.push(`    began as ${e.origin.error}`, ...e.origin.frames.slice(0, 4).map((s) => `      ${s}`));
    else if (e.stack?.length) lines.push(...e.stack.slice(0, 4).map((s) => `      ${s}`));
    if (e.saved) lines.push(`    replay: npm run fuzz -- --replay ${path.relative(process.cwd(), e.saved)}`);
  }
  return lines.join('\n');
}
