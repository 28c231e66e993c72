// Entry point of the integration suite inside a VS Code extension host. Exports run(), the
// contract of @vscode/test-electron's extensionTestsPath; under code-server the test-runner
// extension calls it. With IL_TEST_RESULTS set, results are also written there as JSON.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

interface TestRecord { title: string; state: 'passed' | 'failed'; durationMs?: number; error?: string }

export function run(): Promise<void> {
  // IL_TEST_GREP runs only the matching tests (a quicker loop while working on one suite).
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, ...(process.env.IL_TEST_GREP ? { grep: process.env.IL_TEST_GREP } : {}) });
  for (const f of fs.readdirSync(__dirname).filter((n) => n.endsWith('.test.js')).sort()) mocha.addFile(path.join(__dirname, f));
  const out = process.env.IL_TEST_RESULTS;
  const tests: TestRecord[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const result = { passed: tests.filter((t) => t.state === 'passed').length, failed: failures, tests };
      if (out) fs.writeFileSync(out, JSON.stringify(result, null, 2));
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
    runner.on('pass', (t) => tests.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
    runner.on('fail', (t, err: Error) => tests.push({ title: t.fullTitle(), state: 'failed', error: err.stack ?? err.message }));
  });
}
