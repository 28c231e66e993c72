// Replay for an editor: a mismatch carries the recorded and today's result as the masked JSON that
// was compared (TestMessage.diff shows them side by side) with a note of the normalisation, and a
// non-strict replay sends requests with no recording to a live engine and says which went live.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { responseText, type LlmRequest } from '../../src/core/llm/provider';
import { readCassette, serializeCassette } from '../../src/core/replay/cassette';
import { CassetteRecorder } from '../../src/core/replay/cassetteRecorder';
import { MASK, normalisationNote } from '../../src/core/replay/compare';
import { recording } from '../../src/core/calls/recordingProvider';
import { replayCassette, replayFile } from '../../src/core/replay/replayRunner';
import { createCore, type Core } from '../../src/core/services';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { fail, ok, type Tool, type ToolContext } from '../../src/core/calls/tool';
import { FakeLlm } from '../support/fakeLlm';
import { KNOWLEDGE_DIR, makeCtx, tempDir } from './helpers';

const TRANSCRIPT = 'Interviewer: What is RAG?\nCandidate: Retrieval plus generation.\nInterviewer: Why chunk documents?\nCandidate: To fit the context window.\n';

/** A tool that asks the run's model once per question and returns its answer. */
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

/** Answers "grade N" where N is the question's length: the same request always gets the same answer. */
const grader = () => new FakeLlm((r: LlmRequest) => `grade ${(r.messages[0].content[0] as { text: string }).text.length}`, 'live-model-2');

describe('replay: diff texts and non-strict replay', () => {
  let core: Core;
  let root: string;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });
  beforeEach(() => {
    root = tempDir('il-live-');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  async function record(name: string, tools: ToolRegistry, ctx: ToolContext, calls: Array<[string, unknown]>, tolerance?: number): Promise<string> {
    const rec = new CassetteRecorder(root, name, { skill: 'diagnose-transcript', skillHash: 'h1', engine: 'anthropic', model: 'fake-1', ...(tolerance !== undefined ? { tolerance } : {}) });
    const recCtx = { ...ctx, recorder: rec, llm: ctx.llm && recording(ctx.llm, rec) };
    for (const [tool, input] of calls) assert.ok((await tools.execute(tool, input, recCtx)).success);
    return rec.finish();
  }

  it('a mismatch carries the masked recorded and today\'s JSON, and says how they were normalised', async () => {
    const file = await record('edited', core.tools, core.context({ caller: 'test' }), [['split_qa_pairs', { text: TRANSCRIPT }], ['find_reference', { question: 'What is RAG?' }]]);
    const cassette = readCassette(file);
    (cassette.calls[0].response as { data: { pairs: Array<{ question: string }> } }).data.pairs[0].question = 'What is RAG, really?';
    fs.writeFileSync(file, serializeCassette(cassette));
    const result = await replayFile(file, { tools: core.tools, contextFor: (llm) => ({ ...core.context({ caller: 'test' }), llm }) });
    const [changed, same] = result.calls;
    assert.equal(changed.status, 'mismatch');
    assert.match(changed.expected!, /"question": "What is RAG, really\?"/);
    assert.match(changed.actual!, /"question": "What is RAG\?"/);
    assert.doesNotMatch(changed.actual!, /What is RAG, really/);
    // Pretty, canonical: one value per line, keys sorted, the same text the - / + diff was taken of.
    assert.ok(changed.expected!.split('\n').length > 5);
    assert.equal(JSON.stringify(JSON.parse(changed.expected!), null, 2), changed.expected);
    assert.match(changed.normalisation!, new RegExp(`${MASK} in place of the fields id, requestId`));
    assert.match(changed.normalisation!, /numbers compared exactly/);
    assert.equal(same.status, 'pass');
    assert.equal(same.expected, undefined, 'a passing call carries no texts');
    assert.equal(same.normalisation, undefined);
  });

  it('the note names the tolerance, or says numbers are compared exactly', () => {
    assert.match(normalisationNote(0.01), /within ±0\.01/);
    assert.match(normalisationNote(), /exactly/);
  });

  it('with a tolerance, today\'s numbers within it show as the recorded ones (only real differences remain)', async () => {
    const drifting: Tool<{ n: number }> = {
      name: 'drift', description: 'Returns n, a drifting score and an id (test tool).',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      async execute(input) {
        return ok({ id: `run-${Math.random()}`, n: input.n, score: 0.5 + Math.random() / 1000 });
      },
    };
    const tools = new ToolRegistry().register(drifting);
    const file = await record('drift', tools, makeCtx(), [['drift', { n: 1 }]], 0.01);
    const cassette = readCassette(file);
    (cassette.calls[0].response as { data: { n: number } }).data.n = 2;
    const result = await replayCassette(cassette, { tools, contextFor: () => makeCtx() });
    const call = result.calls[0];
    assert.equal(call.status, 'mismatch');
    const expected = JSON.parse(call.expected!);
    const actual = JSON.parse(call.actual!);
    assert.equal(actual.data.score, expected.data.score, 'the drift within the tolerance is aligned');
    assert.equal(actual.data.id, MASK);
    assert.deepEqual([expected.data.n, actual.data.n], [2, 1]);
    assert.match(call.normalisation!, /±0\.01/);
  });

  it('strict (default): a model request with no recording is a miss; non-strict: the live engine answers it and the call is compared', async () => {
    const recorded = grader();
    const tools = new ToolRegistry().register(askModel);
    const file = await record('live', tools, makeCtx({ llm: recorded }), [['ask_model', { question: 'What is RAG?' }], ['ask_model', { question: 'Why chunk?' }]]);
    // The second answer's recording is lost: as if the cassette predates that call.
    const cassette = readCassette(file);
    cassette.calls.splice(2, 1);
    assert.deepEqual(cassette.calls.map((c) => c.kind), ['llm', 'tool', 'tool']);

    const strict = await replayCassette(cassette, { tools, contextFor: () => makeCtx() });
    assert.deepEqual(strict.calls.map((c) => c.status), ['pass', 'miss']);
    assert.equal(strict.counts.liveServed, undefined, 'a strict replay has no live count');

    const live = grader();
    const loose = await replayCassette(cassette, { tools, contextFor: () => makeCtx(), strict: false, fallback: live });
    assert.equal(live.requests.length, 1, 'only the request with no recording went live');
    assert.equal(loose.status, 'pass');
    assert.deepEqual(loose.calls.map((c) => [c.index, c.status, c.liveServed]), [[2, 'pass', undefined], [3, 'pass', 1]]);
    assert.match(loose.calls[1].message!, /1 model request with no recording answered by the live engine \(purpose "judge"\)/);
    assert.equal(loose.counts.liveServed, 1);
    assert.equal(loose.counts.llmServed, 1);
    assert.match(loose.message!, /1 model request had no recording and was answered by the live engine \(anthropic live-model-2\); re-record/);
  });

  it('non-strict: a live answer that differs from the recorded result is a mismatch, not a pass', async () => {
    const tools = new ToolRegistry().register(askModel);
    const file = await record('differs', tools, makeCtx({ llm: grader() }), [['ask_model', { question: 'What is RAG?' }]]);
    const cassette = readCassette(file);
    cassette.calls.splice(0, 1);
    const other = new FakeLlm(() => 'grade 99');
    const result = await replayCassette(cassette, { tools, contextFor: () => makeCtx(), strict: false, fallback: other });
    assert.equal(result.calls[0].status, 'mismatch');
    assert.equal(result.calls[0].liveServed, 1);
    assert.match(result.calls[0].diff!, /- +"grade": "grade 12"\n\+ +"grade": "grade 99"/);
    assert.equal(result.status, 'fail');
  });

  it('non-strict needs a live engine, and never updates a cassette (the live answers would not be in it)', async () => {
    const tools = new ToolRegistry().register(askModel);
    const file = await record('noupdate', tools, makeCtx({ llm: grader() }), [['ask_model', { question: 'What is RAG?' }]]);
    const cassette = readCassette(file);
    await assert.rejects(replayCassette(cassette, { tools, contextFor: () => makeCtx(), strict: false }), /needs a live model engine/);
    const before = fs.readFileSync(file, 'utf8');
    const text = before.split('\n').filter((l) => !l.includes('"kind":"llm"')).join('\n');
    fs.writeFileSync(file, text);
    const result = await replayFile(file, { tools, contextFor: () => makeCtx(), strict: false, fallback: grader(), update: true, currentSkillHash: () => 'h2' });
    assert.equal(result.updated, false);
    assert.match(result.message!, /not updated: 1 model request was answered live/);
    assert.equal(fs.readFileSync(file, 'utf8'), text);
  });

  it('a recorded model call today\'s code never asks is listed by its index', async () => {
    const tools = new ToolRegistry().register(askModel);
    const file = await record('unused', tools, makeCtx({ llm: grader() }), [['ask_model', { question: 'What is RAG?' }], ['ask_model', { question: 'Why chunk?' }]]);
    const cassette = readCassette(file);
    cassette.calls.splice(3, 1);
    const result = await replayCassette(cassette, { tools, contextFor: () => makeCtx() });
    assert.deepEqual(result.llmUnusedAt, [3]);
    assert.equal(result.status, 'fail');
    const all = await replayFile(file, { tools, contextFor: () => makeCtx() });
    assert.equal(all.llmUnusedAt, undefined);
  });
});
