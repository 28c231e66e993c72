import { strict as assert } from 'node:assert';
import * as os from 'node:os';
import * as path from 'node:path';
import { coveragePlan, makeCase } from '../../scripts/fuzz/cases';
import { isFailure, runCases, summarize } from '../../scripts/fuzz/harness';
import { loadSeeds } from '../../scripts/fuzz/seeds';
import { ROOT } from './helpers';

// A fixed-seed sample of `npm run fuzz`: the first inputs of seed 20251 are every generator and
// every mutator once (coverage block), then random stacked mutations of every fixture format.
// Generators run at a quarter of the issue's sizes (2,500 tiny turns, 10,000 cues, 50,000 hedge
// words...) to keep this quick; the full sizes run in `npm run fuzz`.
const SEED = 20251;
const EXTRA = 40;

describe('fuzz sample (scripts/fuzz: mutated and pathological transcripts through the CLI)', function () {
  this.timeout(240_000);

  it('no exit 1, stack trace, hang over 5 s, heap blow-up or multi-line / unprintable error message', async () => {
    const seeds = loadSeeds(ROOT);
    const count = coveragePlan().length + EXTRA;
    const started = Date.now();
    const results = await runCases((i) => makeCase(seeds, SEED, i, { scale: 0.25 }), Array.from({ length: count }, (_, i) => i), {
      root: ROOT,
      jobs: Math.min(4, Math.max(2, os.availableParallelism() - 1)),
      limitMs: 5000,
      killMs: 6000,
      memoryMb: 1536,
      failuresDir: path.join(ROOT, 'out', 'fuzz-failures', 'unit'),
    });
    assert.equal(results.length, count);
    const failures = results.filter((r) => isFailure(r.outcome));
    assert.equal(failures.length, 0, `\n${summarize(results, Date.now() - started, `fuzz sample, seed ${SEED}: ${failures.length} of ${count} inputs failed`)}\n`);
  });
});
