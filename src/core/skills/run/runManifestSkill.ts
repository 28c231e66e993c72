/**
 * Runs a declarative skill: the input split into chunks when it is long, each chunk sent to the
 * model with the skill's rendered prompts and its output validated against `output_schema`
 * (repaired at most twice), the chunks' outputs merged (and reduced when the skill asks), then
 * the actions rendered and planned against the records. A dry run stops there and writes
 * nothing; otherwise every action is applied in one transaction with the run's audit row. An
 * output that stays invalid stops the run: the audit records it, and no record is written.
 */
import { createHash } from 'node:crypto';
import type { JsonSchema } from '../../runtime/schema';
import { fixedChunks, type Chunk } from '../chunking/fixedChunks';
import { topicChunks } from '../chunking/topicChunks';
import { modelTopicChunks } from '../chunking/modelTopicChunks';
import { mergeChunkOutputs } from '../chunking/mergeEntities';
import { structuredCall, schemaProblems } from '../../llm/structuredCall';
import { addUsage, ZERO_USAGE, type LlmProvider, type LlmUsage } from '../../llm/provider';
import { nowHelper, compileTemplate } from '../../runtime/template';
import { planActions, applyActions, type ApplyOutcome } from '../actions/runActions';
import type { PlannedAction } from '../actions/types';
import type { SkillRecords } from '../../records/recordsStore';
import { actionSpecs, type SkillManifest } from '../manifest';
import { ParamRenderer } from './renderParams';
import { attachmentsOf, skillInputOf, type SkillInputFields } from './skillInput';
import { throwIfAborted } from '../../runtime/abort';
import type { ChunkingTrace, ManifestRunTrace, TracedModelStep, ValidationTrace } from './runTrace';

/** What a declarative skill is given (templates read it as the spec's SkillInput: see skillInput.ts). */
export type ManifestInput = SkillInputFields;

/** What a run needs from its caller. */
export interface ManifestRunDeps {
  /** The records file, or a chain dry run's scratch copy (the earlier steps' plans written to it). */
  records: SkillRecords;
  llm?: LlmProvider;
  signal: AbortSignal;
  /** The run's clock (templates' `now`, reminders' dates). */
  now: () => Date;
  dryRun: boolean;
  workspaceRoot?: string;
  /** Ids of the records a plan creates; default random UUIDs (run_skill makes a dry run's repeatable). */
  newId?: () => string;
}

/** What a run did or would do. */
export interface ManifestRunResult {
  skill: string;
  version: number;
  /** A scripted skill's SKILL_VERSION (its run.ts's own version, beside the manifest's). */
  scriptVersion?: number;
  dryRun: boolean;
  /** The validated (merged) output the actions were rendered from; undefined when it stayed invalid. */
  output?: unknown;
  planned: PlannedAction[];
  applied?: ApplyOutcome;
  /** The audit row's id (absent for a dry run, which writes nothing). */
  runId?: string;
  status: 'ok' | 'dry_run' | 'invalid';
  warnings: string[];
  chunks: number;
  usage: LlmUsage;
  costUsd: number | null;
  promptHash: string;
  /** How the output was made: by a model, or by the skill's offline templates. */
  producedBy: 'model' | 'offline';
  /** A scripted skill's own Markdown summary of what it found (its `summary_md`). */
  summaryMd?: string;
  /** What the run did step by step (declarative runs; a script's result has none). */
  trace?: ManifestRunTrace;
  /** Secrets found in the model's replies and replaced before anything was stored (runLoadedSkill counts them). */
  redacted?: number;
}

/** A skill that cannot run as configured (no model for a model-only skill, a template error). */
export class ManifestRunError extends Error {}

/** Default chunk size when a skill asks for chunking without saying how large. */
const DEFAULT_MAX_CHARS = 4000;

/** The input's chunks as the skill's `chunking` says; topic boundaries come from the model when there is one. */
async function chunksOf(manifest: SkillManifest, text: string, llm: LlmProvider | undefined, signal: AbortSignal): Promise<{ chunks: Chunk[]; warning?: string; usage?: LlmUsage; costUsd?: number | null; byModel?: boolean }> {
  const c = manifest.chunking;
  const strategy = c?.strategy ?? 'none';
  const max = c?.max_chars ?? DEFAULT_MAX_CHARS;
  if (strategy === 'fixed') return { chunks: fixedChunks(text, { maxChars: max, overlapChars: c?.overlap_chars ?? 0 }) };
  if (strategy === 'topic') return llm ? { ...(await modelTopicChunks(text, max, llm, signal)), byModel: true } : { chunks: topicChunks(text, max) };
  return { chunks: [{ index: 0, text, start: 0, end: text.length }] };
}

/** Runs `manifest` on `input`. */
export async function runManifestSkill(manifest: SkillManifest, input: ManifestInput, outer: ManifestRunDeps): Promise<ManifestRunResult> {
  // timeout_ms bounds the run's model calls: past it they are aborted and nothing is written.
  const limit = new AbortController();
  const onOuter = () => limit.abort();
  outer.signal.addEventListener('abort', onOuter, { once: true });
  const timer = manifest.timeout_ms ? setTimeout(() => limit.abort(), manifest.timeout_ms) : undefined;
  try {
    return await runWithin(manifest, input, { ...outer, signal: limit.signal });
  } catch (err) {
    if (limit.signal.aborted && !outer.signal.aborted) throw new ManifestRunError(`skill "${manifest.name}" ran longer than its timeout_ms (${manifest.timeout_ms} ms) and was stopped; nothing was written`);
    throw err;
  } finally {
    clearTimeout(timer);
    outer.signal.removeEventListener('abort', onOuter);
  }
}

async function runWithin(manifest: SkillManifest, input: ManifestInput, deps: ManifestRunDeps): Promise<ManifestRunResult> {
  const started = Date.now();
  const at = deps.now();
  const now = nowHelper(at);
  const renderer = new ParamRenderer();
  // An input that is one JSON object (a report from `diagnose --json`) is also given parsed, as input.json.
  const base = { input: skillInputOf(input), now };
  const schema = (manifest.output_schema ?? { type: 'object' }) as JsonSchema;
  const warnings: string[] = [];
  let usage = ZERO_USAGE;
  let cost: number | null = 0;
  const prompts: string[] = [];
  // Offline, a skill with a model prompt and an offline output runs the offline output, unchunked.
  const chunkStarted = performance.now();
  const chunked: Awaited<ReturnType<typeof chunksOf>> = deps.llm && manifest.prompt ? await chunksOf(manifest, input.text, deps.llm, deps.signal) : { chunks: chunksOfflineCount(manifest, input.text) };
  const chunks = chunked.chunks;
  const chunking: ChunkingTrace = {
    strategy: manifest.chunking?.strategy ?? 'none', byModel: chunked.byModel === true,
    ...(manifest.chunking?.strategy && manifest.chunking.strategy !== 'none' ? { maxChars: manifest.chunking.max_chars ?? DEFAULT_MAX_CHARS } : {}),
    ...(manifest.chunking?.strategy === 'fixed' ? { overlapChars: manifest.chunking.overlap_chars ?? 0 } : {}),
    chunks: chunks.map((c) => ({ index: c.index, start: c.start, end: c.end, chars: c.text.length })),
    durationMs: elapsed(chunkStarted),
    ...(chunked.warning ? { warning: chunked.warning } : {}),
  };
  const steps: TracedModelStep[] = [];
  // Each model step's last reply (every chunk's, then the reduce's): the audit keeps them all.
  const raws: string[] = [];
  let offline: ManifestRunTrace['offline'];
  let planMs: number | undefined;
  const traceOf = (): ManifestRunTrace => ({
    chunking, steps, ...(offline ? { offline } : {}), validation: validationTrace(validation),
    ...(planMs !== undefined ? { plan: { durationMs: planMs } } : {}), rawOutputs: [...raws], durationMs: Date.now() - started,
  });
  if (chunked.warning) warnings.push(chunked.warning);
  if (chunked.usage) usage = addUsage(usage, chunked.usage);
  if (chunked.costUsd !== undefined) cost = cost === null || chunked.costUsd === null ? null : cost + chunked.costUsd;
  let output: unknown;
  let producedBy: ManifestRunResult['producedBy'];
  let validation: Record<string, unknown> = { ok: true };

  /** One model call for an output valid against output_schema, its usage, replies and timing traced. */
  const ask = async (purpose: string, systemText: string, userText: string, where: Pick<TracedModelStep, 'step' | 'chunk'>) => {
    const askStarted = performance.now();
    const outcome = await structuredCall(deps.llm!, {
      purpose,
      system: systemText ? [{ type: 'text', text: systemText, cache: true }] : [],
      messages: [{ role: 'user', content: [{ type: 'text', text: userText }] }],
      maxTokens: 4096,
      temperature: 0,
    }, schema, { signal: deps.signal });
    usage = addUsage(usage, outcome.usage);
    cost = cost === null || outcome.costUsd === null ? null : cost + outcome.costUsd;
    raws.push(outcome.raw);
    steps.push({
      ...where, purpose, system: systemText, user: userText, attempts: outcome.attempts, ok: outcome.ok, problems: outcome.ok ? [] : outcome.problems,
      ...(outcome.ok ? { value: outcome.value } : {}), durationMs: elapsed(askStarted),
    });
    return outcome;
  };

  if (deps.llm && manifest.prompt) {
    producedBy = 'model';
    const system = manifest.prompt.system !== undefined ? compileTemplate(manifest.prompt.system, { name: 'prompt.system' }) : undefined;
    const user = compileTemplate(manifest.prompt.user, { name: 'prompt.user' });
    const outputs: unknown[] = [];
    for (const chunk of chunks) {
      throwIfAborted(deps.signal);
      const context = { ...base, chunk: { index: chunk.index, count: chunks.length, text: chunk.text }, input: { ...base.input, text: chunk.text, full_text: input.text } };
      const systemText = system?.render(context) ?? '';
      const userText = user.render(context);
      prompts.push(systemText, userText);
      const outcome = await ask(`skill:${manifest.name}`, systemText, userText, { step: 'chunk', chunk: chunk.index });
      if (!outcome.ok) {
        validation = { ok: false, chunk: chunk.index, repairs: outcome.repairs, problems: outcome.problems };
        warnings.push(`the model's output for ${chunks.length > 1 ? `chunk ${chunk.index + 1} of ${chunks.length}` : 'the input'} was not valid against output_schema after ${outcome.repairs} repairs (${outcome.problems.slice(0, 2).join('; ')}): nothing was written`);
        return finishInvalid();
      }
      outputs.push(outcome.value);
    }
    output = mergeChunkOutputs(outputs);
    // Merging can pass a limit each part kept (maxItems): the merged output is checked again.
    const merged = chunks.length > 1 && !manifest.chunking?.reduce ? schemaProblems(schema, output) : [];
    if (merged.length) {
      validation = { ok: false, merged: true, problems: merged };
      warnings.push(`the ${chunks.length} chunks' outputs merged into one that is not valid against output_schema (${merged.slice(0, 2).join('; ')}): nothing was written; set chunking.reduce: true (one more call over the partial results), or loosen the schema`);
      return finishInvalid();
    }
    if (chunks.length > 1 && manifest.chunking?.reduce) {
      // prompt.reduce when the skill has one; else its own prompts, reading the partial results as the material.
      const own = manifest.prompt?.reduce;
      const templates = own ?? { system: manifest.prompt?.system, user: manifest.prompt?.user ?? '{{ input.text }}' };
      const where = own ? 'prompt.reduce' : 'prompt';
      const reduceUser = compileTemplate(templates.user, { name: `${where}.user` });
      const reduceSystem = templates.system !== undefined ? compileTemplate(templates.system, { name: `${where}.system` }) : undefined;
      const context = own
        ? { ...base, parts: outputs, out: output }
        : { ...base, parts: outputs, out: output, input: { ...base.input, text: JSON.stringify(outputs, null, 2), full_text: input.text } };
      const outcome = await ask(`skill:${manifest.name}:reduce`, reduceSystem?.render(context) ?? '', reduceUser.render(context), { step: 'reduce' });
      if (!outcome.ok) {
        validation = { ok: false, reduce: true, repairs: outcome.repairs, problems: outcome.problems };
        warnings.push(`the reduce step's output was not valid against output_schema after ${outcome.repairs} repairs: nothing was written`);
        return finishInvalid();
      }
      output = outcome.value;
    }
  } else if (manifest.offline) {
    producedBy = 'offline';
    const offlineStarted = performance.now();
    output = renderer.render(manifest.offline, base, 'offline');
    offline = { output, durationMs: elapsed(offlineStarted) };
    raws.push(JSON.stringify(output));
    const problems = schemaProblems(schema, output);
    if (problems.length) {
      validation = { ok: false, offline: true, problems };
      warnings.push(`the skill's offline output is not valid against its output_schema (${problems.slice(0, 2).join('; ')}): fix its \`offline\` templates`);
      return finishInvalid();
    }
  } else {
    throw new ManifestRunError(manifest.prompt
      ? `skill "${manifest.name}" needs a model: choose an engine (interviewLens.engine, or --engine) — it has no \`offline\` output`
      : `skill "${manifest.name}" has neither a prompt nor an offline output`);
  }

  // Actions: rendered with the output (`out`), aliases of earlier actions and `when:` conditions.
  try {
    return await planAndApply();
  } catch (err) {
    // A template that fails on this output, or an action the records refuse: audited, nothing written.
    if (!deps.dryRun && !(err instanceof Error && err.name === 'ActionsFailedError')) {
      await deps.records.recordRun({ skill: manifest.name, version: manifest.version, promptHash: hashOf(prompts), rawOutput: JSON.stringify(raws), validation, tokens: usage, durationMs: Date.now() - started }, 'failed', { error: err instanceof Error ? err.message : String(err) }).catch(() => undefined);
    }
    throw err;
  }

  async function planAndApply(): Promise<ManifestRunResult> {
  const specs = actionSpecs(manifest);
  const inputs = specs.map((s) => ({ primitive: s.primitive, params: s.params, ...(s.as ? { as: s.as } : {}) }));
  const specOf = new Map(inputs.map((input, i) => [input, specs[i]]));
  const planStarted = performance.now();
  // The input's files, which `attach: { attachment_id: "{{ input.attachments[0].id }}" }` names.
  const inputAttachments = attachmentsOf(input);
  const planned = planActions(inputs, deps.records, {
    ...(deps.newId ? { newId: deps.newId } : {}),
    ...(deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {}),
    ...(inputAttachments.length ? { inputAttachments } : {}),
    render: (action, aliases) => {
      const spec = specOf.get(action as (typeof inputs)[number]) ?? specs[inputs.findIndex((x) => x.params === action.params)];
      const context = { ...base, out: output, ...aliases };
      if (spec.when !== undefined && !renderer.holds(spec.when, context, `actions.${spec.primitive}.when`)) return null;
      return renderer.render(action.params, context, `actions.${spec.primitive}`) as Record<string, unknown>;
    },
  });
  planMs = elapsed(planStarted);
  const promptHash = hashOf(prompts);
  if (deps.dryRun) {
    return { skill: manifest.name, version: manifest.version, dryRun: true, output, planned, status: 'dry_run', warnings, chunks: chunks.length, usage, costUsd: cost, promptHash, producedBy, trace: traceOf() };
  }
  throwIfAborted(deps.signal);
  const applied = await applyActions(planned, deps.records, {
    skill: manifest.name, version: manifest.version, promptHash, rawOutput: JSON.stringify(raws), validation, tokens: usage, durationMs: Date.now() - started,
  }, { ...(deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {}), ...(inputAttachments.length ? { inputAttachments } : {}) });
  return { skill: manifest.name, version: manifest.version, dryRun: false, output, planned, applied, runId: applied.runId, status: 'ok', warnings, chunks: chunks.length, usage, costUsd: cost, promptHash, producedBy, trace: traceOf() };
  }

  async function finishInvalid(): Promise<ManifestRunResult> {
    const promptHash = hashOf(prompts);
    // The audit keeps the invalid output (unless this was only a dry run); no record is written.
    const runId = deps.dryRun ? undefined : await deps.records.recordRun({
      skill: manifest.name, version: manifest.version, promptHash, rawOutput: JSON.stringify(raws), validation, tokens: usage, durationMs: Date.now() - started,
    }, 'invalid');
    return {
      skill: manifest.name, version: manifest.version, dryRun: deps.dryRun, planned: [], status: 'invalid', warnings, chunks: chunks.length,
      usage, costUsd: cost, promptHash, producedBy: deps.llm ? 'model' : 'offline', ...(runId ? { runId } : {}), trace: traceOf(),
    };
  }
}

/** Milliseconds since `start` (a performance.now() reading), to a tenth. */
function elapsed(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

/** The audit's validation record as the trace shows it. */
function validationTrace(v: Record<string, unknown>): ValidationTrace {
  const stage = v.offline ? 'offline' : v.merged ? 'merged' : v.reduce ? 'reduce' : v.ok === false ? 'chunk' : undefined;
  return {
    ok: v.ok !== false, ...(stage ? { stage } : {}),
    ...(typeof v.chunk === 'number' ? { chunk: v.chunk } : {}), ...(typeof v.repairs === 'number' ? { repairs: v.repairs } : {}),
    problems: Array.isArray(v.problems) ? v.problems.map(String) : [],
  };
}

/** Without a model the chunks are only counted (the offline output reads the whole input). */
function chunksOfflineCount(manifest: SkillManifest, text: string): Chunk[] {
  const c = manifest.chunking;
  const max = c?.max_chars ?? DEFAULT_MAX_CHARS;
  if (c?.strategy === 'fixed') return fixedChunks(text, { maxChars: max, overlapChars: c?.overlap_chars ?? 0 });
  if (c?.strategy === 'topic') return topicChunks(text, max);
  return [{ index: 0, text, start: 0, end: text.length }];
}


function hashOf(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}
