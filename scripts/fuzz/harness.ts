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
import { condense, messageProblem } from './checks';
import { threadCpuMs } from './cpu';
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
  /** CPU time of the worker thread during run() (Linux); "slow" and the watchdog go by it when known. */
  cpuMs?: number;
  code?: number;
  /** First line of stderr, or the reason for the outcome. */
  message?: string;
  /** Stack frames: from the output, from the worker's uncaught error, or where a hang was paused. */
  stack?: string[];
  /** The error text around the first stack frame. */
  stackText?: string;
  /** For exit 1: the error it began with and where that was thrown (the tool registry keeps only its message). */
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
  /**
   * The watchdog terminates a worker whose input has used this much CPU time ("timeout"), or
   * this much wall-clock time where the thread's CPU time cannot be read; in any case after 4x
   * this wall-clock time.
   */
  killMs: number;
  /** Old-generation heap limit of each worker. */
  memoryMb: number;
  /** Where failing inputs are saved; none when undefined. */
  failuresDir?: string;
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
  // Every knowledge file, subfolders included (the misconception list lives in one).
  for (const f of (fs.readdirSync(knowledgeDir, { recursive: true }) as string[]).sort()) {
    const file = path.join(knowledgeDir, f);
    if (fs.statSync(file).isFile()) hash.update(f).update(fs.readFileSync(file));
  }
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
  // keep the three newest builds (another run may be pruning at the same time)
  const mtime = (d: string) => { try { return fs.statSync(d).mtimeMs; } catch { return 0; } };
  const builds = fs.readdirSync(base).filter((d) => d.startsWith('build-')).map((d) => path.join(base, d)).sort((a, b) => mtime(b) - mtime(a));
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

/** An error thrown while an input ran, with where it was thrown (mapped to src/). */
export interface ThrownError {
  error: string;
  frames: string[];
}

/**
 * Talks to workers through the main thread's inspector (NodeWorker domain) to pause a hung worker
 * and read where it is. (Pausing on exceptions to find where an exit-1 error began was tried and
 * dropped: describing a stack overflow thrown inside a builtin aborts V8 with a fatal error.)
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

  close(): void {
    this.session?.disconnect();
  }
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
  private job?: Job & { id: number; timer: NodeJS.Timeout; started: number; cpuStart?: number; errText: string };
  private tid?: number;
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
      const onMessage = (m: { type: string; tid?: number }) => {
        if (m.type !== 'ready') return;
        w.off('message', onMessage);
        this.tid = m.tid;
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
      ...base, ms: r.ms, cpuMs: r.cpuMs, code: r.code, heapMb: r.heapMb, message: firstLine + extra,
      stack: r.stack.length ? condense(r.stack.map(map)) : undefined, stackText: r.stackText && map(r.stackText),
      origin: r.origin && { error: r.origin.error, frames: condense(r.origin.frames.map(map)) },
    };
    if (r.code === 1) return { ...common, outcome: 'exit1' };
    if (r.code !== 0 && r.code !== 2) return { ...common, outcome: 'exit-other' };
    const workerStack = job.errText.split('\n').filter((l) => /^\s+at .+:\d+:\d+\)?$/.test(l));
    if (r.stack.length || workerStack.length) return { ...common, outcome: 'stack', stack: r.stack.length ? common.stack : workerStack.map((s) => map(s.trim())) };
    const spent = r.cpuMs ?? r.ms;
    if (spent > limitMs) return { ...common, outcome: 'slow', message: `${(spent / 1000).toFixed(1)} s${r.cpuMs !== undefined ? ' CPU' : ''} (exit ${r.code}) ${firstLine}` };
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

  async run(c: FuzzCase, file: string): Promise<CaseResult> {
    await this.ready;
    return new Promise((resolve) => {
      const id = ++this.nextId;
      const argv = c.argv.map((a) => (a === FILE_ARG ? file : a));
      const started = performance.now();
      const timer = setTimeout(() => void this.onHang(), this.pool.options.killMs);
      const cpuStart = this.tid === undefined ? undefined : threadCpuMs(this.tid);
      this.job = { c, file, resolve, id, timer, started, cpuStart, errText: '' };
      this.worker.postMessage({ type: 'run', id, argv });
    });
  }

  private async onHang(): Promise<void> {
    const job = this.job;
    if (!job) return;
    const { killMs } = this.pool.options;
    // on a loaded machine the input may have had little CPU yet: wait until it has used killMs of it
    const now = this.tid === undefined ? undefined : threadCpuMs(this.tid);
    const cpu = now !== undefined && job.cpuStart !== undefined ? now - job.cpuStart : undefined;
    const wall = performance.now() - job.started;
    if (cpu !== undefined && cpu < killMs && wall < 4 * killMs) {
      job.timer = setTimeout(() => void this.onHang(), Math.max(250, killMs - cpu));
      return;
    }
    const w = this.worker;
    const stack = await this.pool.hangs.stackOf(w);
    if (this.job !== job) return; // it finished while we were reading the stack
    const spent = cpu !== undefined ? `${(cpu / 1000).toFixed(1)} s CPU, ${(wall / 1000).toFixed(1)} s` : `${(wall / 1000).toFixed(1)} s`;
    this.finish({ ...this.base(job), outcome: 'timeout', ms: performance.now() - job.started, cpuMs: cpu, message: `no result after ${spent}: worker terminated`, stack }, true);
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
      const r = await slot.run(c, file);
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
    case 'exit1': case 'stack': case 'crash': return `${r.outcome} ${r.origin ? r.origin.error.slice(0, 140) : error} @ ${frame ?? '?'}`;
    case 'timeout': return `timeout @ ${frame ?? '?'}`;
    case 'slow': case 'oom': return `${r.outcome} ${r.mutation.split('+')[0]}`;
    default: {
      // "ctrl-message control character U+001b: … cannot read the time range "…"": the reason and the message's wording
      const m = /^([^:]+?)(?: at \d+)?: ([\s\S]*)$/.exec(r.message ?? '');
      const why = (m?.[1] ?? '').replace(/\d+ (lines|chars)/, 'N $1').replace(/U\+[0-9a-f]+/, 'U+…');
      const text = (m?.[2] ?? r.message ?? '').replace(/^interview-lens: /, '').replace(/^\S*fuzz-\d+[^:\s]*:? /, '')
        .replace(/"[^"]*("|$)|“[^”]*”/g, '"…"').replace(/\d+/g, 'N').slice(0, 100);
      return `${r.outcome} ${why}: ${text}`;
    }
  }
}

const short = (a: string) => (a.length > 40 ? `${a.slice(0, 20)}…(${a.length} chars)` : a);
// eslint-disable-next-line no-control-regex
const printable = (s: string) => s.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The end-of-run report: outcome counts, slowest inputs, failure classes with an example each. */
export function summarize(results: readonly CaseResult[], wallMs: number, header: string): string {
  const lines = [header];
  const counts = new Map<Outcome, number>(OUTCOMES.map((o) => [o, 0]));
  for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  lines.push(`${results.length} inputs in ${(wallMs / 1000).toFixed(1)} s: ${OUTCOMES.map((o) => `${o} ${counts.get(o)}`).join(', ')}`);
  lines.push('slowest (CPU time of the worker thread, wall-clock time):');
  const spent = (r: CaseResult) => r.cpuMs ?? r.ms;
  for (const r of [...results].sort((a, b) => spent(b) - spent(a)).slice(0, 10)) {
    const cpu = r.cpuMs !== undefined ? `${(r.cpuMs / 1000).toFixed(2).padStart(6)} s CPU` : '';
    lines.push(`  ${cpu} ${(r.ms / 1000).toFixed(2).padStart(6)} s  #${r.index} ${r.mutation} <${r.source}> ${r.argv[0]} ${(r.bytes / 1024).toFixed(0)} KB -> ${r.outcome}`);
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
    lines.push(`    e.g. #${e.index} ${e.mutation} <${e.source}> ${e.argv.filter((a) => a !== FILE_ARG).map(short).join(' ')} (${e.bytes} bytes, ${(e.ms / 1000).toFixed(1)} s)`);
    if (e.message) lines.push(`    ${printable(e.message.slice(0, 240))}`);
    if (e.origin) lines.push(`    began as ${e.origin.error}`, ...e.origin.frames.slice(0, 4).map((s) => `      ${s}`));
    else if (e.stack?.length) lines.push(...e.stack.slice(0, 4).map((s) => `      ${s}`));
    if (e.saved) lines.push(`    replay: npm run fuzz -- --replay ${path.relative(process.cwd(), e.saved)}`);
  }
  return lines.join('\n');
}
