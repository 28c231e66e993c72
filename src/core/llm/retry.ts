/**
 * How one model call survives a busy server: which failures earn another attempt (429, 500, 503,
 * 529 and a connection the server reset), how long to wait before it (the server's retry-after,
 * else exponential backoff with full jitter), and the deadline of each attempt. The providers run
 * their SDK or fetch with no retries of its own, so both engines behave alike and tests can drive
 * every wait.
 */
import { LlmError } from './provider';
import { linkAbort } from '../runtime/linkedAbort';

/** Statuses worth another attempt: rate limits and a server that says it is busy or broke for a moment. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 503, 529]);

/**
 * The server closed the connection mid-request. Another attempt usually works; when none does,
 * it is reported like any unreachable server.
 */
export class ConnectionResetError extends LlmError {
  constructor(message: string, details: LlmError['details'] = {}) {
    super('unreachable', message, details);
  }
}

/** Waits `ms`, or rejects with a `cancelled` LlmError as soon as `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** How the waits between attempts are tuned (tests make them instant and deterministic). */
export interface RetryTuning {
  /** Retries after the first attempt. */
  retries?: number;
  /** The first backoff ceiling; each retry doubles it. */
  baseMs?: number;
  /** The largest backoff ceiling. */
  maxMs?: number;
  /** The longest retry-after honoured; a server asking for more ends the call at once. */
  maxRetryAfterMs?: number;
  /** 0 ≤ x < 1, for the jitter. */
  random?: () => number;
  sleep?: Sleep;
  /** Told before each wait (log lines). */
  onRetry?: (info: { attempt: number; delayMs: number; error: LlmError }) => void;
}

/** `withRetries` options: the run's signal plus the tuning. */
export interface RetryOptions extends RetryTuning {
  signal: AbortSignal;
}

/** The value of the attempt that succeeded and how many attempts it took (1 = no retry). */
export interface RetryResult<T> {
  value: T;
  attempts: number;
}

export const DEFAULT_RETRIES = 4;
const DEFAULT_BASE_MS = 500;
const DEFAULT_MAX_MS = 20_000;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/** What every cancelled model call throws. */
export function cancelledError(): LlmError {
  return new LlmError('cancelled', 'The model call was cancelled');
}

/** The default `Sleep`: a timer the signal clears. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(cancelledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** Whether a failure earns another attempt. */
export function isRetryable(err: unknown): err is LlmError {
  if (err instanceof ConnectionResetError) return true;
  return err instanceof LlmError && err.details.status !== undefined && RETRYABLE_STATUSES.has(err.details.status);
}

/**
 * Runs `attempt` until it succeeds, fails for good, or the retries run out. Only retryable
 * failures (see `isRetryable`) are retried; any other error is thrown as it is. A server that
 * asks to wait longer than `maxRetryAfterMs` is not waited for: holding a run for minutes helps
 * nobody, and the error says when to try again.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<RetryResult<T>> {
  const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
  const baseMs = options.baseMs ?? DEFAULT_BASE_MS;
  const maxMs = options.maxMs ?? DEFAULT_MAX_MS;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? abortableSleep;
  for (let n = 1; ; n++) {
    if (options.signal.aborted) throw cancelledError();
    try {
      return { value: await attempt(n), attempts: n };
    } catch (err) {
      if (options.signal.aborted) throw cancelledError();
      if (!isRetryable(err)) throw err;
      const retryAfterMs = err.details.retryAfterMs;
      if (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) throw waitTooLong(err, retryAfterMs);
      if (n > retries) throw gaveUp(err, n);
      // Full jitter: concurrent calls that failed together do not come back together.
      const delayMs = retryAfterMs ?? random() * Math.min(maxMs, baseMs * 2 ** (n - 1));
      options.onRetry?.({ attempt: n, delayMs, error: err });
      await sleep(delayMs, options.signal);
    }
  }
}

function gaveUp(err: LlmError, attempts: number): LlmError {
  return new LlmError(err.kind, `${err.message} (gave up after ${attempts} attempts)`, err.details);
}

/** A wait as people say it: "300 ms", "45 s", "10 minutes". */
export function describeDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 90_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.ceil(ms / 60_000)} minutes`;
}

function waitTooLong(err: LlmError, retryAfterMs: number): LlmError {
  const at = new Date(Date.now() + retryAfterMs).toISOString().slice(11, 19);
  const wait = describeDuration(retryAfterMs);
  const kind = err.kind === 'overloaded' ? 'overloaded' : 'rate_limited';
  return new LlmError(kind, `${err.message}; the server asks to wait ${wait}: try again after ${at} UTC`, err.details);
}

/** Anything with a `get(name)` header lookup (fetch's Headers, the SDK's). */
export interface HeaderLookup {
  get(name: string): string | null;
}

/**
 * How long the server asks to wait, in ms: `retry-after-ms`, else `retry-after` in seconds or
 * as an HTTP date. Undefined when neither header is there or readable.
 */
export function parseRetryAfter(headers: HeaderLookup | undefined | null, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Number(ms);
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Whether an error (or one of its causes) is a connection the other side closed mid-request. */
export function isConnectionReset(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RESET_CODES.has(code)) return true;
    if (/socket hang up|other side closed|ECONNRESET/i.test(String((e as { message?: unknown }).message ?? ''))) return true;
  }
  return false;
}

/** The first system error code in an error's cause chain (ECONNREFUSED, ENOTFOUND…), for messages. */
export function errorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The deadline of one attempt: its signal aborts when the run's signal does, or after `ms`
 * without progress. Streams call `touch` on every event, so a long answer that keeps arriving is
 * not cut off, while a server that stops sending is.
 */
export class AttemptDeadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expired = false;
  // Attempts in flight share one listener on the run's signal (linkedAbort.ts), not one each.
  private readonly unlink: () => void;

  constructor(run: AbortSignal, private readonly ms: number) {
    this.unlink = linkAbort(run, this.controller);
    this.touch();
  }

  /** Aborted by the run or by the deadline. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the deadline (not the run) ended the attempt. */
  get timedOut(): boolean {
    return this.expired;
  }

  /** Progress: the attempt gets `ms` again from now. */
  touch(): void {
    if (this.controller.signal.aborted) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new Error(`no answer within ${this.ms} ms`));
    }, this.ms);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.unlink();
  }
}
