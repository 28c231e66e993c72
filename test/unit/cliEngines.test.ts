import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliIn } from '../support/runCli';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropicServer';
import { startMockOpenAi, type MockOpenAi } from '../support/mockOpenAiServer';
import { anthropicJudgeResponder, mockJudgeReply, openAiPromptText } from '../support/mockJudge';
import { SAMPLES, tempDir } from './helpers';

/** A key with a shape the redactor knows only because the CLI registers it. */
const KEY = 'test-key-7f3a9c1e5b2d8f4a6c0e';
const SAMPLE = path.join(SAMPLES, 'llm-engineer-en.md');

const cli = (env: Record<string, string>, cwd: string, ...args: string[]) => runCliIn(cwd, env, ...args);

describe('CLI with a model engine (mock servers on 127.0.0.1)', function () {
  this.timeout(120_000);
  let mock: MockAnthropic;
  let work: string;
  let env: Record<string, string>;
  before(async () => {
    mock = await startMockAnthropic({ apiKey: KEY, responder: anthropicJudgeResponder, minCacheTokens: 1024 });
    work = tempDir('il-engines-');
    env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url };
  });
  after(async () => {
    await mock.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('diagnose --engine anthropic: the report names the model, the rubric and reference are cached prefixes, and the second run reads them from cache', async () => {
    const first = await cli(env, work, 'diagnose', SAMPLE, '--engine', 'anthropic', '--json', '--no-history');
    assert.equal(first.status, 0, first.stderr);
    const report = JSON.parse(first.stdout);
    assert.equal(report.engine, 'anthropic');
    assert.equal(report.model, 'claude-sonnet-5-5');
    assert.ok(report.perQuestion.every((q: any) => q.scoredBy.model === 'claude-sonnet-5-5' && !q.scoredBy.fallback));
    assert.equal(report.usage.calls, report.perQuestion.length);
    assert.ok(report.usage.costUsd > 0, 'a Sonnet call has a list price');
    const body = mock.requests.at(-1)!.body;
    assert.deepEqual(body.system.map((b: any) => b.cache_control?.type ?? null).slice(0, 1), ['ephemeral'], 'the rubric block is a cache breakpoint');
    const second = await cli(env, work, 'diagnose', SAMPLE, '--engine', 'anthropic', '--json', '--no-history');
    const again = JSON.parse(second.stdout);
    assert.ok(again.usage.cacheReadShare >= 0.7, `cache read share on the second run: ${again.usage.cacheReadShare}`);
    assert.ok(!first.stdout.includes(KEY) && !first.stderr.includes(KEY));
  });

  it('a missing key is exit 2 with the variable to set, and no stack trace', async () => {
    const r = await cli({ ANTHROPIC_BASE_URL: mock.url }, work, 'diagnose', SAMPLE, '--engine', 'anthropic', '--no-history');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /ANTHROPIC_API_KEY/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  it('a refused key and an unreachable endpoint are exit 2 naming the fix, and the key is never printed', async () => {
    const refused = await cli({ ANTHROPIC_API_KEY: `${KEY}-wrong`, ANTHROPIC_BASE_URL: mock.url }, work, 'diagnose', SAMPLE, '--engine', 'anthropic', '--no-history', '--verbose');
    assert.equal(refused.status, 2, refused.stderr);
    assert.match(refused.stderr, /API key/i);
    assert.ok(!refused.stderr.includes(`${KEY}-wrong`));
    const closed = await cli({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }, work, 'diagnose', SAMPLE, '--engine', 'anthropic', '--no-history');
    assert.equal(closed.status, 2, closed.stderr);
    assert.match(closed.stderr, /ANTHROPIC_BASE_URL/);
  });

  it('--record writes a cassette without the key; replay passes it offline, fails an edited one with a diff, and reports a changed skill as stale', async () => {
    const rec = await cli(env, work, 'diagnose', SAMPLE, '--engine', 'anthropic', '--no-history', '--record', 'sample-run', '--verbose');
    assert.equal(rec.status, 0, rec.stderr);
    const file = path.join(work, '.interview-lens', 'recordings', 'sample-run.jsonl');
    const text = fs.readFileSync(file, 'utf8');
    assert.ok(!text.includes(KEY), 'the key is not in the cassette');
    assert.ok(!rec.stderr.includes(KEY), 'the key is not in the log');
    const lines = text.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines[0].type, 'header');
    assert.equal(lines[0].engine, 'anthropic');
    assert.ok(lines.some((l) => l.kind === 'llm') && lines.some((l) => l.kind === 'tool' && l.name === 'analyze_content'));

    // No server and no key: every model call is served from the cassette.
    const ok = await cli({}, work, 'replay', file, '--json');
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.equal(JSON.parse(ok.stdout)[0].status, 'pass');

    // The recorded request of one model call changed (as if the prompt had): a strict miss with the closest request and a diff.
    const edited = lines.map((l) => (l.kind === 'llm' && l.repeat === 0 && l === lines.find((x) => x.kind === 'llm')
      ? { ...l, request: { ...l.request, messages: [{ role: 'user', content: [{ type: 'text', text: 'a different prompt' }] }] } } : l));
    const editedFile = path.join(work, 'edited.jsonl');
    fs.writeFileSync(editedFile, edited.map((l) => JSON.stringify(l)).join('\n'));
    const miss = await cli({}, work, 'replay', editedFile);
    assert.equal(miss.status, 1, miss.stdout + miss.stderr);
    assert.match(miss.stdout + miss.stderr, /closest/i);

    const stale = lines.map((l, i) => (i === 0 ? { ...l, skillHash: '0'.repeat(64) } : l));
    const staleFile = path.join(work, 'stale.jsonl');
    fs.writeFileSync(staleFile, stale.map((l) => JSON.stringify(l)).join('\n'));
    const s = await cli({}, work, 'replay', staleFile, '--json');
    assert.equal(s.status, 3, s.stdout + s.stderr);
    assert.equal(JSON.parse(s.stdout)[0].status, 'stale');
  });

  it('a cancelled or failed run writes no cassette', async () => {
    mock.script({ kind: 'status', status: 401 }, 1);
    const r = await cli(env, work, 'diagnose', SAMPLE, '--engine', 'anthropic', '--no-history', '--record', 'failed-run');
    assert.notEqual(r.status, 0);
    assert.ok(!fs.existsSync(path.join(work, '.interview-lens', 'recordings', 'failed-run.jsonl')));
  });

  it('ask with a model runs the agent loop over the tools and prints the answer', async () => {
    let n = 0;
    mock.setResponder((body) => {
      n++;
      const last = body.messages.at(-1);
      const gotResult = Array.isArray(last.content) && last.content.some((b: any) => b.type === 'tool_result');
      return gotResult
        ? { content: [{ type: 'text', text: 'Practise idempotency keys first.' }], stop_reason: 'end_turn' }
        : { content: [{ type: 'tool_use', id: 'tu_1', name: 'query_knowledge_base', input: { query: 'idempotency', topK: 2 } }], stop_reason: 'tool_use' };
    });
    try {
      const r = await cli(env, work, 'ask', 'Plan a week of practice', '--engine', 'anthropic', '--json', '--record', 'agent-run');
      assert.equal(r.status, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.equal(out.mode, 'agent');
      assert.equal(out.answerMd, 'Practise idempotency keys first.');
      assert.equal(n, 2);
      // The replay re-runs the agent loop from the recorded question: both model turns are served.
      const file = path.join(work, '.interview-lens', 'recordings', 'agent-run.jsonl');
      const replayed = await cli({}, work, 'replay', file, '--json');
      assert.equal(replayed.status, 0, replayed.stdout);
      const result = JSON.parse(replayed.stdout)[0];
      assert.equal(result.counts.llmServed, 2);
      assert.equal(result.calls[0].name, 'ask');
      // A changed agent prompt is a miss with the diff, not a silent pass.
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      const first = lines.find((l) => l.kind === 'llm');
      first.request.system[0].text += ' Always answer in French.';
      fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
      const changed = await cli({}, work, 'replay', file);
      assert.equal(changed.status, 1, changed.stdout);
      assert.match(changed.stdout, /call 0 llm ask: miss/);
    } finally {
      mock.setResponder(anthropicJudgeResponder);
    }
  });

  it('ask offline with no matching skill is exit 2 saying agent mode needs a model', async () => {
    const r = await cli({}, work, 'ask', 'Plan a week of practice');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /needs a model/);
  });

  describe('openai-compatible', () => {
    let oa: MockOpenAi;
    before(async () => {
      oa = await startMockOpenAi({
        apiKey: KEY,
        responder: (body) => ({ content: mockJudgeReply(openAiPromptText(body)) ?? 'ok' }),
      });
    });
    after(() => oa.close());

    it('diagnoses through a chat-completions endpoint; cost is unknown unless a price is set', async () => {
      const base = { INTERVIEW_LENS_OPENAI_ENDPOINT: `${oa.url}`, INTERVIEW_LENS_OPENAI_MODEL: 'qwen-plus', INTERVIEW_LENS_OPENAI_API_KEY: KEY };
      const r = await cli(base, work, 'diagnose', SAMPLE, '--engine', 'openai-compatible', '--json', '--no-history');
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(r.stdout);
      assert.equal(report.engine, 'openai-compatible');
      assert.equal(report.model, 'qwen-plus');
      assert.equal(report.usage.costUsd, null);
      const priced = await cli({ ...base, INTERVIEW_LENS_PRICE_INPUT: '0.4', INTERVIEW_LENS_PRICE_OUTPUT: '1.2' }, work, 'diagnose', SAMPLE, '--engine', 'openai-compatible', '--json', '--no-history');
      assert.ok(JSON.parse(priced.stdout).usage.costUsd > 0);
    });
  });
});

describe('recording a run in which a question fell back', function () {
  this.timeout(60_000);
  it('keeps the failed model call in the cassette, so the replay falls back the same way and passes', async () => {
    const mock = await startMockAnthropic({ apiKey: KEY, responder: anthropicJudgeResponder });
    const work = tempDir('il-fallback-');
    try {
      mock.script({ kind: 'status', status: 400, message: 'data_inspection_failed: input may contain inappropriate content' }, 1);
      const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url, INTERVIEW_LENS_LLM_CONCURRENCY: '1' };
      const rec = await cli(env, work, 'diagnose', SAMPLE, '--engine', 'anthropic', '--no-history', '--record', 'with-fallback', '--json');
      assert.equal(rec.status, 0, rec.stderr);
      assert.equal(JSON.parse(rec.stdout).perQuestion.filter((q: any) => q.scoredBy.fallback).length, 1);
      const file = path.join(work, '.interview-lens', 'recordings', 'with-fallback.jsonl');
      const failed = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('"error":{"kind":"bad_request"'));
      assert.equal(failed.length, 1);
      const replayed = await cli({}, work, 'replay', file);
      assert.equal(replayed.status, 0, replayed.stdout + replayed.stderr);
    } finally {
      await mock.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
