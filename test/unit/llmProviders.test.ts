import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnthropicProvider, type AnthropicProviderOptions } from '../../src/core/llm/anthropicProvider';
import { OpenAiCompatibleProvider, type OpenAiCompatibleProviderOptions } from '../../src/core/llm/openAiCompatibleProvider';
import { costOf } from '../../src/core/llm/pricing';
import { LlmError, responseText, type LlmCallOptions, type LlmRequest } from '../../src/core/llm/provider';
import { echoResponder as anthropicEcho, estimateTokens, startMockAnthropic, type MockAnthropic } from '../support/mockAnthropicServer';
import { echoResponder as openAiEcho, startMockOpenAi, type MockOpenAi } from '../support/mockOpenAiServer';
import { recordingSleep } from '../support/recordingSleep';

// Recognizable keys: no error message may ever contain them.
const ANTHROPIC_KEY = 'sk-ant-TESTKEY-anthropic-0123456789';
const OPENAI_KEY = 'oai-TESTKEY-compatible-9876543210';

/** Every LlmError the tests saw, checked for keys at the end. */
const seenErrors: LlmError[] = [];

/** Runs `p`, expects an LlmError of `kind`, and returns it. */
async function failsWith(p: Promise<unknown>, kind: LlmError['kind']): Promise<LlmError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof LlmError, `expected an LlmError, got ${(err as Error)?.stack ?? err}`);
    seenErrors.push(err);
    assert.equal(err.kind, kind, `expected ${kind}, got ${err.kind}: ${err.message}`);
    return err;
  }
  assert.fail(`expected a ${kind} LlmError, the call succeeded`);
}


const call = (extra: Partial<LlmCallOptions> = {}): LlmCallOptions => ({ signal: new AbortController().signal, ...extra });

function ask(text: string, over: Partial<LlmRequest> = {}): LlmRequest {
  return { purpose: 'test', system: [{ type: 'text', text: 'You are a test.' }], messages: [{ role: 'user', content: [{ type: 'text', text }] }], maxTokens: 256, ...over };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A port nothing listens on: a server is started to get one, then closed. */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const LOOKUP_TOOL = {
  name: 'lookup_entry',
  description: 'Looks up a knowledge-base entry by id.',
  inputSchema: { type: 'object' as const, properties: { id: { type: 'string' as const } }, required: ['id'] },
};

describe('Anthropic provider (against a mock Messages API)', () => {
  let mock: MockAnthropic;
  let clock = 1_000_000;
  const fast = recordingSleep();

  before(async () => {
    mock = await startMockAnthropic({ apiKey: ANTHROPIC_KEY, now: () => clock });
  });
  after(async () => {
    await mock.close();
  });
  beforeEach(() => {
    fast.waits.length = 0;
  });

  const provider = (over: Partial<AnthropicProviderOptions> = {}) =>
    new AnthropicProvider({ apiKey: ANTHROPIC_KEY, model: 'claude-sonnet-5-5', baseUrl: mock.url, retry: { sleep: fast.sleep }, ...over });

  it('answers a request: text, stop reason, usage, cost, request id, one attempt', async () => {
    const r = await provider().complete(ask('hello there'), call());
    assert.equal(responseText(r), 'echo: hello there');
    assert.equal(r.stopReason, 'end_turn');
    assert.equal(r.model, 'claude-sonnet-5-5');
    assert.match(r.requestId ?? '', /^req_mock_\d+$/);
    assert.equal(r.attempts, 1);
    assert.ok(r.usage.inputTokens > 0 && r.usage.outputTokens > 0);
    assert.equal(r.costUsd, costOf('claude-sonnet-5-5', r.usage));
    const sent = mock.requests[mock.requests.length - 1];
    assert.equal(sent.path, '/v1/messages');
    assert.equal(sent.headers['x-api-key'] ?? sent.headers.authorization?.replace(/^Bearer /, ''), ANTHROPIC_KEY);
    assert.deepEqual(sent.body.system, [{ type: 'text', text: 'You are a test.' }]);
    assert.equal(sent.body.max_tokens, 256);
  });

  it('places cache_control on the last tool, the cached system block and the cached message block, and the second call reads the prefix from the cache', async () => {
    const longRules = `Scoring rules. ${'Judge the answer against the key points of the entry. '.repeat(120)}`;
    const request = (question: string): LlmRequest => ({
      purpose: 'judge',
      tools: [LOOKUP_TOOL, { ...LOOKUP_TOOL, name: 'quote_answer', description: 'Quotes the answer.' }],
      cacheTools: true,
      system: [{ type: 'text', text: longRules, cache: true }, { type: 'text', text: 'Run 42.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Transcript: ...', cache: true }, { type: 'text', text: question }] }],
      maxTokens: 100,
    });
    const p = provider();
    const first = await p.complete(request('Q1?'), call());
    const body = mock.requests[mock.requests.length - 1].body;
    assert.equal(body.tools[0].cache_control, undefined);
    assert.deepEqual(body.tools[1].cache_control, { type: 'ephemeral' });
    assert.deepEqual(body.system[0].cache_control, { type: 'ephemeral' });
    assert.equal(body.system[1].cache_control, undefined);
    assert.deepEqual(body.messages[0].content[0].cache_control, { type: 'ephemeral' });
    assert.equal(body.messages[0].content[1].cache_control, undefined);
    assert.equal(first.usage.cacheReadTokens, 0);
    assert.ok(first.usage.cacheWriteTokens >= 1024, `the prefix is written: ${JSON.stringify(first.usage)}`);

    clock += 60_000; // a minute later: within the 5-minute TTL
    const second = await p.complete(request('Q2, a different question?'), call());
    assert.equal(second.usage.cacheReadTokens, first.usage.cacheWriteTokens, 'the whole cached prefix is read back');
    assert.equal(second.usage.cacheWriteTokens, 0);
    assert.ok(second.usage.inputTokens < 20, 'only the question is plain input');
    assert.ok(second.costUsd! < first.costUsd!, 'reading the cache is cheaper than writing it');
    assert.equal(second.costUsd, costOf('claude-sonnet-5-5', second.usage));

    clock += 6 * 60_000; // past the TTL: written again
    const third = await p.complete(request('Q3?'), call());
    assert.equal(third.usage.cacheReadTokens, 0);
    assert.equal(third.usage.cacheWriteTokens, first.usage.cacheWriteTokens);
  });

  it('does not cache a prefix shorter than the minimum, as the API does not', async () => {
    const r = await provider().complete(ask('short', { system: [{ type: 'text', text: 'Short rules.', cache: true }] }), call());
    const again = await provider().complete(ask('short', { system: [{ type: 'text', text: 'Short rules.', cache: true }] }), call());
    for (const u of [r.usage, again.usage]) assert.deepEqual([u.cacheReadTokens, u.cacheWriteTokens], [0, 0]);
  });

  it('keeps at most four breakpoints, the last four, since the API refuses more', async () => {
    const marked = (t: string) => ({ type: 'text' as const, text: t, cache: true });
    await provider().complete({
      purpose: 'test', tools: [LOOKUP_TOOL], cacheTools: true, system: [marked('a'), marked('b')],
      messages: [{ role: 'user', content: [marked('c'), marked('d')] }], maxTokens: 50,
    }, call());
    const body = mock.requests[mock.requests.length - 1].body;
    assert.equal(body.tools[0].cache_control, undefined, 'the first (shortest) prefix lost its marker');
    assert.deepEqual([...body.system, ...body.messages[0].content].map((b: { cache_control?: unknown }) => !!b.cache_control), [true, true, true, true]);
  });

  it('round-trips a tool call: tool_use out, tool_result (with is_error) back', async () => {
    mock.setResponder((body) => {
      const last = body.messages[body.messages.length - 1].content;
      const result = Array.isArray(last) ? last.find((b: { type: string }) => b.type === 'tool_result') : undefined;
      if (result) return { content: [{ type: 'text', text: `got ${result.content}${result.is_error ? ' (error)' : ''}` }] };
      return { content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', name: 'lookup_entry', input: { id: 'zh-idempotency' } }] };
    });
    try {
      const p = provider();
      const first = await p.complete(ask('what is idempotency?', { tools: [LOOKUP_TOOL] }), call());
      assert.equal(first.stopReason, 'tool_use');
      const use = first.content.find((b) => b.type === 'tool_use');
      assert.ok(use && use.type === 'tool_use');
      assert.equal(use.name, 'lookup_entry');
      assert.deepEqual(use.input, { id: 'zh-idempotency' });
      assert.deepEqual(mock.requests[mock.requests.length - 1].body.tools[0].input_schema, LOOKUP_TOOL.inputSchema);
      const second = await p.complete({
        ...ask('what is idempotency?', { tools: [LOOKUP_TOOL] }),
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'what is idempotency?' }] },
          { role: 'assistant', content: first.content },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: use.id, content: 'no such entry', isError: true }] },
        ],
      }, call());
      assert.equal(responseText(second), 'got no such entry (error)');
      const sent = mock.requests[mock.requests.length - 1].body.messages;
      assert.deepEqual(sent[1].content[1], { type: 'tool_use', id: use.id, name: 'lookup_entry', input: { id: 'zh-idempotency' } });
      assert.deepEqual(sent[2].content[0], { type: 'tool_result', tool_use_id: use.id, content: 'no such entry', is_error: true });
    } finally {
      mock.setResponder(anthropicEcho);
    }
  });

  it('streams text as it arrives (and a tool call\'s JSON input) when onText is given', async () => {
    const deltas: string[] = [];
    const r = await provider().complete(ask('a streamed answer that is long enough for several deltas'), call({ onText: (d) => deltas.push(d) }));
    assert.ok(deltas.length > 3, `several deltas: ${deltas.length}`);
    assert.equal(deltas.join(''), responseText(r));
    assert.equal(mock.requests[mock.requests.length - 1].body.stream, true);
    assert.ok(r.usage.outputTokens > 1, 'usage comes from message_delta');
    assert.match(r.requestId ?? '', /^req_mock_/);
    mock.setResponder(() => ({ content: [{ type: 'tool_use', name: 'lookup_entry', input: { id: 'a-long-entry-id-split-across-deltas' } }] }));
    try {
      const t = await provider().complete(ask('call it', { tools: [LOOKUP_TOOL] }), call({ onText: () => undefined }));
      assert.deepEqual(t.content, [{ type: 'tool_use', id: t.content[0].type === 'tool_use' ? t.content[0].id : '', name: 'lookup_entry', input: { id: 'a-long-entry-id-split-across-deltas' } }]);
      assert.equal(t.stopReason, 'tool_use');
    } finally {
      mock.setResponder(anthropicEcho);
    }
  });

  it('retries a 429 after the retry-after the server asks for, then succeeds', async () => {
    mock.script({ kind: 'status', status: 429, retryAfter: '2' }, 2);
    const r = await provider().complete(ask('retry me'), call());
    assert.equal(r.attempts, 3);
    assert.deepEqual(fast.waits, [2000, 2000]);
    mock.script({ kind: 'status', status: 429, retryAfterMs: 150 });
    await provider().complete(ask('retry me'), call());
    assert.deepEqual(fast.waits, [2000, 2000, 150]);
  });

  it('retries 500, 503 and a reset connection with backoff', async () => {
    mock.script({ kind: 'status', status: 500 });
    mock.script({ kind: 'status', status: 503 });
    mock.script({ kind: 'reset' });
    const r = await provider({ retry: { sleep: fast.sleep, random: () => 1, baseMs: 10, maxMs: 1000 } }).complete(ask('flaky'), call());
    assert.equal(r.attempts, 4);
    assert.deepEqual(fast.waits, [10, 20, 40]);
  });

  it('529 overloaded on every attempt: overloaded after the retries', async () => {
    const before = mock.requests.length;
    mock.script({ kind: 'status', status: 529, message: 'Overloaded' }, 5);
    const err = await failsWith(provider().complete(ask('busy'), call()), 'overloaded');
    assert.equal(mock.requests.length - before, 5, '1 attempt + 4 retries');
    assert.equal(err.details.status, 529);
    assert.match(err.message, /overloaded.*529: Overloaded.*gave up after 5 attempts/);
    assert.match(err.details.requestId ?? '', /^req_mock_/);
  });

  it('a retry-after over a minute ends the call at once with rate_limited saying when to retry', async () => {
    const before = mock.requests.length;
    mock.script({ kind: 'status', status: 429, retryAfter: '600' });
    const err = await failsWith(provider().complete(ask('later'), call()), 'rate_limited');
    assert.equal(mock.requests.length - before, 1);
    assert.match(err.message, /wait 10 minutes: try again after/);
  });

  it('401: auth, with the command and variable that fix it, and the key (echoed by the server) not in the message', async () => {
    const err = await failsWith(provider({ apiKey: 'sk-ant-WRONGKEY-0123456789abcdef' }).complete(ask('hi'), call()), 'auth');
    assert.deepEqual(err.details.fix, { command: 'interviewLens.setAnthropicApiKey', env: 'ANTHROPIC_API_KEY' });
    assert.match(err.message, /refused the API key \(401.*Interview Lens: Set Anthropic API Key/);
    assert.ok(!err.message.includes('WRONGKEY'), err.message);
    assert.equal(mock.requests[mock.requests.length - 1].path, '/v1/messages');
  });

  it('a missing key is a config error naming the command and ANTHROPIC_API_KEY', async () => {
    for (const apiKey of [undefined, '', '  ']) {
      const err = await failsWith((async () => provider({ apiKey }))(), 'config');
      assert.match(err.message, /Interview Lens: Set Anthropic API Key/);
      assert.match(err.message, /ANTHROPIC_API_KEY/);
      assert.deepEqual(err.details.fix, { command: 'interviewLens.setAnthropicApiKey', env: 'ANTHROPIC_API_KEY' });
    }
  });

  it('an unknown model: bad_request saying so, with the model setting as the fix', async () => {
    const err = await failsWith(provider({ model: 'gpt-4o' }).complete(ask('hi'), call()), 'bad_request');
    assert.match(err.message, /does not know the model "gpt-4o" \(404/);
    assert.deepEqual(err.details.fix, { setting: 'interviewLens.anthropic.model' });
  });

  it('a model that refuses temperature: sent again without it, and not sent on later calls', async () => {
    const p = provider();
    const before = mock.requests.length;
    mock.script({ kind: 'status', status: 400, message: 'temperature: is deprecated for this model' });
    const r = await p.complete(ask('hot', { temperature: 0 }), call());
    assert.equal(responseText(r), 'echo: hot');
    const sent = mock.requests.slice(before).map((q) => 'temperature' in q.body);
    await p.complete(ask('hot', { temperature: 0 }), call());
    assert.deepEqual([...sent, 'temperature' in mock.requests[mock.requests.length - 1].body], [true, false, false]);
    await provider().complete(ask('fresh provider', { temperature: 0.2 }), call());
    assert.equal(mock.requests[mock.requests.length - 1].body.temperature, 0.2, 'a model that accepts it gets it');
  });

  it('an unreachable base URL: unreachable, naming the URL, with the base-URL setting and variable as the fix', async () => {
    const port = await closedPort();
    const err = await failsWith(provider({ baseUrl: `http://127.0.0.1:${port}` }).complete(ask('hi'), call()), 'unreachable');
    assert.match(err.message, new RegExp(`Cannot reach the Anthropic API at http://127\\.0\\.0\\.1:${port}.*ECONNREFUSED`));
    assert.deepEqual(err.details.fix, { setting: 'interviewLens.anthropic.baseUrl', env: 'ANTHROPIC_BASE_URL' });
    assert.deepEqual(fast.waits, [], 'a refused connection is not retried');
  });

  it('a server that never answers: timeout, and the request is closed', async () => {
    mock.script({ kind: 'hang' });
    const err = await failsWith(provider({ timeoutMs: 300 }).complete(ask('anthropic hang'), call()), 'timeout');
    assert.match(err.message, /The Anthropic API sent nothing for 300 ms/);
    await mock.whenClientClosed((r) => r.body?.messages[0].content[0].text === 'anthropic hang');
  });

  it('a stream that stops mid-answer: timeout (the deadline runs from the last event)', async () => {
    mock.script({ kind: 'stall' });
    const deltas: string[] = [];
    await failsWith(provider({ timeoutMs: 300 }).complete(ask('stall please, with a long enough text'), call({ onText: (d) => deltas.push(d) })), 'timeout');
    assert.equal(deltas.length, 1, 'the first delta arrived before the stall');
    await mock.whenClientClosed((r) => r.body?.messages[0].content[0].text.startsWith('stall please'));
  });

  it('a cancel mid-request reaches the server (the mock sees the connection close)', async () => {
    mock.script({ kind: 'hang' });
    const ac = new AbortController();
    const before = mock.requests.length;
    const pending = provider().complete(ask('anthropic cancel me'), { signal: ac.signal });
    await until(() => mock.requests.length > before, 'the request to reach the mock');
    ac.abort();
    await failsWith(pending, 'cancelled');
    const r = await mock.whenClientClosed((q) => q.body?.messages[0].content[0].text === 'anthropic cancel me');
    assert.equal(r, mock.requests[before]);
    assert.equal(r.closedEarly, true);
  });

  it('a cancel during a streamed answer stops the stream', async () => {
    const slow = await startMockAnthropic({ apiKey: ANTHROPIC_KEY, streamDelayMs: 30, streamChunkChars: 2 });
    try {
      const ac = new AbortController();
      const deltas: string[] = [];
      const pending = new AnthropicProvider({ apiKey: ANTHROPIC_KEY, model: 'claude-haiku-5-5', baseUrl: slow.url }).complete(
        ask('a fairly long text to stream slowly'), { signal: ac.signal, onText: (d) => { deltas.push(d); if (deltas.length === 3) ac.abort(); } });
      await failsWith(pending, 'cancelled');
      await slow.whenClientClosed(() => true);
      assert.ok(deltas.length < 10);
    } finally {
      await slow.close();
    }
  });

  it('a cancel during the wait between retries ends the call at once', async () => {
    mock.script({ kind: 'status', status: 429, retryAfter: '30' });
    const ac = new AbortController();
    const started = Date.now();
    const pending = provider({ retry: {} }).complete(ask('wait'), { signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    await failsWith(pending, 'cancelled');
    assert.ok(Date.now() - started < 10_000);
  });

  it('a body that is not JSON: bad_response; a model text that is not JSON is passed on for the caller to repair', async () => {
    mock.script({ kind: 'malformed' });
    const err = await failsWith(provider().complete(ask('json please'), call()), 'bad_response');
    assert.match(err.message, /not JSON/);
    mock.script({ kind: 'non_json_text' });
    const r = await provider().complete(ask('json please'), call());
    assert.throws(() => JSON.parse(responseText(r)));
  });

  it('latency is only latency', async () => {
    mock.script({ kind: 'latency', ms: 50 });
    const r = await provider().complete(ask('slow'), call());
    assert.ok(r.durationMs >= 40);
  });
});

describe('OpenAI-compatible provider (against a mock chat completions API)', () => {
  let mock: MockOpenAi;
  const fast = recordingSleep();

  before(async () => {
    mock = await startMockOpenAi({ apiKey: OPENAI_KEY });
  });
  after(async () => {
    await mock.close();
  });
  beforeEach(() => {
    fast.waits.length = 0;
  });

  const provider = (over: Partial<OpenAiCompatibleProviderOptions> = {}) =>
    new OpenAiCompatibleProvider({ endpoint: mock.url, model: 'gpt-test', apiKey: OPENAI_KEY, retry: { sleep: fast.sleep }, ...over });
  const lastBody = () => mock.requests[mock.requests.length - 1].body;

  it('answers a request: system blocks joined into one system message, Bearer key, usage, request id, no cost without a price', async () => {
    const r = await provider().complete(ask('hello', { system: [{ type: 'text', text: 'Rule one.' }, { type: 'text', text: 'Rule two.' }] }), call());
    assert.equal(responseText(r), 'echo: hello');
    assert.equal(r.stopReason, 'end_turn');
    assert.match(r.requestId ?? '', /^req_oai_mock_/);
    assert.equal(r.costUsd, null);
    const sent = mock.requests[mock.requests.length - 1];
    assert.equal(sent.path, '/v1/chat/completions');
    assert.equal(sent.headers.authorization, `Bearer ${OPENAI_KEY}`);
    assert.deepEqual(sent.body.messages, [{ role: 'system', content: 'Rule one.\n\nRule two.' }, { role: 'user', content: 'hello' }]);
    assert.equal(sent.body.max_tokens, 256);
    const usage = mock.usages[mock.usages.length - 1];
    assert.deepEqual(r.usage, { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('cached tokens are counted apart: input = prompt_tokens - cached_tokens', async () => {
    const long = 'A stable system prompt that the server caches. '.repeat(200);
    const p = provider({ price: { input: 1, output: 2, cacheRead: 0.1 } });
    await p.complete(ask('first', { system: [{ type: 'text', text: long }] }), call());
    const r = await p.complete(ask('second', { system: [{ type: 'text', text: long }] }), call());
    const usage = mock.usages[mock.usages.length - 1];
    assert.ok(usage.prompt_tokens_details.cached_tokens >= 1024);
    assert.equal(r.usage.cacheReadTokens, usage.prompt_tokens_details.cached_tokens);
    assert.equal(r.usage.inputTokens, usage.prompt_tokens - usage.prompt_tokens_details.cached_tokens);
    assert.equal(r.costUsd, costOf('gpt-test', r.usage, { input: 1, output: 2, cacheRead: 0.1 }));
  });

  it('works without a key (a local server) and sends no Authorization header', async () => {
    const open = await startMockOpenAi();
    try {
      const r = await new OpenAiCompatibleProvider({ endpoint: open.url, model: 'qwen2.5:7b' }).complete(ask('local'), call());
      assert.equal(responseText(r), 'echo: local');
      assert.equal(open.requests[0].headers.authorization, undefined);
    } finally {
      await open.close();
    }
  });

  it('round-trips tool calls: tools as functions, tool_use as tool_calls, tool_result as role tool', async () => {
    mock.setResponder((body) => {
      const result = body.messages.find((m: { role: string }) => m.role === 'tool');
      if (result) return { content: `got ${result.content}` };
      return { content: null, tool_calls: [{ name: 'lookup_entry', arguments: { id: 'en-cap' } }] };
    });
    try {
      const p = provider();
      const first = await p.complete(ask('what is CAP?', { tools: [LOOKUP_TOOL] }), call());
      assert.deepEqual(lastBody().tools, [{ type: 'function', function: { name: 'lookup_entry', description: LOOKUP_TOOL.description, parameters: LOOKUP_TOOL.inputSchema } }]);
      assert.equal(first.stopReason, 'tool_use');
      const use = first.content[0];
      assert.ok(use.type === 'tool_use');
      assert.deepEqual([use.name, use.input], ['lookup_entry', { id: 'en-cap' }]);
      const second = await p.complete({
        ...ask('what is CAP?', { tools: [LOOKUP_TOOL] }),
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'what is CAP?' }] },
          { role: 'assistant', content: first.content },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: use.id, content: 'not found', isError: true }, { type: 'text', text: 'Go on.' }] },
        ],
      }, call());
      const sent = lastBody().messages;
      assert.deepEqual(sent[2], { role: 'assistant', content: null, tool_calls: [{ id: use.id, type: 'function', function: { name: 'lookup_entry', arguments: '{"id":"en-cap"}' } }] });
      assert.deepEqual(sent[3], { role: 'tool', tool_call_id: use.id, content: 'Error: not found' });
      assert.deepEqual(sent[4], { role: 'user', content: 'Go on.' }, 'text after the tool results');
      assert.equal(responseText(second), 'got Error: not found');
    } finally {
      mock.setResponder(openAiEcho);
    }
  });

  const judgeSchema = { name: 'verdict', schema: { type: 'object' as const, properties: { score: { type: 'integer' as const } }, required: ['score'] } };

  it('asks for json_schema (strict false) when the server supports it', async () => {
    const p = provider();
    const r = await p.complete(ask('score it', { json: judgeSchema }), call());
    assert.deepEqual(lastBody().response_format, { type: 'json_schema', json_schema: { name: 'verdict', schema: judgeSchema.schema, strict: false } });
    assert.equal(p.currentJsonMode, 'json_schema');
    assert.deepEqual(JSON.parse(responseText(r)), { echo: 'score it' });
  });

  it('falls back to json_object plus the schema in the instructions when json_schema is refused, and remembers it', async () => {
    const limited = await startMockOpenAi({ jsonSchema: false });
    try {
      const p = new OpenAiCompatibleProvider({ endpoint: limited.url, model: 'llama3' });
      const r = await p.complete(ask('score it', { json: judgeSchema }), call());
      assert.equal(r.attempts, 1, 'a refused format is not a failed attempt');
      assert.deepEqual(limited.requests.map((q) => q.body.response_format?.type), ['json_schema', 'json_object']);
      const system = limited.requests[1].body.messages[0];
      assert.equal(system.role, 'system');
      assert.ok(system.content.startsWith('You are a test.\n\nAnswer with one JSON object'));
      assert.ok(system.content.includes(JSON.stringify(judgeSchema.schema)));
      assert.equal(p.currentJsonMode, 'json_object');
      await p.complete(ask('again', { json: judgeSchema }), call());
      assert.equal(limited.requests.length, 3, 'the next call does not probe again');
      assert.equal(limited.requests[2].body.response_format.type, 'json_object');
    } finally {
      await limited.close();
    }
  });

  it('falls back to the instructions alone when no response_format is accepted', async () => {
    const bare = await startMockOpenAi({ jsonSchema: false, jsonObject: false });
    try {
      const p = new OpenAiCompatibleProvider({ endpoint: bare.url, model: 'tiny' });
      await p.complete(ask('score it', { json: judgeSchema }), call());
      assert.deepEqual(bare.requests.map((q) => q.body.response_format?.type), ['json_schema', 'json_object', undefined]);
      assert.match(bare.requests[2].body.messages[0].content, /Answer with one JSON object/);
      assert.equal(p.currentJsonMode, 'instructions');
    } finally {
      await bare.close();
    }
  });

  it('sends max_completion_tokens to a server that refuses max_tokens', async () => {
    const strict = await startMockOpenAi({ rejectMaxTokens: true });
    try {
      const p = new OpenAiCompatibleProvider({ endpoint: strict.url, model: 'o-reasoner' });
      await p.complete(ask('think'), call());
      await p.complete(ask('think again'), call());
      assert.deepEqual(strict.requests.map((q) => [q.body.max_tokens, q.body.max_completion_tokens]), [[256, undefined], [undefined, 256], [undefined, 256]]);
    } finally {
      await strict.close();
    }
  });

  it('streams text and tool calls over SSE, with usage from the last chunk', async () => {
    const deltas: string[] = [];
    const r = await provider().complete(ask('stream a reasonably long answer please'), call({ onText: (d) => deltas.push(d) }));
    assert.ok(deltas.length > 3);
    assert.equal(deltas.join(''), 'echo: stream a reasonably long answer please');
    assert.equal(responseText(r), deltas.join(''));
    assert.deepEqual(lastBody().stream_options, { include_usage: true });
    assert.equal(r.usage.outputTokens, mock.usages[mock.usages.length - 1].completion_tokens);
    mock.setResponder(() => ({ content: null, tool_calls: [{ name: 'lookup_entry', arguments: { id: 'split-across-several-chunks' } }, { name: 'quote_answer', arguments: {} }] }));
    try {
      const t = await provider().complete(ask('tools', { tools: [LOOKUP_TOOL] }), call({ onText: () => undefined }));
      assert.deepEqual(t.content.map((b) => (b.type === 'tool_use' ? [b.name, b.input] : b.type)), [['lookup_entry', { id: 'split-across-several-chunks' }], ['quote_answer', {}]]);
      assert.equal(t.stopReason, 'tool_use');
    } finally {
      mock.setResponder(openAiEcho);
    }
  });

  it('reads an SSE stream however its bytes are split (CRLF boundaries, multi-byte characters, comments)', async () => {
    const events = [
      ': a comment line some servers send',
      `data: ${JSON.stringify({ model: 'gpt-test', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })}`,
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: '幂等性是' } }] })}`,
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: ' idempotency ✓' } }] })}`,
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}`,
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 0 } } })}`,
      'data: [DONE]',
    ];
    const bytes = new TextEncoder().encode(events.join('\r\n\r\n') + '\r\n\r\n');
    for (const size of [1, 3, 7, 64]) {
      const fetchImpl = (async () => new Response(new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
          controller.close();
        },
      }), { headers: { 'content-type': 'text/event-stream' } })) as typeof fetch;
      const deltas: string[] = [];
      const r = await new OpenAiCompatibleProvider({ endpoint: 'http://127.0.0.1:9/v1', model: 'gpt-test', fetchImpl }).complete(ask('x'), call({ onText: (d) => deltas.push(d) }));
      assert.deepEqual(deltas, ['幂等性是', ' idempotency ✓'], `split every ${size} bytes`);
      assert.deepEqual(r.usage, { inputTokens: 12, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 });
      assert.equal(r.stopReason, 'end_turn');
    }
  });

  it('retries 429 after retry-after, and 500/503, then succeeds', async () => {
    mock.script({ kind: 'status', status: 429, retryAfter: '1' });
    mock.script({ kind: 'status', status: 503 });
    mock.script({ kind: 'status', status: 500 });
    const r = await provider({ retry: { sleep: fast.sleep, random: () => 0.5, baseMs: 100 } }).complete(ask('flaky'), call());
    assert.equal(r.attempts, 4);
    assert.deepEqual(fast.waits, [1000, 100, 200]);
  });

  it('gives up on a persistent 503 as overloaded after the retries', async () => {
    mock.script({ kind: 'status', status: 503 }, 3);
    const err = await failsWith(provider({ retries: 2 }).complete(ask('down'), call()), 'overloaded');
    assert.match(err.message, /gave up after 3 attempts/);
  });

  it('401: auth with the command and variable that fix it, and the key (echoed by the server) not in the message', async () => {
    const wrong = 'oai-WRONGKEY-1234567890';
    const err = await failsWith(provider({ apiKey: wrong }).complete(ask('hi'), call()), 'auth');
    assert.deepEqual(err.details.fix, { command: 'interviewLens.setOpenAiApiKey', env: 'INTERVIEW_LENS_OPENAI_API_KEY' });
    assert.match(err.message, /Incorrect API key provided/, 'the server\'s explanation is kept');
    assert.ok(!err.message.includes('WRONGKEY'), err.message);
  });

  it('an unreachable endpoint: unreachable with the endpoint setting and variable as the fix', async () => {
    const port = await closedPort();
    const err = await failsWith(provider({ endpoint: `http://127.0.0.1:${port}/v1` }).complete(ask('hi'), call()), 'unreachable');
    assert.match(err.message, new RegExp(`Cannot reach http://127\\.0\\.0\\.1:${port}/v1/chat/completions \\(ECONNREFUSED\\)`));
    assert.deepEqual(err.details.fix, { setting: 'interviewLens.openai.endpoint', env: 'INTERVIEW_LENS_OPENAI_ENDPOINT' });
  });

  it('a missing or malformed endpoint or model is a config error', async () => {
    for (const endpoint of ['', 'localhost:11434/v1']) {
      const err = await failsWith((async () => provider({ endpoint }))(), 'config');
      assert.deepEqual(err.details.fix, { setting: 'interviewLens.openai.endpoint', env: 'INTERVIEW_LENS_OPENAI_ENDPOINT' });
    }
    const err = await failsWith((async () => provider({ model: ' ' }))(), 'config');
    assert.deepEqual(err.details.fix, { setting: 'interviewLens.openai.model' });
  });

  it('a server that never answers: timeout, and the request is closed', async () => {
    mock.script({ kind: 'hang' });
    const err = await failsWith(provider({ timeoutMs: 300 }).complete(ask('openai hang'), call()), 'timeout');
    assert.match(err.message, /chat\/completions sent nothing for 300 ms/);
    await mock.whenClientClosed((r) => r.body?.messages[1].content === 'openai hang');
    mock.script({ kind: 'stall' });
    await failsWith(provider({ timeoutMs: 300 }).complete(ask('stall in the body'), call()), 'timeout');
    await mock.whenClientClosed((r) => r.body?.messages[1].content === 'stall in the body');
  });

  it('a cancel mid-request reaches the server (the mock sees the connection close)', async () => {
    mock.script({ kind: 'hang' });
    const ac = new AbortController();
    const before = mock.requests.length;
    const pending = provider().complete(ask('openai cancel me'), { signal: ac.signal });
    await until(() => mock.requests.length > before, 'the request to reach the mock');
    ac.abort();
    await failsWith(pending, 'cancelled');
    const r = await mock.whenClientClosed((q) => q.body?.messages[1].content === 'openai cancel me');
    assert.equal(r, mock.requests[before]);
  });

  it('a body that is not JSON: bad_response; a reset connection is retried', async () => {
    mock.script({ kind: 'malformed' });
    const err = await failsWith(provider().complete(ask('json'), call()), 'bad_response');
    assert.match(err.message, /did not answer JSON/);
    mock.script({ kind: 'reset' });
    const r = await provider().complete(ask('again'), call());
    assert.equal(r.attempts, 2);
  });

  it('a server that says "stop" after tool calls still reports a tool_use stop', async () => {
    mock.setResponder(() => ({ content: null, tool_calls: [{ name: 'lookup_entry', arguments: { id: 'x' } }], finish_reason: 'stop' }));
    try {
      const r = await provider().complete(ask('tools', { tools: [LOOKUP_TOOL] }), call());
      assert.equal(r.stopReason, 'tool_use');
    } finally {
      mock.setResponder(openAiEcho);
    }
  });

  it('an unknown model: bad_request with the model setting as the fix', async () => {
    const picky = await startMockOpenAi({ knownModel: (m) => m === 'real' });
    try {
      const err = await failsWith(new OpenAiCompatibleProvider({ endpoint: picky.url, model: 'imaginary' }).complete(ask('hi'), call()), 'bad_request');
      assert.deepEqual(err.details.fix, { setting: 'interviewLens.openai.model' });
      assert.match(err.message, /does not know the model "imaginary"/);
    } finally {
      await picky.close();
    }
  });
});

describe('llm provider errors never carry a key', () => {
  it('a key the server echoes where the message is cut is redacted whole, not cut in half', async () => {
    for (const at of [150, 190, 199, 390]) {
      const body = JSON.stringify({ error: { message: `${'x'.repeat(at)} your key ${OPENAI_KEY} is not allowed ${'y'.repeat(500)}` } });
      const fetchImpl = (async () => new Response(body, { status: 400 })) as typeof fetch;
      const err = await failsWith(new OpenAiCompatibleProvider({ endpoint: 'http://127.0.0.1:9/v1', model: 'm', apiKey: OPENAI_KEY, fetchImpl }).complete(ask('x'), call()), 'bad_request');
      assert.ok(!err.message.includes(OPENAI_KEY.slice(0, 10)), `cut at ${at}: ${err.message}`);
      const notJson = (async () => new Response(`${'z'.repeat(at)}${OPENAI_KEY}${'z'.repeat(500)}`, { status: 200 })) as typeof fetch;
      const bad = await failsWith(new OpenAiCompatibleProvider({ endpoint: 'http://127.0.0.1:9/v1', model: 'm', apiKey: OPENAI_KEY, fetchImpl: notJson }).complete(ask('x'), call()), 'bad_response');
      assert.ok(!bad.message.includes(OPENAI_KEY.slice(0, 10)), `cut at ${at}: ${bad.message}`);
    }
  });

  it('no LlmError message of these tests contains a key, the right one or a wrong one', () => {
    assert.ok(seenErrors.length > 15, `errors collected: ${seenErrors.length}`);
    for (const e of seenErrors) {
      for (const key of [ANTHROPIC_KEY, OPENAI_KEY, 'WRONGKEY']) assert.ok(!e.message.includes(key), `${e.kind}: ${e.message}`);
      assert.ok(!JSON.stringify(e.details).includes('TESTKEY'));
    }
  });
});

// The token estimate the mock uses, checked once so a change there does not silently shift the cache tests.
describe('mock Anthropic token estimate', () => {
  it('is ceil(characters / 4)', () => {
    assert.deepEqual([estimateTokens(0), estimateTokens(1), estimateTokens(4), estimateTokens(5)], [0, 1, 1, 2]);
  });
});
