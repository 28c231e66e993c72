import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../src/core/llm/provider';
import type { CallRecorder, RecordedLlmCall, RecordedToolCall } from '../../src/core/calls/callRecorder';
import { readCassette } from '../../src/core/replay/cassette';
import { CassetteRecorder, recordingPath } from '../../src/core/replay/cassetteRecorder';
import { recording } from '../../src/core/calls/recordingProvider';
import { forgetSecrets, registerSecret } from '../../src/core/runtime/redact';
import { createCore, type Core } from '../../src/core/services';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { ok, type Tool } from '../../src/core/calls/tool';
import { KNOWLEDGE_DIR, makeCtx, tempDir } from './helpers';

const INFO = { skill: 'diagnose-transcript', skillHash: 'h1', engine: 'anthropic', model: 'fake-1' };
const TRANSCRIPT = 'Interviewer: What is RAG?\nCandidate: Retrieval plus generation.\nInterviewer: Why chunk documents?\nCandidate: To fit the context window.\n';

/** A model that answers with a fixed text and counts its calls. */
function fakeModel(answer = '{"score": 70}'): LlmProvider & { calls: number } {
  return {
    engine: 'anthropic', model: 'fake-1', calls: 0,
    async complete(_request: LlmRequest): Promise<LlmResponse> {
      this.calls++;
      return { content: [{ type: 'text', text: answer }], stopReason: 'end_turn', usage: { inputTokens: 10, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 }, model: 'fake-1', costUsd: 0.001, durationMs: 5, attempts: 1 };
    },
  };
}

const request = (text: string): LlmRequest => ({ purpose: 'judge', system: [{ type: 'text', text: 'Grade it.' }], messages: [{ role: 'user', content: [{ type: 'text', text }] }], maxTokens: 100 });

describe('replay: recording', () => {
  let core: Core;
  let root: string;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });
  beforeEach(() => {
    root = tempDir('il-rec-');
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    forgetSecrets();
  });

  it('records real tool calls with their validated input and writes the cassette only on finish', async () => {
    const rec = new CassetteRecorder(root, 'zh-run', INFO, () => Date.UTC(2026, 0, 2));
    const ctx = { ...core.context({ caller: 'test' }), recorder: rec };
    const split = await core.tools.execute('split_qa_pairs', { text: TRANSCRIPT }, ctx);
    assert.ok(split.success);
    await core.tools.execute('find_reference', { question: 'What is RAG?' }, ctx);
    assert.equal(rec.count, 2);
    const file = path.join(root, '.interview-lens', 'recordings', 'zh-run.jsonl');
    assert.equal(fs.existsSync(file), false, 'nothing on disk before finish');
    assert.equal(rec.finish(), file);
    const cassette = readCassette(file);
    assert.deepEqual(cassette.header, { type: 'header', format: 1, ...INFO, createdAt: '2026-01-02T00:00:00.000Z' });
    assert.deepEqual(cassette.calls.map((c) => [c.kind, c.name, c.repeat]), [['tool', 'split_qa_pairs', 0], ['tool', 'find_reference', 0]]);
    // The input as the tool got it: defaults applied by the registry's validation.
    assert.deepEqual(cassette.calls[0].request, { text: TRANSCRIPT, format: 'auto', swapRoles: false });
    assert.deepEqual(cassette.calls[0].response, JSON.parse(JSON.stringify(split)));
    assert.throws(() => rec.finish(), /already finished/);
  });

  it('numbers repeats of the same request so both answers are kept in order', async () => {
    const rec = new CassetteRecorder(root, 'repeats', INFO);
    const model = recording(fakeModel(), rec);
    const signal = new AbortController().signal;
    await model.complete(request('same'), { signal });
    await model.complete(request('other'), { signal });
    await model.complete(request('same'), { signal });
    const calls = readCassette(rec.finish()).calls;
    assert.deepEqual(calls.map((c) => c.repeat), [0, 0, 1]);
    assert.equal(calls[0].key, calls[2].key);
    assert.notEqual(calls[0].key, calls[1].key);
  });

  it('never writes an API key: neither a registered one of any shape nor a raw sk-ant- key', async () => {
    const registered = 'Zq8!odd#Key%with~shape-9';
    const raw = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv_0123456789';
    registerSecret(registered);
    const rec = new CassetteRecorder(root, 'secrets', INFO);
    const model = recording(fakeModel(`echo ${raw} and ${registered}`), rec);
    await model.complete(request(`my key is ${registered}, the other ${raw}`), { signal: new AbortController().signal });
    const ctx = { ...core.context({ caller: 'test' }), recorder: rec };
    await core.tools.execute('split_qa_pairs', { text: `Interviewer: Is ${raw} a key?\nCandidate: Yes, like ${registered}.\n` }, ctx);
    const text = fs.readFileSync(rec.finish(), 'utf8');
    assert.ok(!text.includes(registered), 'registered key in the cassette');
    assert.ok(!text.includes(JSON.stringify(registered).slice(1, -1)), 'JSON-escaped registered key in the cassette');
    assert.ok(!text.includes('sk-ant-api03'), 'raw key in the cassette');
    assert.match(text, /\[redacted\]/);
  });

  it('writes nothing when the run is discarded', async () => {
    const rec = new CassetteRecorder(root, 'cancelled', INFO);
    await core.tools.execute('split_qa_pairs', { text: TRANSCRIPT }, { ...core.context({ caller: 'test' }), recorder: rec });
    rec.discard();
    assert.equal(fs.existsSync(path.join(root, '.interview-lens')), false);
    assert.throws(() => rec.finish(), /already finished or discarded/);
  });

  it('keeps recordings inside the workspace: names with separators or .. are refused', () => {
    assert.equal(recordingPath(root, 'run-1.jsonl'), path.join(root, '.interview-lens', 'recordings', 'run-1.jsonl'));
    for (const bad of ['../x', 'a/b', 'a\\b', '..', 'a..b', '.hidden', '', 'x'.repeat(101)]) {
      assert.throws(() => recordingPath(root, bad), /is not allowed: use up to 100 letters/, bad);
    }
  });

  it('refuses a recordings folder that links out of the workspace', async () => {
    const outside = tempDir('il-outside-');
    try {
      fs.mkdirSync(path.join(root, '.interview-lens'));
      fs.symlinkSync(outside, path.join(root, '.interview-lens', 'recordings'));
      const rec = new CassetteRecorder(root, 'escape', INFO);
      assert.throws(() => rec.finish(), /leads outside the workspace/);
      assert.deepEqual(fs.readdirSync(outside), []);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a call that cannot be serialised fails finish() instead of writing an incomplete cassette', () => {
    const rec = new CassetteRecorder(root, 'bad', INFO);
    rec.recordTool({ name: 'split_qa_pairs', input: { n: 1n }, result: ok(1), durationMs: 1 });
    assert.throws(() => rec.finish(), /nothing recorded to .*tool call 1 \(split_qa_pairs\) could not be recorded/);
    assert.equal(fs.existsSync(rec.file), false);
  });
});

describe('replay: the registry reports tool calls to the recorder', () => {
  const echo: Tool = {
    name: 'echo_input',
    description: 'Returns its input, and changes it afterwards.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' }, count: { type: 'integer', default: 1 } }, required: ['text'] },
    async execute(input) {
      const out = ok({ ...input });
      (input as { text: string }).text = 'changed by the tool';
      return out;
    },
  };
  const collector = () => {
    const tools: RecordedToolCall[] = [];
    const recorder: CallRecorder = { recordTool: (c) => tools.push(c), recordLlm: (_c: RecordedLlmCall) => undefined };
    return { tools, recorder };
  };

  it('records the validated input as the tool got it, the result and the duration', async () => {
    const { tools, recorder } = collector();
    const r = new ToolRegistry().register(echo);
    const res = await r.execute('echo_input', { text: 'hi' }, makeCtx({ recorder }));
    assert.equal(tools.length, 1);
    assert.deepEqual(tools[0].input, { text: 'hi', count: 1 });
    assert.equal(tools[0].name, 'echo_input');
    assert.equal(tools[0].result, res);
    assert.ok(tools[0].durationMs >= 0);
  });

  it('does not record calls refused before the tool ran (unknown tool, invalid input)', async () => {
    const { tools, recorder } = collector();
    const r = new ToolRegistry().register(echo);
    assert.equal((await r.execute('no_such_tool', {}, makeCtx({ recorder }))).error?.code, 'input_error');
    assert.equal((await r.execute('echo_input', { text: 5 }, makeCtx({ recorder }))).error?.code, 'input_error');
    assert.equal(tools.length, 0);
  });

  it('a throwing recorder changes nothing for the caller and is logged', async () => {
    const r = new ToolRegistry().register(echo);
    const plain = await r.execute('echo_input', { text: 'hi' }, makeCtx());
    const ctx = makeCtx({ recorder: { recordTool: () => { throw new Error('disk full'); }, recordLlm: () => undefined } });
    const recorded = await r.execute('echo_input', { text: 'hi' }, ctx);
    assert.deepEqual(recorded, plain);
    assert.ok(ctx.logger.lines.some((e) => e.level === 'warn' && e.message === 'tool call not recorded' && e.fields?.error === 'disk full'));
  });

  it('the recording provider returns the provider\'s own response and survives a throwing recorder', async () => {
    const model = fakeModel();
    const calls: RecordedLlmCall[] = [];
    const req = request('hello');
    const wrapped = recording(model, { recordTool: () => undefined, recordLlm: (c) => calls.push(c) });
    assert.equal(wrapped.engine, 'anthropic');
    assert.equal(wrapped.model, 'fake-1');
    const res = await wrapped.complete(req, { signal: new AbortController().signal });
    assert.equal(calls.length, 1);
    assert.equal(calls[0].response, res);
    assert.deepEqual(calls[0].request, req);
    assert.notEqual(calls[0].request, req, 'a snapshot: the caller may extend its messages afterwards');
    const broken = recording(model, { recordTool: () => undefined, recordLlm: () => { throw new Error('boom'); } });
    assert.equal((await broken.complete(req, { signal: new AbortController().signal })).content.length, 1);
  });
});
