/**
 * Scripted skills: a script beside skill.yaml (`run.ts` or the declared `script`) exporting
 * `execute(ctx, input)`. It is workspace code, so it loads only in a trusted workspace (Workspace
 * Trust in VS Code, `--trust` on the CLI); built-in skills ship with the extension and are trusted.
 * TypeScript is turned into JavaScript with sucrase (plain JavaScript, no native binary in the
 * .vsix). The script runs in a worker thread (scriptWorker.ts) that is terminated at its
 * `timeout_ms` or on cancel, even in a loop that never yields, and whose crash stays in the worker;
 * everything `ctx` offers is the runtime's, reached by messages. The script never writes: it
 * returns actions, which the runtime plans and applies in one transaction like a declarative
 * skill's, so a script that throws, hangs or returns garbage writes nothing (a real run that fails
 * leaves only its audit row, status failed) and the error says which skill failed and why.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { transform } from 'sucrase';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../llm/provider';
import { addUsage, responseText, ZERO_USAGE, type LlmUsage } from '../../llm/provider';
import type { Logger } from '../../runtime/logger';
import { CancelledError } from '../../runtime/abort';
import { compileTemplate, nowHelper } from '../../runtime/template';
import { fixedChunks } from '../../chunking/fixedChunks';
import { topicChunks } from '../../chunking/topicChunks';
import { modelTopicChunks } from '../../chunking/modelTopicChunks';
import { mergeChunkOutputs } from '../../chunking/mergeEntities';
import { structuredCall } from '../../llm/structuredCall';
import { planActions, applyActions, ActionsFailedError } from '../../actions/runActions';
import { primitiveOf, type SkillManifest } from '../../manifest';
import type { JsonSchema } from '../../runtime/schema';
import type { SttProvider, SttResult } from '../../speech/stt';
import { transcribeAudio } from '../../tools/transcribeAudio';
import type { ManifestInput, ManifestRunDeps, ManifestRunResult } from './runManifestSkill';
import type { ParentMessage, ScriptWorkerData, SyncReply, WorkerMessage } from './scriptWorker';
import { readInsideSync } from '../../runtime/safeRead';

/** A script refused (untrusted workspace, a file outside the skill) or broken (syntax, no execute, a throw, a timeout). */
export class ScriptError extends Error {
  /** True when the script was refused because the workspace is not trusted (the fix is to trust it). */
  readonly untrusted: boolean;
  /** True when the script failed after asking for a model that is not configured (the fix is an engine). */
  readonly needsModel: boolean;

  constructor(message: string, options: { untrusted?: boolean; needsModel?: boolean } = {}) {
    super(message);
    this.name = 'ScriptError';
    this.untrusted = options.untrusted ?? false;
    this.needsModel = options.needsModel ?? false;
  }
}

/** What a script returns. Actions are `{ primitive, params, as? }` or the YAML form `{ create_note: {…}, as? }`. */
export interface ScriptResult {
  summary_md?: string;
  output?: unknown;
  actions?: Array<Record<string, unknown>>;
  warnings?: string[];
}

/**
 * What a script's `execute(ctx, input)` is given (in its worker; each call reaches the runtime by
 * a message). The synchronous ones stay synchronous.
 */
export interface ScriptContext {
  manifest: SkillManifest;
  /** The run's model: `complete(request)` as LlmProvider has it; absent offline. */
  llm?: { complete(request: LlmRequest): Promise<LlmResponse> };
  /** Speech-to-text of an audio file inside the workspace; absent where none can be configured. */
  stt?: { transcribe(file: string, options?: { language?: 'auto' | 'zh' | 'en' }): Promise<SttResult> };
  /** One model call for JSON valid against `schema` (repaired at most twice); throws when it stays invalid or there is no model. */
  askJson(prompt: { system?: string; user: string }, schema: JsonSchema): Promise<unknown>;
  render(template: string, context: Record<string, unknown>): string;
  chunk(text: string, options: { strategy: 'fixed' | 'topic'; max_chars: number; overlap_chars?: number }): Array<{ index: number; text: string }>;
  /** Topic chunks whose boundaries the model proposes (offline: headings and paragraphs, as chunk() does). */
  topicChunks(text: string, options: { max_chars: number }): Promise<Array<{ index: number; text: string }>>;
  merge(outputs: unknown[]): unknown;
  now: { date(): string; iso(): string };
  settings: Readonly<Record<string, unknown>>;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
  /** Aborted just before the runtime stops the script (its timeout, a cancel). */
  signal: AbortSignal;
  /** Anything else the runtime offers (`records.list`, `records.get`); every use is logged. */
  services: Readonly<Record<string, unknown>>;
}

/** A script ready to run: checked (trust, inside the skill) and compiled. */
export interface SkillScript {
  skill: string;
  /** The script's real path. */
  file: string;
  dir: string;
  /** Its name as skill.yaml gives it. */
  scriptFile: string;
  /** The compiled CommonJS code. */
  code: string;
}

/** Default longest run of a script without `timeout_ms`. */
const DEFAULT_SCRIPT_TIMEOUT_MS = 120_000;
/** Heap a script's worker may use; past it the worker is stopped, not the host. */
const SCRIPT_HEAP_MB = 512;

/** Loads and compiles the script of a skill folder; refused unless `trusted` (nothing of it is read then). */
export function loadSkillScript(skillDir: string, scriptFile: string, options: { trusted: boolean; skill: string }): SkillScript {
  if (!options.trusted) {
    throw new ScriptError(`skill "${options.skill}" runs a script (${scriptFile}), and scripts run only in a trusted workspace: trust the workspace (Workspaces: Manage Workspace Trust) in VS Code, or pass --trust on the CLI`, { untrusted: true });
  }
  const dir = fs.realpathSync(skillDir);
  const file = path.join(dir, scriptFile);
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    throw new ScriptError(`skill "${options.skill}": its script ${scriptFile} does not exist beside skill.yaml`);
  }
  if (path.dirname(real) !== dir) throw new ScriptError(`skill "${options.skill}": its script must be a file in the skill's own folder, not a link elsewhere`);
  let source: string;
  try {
    source = readInsideSync(dir, real, { shown: scriptFile });
  } catch (err) {
    throw new ScriptError(`skill "${options.skill}": ${(err as Error).message}`);
  }
  let code: string;
  try {
    code = transform(source, { transforms: real.endsWith('.ts') ? ['typescript', 'imports'] : ['imports'], filePath: real }).code;
  } catch (err) {
    throw new ScriptError(`skill "${options.skill}": ${scriptFile} does not compile: ${(err as Error).message}`);
  }
  return { skill: options.skill, file: real, dir, scriptFile, code };
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
  if (fs.existsSync(built) && (!fs.existsSync(source) || fs.statSync(built).mtimeMs >= fs.statSync(source).mtimeMs)) return { file: built };
  // Resolved from here (a test may run from another folder); never reached in a bundle.
  if (fs.existsSync(source)) return { file: source, execArgv: ['--require', createRequire(__filename).resolve('esbuild-register')] };
  throw new ScriptError(`the script runner ${bundled} is missing: reinstall Interview Lens (or run npm run build)`);
}

/** `{{ name.id }}` or `{{ name.ref }}`, exactly: the only template a script's parameter may be. */
function aliasPlaceholder(value: string): { name: string; field: 'id' | 'ref' } | undefined {
  const t = value.trim();
  if (!t.startsWith('{{') || !t.endsWith('}}')) return undefined;
  const inner = t.slice(2, -2).trim();
  const dot = inner.indexOf('.');
  const name = inner.slice(0, dot);
  const field = inner.slice(dot + 1);
  if (dot <= 0 || (field !== 'id' && field !== 'ref')) return undefined;
  for (const ch of name) if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === '_')) return undefined;
  return { name, field };
}

/** Parameters with alias placeholders replaced by the planned ids; everything else as given. */
function resolveAliases(value: unknown, aliases: Readonly<Record<string, { id: string; ref: string }>>): unknown {
  if (typeof value === 'string') {
    const p = aliasPlaceholder(value);
    if (!p) return value;
    const alias = Object.prototype.hasOwnProperty.call(aliases, p.name) ? aliases[p.name] : undefined;
    if (!alias) throw new ScriptError(`"${value}" names no earlier action's alias (as: ${p.name})`);
    return alias[p.field];
  }
  if (Array.isArray(value)) return value.map((v) => resolveAliases(v, aliases));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== '__proto__' && k !== 'constructor' && k !== 'prototype') out[k] = resolveAliases(v, aliases);
    return out;
  }
  return value;
}

/** Actions a script returned, in the runtime's form; a malformed one is an error naming it. */
function normalizeActions(skill: string, actions: unknown): Array<{ primitive: string; params: Record<string, unknown>; as?: string }> {
  if (actions === undefined) return [];
  if (!Array.isArray(actions)) throw new ScriptError(`skill "${skill}": execute() returned "actions" that is not a list`);
  return actions.map((a, i) => {
    if (!a || typeof a !== 'object') throw new ScriptError(`skill "${skill}": action ${i + 1} is not an object`);
    const o = a as Record<string, unknown>;
    const as = typeof o.as === 'string' ? o.as : undefined;
    // A script decides in code whether to return an action: `when` is a manifest's tool, not a script's.
    if (o.when !== undefined) throw new ScriptError(`skill "${skill}": action ${i + 1} has "when"; a script returns only the actions it wants`);
    if (typeof o.primitive === 'string') return { primitive: o.primitive, params: (o.params ?? {}) as Record<string, unknown>, ...(as ? { as } : {}) };
    const primitive = primitiveOf(o);
    if (!primitive) throw new ScriptError(`skill "${skill}": action ${i + 1} names no action primitive (give "primitive" and "params", or one primitive key)`);
    return { primitive, params: (o[primitive] ?? {}) as Record<string, unknown>, ...(as ? { as } : {}) };
  });
}

/** What the runtime learns of a script's model calls: the prompts it sent and the raw replies (for the audit). */
interface ModelTrace {
  prompts: string[];
  replies: string[];
  usage: LlmUsage;
  cost: number | null;
}

/** `llm` with every call's prompt, reply, tokens and cost kept in `trace`. */
function traced(llm: LlmProvider, trace: ModelTrace): LlmProvider {
  return {
    engine: llm.engine,
    model: llm.model,
    async complete(request, options) {
      trace.prompts.push(...request.system.map((b) => b.text));
      for (const m of request.messages) for (const b of m.content) if (b.type === 'text') trace.prompts.push(b.text);
      const response = await llm.complete(request, options);
      trace.replies.push(responseText(response));
      trace.usage = addUsage(trace.usage, response.usage);
      trace.cost = trace.cost === null || response.costUsd === null ? null : trace.cost + response.costUsd;
      return response;
    },
  };
}

/** What a script's run needs beyond a declarative skill's. */
export type ScriptRunDeps = ManifestRunDeps & { logger: Logger; settings?: Readonly<Record<string, unknown>>; stt?: () => SttProvider };

/**
 * Runs a scripted skill: execute() in its own worker, bounded by `timeout_ms` and the caller's
 * signal (either terminates the worker), then its actions planned and (unless a dry run) applied.
 * A real run that fails writes its audit row (status failed) and nothing else.
 */
export async function runScriptedSkill(manifest: SkillManifest, script: SkillScript, input: ManifestInput & { path?: string }, deps: ScriptRunDeps): Promise<ManifestRunResult> {
  const started = Date.now();
  const trace: ModelTrace = { prompts: [], replies: [], usage: ZERO_USAGE, cost: 0 };
  const audit = (status: 'failed', error: string, output?: unknown) => deps.records.recordRun({
    skill: manifest.name, version: manifest.version, promptHash: hashOf(trace.prompts), rawOutput: rawOf(output, trace.replies),
    validation: { ok: false, scripted: true }, tokens: trace.usage, durationMs: Date.now() - started,
  }, status, { error }).catch(() => undefined);
  let result: ScriptResult;
  let chunkWarnings: string[];
  let chunkCount: number;
  try {
    ({ result, chunkWarnings, chunkCount } = await executeInWorker(manifest, script, input, deps, trace));
  } catch (err) {
    // A cancel is the user's, not the script's failure: nothing is written, not even the audit.
    if (!deps.dryRun && !(err instanceof CancelledError) && !deps.signal.aborted) await audit('failed', (err as Error).message);
    throw err;
  }
  const promptHash = hashOf(trace.prompts);
  try {
    if (!result || typeof result !== 'object') throw new ScriptError(`skill "${manifest.name}": execute() must return an object ({ actions, summary_md, output, warnings })`);
    const actions = normalizeActions(manifest.name, result.actions);
    // A script's parameters are data (they often carry the model's words): nothing in them is a
    // template, except a value that is exactly an alias placeholder, `{{ name.id }}` / `{{ name.ref }}`.
    const planned = planActions(actions, deps.records, {
      ...(deps.newId ? { newId: deps.newId } : {}),
      ...(deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {}),
      render: (action, aliases) => resolveAliases(action.params, aliases) as Record<string, unknown>,
    });
    const warnings = [...chunkWarnings, ...(Array.isArray(result.warnings) ? result.warnings.map(String) : [])];
    const common = {
      skill: manifest.name, version: manifest.version, output: result.output, planned, warnings, chunks: chunkCount, usage: trace.usage, costUsd: trace.cost, promptHash,
      producedBy: deps.llm ? 'model' as const : 'offline' as const,
      ...(typeof result.summary_md === 'string' && result.summary_md.trim() ? { summaryMd: result.summary_md } : {}),
    };
    if (deps.dryRun) return { ...common, dryRun: true, status: 'dry_run' };
    const applied = await applyActions(planned, deps.records, {
      skill: manifest.name, version: manifest.version, promptHash, rawOutput: rawOf(result.output, trace.replies), validation: { ok: true, scripted: true }, tokens: trace.usage, durationMs: Date.now() - started,
    }, deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {});
    return { ...common, dryRun: false, status: 'ok', applied, runId: applied.runId };
  } catch (err) {
    // applyActions audits its own failure; anything before it is audited here.
    if (!deps.dryRun && !(err instanceof ActionsFailedError)) await audit('failed', (err as Error).message, result?.output);
    throw err;
  }
}

/** What the script returned, with what its chunking said. */
interface Executed {
  result: ScriptResult;
  chunkWarnings: string[];
  chunkCount: number;
}

/** Runs execute() of `script` in a new worker and answers its ctx calls until it returns, fails or is stopped. */
function executeInWorker(manifest: SkillManifest, script: SkillScript, input: ManifestInput & { path?: string }, deps: ScriptRunDeps, trace: ModelTrace): Promise<Executed> {
  const name = manifest.name;
  const controller = new AbortController();
  const llm = deps.llm ? traced(deps.llm, trace) : undefined;
  const chunkWarnings: string[] = [];
  // How many chunks the script split its input into (the largest split it asked for).
  let chunkCount = 0;
  const counted = <T>(chunks: T[]): T[] => {
    chunkCount = Math.max(chunkCount, chunks.length);
    return chunks;
  };
  let askedForModel = false;
  const services: Record<string, Record<string, (...args: unknown[]) => unknown>> = {
    records: { list: (...a) => deps.records.list(...(a as Parameters<typeof deps.records.list>)), get: (...a) => deps.records.get(...(a as Parameters<typeof deps.records.get>)) },
  };

  /** The asynchronous capabilities. */
  const calls: Record<string, (...args: any[]) => Promise<unknown>> = {
    askJson: async (prompt: { system?: string; user: string }, schema: JsonSchema) => {
      if (!llm) {
        askedForModel = true;
        throw new Error(`skill "${name}" needs a model: choose an engine (interviewLens.engine, or --engine)`);
      }
      if (!prompt || typeof prompt.user !== 'string') throw new Error('askJson(prompt, schema) needs prompt.user as text');
      const outcome = await structuredCall(llm, {
        purpose: `skill:${name}`,
        system: prompt.system ? [{ type: 'text', text: prompt.system, cache: true }] : [],
        messages: [{ role: 'user', content: [{ type: 'text', text: prompt.user }] }],
        maxTokens: 4096, temperature: 0,
      }, schema, { signal: controller.signal });
      if (!outcome.ok) throw new Error(`the model's output was not valid after ${outcome.repairs} repairs (${outcome.problems.slice(0, 2).join('; ')})`);
      return outcome.value;
    },
    'llm.complete': async (request: LlmRequest) => {
      if (!llm) {
        askedForModel = true;
        throw new Error(`skill "${name}" needs a model: choose an engine (interviewLens.engine, or --engine)`);
      }
      return llm.complete(request, { signal: controller.signal });
    },
    topicChunks: async (text: string, o: { max_chars: number }) => {
      if (!llm) return counted(topicChunks(text, o.max_chars).map((c) => ({ index: c.index, text: c.text })));
      const split = await modelTopicChunks(text, o.max_chars, llm, controller.signal);
      if (split.warning) chunkWarnings.push(split.warning);
      return counted(split.chunks.map((c) => ({ index: c.index, text: c.text })));
    },
    'stt.transcribe': async (file: string, o: { language?: 'auto' | 'zh' | 'en' }) => {
      // The transcribe_audio tool's checks: a file inside the workspace, an audio extension, a private copy.
      const r = await transcribeAudio.execute({ path: String(file), language: o?.language ?? 'auto' }, {
        requestId: `script:${name}`, caller: 'script', signal: controller.signal, logger: deps.logger, clock: Date.now, settings: deps.settings ?? {},
        ...(deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {}), ...(deps.stt ? { stt: deps.stt } : {}),
      });
      if (!r.success) throw new Error(r.error!.message);
      return r.data;
    },
  };

  /** The synchronous capabilities (the worker waits for them). */
  const syncCalls: Record<string, (...args: any[]) => unknown> = {
    render: (template: string, context: Record<string, unknown>) => compileTemplate(String(template), { name: `${name} script` }).render(context ?? {}),
    chunk: (text: string, o: { strategy: 'fixed' | 'topic'; max_chars: number; overlap_chars?: number }) => counted((o.strategy === 'topic' ? topicChunks(text, o.max_chars) : fixedChunks(text, { maxChars: o.max_chars, overlapChars: o.overlap_chars ?? 0 })).map((c) => ({ index: c.index, text: c.text }))),
    merge: (outputs: unknown[]) => mergeChunkOutputs(outputs),
    'services.use': (key: string) => {
      deps.logger.info('script used services', { skill: name, service: key });
      return Object.prototype.hasOwnProperty.call(services, key) ? Object.keys(services[key]) : null;
    },
    'services.call': (key: string, method: string, args: unknown[]) => {
      const service = Object.prototype.hasOwnProperty.call(services, key) ? services[key] : undefined;
      const fn = service && Object.prototype.hasOwnProperty.call(service, method) ? service[method] : undefined;
      if (!fn) throw new Error(`services.${key} has no ${method}()`);
      return fn(...(Array.isArray(args) ? args : []));
    },
  };

  const now = nowHelper(deps.now());
  const { port1, port2 } = new MessageChannel();
  const syncFlag = new SharedArrayBuffer(4);
  const flag = new Int32Array(syncFlag);
  const data: ScriptWorkerData = {
    code: script.code, filename: script.file, dirname: script.dir, scriptFile: script.scriptFile, input, manifest,
    now: { date: String(now.date()), iso: String(now.iso()) }, settings: deps.settings ?? {},
    has: { llm: !!llm, stt: !!deps.stt }, services: Object.fromEntries(Object.entries(services).map(([k, v]) => [k, Object.keys(v)])),
    syncFlag, syncPort: port2,
  };
  const entry = workerEntry();
  const limit = manifest.timeout_ms ?? DEFAULT_SCRIPT_TIMEOUT_MS;

  return new Promise<Executed>((resolve, reject) => {
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
    const finish = (outcome: { ok: true; value: Executed } | { ok: false; error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      deps.signal.removeEventListener('abort', onCancel);
      controller.abort();
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
    const failed = (message: string) => new ScriptError(`skill "${name}": its script failed: ${message}; nothing was written`, { needsModel: askedForModel });
    const timer = setTimeout(() => finish({ ok: false, error: new ScriptError(`skill "${name}": its script ran longer than ${limit} ms and was stopped; nothing was written`) }), limit);
    const onCancel = () => finish({ ok: false, error: new CancelledError() });
    deps.signal.addEventListener('abort', onCancel, { once: true });
    if (deps.signal.aborted) onCancel();

    // Whatever the script prints goes to the log, not into the CLI's output (which may be JSON).
    const relay = (level: 'info' | 'warn') => (chunk: Buffer) => deps.logger[level]('script output', { skill: name, text: chunk.toString('utf8').slice(0, 2000) });
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
        deps.logger[level](String(m.message), { ...(m.fields && typeof m.fields === 'object' ? m.fields : {}), skill: name });
      } else if (m.type === 'call') {
        const fn = Object.prototype.hasOwnProperty.call(calls, m.method) ? calls[m.method] : undefined;
        const answer = fn ? fn(...(m.args ?? [])) : Promise.reject(new Error(`ctx has no ${m.method}`));
        answer.then(
          (value) => !settled && worker.postMessage({ type: 'reply', id: m.id, ok: true, value } satisfies ParentMessage),
          (err: unknown) => !settled && worker.postMessage({ type: 'reply', id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies ParentMessage),
        ).catch(() => undefined);
      } else if (m.type === 'result') {
        finish({ ok: true, value: { result: m.result as ScriptResult, chunkWarnings, chunkCount } });
      } else if (m.type === 'failed') {
        finish({ ok: false, error: m.phase === 'load'
          ? new ScriptError(`skill "${name}": ${script.scriptFile} failed while loading: ${m.message}`)
          : failed(m.message) });
      }
    });
    worker.on('error', (err) => finish({ ok: false, error: failed(err.message) }));
    worker.on('exit', (code) => finish({ ok: false, error: failed(`its worker stopped (exit code ${code}) before execute() returned`) }));
  });
}

/** sha256 of a run's prompts, as the declarative runtime hashes its own. */
function hashOf(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/** The audit's raw output of a script: its output and every model reply it got. */
function rawOf(output: unknown, replies: readonly string[]): string {
  return JSON.stringify({ output: output ?? null, model_outputs: replies });
}
