/**
 * Tokens, cache hits and cost of a run's model calls, per call and in total, so the report and
 * `--json` can say what the run cost and how much of its input came from the prompt cache.
 */
import { addUsage, ZERO_USAGE, type LlmUsage } from './provider';

/** One metered call. */
export interface MeteredCall {
  purpose: string;
  engine: string;
  model: string;
  usage: LlmUsage;
  costUsd: number | null;
  durationMs: number;
  requestId?: string;
}

/** A run's totals. `costUsd` is null when any call's price was unknown. */
export interface UsageTotals {
  calls: number;
  usage: LlmUsage;
  costUsd: number | null;
  /** Share of input tokens read from the cache (0–1): cache reads over all input, cached or not. */
  cacheReadShare: number;
}

export class UsageMeter {
  readonly calls: MeteredCall[] = [];

  add(call: MeteredCall): void {
    this.calls.push(call);
  }

  totals(): UsageTotals {
    return totalsOf(this.calls);
  }
}

/** Totals of some calls (a run, or one question's calls). */
export function totalsOf(calls: readonly MeteredCall[]): UsageTotals {
  const usage = calls.reduce((u, c) => addUsage(u, c.usage), ZERO_USAGE);
  const unknown = calls.some((c) => c.costUsd === null);
  const cost = calls.reduce((s, c) => s + (c.costUsd ?? 0), 0);
  const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  return {
    calls: calls.length,
    usage,
    costUsd: unknown ? null : Math.round(cost * 1e6) / 1e6,
    cacheReadShare: input === 0 ? 0 : usage.cacheReadTokens / input,
  };
}
