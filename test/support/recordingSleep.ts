/** A stand-in for the retry policy's sleep, so tests of backoff never wait on the clock. */
import { LlmError } from '../../src/core/llm/provider';
import type { Sleep } from '../../src/core/llm/retry';

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      if (signal.aborted) throw new LlmError('cancelled', 'cancelled');
      waits.push(ms);
    },
  };
}
