/**
 * The worker thread a skill script runs in (built to dist/skillScriptWorker.js). It evaluates the
 * compiled script as a CommonJS module of its own file, checks its `execute` (an async function of
 * (ctx, inp)), calls it and posts back what it returned with the script's SKILL_VERSION. `ctx` is
 * the spec's run contract: `A` and `SkillResult` (scriptResultApi.ts, which run here), and every
 * other capability the parent's, reached by messages: the asynchronous ones (model calls,
 * chunking, speech-to-text) as requests answered later, the synchronous ones (render, merge,
 * services) as requests the worker waits for with Atomics.wait, so a script calls them without
 * `await`. The parent can terminate the thread at any moment (a timeout, a cancel), even in a
 * loop that never yields. Besides Node's own modules this file imports only scriptResultApi.ts,
 * which imports nothing: that is the whole of what runs beside the script.
 */
import { createRequire } from 'node:module';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { actionConstructors, SkillResult } from './scriptResultApi';

/** What the parent gives the worker (see scriptedSkill.ts). */
export interface ScriptWorkerData {
  code: string;
  filename: string;
  dirname: string;
  scriptFile: string;
  input: unknown;
  manifest: unknown;
  now: { date: string; iso: string };
  settings: unknown;
  /** Which optional capabilities the parent has. */
  has: { llm: boolean; stt: boolean };
  /** Service names and the methods each offers. */
  services: Record<string, string[]>;
  /** The action primitives' names (`ctx.A` has a constructor for each). */
  actionNames: string[];
  /** Int32 flag the parent sets when a synchronous answer is waiting on `syncPort`. */
  syncFlag: SharedArrayBuffer;
  syncPort: MessagePort;
}

/** Worker → parent messages. */
export type WorkerMessage =
  | { type: 'call'; id: number; method: string; args: unknown[] }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; message: string; fields?: Record<string, unknown> }
  | { type: 'result'; result: unknown; skillVersion?: number }
  | { type: 'failed'; phase: 'load' | 'signature' | 'run' | 'return'; message: string; skillVersion?: number };

/** Parent → worker messages. */
export type ParentMessage =
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; message: string }
  | { type: 'abort' };

/** A synchronous answer on the sync port. */
export type SyncReply = { ok: true; value: unknown } | { ok: false; message: string };

function run(): void {
  const data = workerData as ScriptWorkerData;
  const port = parentPort!;
  const flag = new Int32Array(data.syncFlag);
  const post = (m: WorkerMessage) => port.postMessage(m);
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  const abort = new AbortController();

  port.on('message', (m: ParentMessage) => {
    if (m.type === 'abort') {
      abort.abort();
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(new Error(m.message));
  });

  /** An asynchronous request to the parent. */
  const call = (method: string, ...args: unknown[]): Promise<unknown> => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    post({ type: 'call', id, method, args });
  });

  /** A synchronous request: posted, then this thread waits until the parent has answered. */
  const callSync = (method: string, ...args: unknown[]): unknown => {
    Atomics.store(flag, 0, 0);
    data.syncPort.postMessage({ method, args });
    Atomics.wait(flag, 0, 0);
    const got = receiveMessageOnPort(data.syncPort);
    if (!got) throw new Error(`no answer from the runtime for ${method}`);
    const reply = got.message as SyncReply;
    if (!reply.ok) throw new Error(reply.message);
    return reply.value;
  };

  const log = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) => post({ type: 'log', level, message: String(message), ...(fields ? { fields } : {}) });
  const services = new Proxy({} as Record<string, unknown>, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      // Logged by the parent, as every use of the escape hatch is.
      const methods = callSync('services.use', key) as string[] | null;
      if (!methods) return undefined;
      return Object.fromEntries(methods.map((m) => [m, (...args: unknown[]) => callSync('services.call', key, m, args)]));
    },
  });
  // ctx.now() is the run's clock (the recorded one in a replay) as ISO 8601; now.date() / now.iso() as before.
  const now = Object.assign(() => data.now.iso, { date: () => data.now.date, iso: () => data.now.iso });
  const ctx = {
    A: actionConstructors(data.actionNames),
    SkillResult,
    manifest: data.manifest,
    // Always there, so a script written to the contract gets the runtime's "needs a model" error offline, not a TypeError.
    llm: {
      available: data.has.llm,
      completeJson: (request: unknown) => call('llm.completeJson', request),
      complete: (request: unknown) => call('llm.complete', request),
    },
    ...(data.has.stt ? { stt: { transcribe: (file: string, options?: { language?: 'auto' | 'zh' | 'en' }) => call('stt.transcribe', file, options ?? {}) } } : {}),
    chunk: (text: string, options?: unknown) => call('chunk', text, options ?? {}) as Promise<string[]>,
    render: (path: string, vars?: Record<string, unknown>) => callSync('render', path, vars) as string,
    merge: (partials: unknown[], options?: { key?: string | string[] }) => callSync('merge', partials, options ?? {}),
    now,
    settings: data.settings,
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    signal: abort.signal,
    services,
  };

  const module = { exports: {} as Record<string, unknown> };
  try {
    // Workspace code the user trusted (the parent checked), as a CommonJS module of its own file.
    // eslint-disable-next-line no-new-func
    new Function('module', 'exports', 'require', '__filename', '__dirname', data.code)(module, module.exports, createRequire(data.filename), data.filename, data.dirname);
  } catch (err) {
    post({ type: 'failed', phase: 'load', message: err instanceof Error ? err.message : String(err) });
    return;
  }
  const exported = module.exports as Record<string, unknown>;
  const execute = exported.execute ?? (exported.default as Record<string, unknown> | undefined)?.execute;
  const version = exported.SKILL_VERSION;
  const skillVersion = typeof version === 'number' && Number.isFinite(version) ? version : undefined;
  const v = skillVersion !== undefined ? { skillVersion } : {};
  // The loader checked the source; this checks the function itself (what the source could hide).
  if (typeof execute !== 'function') {
    post({ type: 'failed', phase: 'load', message: `${data.scriptFile} must export \`async function execute(ctx, inp)\``, ...v });
    return;
  }
  if (execute.constructor?.name !== 'AsyncFunction') {
    post({ type: 'failed', phase: 'signature', message: '`execute` must be async (`export async function execute(ctx, inp)`): the runtime awaits what it returns', ...v });
    return;
  }
  // A default value or a rest parameter is not counted by length: (ctx, inp = {}) has length 1.
  if (execute.length > 2 || execute.length < 1) {
    post({ type: 'failed', phase: 'signature', message: `\`execute\` takes ${execute.length} parameter${execute.length === 1 ? '' : 's'}; it must take two, (ctx, inp): the skill's context and its input`, ...v });
    return;
  }
  Promise.resolve()
    .then(() => (execute as (c: unknown, i: unknown) => unknown)(ctx, data.input))
    .then((result) => {
      let wire: unknown;
      try {
        wire = result instanceof SkillResult ? result.toWire() : result;
      } catch (err) {
        post({ type: 'failed', phase: 'run', message: err instanceof Error ? err.message : String(err), ...v });
        return;
      }
      try {
        post({ type: 'result', result: wire, ...v });
      } catch (err) {
        post({ type: 'failed', phase: 'return', message: `execute() returned something that cannot be passed back (${(err as Error).message}): return a SkillResult, whose parameters are plain data (objects, lists, text, numbers)`, ...v });
      }
    }, (err: unknown) => post({ type: 'failed', phase: 'run', message: err instanceof Error ? err.message : String(err), ...v }));
}

if (parentPort) run();
