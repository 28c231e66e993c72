/** Raised inside long work when the user cancelled; callers map it to a `cancelled` result. */
export class CancelledError extends Error {
  constructor(message = 'cancelled by the user') {
    super(message);
    this.name = 'CancelledError';
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError();
}

/**
 * Lets timers and I/O run (a cancel request, a progress message) before the next piece of work.
 * The offline engine finishes each step without a real await, so without this a whole run is one
 * uninterrupted stretch of microtasks and a Cancel arrives only after everything is done.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs `fn` over items with at most `limit` in flight, keeping the input order of results; yields between items. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      await yieldToEventLoop();
      throwIfAborted(signal);
      // Another worker may have taken the last item while this one yielded.
      if (next >= items.length) break;
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  });
  await Promise.all(workers);
  return results;
}
