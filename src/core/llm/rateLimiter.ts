/**
 * A client-side limit of requests per minute, shared by every call of one provider. A server's
 * limit answered with 429s costs retries and backoff; spacing the calls ourselves keeps a run of
 * many questions under the limit from the start.
 */
import { abortableSleep, type Sleep } from './retry';
import type { LlmCallOptions, LlmProvider, LlmRequest, LlmResponse } from './provider';

/** Limiter settings; `now` and `sleep` are for tests. */
export interface RateLimitOptions {
  requestsPerMinute: number;
  /** Calls that may go at once after a quiet spell (1: evenly spaced, as servers usually enforce it). */
  burst?: number;
  now?: () => number;
  sleep?: Sleep;
}

/**
 * A token bucket: one token per call, refilled at `requestsPerMinute`. A caller that finds it
 * empty reserves the next token and waits for it, so waiting callers go in arrival order.
 */
export class RateLimiter {
  private readonly intervalMs: number;
  private readonly burst: number;
  private readonly now: () => number;
  private readonly sleep: Sleep;
  /** May go below zero: each waiting caller holds a reservation. */
  private tokens: number;
  private refilledAt: number;

  constructor(options: RateLimitOptions) {
    if (!(options.requestsPerMinute > 0)) throw new RangeError(`requestsPerMinute must be a positive number, not ${options.requestsPerMinute}`);
    this.intervalMs = 60_000 / options.requestsPerMinute;
    this.burst = Math.max(1, Math.floor(options.burst ?? 1));
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? abortableSleep;
    this.tokens = this.burst;
    this.refilledAt = this.now();
  }

  /** Resolves when the caller may send; rejects with a `cancelled` LlmError if `signal` aborts first. */
  async acquire(signal: AbortSignal): Promise<void> {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + (t - this.refilledAt) / this.intervalMs);
    this.refilledAt = t;
    this.tokens -= 1;
    if (this.tokens >= 0) return;
    try {
      await this.sleep(-this.tokens * this.intervalMs, signal);
    } catch (err) {
      // A cancelled caller gives its reservation back; those queued behind it only go sooner.
      this.tokens += 1;
      throw err;
    }
  }
}

/** `provider` with its calls spaced to at most `requestsPerMinute` (one limiter for all its calls). */
export function rateLimited(provider: LlmProvider, options: RateLimitOptions): LlmProvider {
  const limiter = new RateLimiter(options);
  return {
    engine: provider.engine,
    model: provider.model,
    async complete(request: LlmRequest, callOptions: LlmCallOptions): Promise<LlmResponse> {
      await limiter.acquire(callOptions.signal);
      return provider.complete(request, callOptions);
    },
  };
}
