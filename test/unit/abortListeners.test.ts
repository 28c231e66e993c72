import { strict as assert } from 'node:assert';
import { getEventListeners } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import type { Tool } from '../../src/core/calls/tool';
import { AttemptDeadline } from '../../src/core/llm/retry';
import { linkAbort, linkedChildren } from '../../src/core/runtime/linkedAbort';
import { runCliIn } from '../support/runCli';
import { startMockAnthropic } from '../support/mockAnthropicServer';
import { anthropicJudgeResponder } from '../support/mockJudge';
import { makeCtx, SAMPLES, tempDir } from './helpers';

/** The MaxListenersExceededWarnings emitted while `body` runs. */
async function leakWarnings(body: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onWarning = (w: Error) => {
    if (w.name === 'MaxListenersExceededWarning') seen.push(w.message);
  };
  process.on('warning', onWarning);
  try {
    await body();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

describe('a long run adds no listener per call to the run\'s signal', function () {
  this.timeout(120_000);

  it('40 tool calls in flight on one signal: one listener on it, none left after, no warning', async () => {
    const run = new AbortController();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const slow: Tool<Record<string, never>, string> = {
      name: 'slow', description: 'waits', inputSchema: { type: 'object', properties: {} },
      async execute() { await gate; return { success: true, data: 'done' }; },
    };
    const registry = new ToolRegistry().register(slow as Tool);
    const ctx = makeCtx({ signal: run.signal });
    const warnings = await leakWarnings(async () => {
      const calls = Array.from({ length: 40 }, () => registry.execute('slow', {}, ctx));
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(linkedChildren(run.signal), 40);
      assert.ok(getEventListeners(run.signal, 'abort').length <= 1, `${getEventListeners(run.signal, 'abort').length} listeners`);
      release();
      for (const r of await Promise.all(calls)) assert.ok(r.success);
    });
    assert.deepEqual(warnings, []);
    assert.equal(linkedChildren(run.signal), 0);
  });

  it('a cancelled run still aborts every call and attempt in flight', async () => {
    const run = new AbortController();
    const deadlines = Array.from({ length: 20 }, () => new AttemptDeadline(run.signal, 60_000));
    const child = new AbortController();
    const unlink = linkAbort(run.signal, child, () => 'why');
    run.abort(new Error('stop'));
    assert.ok(deadlines.every((d) => d.signal.aborted && !d.timedOut));
    assert.equal(child.signal.reason, 'why');
    unlink();
    deadlines.forEach((d) => d.dispose());
    const late = new AbortController();
    linkAbort(run.signal, late);
    assert.ok(late.signal.aborted, 'linked after the abort: aborted at once');
  });

  it('diagnose with a model at concurrency 16 on a long transcript emits no MaxListenersExceededWarning', async () => {
    const KEY = 'test-key-7f3a9c1e5b2d8f4a6c0e';
    const mock = await startMockAnthropic({ apiKey: KEY, responder: anthropicJudgeResponder });
    const work = tempDir('il-long-run-');
    try {
      const one = fs.readFileSync(path.join(SAMPLES, 'llm-engineer-en.md'), 'utf8');
      fs.writeFileSync(path.join(work, 'long.md'), Array.from({ length: 6 }, () => one).join('\n'));
      let status = -1;
      const warnings = await leakWarnings(async () => {
        const r = await runCliIn(work, { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url, INTERVIEW_LENS_LLM_CONCURRENCY: '16' }, 'diagnose', 'long.md', '--engine', 'anthropic', '--no-history', '--json');
        status = r.status;
      });
      assert.equal(status, 0);
      assert.deepEqual(warnings, []);
    } finally {
      await mock.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
