/**
 * A chain run with each step's trace. runChain runs the steps (when, retry, timeout_ms, on_error,
 * output_as) as it always does; each time it runs a step's skill, the run goes through
 * traceSkillRun instead, and the traces are matched back to the steps by order (runChain runs one
 * skill at a time, and a step's report counts its attempts).
 */
import type { LoadedChain, LoadedSkill, SkillManifest } from '../manifest';
import { addUsage, ZERO_USAGE } from '../../llm/provider';
import type { RecordedLlmCall } from '../../calls/callRecorder';
import { runChain } from './runChain';
import type { LoadedRunDeps } from './runLoadedSkill';
import type { ManifestInput, ManifestRunDeps } from './runManifestSkill';
import type { ChainRunTrace, ChainStepTrace, SkillRunTrace } from './runTrace';
import { traceSkillRun } from './traceSkillRun';

/** What traceChainRun is given. */
export interface TraceChainOptions {
  chain: LoadedChain;
  /** The skills its steps may run (valid, one version per name). */
  skills: readonly LoadedSkill[];
  input: ManifestInput;
  deps: LoadedRunDeps;
  /** Called before a step's skill runs: throws to refuse it (the step then fails with that message). */
  check?: (skill: LoadedSkill) => void;
  /** Told when a step's skill starts. */
  onStep?: (skill: string) => void;
}

/** A traced chain: the trace and every model call of its steps as recorded. */
export interface TracedChainRun {
  trace: ChainRunTrace;
  exchanges: RecordedLlmCall[];
}

/** Runs a valid chain, tracing each step's skill run. */
export async function traceChainRun(o: TraceChainOptions): Promise<TracedChainRun> {
  const manifest = o.chain.manifest;
  if (!manifest) throw new Error(`chain "${o.chain.name}" is invalid: ${o.chain.problems[0]?.message ?? 'see its problems'} (validate it first)`);
  const started = performance.now();
  const byManifest = new Map(o.skills.map((s) => [s.manifest!, s]));
  // One entry per call of a step's skill, in the order runChain made them.
  const runs: Array<{ trace?: SkillRunTrace; error?: string }> = [];
  const exchanges: RecordedLlmCall[] = [];
  const runStep = async (stepManifest: SkillManifest, input: ManifestInput, stepDeps: ManifestRunDeps) => {
    const skill = byManifest.get(stepManifest)!;
    try {
      o.check?.(skill);
      o.onStep?.(skill.name);
      const traced = await traceSkillRun({
        skills: [skill], input, deps: { ...o.deps, ...stepDeps },
        route: { skill: skill.name, how: 'explicit', reason: `a step of chain ${manifest.name}`, candidates: [skill.name] },
      });
      runs.push({ trace: traced.trace });
      exchanges.push(...traced.exchanges);
      return traced.result;
    } catch (err) {
      runs.push({ error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  };
  const report = await runChain(manifest, o.input, new Map(o.skills.map((s) => [s.name, s.manifest!])), o.deps, { runSkill: runStep });
  let next = 0;
  const steps: ChainStepTrace[] = report.steps.map((r) => {
    const mine = runs.slice(next, next + r.attempts);
    next += r.attempts;
    const last = mine[mine.length - 1];
    return { report: r, ...(last?.trace ? { trace: last.trace } : {}), ...(last?.error ? { error: last.error } : {}) };
  });
  let usage = ZERO_USAGE;
  let costUsd: number | null = 0;
  for (const run of runs) {
    if (!run.trace) continue;
    usage = addUsage(usage, run.trace.usage);
    costUsd = costUsd === null || run.trace.costUsd === null ? null : costUsd + run.trace.costUsd;
  }
  const url = o.input.url;
  return {
    trace: {
      kind: 'chain', chain: manifest.name, ...(manifest.description ? { description: manifest.description } : {}),
      status: report.status, dryRun: o.deps.dryRun, now: o.deps.now().toISOString(),
      engine: o.deps.llm?.engine ?? 'offline', ...(o.deps.llm ? { model: o.deps.llm.model } : {}),
      input: { text: o.input.text, ...(o.input.source ? { source: o.input.source } : {}), kind: o.input.kind ?? (url ? 'link' : 'text'), ...(url ? { url } : {}), chars: o.input.text.length },
      steps, usage, costUsd, timings: { totalMs: Math.round((performance.now() - started) * 10) / 10 },
    },
    exchanges,
  };
}
