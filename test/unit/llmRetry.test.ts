import { strict as assert } from 'node:assert';
import { LlmError, type LlmProvider, type LlmRequest, type LlmResponse } from '../../src/core/llm/provider';
import { RateLimiter, rateLimited } from '../../src/core/llm/rateLimiter';
import { AttemptDeadline, ConnectionResetError, abortableSleep, parseRetryAfter, withRetries, type Sleep } from '../../src/core/llm/retry';
import { recordingSleep } from '../support/recordingSleep';


const status = (s: number, retryAfterMs?: number) =>
  new LlmError(s === 429 ? 'rate_limited' : s >= 500 ? 'overloaded' : 'bad_request', `status ${s}`, { status: s, retryAfterMs });

/** An attempt function that throws the given errors in turn, then returns 'ok'. */
function failing(...errors: Error[]) {
  let n = 0;
  return async () => {
    const e = errors[n++];
    if (e) throw e;
    return 'ok';
  };
}

describe('llm retries', () => {
  const signal = new AbortController().signal;

  it('retries 429, 500, 503, 529 and a reset connection, with full-jitter exponential backoff', async () => {
    const { sleep, waits } = recordingSleep();
    const r = await withRetries(failing(status(429), status(500), status(503), status(529), new ConnectionResetError('reset')), {
      signal, sleep, retries: 5, baseMs: 100, maxMs: 1000, random: () => 0.5,
    });
    assert.deepEqual(r, { value: 'ok', attempts: 6 });
    // Half (the jitter) of 100, 200, 400, 800, then the 1000 cap.
    assert.deepEqual(waits, [50, 100, 200, 400, 500]);
  });

  it('jitter spans zero to the ceiling', async () => {
    const { sleep, waits } = recordingSleep();
    await withRetries(failing(status(503), status(503)), { signal, sleep, baseMs: 100, random: () => 0 });
    await withRetries(failing(status(503), status(503)), { signal, sleep, baseMs: 100, random: () => 0.999 });
    assert.deepEqual(waits.map(Math.round), [0, 0, 100, 200]);
  });

  it('does not retry other failures', async () => {
    const { sleep, waits } = recordingSleep();
    for (const err of [status(400), status(404), status(502), new LlmError('auth', 'no'), new LlmError('unreachable', 'refused'), new Error('bug')]) {
      let calls = 0;
      await assert.rejects(withRetries(async () => { calls++; throw err; }, { signal, sleep }), (e) => e === err);
      assert.equal(calls, 1);
    }
    assert.deepEqual(waits, []);
  });

  it('waits what retry-after asks instead of the backoff', async () => {
    const { sleep, waits } = recordingSleep();
    const r = await withRetries(failing(status(429, 2000), status(529, 0)), { signal, sleep, random: () => 0.5 });
    assert.equal(r.attempts, 3);
    assert.deepEqual(waits, [2000, 0]);
  });

  it('gives up at once, saying when to retry, when retry-after is over the cap', async () => {
    const { sleep, waits } = recordingSleep();
    let calls = 0;
    await assert.rejects(withRetries(async () => { calls++; throw status(429, 5 * 60_000); }, { signal, sleep }), (e: LlmError) => {
      assert.equal(e.kind, 'rate_limited');
      assert.match(e.message, /wait 5 minutes: try again after \d\d:\d\d:\d\d UTC/);
      assert.equal(e.details.retryAfterMs, 300_000);
      return true;
    });
    assert.equal(calls, 1);
    assert.deepEqual(waits, []);
  });

  it('gives up after the retries, keeping the kind and saying how many attempts it took', async () => {
    const { sleep } = recordingSleep();
    await assert.rejects(withRetries(async () => { throw status(529); }, { signal, sleep, retries: 2 }), (e: LlmError) =>
      e.kind === 'overloaded' && /gave up after 3 attempts/.test(e.message) && e.details.status === 529);
    await assert.rejects(withRetries(async () => { throw new ConnectionResetError('closed'); }, { signal, sleep, retries: 1 }), (e: LlmError) =>
      e.kind === 'unreachable' && !(e instanceof ConnectionResetError) && /gave up after 2 attempts/.test(e.message));
  });

  it('a cancel ends the wait between attempts at once', async () => {
    const ac = new AbortController();
    const started = Date.now();
    setTimeout(() => ac.abort(), 20);
    await assert.rejects(withRetries(async () => { throw status(429, 30_000); }, { signal: ac.signal }), (e: LlmError) => e.kind === 'cancelled');
    assert.ok(Date.now() - started < 10_000, 'did not wait out the 30 s retry-after');
  });

  it('does not start when already cancelled', async () => {
    const ac = new AbortController();
    ac.abort();
    let calls = 0;
    await assert.rejects(withRetries(async () => { calls++; return 1; }, { signal: ac.signal }), (e: LlmError) => e.kind === 'cancelled');
    assert.equal(calls, 0);
    await assert.rejects(abortableSleep(10, ac.signal), (e: LlmError) => e.kind === 'cancelled');
  });

  it('reads retry-after in seconds or as an HTTP date, and retry-after-ms first', () => {
    const h = (o: Record<string, string>) => new Headers(o);
    const now = Date.parse('2030-01-01T00:00:00Z');
    assert.equal(parseRetryAfter(h({ 'retry-after': '3' }), now), 3000);
    assert.equal(parseRetryAfter(h({ 'retry-after': '0.5' }), now), 500);
    assert.equal(parseRetryAfter(h({ 'retry-after': 'Tue, 01 Jan 2030 00:00:10 GMT' }), now), 10_000);
    assert.equal(parseRetryAfter(h({ 'retry-after': 'Mon, 31 Dec 2029 23:00:00 GMT' }), now), 0, 'a date in the past means now');
    assert.equal(parseRetryAfter(h({ 'retry-after': '3', 'retry-after-ms': '250' }), now), 250);
    assert.equal(parseRetryAfter(h({ 'retry-after': 'soon' }), now), undefined);
    assert.equal(parseRetryAfter(h({}), now), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });

  it('an attempt deadline fires after its time without progress, and touch() gives it the time again', async () => {
    const run = new AbortController();
    const d = new AttemptDeadline(run.signal, 300);
    // Generous margins: a loaded machine may run the touches late.
    const touches = setInterval(() => d.touch(), 30);
    await new Promise((r) => setTimeout(r, 600));
    clearInterval(touches);
    assert.equal(d.signal.aborted, false, 'kept alive by progress');
    for (let waited = 0; !d.signal.aborted && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    assert.equal(d.signal.aborted, true);
    assert.equal(d.timedOut, true);
    d.dispose();
    const d2 = new AttemptDeadline(run.signal, 10_000);
    run.abort();
    assert.equal(d2.signal.aborted, true);
    assert.equal(d2.timedOut, false, 'the run, not the deadline, ended it');
    d2.dispose();
  });
});

describe('llm rate limiter', () => {
  /** A clock that stands still; each waiter's sleep records when it would have gone. */
  function fakeTime() {
    const t = { now: 0 };
    const starts: number[] = [];
    const sleep: Sleep = async (ms, signal) => {
      if (signal.aborted) throw new LlmError('cancelled', 'cancelled');
      starts.push(t.now + ms);
    };
    return { t, sleep, starts };
  }

  it('spaces concurrent callers evenly at the configured rate', async () => {
    const { t, sleep, starts } = fakeTime();
    const limiter = new RateLimiter({ requestsPerMinute: 60, now: () => t.now, sleep });
    const signal = new AbortController().signal;
    await Promise.all([0, 1, 2, 3, 4].map(() => limiter.acquire(signal)));
    // The first goes at once; the others wait for their reserved slot, one second apart.
    assert.deepEqual(starts, [1000, 2000, 3000, 4000]);
    t.now = 60_000;
    await limiter.acquire(signal);
    assert.equal(starts.length, 4, 'after a quiet spell a caller goes at once');
  });

  it('lets a burst go at once, then refills at the rate', async () => {
    const { t, sleep, starts } = fakeTime();
    const limiter = new RateLimiter({ requestsPerMinute: 120, burst: 3, now: () => t.now, sleep });
    const signal = new AbortController().signal;
    for (let i = 0; i < 5; i++) await limiter.acquire(signal);
    assert.deepEqual(starts, [500, 1000]);
    t.now = 700; // the slots reserved up to 1000 ms are still owed: the next one is at 1500
    await limiter.acquire(signal);
    assert.deepEqual(starts, [500, 1000, 1500]);
  });

  it('a cancelled waiter gives its slot back', async () => {
    const asked: number[] = [];
    let cancel = false;
    const limiter = new RateLimiter({
      requestsPerMinute: 60, now: () => 0,
      sleep: async (ms) => {
        asked.push(ms);
        if (cancel) throw new LlmError('cancelled', 'cancelled');
      },
    });
    const signal = new AbortController().signal;
    await limiter.acquire(signal);
    cancel = true;
    await assert.rejects(limiter.acquire(signal), (e: LlmError) => e.kind === 'cancelled');
    await assert.rejects(limiter.acquire(signal), (e: LlmError) => e.kind === 'cancelled');
    cancel = false;
    await limiter.acquire(signal);
    assert.deepEqual(asked, [1000, 1000, 1000], 'each caller after the cancelled ones is owed one interval, not more');
  });

  it('a cancel ends the wait for a slot at once', async () => {
    const limiter = new RateLimiter({ requestsPerMinute: 1 });
    const ac = new AbortController();
    await limiter.acquire(ac.signal);
    const started = Date.now();
    setTimeout(() => ac.abort(), 10);
    await assert.rejects(limiter.acquire(ac.signal), (e: LlmError) => e.kind === 'cancelled');
    assert.ok(Date.now() - started < 10_000, 'did not wait out the minute');
  });

  it('rateLimited() wraps a provider: calls keep the engine and model and are spaced', async () => {
    const t = { now: 0 };
    const sent: number[] = [];
    const inner: LlmProvider = {
      engine: 'openai-compatible',
      model: 'm',
      async complete(): Promise<LlmResponse> {
        sent.push(t.now);
        return { content: [], stopReason: 'end_turn', usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, model: 'm', costUsd: null, durationMs: 0, attempts: 1 };
      },
    };
    const limited = rateLimited(inner, { requestsPerMinute: 30, now: () => t.now, sleep: async (ms) => { t.now += ms; } });
    assert.equal(limited.engine, 'openai-compatible');
    assert.equal(limited.model, 'm');
    const req: LlmRequest = { purpose: 'test', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], maxTokens: 10 };
    for (let i = 0; i < 4; i++) await limited.complete(req, { signal: new AbortController().signal });
    assert.deepEqual(sent, [0, 2000, 4000, 6000]);
  });

  it('refuses a rate that is not positive', () => {
    assert.throws(() => new RateLimiter({ requestsPerMinute: 0 }), /positive/);
  });
});
