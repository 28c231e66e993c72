/**
 * A skill run with its whole trace: routed (or named), run through runLoadedSkill with every model
 * call captured as it went out and came back, and the result turned into a SkillRunTrace. The
 * calls are also kept as recorded exchanges, so the same run can be written as a cassette without
 * asking the model again. Dry-run views (VS Code's panel, Run Skill…) come through here.
 */
import type { LoadedSkill } from '../manifest';
import { addUsage, ZERO_USAGE, type LlmProvider, type LlmResponse, type LlmUsage } from '../../llm/provider';
import { recording } from '../../calls/recordingProvider';
import { isRecordedFailure, type CallRecorder, type RecordedLlmCall } from '../../calls/callRecorder';
import { routeRequest, type RouteDecision } from '../routing/routeRequest';
import { runLoadedSkill, withRedactions, type LoadedRunDeps } from './runLoadedSkill';
import { redactingReplies } from '../../llm/redactingReplies';
import type { ManifestInput, ManifestRunResult } from './runManifestSkill';
import type { RouteTrace, SkillRunTrace, TracedCall } from './runTrace';

/** What traceSkillRun is given. */
export interface TraceSkillOptions {
  /** The skills that may run (valid, one version per name). */
  skills: readonly LoadedSkill[];
  /** The skill to run; omit it to route. */
  explicit?: string;
  /** A route already decided (a chain's step): used as is, without routing. */
  route?: RouteDecision;
  input: ManifestInput;
  deps: LoadedRunDeps;
  /** Called once the skill is known, before it runs: throws to refuse it (a script in an untrusted workspace). */
  check?: (skill: LoadedSkill, route: RouteDecision) => void;
  /** Told when routing starts and when the skill starts. */
  onProgress?: (stage: 'route' | 'run', skill?: string) => void;
}

/** A traced run: the trace, the result it came from, the skill that ran and its model calls as recorded. */
export interface TracedSkillRun {
  trace: SkillRunTrace;
  result: ManifestRunResult;
  skill: LoadedSkill;
  exchanges: RecordedLlmCall[];
}

/** A CallRecorder that keeps the model calls in memory. */
function collector(into: RecordedLlmCall[]): CallRecorder {
  return { recordLlm: (call) => into.push(call), recordTool: () => undefined };
}

/** The text of a request's system blocks, joined. */
function systemText(call: RecordedLlmCall): string {
  return call.request.system.map((b) => b.text).join('\n');
}

/** The last user message's text: the prompt, or for a repair the problems sent back. */
function lastUserText(call: RecordedLlmCall): string {
  const user = [...call.request.messages].reverse().find((m) => m.role === 'user');
  return user ? user.content.map((b) => (b.type === 'text' ? b.text : b.type === 'tool_result' ? b.content : '')).join('\n') : '';
}

/** One recorded exchange as the trace shows it. */
export function tracedCall(call: RecordedLlmCall): TracedCall {
  const base = { purpose: call.request.purpose, system: systemText(call), user: lastUserText(call), durationMs: call.durationMs };
  if (isRecordedFailure(call.response)) return { ...base, raw: '', error: `${call.response.error.kind}: ${call.response.error.message}` };
  const r = call.response as LlmResponse;
  return {
    ...base, raw: r.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join(''),
    stopReason: r.stopReason, model: r.model, usage: r.usage, costUsd: r.costUsd,
  };
}

/** Tokens and cost of some traced calls (null cost when one price is unknown). */
export function callsUsage(calls: readonly TracedCall[]): { usage: LlmUsage; costUsd: number | null } {
  let usage = ZERO_USAGE;
  let costUsd: number | null = 0;
  for (const c of calls) {
    if (c.usage) usage = addUsage(usage, c.usage);
    if (c.error) continue;
    costUsd = costUsd === null || c.costUsd === null || c.costUsd === undefined ? null : costUsd + c.costUsd;
  }
  return { usage, costUsd };
}

/** Routes (unless named or decided) and runs a skill, tracing every step. Errors of the run propagate. */
export async function traceSkillRun(o: TraceSkillOptions): Promise<TracedSkillRun> {
  const started = performance.now();
  const exchanges: RecordedLlmCall[] = [];
  // Replies are redacted before the trace keeps them (its calls, a script's raw outputs).
  const guard = o.deps.llm ? redactingReplies(o.deps.llm) : undefined;
  const llm: LlmProvider | undefined = guard ? recording(guard.llm, collector(exchanges)) : undefined;
  const url = o.input.url;
  const kind = o.input.kind ?? (url ? 'link' : 'text');
  o.onProgress?.('route');
  const routeStarted = performance.now();
  const decision = o.route ?? await routeRequest({ kind, text: o.input.text, ...(url ? { url } : {}) },
    o.skills.map((s) => ({ name: s.name, description: s.manifest!.description, enabled: s.manifest!.enabled, match: s.manifest!.match })),
    { ...(o.explicit !== undefined ? { explicit: o.explicit } : {}), ...(llm ? { llm } : {}), signal: o.deps.signal });
  const route: RouteTrace = { decision, durationMs: ms(routeStarted), calls: exchanges.map(tracedCall) };
  const routeCalls = exchanges.length;
  const skill = o.skills.find((s) => s.name === decision.skill);
  if (!skill) throw new Error(`skill "${decision.skill}" is not available here (skills: ${o.skills.map((s) => s.name).join(', ') || 'none'})`);
  o.check?.(skill, decision);
  o.onProgress?.('run', skill.name);
  const runStarted = performance.now();
  const result = withRedactions(await runLoadedSkill(skill, o.input, { ...o.deps, ...(llm ? { llm } : {}) }), guard?.redacted() ?? 0);
  const runMs = ms(runStarted);
  const calls = exchanges.slice(routeCalls).map(tracedCall);
  const routeUsage = callsUsage(route.calls);
  const t = result.trace;
  const trace: SkillRunTrace = {
    kind: 'skill',
    skill: result.skill,
    version: result.version,
    ...(result.scriptVersion !== undefined ? { scriptVersion: result.scriptVersion } : {}),
    status: result.status,
    dryRun: result.dryRun,
    producedBy: result.producedBy,
    now: o.deps.now().toISOString(),
    engine: o.deps.llm?.engine ?? 'offline',
    ...(o.deps.llm ? { model: o.deps.llm.model } : {}),
    input: { text: o.input.text, ...(o.input.source ? { source: o.input.source } : {}), kind, ...(url ? { url } : {}), chars: o.input.text.length },
    route,
    scripted: !!skill.script,
    ...(t ? { chunking: t.chunking, validation: t.validation } : {}),
    steps: t?.steps ?? [],
    ...(t?.offline ? { offline: t.offline } : {}),
    calls,
    ...(result.output !== undefined ? { output: result.output } : {}),
    planned: result.planned,
    warnings: result.warnings,
    usage: addUsage(result.usage, routeUsage.usage),
    costUsd: result.costUsd === null || routeUsage.costUsd === null ? null : result.costUsd + routeUsage.costUsd,
    timings: { routeMs: route.durationMs, runMs, ...(t?.plan ? { planMs: t.plan.durationMs } : {}), totalMs: ms(started) },
    promptHash: result.promptHash,
    // A script's output has no raw reply of its own: its model calls' replies are what it was made from.
    rawOutputs: t ? t.rawOutputs : calls.filter((c) => !c.error).map((c) => c.raw).concat(calls.length ? [] : [JSON.stringify(result.output ?? null)]),
  };
  return { trace, result, skill, exchanges };
}

/** Milliseconds since `start` (a performance.now() reading), to a tenth. */
function ms(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}
