/**
 * What the user is told when a model engine cannot run, and the one button that fixes it; and the
 * usage line written after a run with a model. No `vscode` import, so it is unit-testable.
 */
import { LlmError, type LlmFix } from '../../core/llm/provider';
import { SkillStepError } from '../../core/calls/callSkill';
import type { UsageTotals } from '../../core/llm/usageMeter';

/** A failure the user fixes (a key, an endpoint, a model, access): its message and fix. */
export interface EngineProblem {
  message: string;
  fix?: LlmFix;
}

/**
 * The engine problem in `err`, or undefined when `err` is something else (a bad transcript, a
 * bug). An LlmError of any kind but `cancelled` (from creating the provider, or thrown by agent
 * mode), or a failed skill step that carries a fix (a model call inside the run).
 */
export function engineProblem(err: unknown): EngineProblem | undefined {
  if (err instanceof LlmError) {
    if (err.kind === 'cancelled') return undefined;
    return { message: err.message, ...(err.details.fix ? { fix: err.details.fix } : {}) };
  }
  if (err instanceof SkillStepError && err.error.fix) return { message: err.error.message, fix: err.error.fix };
  return undefined;
}

/** True when `err` is a model call the user cancelled. */
export function isCancelledLlm(err: unknown): boolean {
  return err instanceof LlmError && err.kind === 'cancelled';
}

/** The button of a fix: a command to run (setting a key), else a setting to open; undefined without either. */
export type FixAction = { kind: 'command'; command: string } | { kind: 'setting'; setting: string };

export function fixAction(fix: LlmFix | undefined): FixAction | undefined {
  if (fix?.command && /^interviewLens\./.test(fix.command)) return { kind: 'command', command: fix.command };
  if (fix?.setting) return { kind: 'setting', setting: fix.setting };
  return undefined;
}

/** `12,345`: a count as people read it. */
function n(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/**
 * One log line of a run's model usage: calls, tokens (cache reads and writes apart), the share of
 * input read from the prompt cache, and the cost (unknown when a price is).
 */
export function usageLine(engine: string, model: string | undefined, usage: UsageTotals | undefined): string {
  const who = model ? `${engine} ${model}` : engine;
  if (!usage) return `${who}: no model calls`;
  const u = usage.usage;
  const cost = usage.costUsd === null ? 'cost unknown' : `cost $${usage.costUsd.toFixed(4)}`;
  return `${who}: ${n(usage.calls)} calls, ${n(u.inputTokens)} input tokens + ${n(u.cacheReadTokens)} read from cache + ${n(u.cacheWriteTokens)} written to cache, ${n(u.outputTokens)} output tokens, cache read share ${(usage.cacheReadShare * 100).toFixed(1)}%, ${cost}`;
}
