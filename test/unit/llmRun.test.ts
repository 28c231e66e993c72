import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createCore } from '../../src/core/services';
import { createLlmProvider, engineConfigFromEnv } from '../../src/core/llm/engineConfig';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropicServer';
import { anthropicJudgeResponder } from '../support/mockJudge';
import { KNOWLEDGE_DIR, SAMPLES, tempDir } from './helpers';

const KEY = 'run-test-key-5c1d9e7a3b';

describe('a diagnosis through the real Anthropic provider (mock server)', function () {
  this.timeout(60_000);
  let mock: MockAnthropic;
  before(async () => {
    mock = await startMockAnthropic({ apiKey: KEY, responder: anthropicJudgeResponder });
  });
  after(() => mock.close());

  it('cancel mid-run aborts every in-flight request and stores nothing', async () => {
    const dir = tempDir();
    const store = await HistoryStore.open(path.join(dir, 'h.sqlite'));
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const llm = createLlmProvider(engineConfigFromEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url }, 'anthropic'))!;
    const text = fs.readFileSync(path.join(SAMPLES, 'backend-interview-zh.txt'), 'utf8');
    mock.script({ kind: 'hang' }, 100);
    const before = mock.requests.length;
    const controller = new AbortController();
    const run = core.diagnose({ text, source: 'zh.txt' }, { llm, signal: controller.signal });
    // Wait until the questions are in flight, then cancel.
    while (mock.requests.length - before < 4) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await assert.rejects(run);
    const sent = mock.requests.slice(before);
    await Promise.all(sent.map((r) => mock.whenClientClosed((x) => x === r)));
    assert.ok(sent.every((r) => r.closedEarly), 'every request was aborted, none left hanging');
    assert.equal(store.list('default').length, 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
