import { strict as assert } from 'node:assert';
import { CancelledError, mapLimit } from '../../src/core/runtime/abort';

describe('mapLimit (bounded concurrency that yields to the event loop)', () => {
  it('calls fn exactly once per item and keeps the input order, for any size and limit', async () => {
    for (const n of [0, 1, 2, 5, 6, 17]) {
      for (const limit of [1, 2, 4, 8]) {
        const seen: number[] = [];
        const out = await mapLimit(Array.from({ length: n }, (_, i) => i), limit, async (x) => {
          seen.push(x);
          return x * 10;
        });
        assert.deepEqual(out, Array.from({ length: n }, (_, i) => i * 10), `n=${n} limit=${limit}`);
        assert.deepEqual([...seen].sort((a, b) => a - b), Array.from({ length: n }, (_, i) => i), `n=${n} limit=${limit}`);
      }
    }
  });

  it('lets a timer abort between items', async () => {
    const controller = new AbortController();
    let calls = 0;
    setTimeout(() => controller.abort(), 0);
    await assert.rejects(mapLimit(Array.from({ length: 1000 }, (_, i) => i), 2, async () => {
      calls++;
      // Synchronous work only, like the offline engine.
      for (let k = 0; k < 1e4; k++);
    }, controller.signal), CancelledError);
    assert.ok(calls < 50, `${calls} items ran after the abort timer was due`);
  });
});
