// Re-recording a cassette (the Test Explorer's Re-record profile): the recorded calls run again
// with today's code and a live engine, and the file is replaced atomically, only when every call
// succeeded; a refused, failed or cancelled re-record leaves the old bytes in place.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LlmError, responseText, type LlmRequest } from '../../src/core/llm/provider';
import { readCassette, serializeCassette } from '../../src/core/replay/cassette';
import { CassetteRecorder } from '../../src/core/replay/cassetteRecorder';
import { recording } from '../../src/core/calls/recordingProvider';
import { rerecordCassette } from '../../src/core/replay/rerecord';
import { replayFile } from '../../src/core/replay/replayRunner';
import { createCore, type Core } from '../../src/core/services';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { fail, ok, type Tool, type ToolContext } from '../../src/core/calls/tool';
import { FakeLlm } from '../support/fakeLlm';
import { KNOWLEDGE_DIR, makeCtx, ROOT, tempDir } from './helpers';

const TRANSCRIPT = 'Interviewer: What is RAG?\nCandidate: Retrieval plus generation.\nInterviewer: Why chunk documents?\nCandidate: To fit the context window.\n';

const askModel: Tool<{ question: string }> = {
  name: 'ask_model',
  description: 'Asks the model of the run to grade a question (test tool).',
  inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
  async execute(input, ctx) {
    if (!ctx.llm) return fail('service_error', 'no model');
    const res = await ctx.llm.complete({ purpose: 'judge', system: [{ type: 'text', text: 'Grade it.' }], messages: [{ role: 'user', content: [{ type: 'text', text: input.question }] }], maxTokens: 50 }, { signal: ctx.signal });
    return ok({ grade: responseText(res) });
  },
};

const graded = (prefix: string) => new FakeLlm((r: LlmRequest) => `${prefix} ${(r.messages[0].content[0] as { text: string }).text.length}`, 'live-model-2');

describe('replay: re-record', () => {
  let core: Core;
  let root: string;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });
  beforeEach(() => {
    root = tempDir('il-rerecord-');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  async function record(name: string, tools: ToolRegistry, ctx: ToolContext, calls: Array<[string, unknown]>, engine = 'anthropic'): Promise<string> {
    const rec = new CassetteRecorder(root, name, { skill: 'diagnose-transcript', skillHash: 'h1', engine, model: engine === 'offline' ? 'offline' : 'fake-1', tolerance: 0.5 });
    const recCtx = { ...ctx, recorder: rec, llm: ctx.llm && recording(ctx.llm, rec) };
    for (const [tool, input] of calls) assert.ok((await tools.execute(tool, input, recCtx)).success);
    return rec.finish();
  }

  const coreContext = () => (llm: unknown) => ({ ...core.context({ caller: 'test' }), llm }) as ToolContext;

  it('an offline tool-only cassette is re-recorded offline: today\'s results replace the edited ones, then it passes', async () => {
    const file = await record('offline', core.tools, core.context({ caller: 'test' }), [['split_qa_pairs', { text: TRANSCRIPT }], ['find_reference', { question: 'What is RAG?' }]], 'offline');
    const cassette = readCassette(file);
    (cassette.calls[0].response as { data: { language: string } }).data.language = 'xx';
    fs.writeFileSync(file, serializeCassette(cassette));
    const replay = { tools: core.tools, contextFor: coreContext() };
    assert.equal((await replayFile(file, replay)).status, 'fail');
    const result = await rerecordCassette(file, { tools: core.tools, contextFor: coreContext(), live: graded('x'), currentSkillHash: () => 'h2', clock: () => Date.UTC(2027, 0, 2) });
    assert.deepEqual(result.failures, []);
    assert.equal(result.written, true);
    assert.equal(result.calls, 2);
    assert.deepEqual([result.engine, result.model], ['offline', 'offline'], 'recorded offline, re-recorded offline even with a live engine at hand');
    const after = readCassette(file);
    assert.equal(after.header.skillHash, 'h2');
    assert.equal(after.header.createdAt, '2027-01-02T00:00:00.000Z');
    assert.equal(after.header.tolerance, 0.5, 'the tolerance is kept');
    assert.deepEqual(after.calls.map((c) => [c.kind, c.name]), [['tool', 'split_qa_pairs'], ['tool', 'find_reference']]);
    assert.equal((await replayFile(file, replay)).status, 'pass');
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['offline.jsonl'], 'no temporary file left beside it');
  });

  it('a cassette with model calls needs a live engine: refused without one, the file untouched', async () => {
    const tools = new ToolRegistry().register(askModel);
    const file = await record('needs-model', tools, makeCtx({ llm: graded('grade') }), [['ask_model', { question: 'What is RAG?' }]]);
    const before = fs.readFileSync(file, 'utf8');
    const result = await rerecordCassette(file, { tools, contextFor: () => makeCtx() });
    assert.equal(result.written, false);
    assert.match(result.failures[0], /has 1 model calls: re-recording it needs a model engine/);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
  });

  it('with a live engine, the model calls and tool results are recorded anew, with the live engine in the header', async () => {
    const tools = new ToolRegistry().register(askModel);
    const file = await record('live', tools, makeCtx({ llm: graded('grade') }), [['ask_model', { question: 'What is RAG?' }], ['ask_model', { question: 'Why chunk?' }]]);
    const live = graded('score');
    const result = await rerecordCassette(file, { tools, contextFor: () => makeCtx(), live });
    assert.equal(result.written, true, result.failures.join('; '));
    assert.equal(live.requests.length, 2);
    const after = readCassette(file);
    assert.deepEqual([after.header.engine, after.header.model], ['anthropic', 'live-model-2']);
    assert.deepEqual(after.calls.map((c) => [c.kind, c.name]), [['llm', 'judge'], ['tool', 'ask_model'], ['llm', 'judge'], ['tool', 'ask_model']]);
    assert.deepEqual((after.calls[1].response as { data: { grade: string } }).data, { grade: 'score 12' });
    const replayed = await replayFile(file, { tools, contextFor: () => makeCtx() });
    assert.equal(replayed.status, 'pass');
    assert.equal(replayed.counts.llmServed, 2);
  });

  it('a live model call that fails fails the re-record, even when the tool survives it: nothing is written', async () => {
    const tools = new ToolRegistry().register(askModel);
    const file = await record('flaky', tools, makeCtx({ llm: graded('grade') }), [['ask_model', { question: 'What is RAG?' }], ['ask_model', { question: 'Why chunk?' }]]);
    const before = fs.readFileSync(file, 'utf8');
    const flaky = new FakeLlm((_r, n) => (n === 1 ? new LlmError('unreachable', 'too many requests') : 'grade 1'));
    const result = await rerecordCassette(file, { tools, contextFor: () => makeCtx(), live: flaky });
    assert.equal(result.written, false);
    assert.match(result.failures.join('\n'), /model call \(purpose "judge"\) failed: too many requests/);
    assert.equal(fs.readFileSync(file, 'utf8'), before, 'never half a file');
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['flaky.jsonl']);
  });

  it('a tool that succeeded when recorded and fails today fails the re-record', async () => {
    const tools = new ToolRegistry().register(askModel);
    const file = await record('tool-fails', tools, makeCtx({ llm: graded('grade') }), [['ask_model', { question: 'What is RAG?' }]]);
    const before = fs.readFileSync(file, 'utf8');
    const broken: Tool<{ question: string }> = { ...askModel, async execute() { return fail('service_error', 'the grader is down'); } };
    const result = await rerecordCassette(file, { tools: new ToolRegistry().register(broken), contextFor: () => makeCtx(), live: graded('grade') });
    assert.equal(result.written, false);
    assert.match(result.failures[0], /call 2 \(tool ask_model\) failed: the grader is down/);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
  });

  it('cancelled part-way: nothing is written', async () => {
    const file = await record('cancel', core.tools, core.context({ caller: 'test' }), [['split_qa_pairs', { text: TRANSCRIPT }], ['find_reference', { question: 'What is RAG?' }]], 'offline');
    const before = fs.readFileSync(file, 'utf8');
    const stop = new AbortController();
    // The user cancels while the first call runs.
    const contextFor = (llm: unknown) => {
      stop.abort();
      return coreContext()(llm);
    };
    const result = await rerecordCassette(file, { tools: core.tools, contextFor, signal: stop.signal });
    assert.equal(result.written, false);
    assert.match(result.failures.join('\n'), /cancelled before every call was recorded/);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
  });

  it('an agent flow (header input) is re-run whole with the live engine, its model and tool calls recorded, and then replays', async () => {
    const file = path.join(root, 'ask-agent.jsonl');
    fs.copyFileSync(path.join(ROOT, 'test', 'cassettes', 'ask-agent-recovers.jsonl'), file);
    // The mock's answers, live: a tool call, then the final text.
    const live = new FakeLlm((request) => {
      const results = request.messages.flatMap((m) => m.content.filter((b) => b.type === 'tool_result'));
      if (results.length === 0) return { content: [{ type: 'tool_use', id: 'tu_9', name: 'query_knowledge_base', input: { query: 'prompt injection', topK: 2 } }], stopReason: 'tool_use' };
      return 'Read the prompt injection entry first.';
    });
    const result = await rerecordCassette(file, { tools: core.tools, contextFor: coreContext(), live, currentSkillHash: (s) => core.skillHash(s), rerun: core.rerunFlow });
    assert.deepEqual(result.failures, []);
    assert.equal(result.written, true);
    const after = readCassette(file);
    assert.deepEqual(after.header.input, { question: 'Plan one evening of practice on prompt injection' });
    assert.equal(after.header.skillHash, core.skillHash('ask'));
    assert.deepEqual(after.calls.map((c) => [c.kind, c.name]), [['llm', 'agent'], ['tool', 'query_knowledge_base'], ['llm', 'agent']]);
    assert.deepEqual(after.calls[1].request, { query: 'prompt injection', topK: 2 });
    const replayed = await replayFile(file, { tools: core.tools, contextFor: coreContext(), rerun: core.rerunFlow, currentSkillHash: (s) => core.skillHash(s) });
    assert.equal(replayed.status, 'pass', JSON.stringify(replayed));
  });
});
