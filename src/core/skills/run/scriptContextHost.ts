/**
 * The runtime's side of a script's `ctx`: what each call the worker sends does. The script never
 * touches a provider, a store or a file itself; it asks, and the answer comes from here, with
 * the same checks, repairs and recording a declarative skill gets: `llm.completeJson` is the
 * declarative runtime's structuredCall (validated, the errors sent back, retried), every model
 * call is traced for the audit (and recorded in cassettes by the provider underneath), chunking
 * is the runtime's, and `render` renders the manifest's own templates.
 */
import type { LlmProvider, LlmRequest } from '../../llm/provider';
import { addUsage, responseText, type LlmUsage } from '../../llm/provider';
import type { Logger } from '../../runtime/logger';
import { compileTemplate, nowHelper } from '../../runtime/template';
import { fixedChunks } from '../chunking/fixedChunks';
import { topicChunks } from '../chunking/topicChunks';
import { modelTopicChunks } from '../chunking/modelTopicChunks';
import { mergeChunkOutputs } from '../chunking/mergeEntities';
import { structuredCall } from '../../llm/structuredCall';
import type { SkillManifest } from '../manifest';
import type { JsonSchema } from '../../runtime/schema';
import type { SttProvider } from '../../diagnosis/speech/stt';
import { transcribeAudio } from '../../builtin/tools/transcribeAudio';
import type { SkillRecords } from '../../records/recordsStore';

/** What the runtime learns of a script's model calls: the prompts it sent and the raw replies (for the audit). */
export interface ModelTrace {
  prompts: string[];
  replies: string[];
  usage: LlmUsage;
  cost: number | null;
}

/** `llm` with every call's prompt, reply, tokens and cost kept in `trace`. */
export function traced(llm: LlmProvider, trace: ModelTrace): LlmProvider {
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

/** What the context needs from the run. */
export interface ScriptHostDeps {
  manifest: SkillManifest;
  /** The input the script is given (also `input` in its templates). */
  input: Record<string, unknown>;
  /** The run's model, traced; absent offline. */
  llm?: LlmProvider;
  records: SkillRecords;
  logger: Logger;
  settings: Readonly<Record<string, unknown>>;
  /** The run's clock (the recorded one in a replay). */
  at: Date;
  signal: AbortSignal;
  workspaceRoot?: string;
  stt?: () => SttProvider;
}

/** What the context saw while the script ran. */
export interface ScriptHostState {
  /** The script asked for a model that is not configured. */
  askedForModel: boolean;
  chunkWarnings: string[];
  /** The largest split the script asked for. */
  chunkCount: number;
  /**
   * The last completeJson whose output stayed invalid after its repairs: when the script lets that
   * error end it, the run ends degraded (status invalid), as a declarative skill's does.
   */
  invalid?: { message: string; problems: string[]; repairs: number };
}

/** The calls a script's ctx makes: asynchronous ones (answered later) and synchronous ones (the worker waits). */
export interface ScriptHost {
  calls: Record<string, (...args: any[]) => Promise<unknown>>;
  syncCalls: Record<string, (...args: any[]) => unknown>;
  state: ScriptHostState;
  /** Service names and the methods each offers (`ctx.services`). */
  services: Record<string, string[]>;
}

type Strategy = 'none' | 'fixed' | 'topic';

/** The manifest's templates by dotted path (`prompt.system`, `prompt.user`, `chunking.reduce.user`, …). */
export function templatePaths(manifest: SkillManifest): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') out.set(at, value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) walk(v, at ? `${at}.${k}` : k);
  };
  walk(manifest.prompt, 'prompt');
  if (manifest.chunking?.reduce && typeof manifest.chunking.reduce === 'object') walk(manifest.chunking.reduce, 'chunking.reduce');
  return out;
}

/** The runtime's answers to a script's ctx calls for one run. */
export function scriptHost(d: ScriptHostDeps): ScriptHost {
  const name = d.manifest.name;
  const state: ScriptHostState = { askedForModel: false, chunkWarnings: [], chunkCount: 0 };
  const counted = (chunks: Array<{ text: string }>): string[] => {
    state.chunkCount = Math.max(state.chunkCount, chunks.length);
    return chunks.map((c) => c.text);
  };
  const needsModel = () => {
    state.askedForModel = true;
    return new Error(`skill "${name}" needs a model: choose an engine (interviewLens.engine, or --engine)`);
  };
  const services: Record<string, Record<string, (...args: unknown[]) => unknown>> = {
    records: { list: (...a) => d.records.list(...(a as Parameters<typeof d.records.list>)), get: (...a) => d.records.get(...(a as Parameters<typeof d.records.get>)) },
  };
  const paths = templatePaths(d.manifest);
  const compiled = new Map<string, ReturnType<typeof compileTemplate>>();
  const base = { input: d.input, now: nowHelper(d.at) };

  const calls: ScriptHost['calls'] = {
    'llm.completeJson': async (request: { system?: unknown; user?: unknown; schema?: unknown }) => {
      if (!d.llm) throw needsModel();
      if (!request || typeof request !== 'object' || typeof request.user !== 'string') throw new Error('ctx.llm.completeJson({ system, user, schema }) needs `user` as text (e.g. ctx.render(\'prompt.user\', { chunk }))');
      if (request.system !== undefined && typeof request.system !== 'string') throw new Error('ctx.llm.completeJson: `system` must be text when given');
      const schema = (request.schema ?? d.manifest.output_schema ?? { type: 'object' }) as JsonSchema;
      if (!schema || typeof schema !== 'object') throw new Error('ctx.llm.completeJson: `schema` must be a JSON Schema object (e.g. ctx.manifest.output_schema)');
      const outcome = await structuredCall(d.llm, {
        purpose: `skill:${name}`,
        system: request.system ? [{ type: 'text', text: request.system, cache: true }] : [],
        messages: [{ role: 'user', content: [{ type: 'text', text: request.user }] }],
        maxTokens: 4096, temperature: 0,
      }, schema, { signal: d.signal });
      if (!outcome.ok) {
        const message = `the model's output was not valid against the schema after ${outcome.repairs} repairs (${outcome.problems.slice(0, 2).join('; ')})`;
        state.invalid = { message, problems: outcome.problems, repairs: outcome.repairs };
        throw new Error(message);
      }
      return { data: outcome.value };
    },
    'llm.complete': async (request: LlmRequest) => {
      if (!d.llm) throw needsModel();
      return d.llm.complete(request, { signal: d.signal });
    },
    chunk: async (text: unknown, o: { strategy?: Strategy; max_chars?: number; overlap_chars?: number } = {}) => {
      if (typeof text !== 'string') throw new Error(`ctx.chunk(text, { strategy, max_chars }) needs text; it was given ${text === undefined ? 'nothing' : typeof text} (inp.transcript or inp.text?)`);
      const strategy = o?.strategy ?? 'fixed';
      if (!['none', 'fixed', 'topic'].includes(strategy)) throw new Error(`ctx.chunk: strategy "${String(strategy)}" is not one of none, fixed, topic`);
      const max = o?.max_chars ?? 4000;
      if (!Number.isInteger(max) || max < 200) throw new Error('ctx.chunk: max_chars must be a whole number of at least 200');
      if (strategy === 'none') return counted([{ text }]);
      if (strategy === 'fixed') return counted(fixedChunks(text, { maxChars: max, overlapChars: o?.overlap_chars ?? 0 }));
      if (!d.llm) return counted(topicChunks(text, max));
      const split = await modelTopicChunks(text, max, d.llm, d.signal);
      if (split.warning) state.chunkWarnings.push(split.warning);
      return counted(split.chunks);
    },
    'stt.transcribe': async (file: string, o: { language?: 'auto' | 'zh' | 'en' }) => {
      // The transcribe_audio tool's checks: a file inside the workspace, an audio extension, a private copy.
      const r = await transcribeAudio.execute({ path: String(file), language: o?.language ?? 'auto' }, {
        requestId: `script:${name}`, caller: 'script', signal: d.signal, logger: d.logger, clock: Date.now, settings: d.settings,
        ...(d.workspaceRoot ? { workspaceRoot: d.workspaceRoot } : {}), ...(d.stt ? { stt: d.stt } : {}),
      });
      if (!r.success) throw new Error(r.error!.message);
      return r.data;
    },
  };

  const syncCalls: ScriptHost['syncCalls'] = {
    render: (at: unknown, vars: unknown) => {
      const source = typeof at === 'string' ? paths.get(at) : undefined;
      if (source === undefined) {
        const known = [...paths.keys()];
        throw new Error(`ctx.render(${JSON.stringify(at)}): the manifest has no template there; ${known.length ? `its templates are ${known.join(', ')}` : 'it has no templates (add a `prompt:` with system and user to skill.yaml)'}`);
      }
      if (vars !== undefined && (vars === null || typeof vars !== 'object' || Array.isArray(vars))) throw new Error(`ctx.render(${JSON.stringify(at)}, vars): vars must be an object`);
      let t = compiled.get(at as string);
      if (!t) compiled.set(at as string, (t = compileTemplate(source, { name: at as string })));
      return t.render({ ...base, ...(vars as Record<string, unknown> | undefined) });
    },
    merge: (partials: unknown, o: { key?: string | string[] } = {}) => {
      if (!Array.isArray(partials)) throw new Error('ctx.merge(partials, { key }) needs a list of partial results');
      // A part that gave nothing (null) adds nothing.
      const merged = mergeChunkOutputs(partials.filter((p) => p !== null && p !== undefined), o?.key !== undefined ? { key: o.key } : {});
      return merged ?? {};
    },
    'services.use': (key: string) => {
      d.logger.info('script used services', { skill: name, service: key });
      return Object.prototype.hasOwnProperty.call(services, key) ? Object.keys(services[key]) : null;
    },
    'services.call': (key: string, method: string, args: unknown[]) => {
      const service = Object.prototype.hasOwnProperty.call(services, key) ? services[key] : undefined;
      const fn = service && Object.prototype.hasOwnProperty.call(service, method) ? service[method] : undefined;
      if (!fn) throw new Error(`services.${key} has no ${method}()`);
      return fn(...(Array.isArray(args) ? args : []));
    },
  };

  return { calls, syncCalls, state, services: Object.fromEntries(Object.entries(services).map(([k, v]) => [k, Object.keys(v)])) };
}
