/**
 * The parent's side of a script's worker thread: starts it with the compiled script and what
 * `ctx` needs to know, answers its calls (scriptContextHost.ts), and stops it at the skill's
 * `timeout_ms`, on cancel, or when it returns. The worker is terminated even in a loop that never
 * yields, and its crash stays in the worker.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { CancelledError } from '../../runtime/abort';
import { nowHelper } from '../../runtime/template';
import { ACTION_NAMES } from '../actions/registry';
import type { SkillManifest } from '../manifest';
import type { Logger } from '../../runtime/logger';
import { ScriptError } from './scriptError';
import type { SkillScript } from './loadSkillScript';
import type { ScriptHost } from './scriptContextHost';
import type { ParentMessage, ScriptWorkerData, SyncReply, WorkerMessage } from './scriptWorker';

/** Default longest run of a script without `timeout_ms`. */
const DEFAULT_SCRIPT_TIMEOUT_MS = 120_000;
/** Heap a script's worker may use; past it the worker is stopped, not the host. */
const SCRIPT_HEAP_MB = 512;

/** What execute() returned, and the script's SKILL_VERSION. */
export interface WorkerOutcome {
  result: unknown;
  skillVersion?: number;
  /** The script ended on a model output that stayed invalid (host.state.invalid says which). */
  degraded?: boolean;
}

/**
 * The worker's file: the bundled dist/skillScriptWorker.js beside this code, or (running from
 * the sources, as the tests do) that build when it is current, else the TypeScript source run
 * through esbuild-register.
 */
function workerEntry(): { file: string; execArgv?: string[] } {
  const bundled = path.join(__dirname, 'skillScriptWorker.js');
  if (fs.existsSync(bundled)) return { file: bundled };
  const source = path.join(__dirname, 'scriptWorker.ts');
  const built = path.resolve(__dirname, '..', '..', '..', '..', 'dist', 'skillScriptWorker.js');
  const newest = () => Math.max(...['scriptWorker.ts', 'scriptResultApi.ts'].map((f) => fs.statSync(path.join(__dirname, f)).mtimeMs));
  if (fs.existsSync(built) && (!fs.existsSync(source) || fs.statSync(built).mtimeMs >= newest())) return { file: built };
  // Resolved from here (a test may run from another folder); never reached in a bundle.
  if (fs.existsSync(source)) return { file: source, execArgv: ['--require', createRequire(__filename).resolve('esbuild-register')] };
  throw new ScriptError(`the script runner ${bundled} is missing: reinstall Interview Lens (or run npm run build)`);
}

/** Runs execute() of `script` in a new worker and answers its ctx calls until it returns, fails or is stopped. */
export function executeInWorker(
  manifest: SkillManifest, script: SkillScript, input: unknown, host: ScriptHost,
  run: { at: Date; settings: Readonly<Record<string, unknown>>; has: { llm: boolean; stt: boolean }; signal: AbortSignal; logger: Logger; onStop: () => void },
): Promise<WorkerOutcome> {
  const name = manifest.name;
  const { calls, syncCalls } = host;
  const now = nowHelper(run.at);
  const { port1, port2 } = new MessageChannel();
  const syncFlag = new SharedArrayBuffer(4);
  const flag = new Int32Array(syncFlag);
  const data: ScriptWorkerData = {
    code: script.code, filename: script.file, dirname: script.dir, scriptFile: script.scriptFile, input, manifest,
    now: { date: String(now.date()), iso: String(now.iso()) }, settings: run.settings,
    has: run.has, services: host.services, actionNames: [...ACTION_NAMES],
    syncFlag, syncPort: port2,
  };
  const entry = workerEntry();
  const limit = manifest.timeout_ms ?? DEFAULT_SCRIPT_TIMEOUT_MS;

  return new Promise<WorkerOutcome>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(entry.file, {
        workerData: data, transferList: [port2 as unknown as MessagePort], stdout: true, stderr: true,
        // Not the host's own flags (a -r preload resolved from another folder would break the worker).
        resourceLimits: { maxOldGenerationSizeMb: SCRIPT_HEAP_MB }, execArgv: entry.execArgv ?? [],
      });
    } catch (err) {
      port1.close();
      reject(new ScriptError(`skill "${name}": its script could not be started (${(err as Error).message})`));
      return;
    }
    let settled = false;
    const finish = (outcome: { ok: true; value: WorkerOutcome } | { ok: false; error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onCancel);
      run.onStop();
      // Stopped whatever it is doing: a loop, a wait, a call still out.
      try {
        worker.postMessage({ type: 'abort' } satisfies ParentMessage);
      } catch {
        /* already gone */
      }
      void worker.terminate();
      port1.close();
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.error);
    };
    const failed = (message: string) => new ScriptError(`skill "${name}": its script failed: ${message}; nothing was written`, { needsModel: host.state.askedForModel });
    const timer = setTimeout(() => finish({ ok: false, error: new ScriptError(`skill "${name}": its script ran longer than ${limit} ms and was stopped; nothing was written`) }), limit);
    const onCancel = () => finish({ ok: false, error: new CancelledError() });
    run.signal.addEventListener('abort', onCancel, { once: true });
    if (run.signal.aborted) onCancel();

    // Whatever the script prints goes to the log, not into the CLI's output (which may be JSON).
    const relay = (level: 'info' | 'warn') => (chunk: Buffer) => run.logger[level]('script output', { skill: name, text: chunk.toString('utf8').slice(0, 2000) });
    worker.stdout.on('data', relay('info'));
    worker.stderr.on('data', relay('warn'));

    port1.on('message', (m: { method: string; args: unknown[] }) => {
      let reply: SyncReply;
      try {
        const fn = Object.prototype.hasOwnProperty.call(syncCalls, m.method) ? syncCalls[m.method] : undefined;
        if (!fn) throw new Error(`ctx has no ${m.method}`);
        reply = { ok: true, value: fn(...(m.args ?? [])) };
      } catch (err) {
        reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
      }
      try {
        port1.postMessage(reply);
      } catch (err) {
        port1.postMessage({ ok: false, message: `the answer to ${m.method} cannot be passed to the script (${(err as Error).message})` } satisfies SyncReply);
      }
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    });

    worker.on('message', (m: WorkerMessage) => {
      if (settled) return;
      if (m.type === 'log') {
        const level = ['debug', 'info', 'warn', 'error'].includes(m.level) ? m.level : 'info';
        run.logger[level](String(m.message), { ...(m.fields && typeof m.fields === 'object' ? m.fields : {}), skill: name });
      } else if (m.type === 'call') {
        const fn = Object.prototype.hasOwnProperty.call(calls, m.method) ? calls[m.method] : undefined;
        const answer = fn ? fn(...(m.args ?? [])) : Promise.reject(new Error(`ctx has no ${m.method}`));
        answer.then(
          (value) => !settled && worker.postMessage({ type: 'reply', id: m.id, ok: true, value } satisfies ParentMessage),
          (err: unknown) => !settled && worker.postMessage({ type: 'reply', id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies ParentMessage),
        ).catch(() => undefined);
      } else if (m.type === 'result') {
        finish({ ok: true, value: { result: m.result, ...(typeof m.skillVersion === 'number' ? { skillVersion: m.skillVersion } : {}) } });
      } else if (m.type === 'failed') {
        // A model output that stayed invalid, which the script let end it: the run ends degraded.
        if (m.phase === 'run' && host.state.invalid && m.message === host.state.invalid.message) {
          finish({ ok: true, value: { result: undefined, degraded: true, ...(typeof m.skillVersion === 'number' ? { skillVersion: m.skillVersion } : {}) } });
          return;
        }
        finish({ ok: false, error: m.phase === 'load'
          ? new ScriptError(`skill "${name}": ${script.scriptFile} failed while loading: ${m.message}`)
          : m.phase === 'signature' ? new ScriptError(`skill "${name}": ${script.scriptFile}: ${m.message}`) : failed(m.message) });
      }
    });
    worker.on('error', (err) => finish({ ok: false, error: failed(err.message) }));
    worker.on('exit', (code) => finish({ ok: false, error: failed(`its worker stopped (exit code ${code}) before execute() returned`) }));
  });
}
