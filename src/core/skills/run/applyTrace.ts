/**
 * Writes what a dry run planned, exactly: a skill's planned actions in one transaction with its
 * audit row (the raw model output(s) it came from, not a re-serialised output), or a chain's steps
 * in order, each step in its own transaction as the CLI writes a chain. No model is asked again.
 * The core re-plans each action inside the transaction and refuses a plan the records no longer
 * match (StalePlanError), so what is written is what the user saw. A chain's dry run planned each
 * step against the records as the earlier steps' plans leave them (runChain), so a step still
 * holds once the steps before it are written.
 */
import { applyActions, type ApplyOutcome } from '../actions/runActions';
import type { RecordsStore } from '../../records/recordsStore';
import type { ChainRunTrace, SkillRunTrace } from './runTrace';

/** Who approved the plan: a person who read it, or automation (tests, keybindings). */
export type Reviewer = 'user' | 'automation';

/** How a plan is applied. */
export interface ApplyTraceOptions {
  reviewed: Reviewer;
  workspaceRoot?: string;
}

/** Applies a skill run's plan in one transaction; throws ActionsFailedError (nothing written) when it cannot. */
export async function applySkillTrace(trace: SkillRunTrace, store: RecordsStore, options: ApplyTraceOptions): Promise<ApplyOutcome> {
  if (trace.status !== 'dry_run') throw new Error(`only a dry run's plan can be applied; this run of ${trace.skill} is "${trace.status}"`);
  return applyActions(trace.planned, store, {
    skill: trace.skill, version: trace.version, promptHash: trace.promptHash,
    // Every reply the output was made from (each chunk's, the reduce's), as the model wrote them.
    rawOutput: JSON.stringify(trace.rawOutputs),
    validation: { ok: true, producedBy: trace.producedBy, reviewed: options.reviewed, ...(trace.replay ? { replayedFrom: trace.replay.cassette } : {}) },
    tokens: trace.usage, durationMs: Math.round(trace.timings.totalMs),
  }, options.workspaceRoot ? { workspaceRoot: options.workspaceRoot } : {});
}

/** What applying a chain's plans wrote, and where it stopped if it did. */
export interface ChainApplyOutcome {
  /** The steps written, in order, each with its run. */
  written: Array<{ index: number; skill: string; onError?: boolean; outcome: ApplyOutcome }>;
  /** The step that could not be written (nothing of it was; the steps after it were not tried). */
  failed?: { index: number; skill: string; onError?: boolean; error: unknown };
}

/** Applies each planned step of a chain's dry run in order, each in its own transaction; stops at the first that fails. */
export async function applyChainTrace(trace: ChainRunTrace, store: RecordsStore, options: ApplyTraceOptions): Promise<ChainApplyOutcome> {
  const out: ChainApplyOutcome = { written: [] };
  for (const step of trace.steps) {
    if (step.report.status !== 'dry_run' || !step.trace) continue;
    const where = { index: step.report.index, skill: step.report.skill, ...(step.report.onError ? { onError: true } : {}) };
    try {
      out.written.push({ ...where, outcome: await applySkillTrace(step.trace, store, options) });
    } catch (error) {
      out.failed = { ...where, error };
      break;
    }
  }
  return out;
}

/** Whether a trace has anything Apply would write or audit. */
export function hasPlan(trace: SkillRunTrace | ChainRunTrace): boolean {
  return trace.kind === 'skill' ? trace.status === 'dry_run' : trace.status === 'dry_run' && trace.steps.some((s) => s.report.status === 'dry_run' && !!s.trace);
}
