import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { ROOT } from './helpers';
import { SCENARIOS } from './linearScenarios';

// Parsing work grows linearly with the input: each function runs on an input of size n and of
// size 8n, and the pattern work it does (every RegExp exec, counted in steps of a
// backtracking-engine model, ./regexCost.ts) may grow at most 10 times; a linear run grows about
// 8 times, a quadratic one 64. These are the inputs a hostile-input probe found taking seconds to
// minutes (8 KB of blank lines: 41 s; "?" and 50,000 spaces: 10 s; 40,000 cues of one speaker:
// 18 s); before the fixes each run here stopped at the budget. No clock is read. The runs happen
// in a child process (see linearScenarios.ts for why).

describe('parsing time grows linearly with the input', () => {
  let results: Record<string, { small: number; large?: number; error?: string }>;
  before(function () {
    this.timeout(120000);
    const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'test', 'unit', 'linearScenarios.ts'), ...Object.keys(SCENARIOS)], {
      cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024,
    });
    assert.equal(r.status, 0, r.stderr);
    results = JSON.parse(r.stdout);
  });

  for (const name of Object.keys(SCENARIOS)) {
    it(name, () => {
      const { small, large, error } = results[name];
      assert.equal(error, undefined, `pattern steps: ${small} at n, then ${error}`);
      assert.ok(large! <= 10 * small + 2000, `${small} steps at n, ${large} at 8n`);
    });
  }
});
