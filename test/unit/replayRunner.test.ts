import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { responseText, type LlmProvider, type LlmRequest, type LlmResponse } from '../../src/core/llm/provider';
import { benchReplay } from '../../src/core/replay/bench';
import { parseCassette, readCassette, serializeCassette } from '../../src/core/replay/cassette';
import { CassetteRecorder } from '../../src/core/replay/cassetteRecorder';
import { compareResults } from '../../src/core/replay/compare';
import { recording } from '../../src/core/calls/recordingProvider';
import { replayCassette, replayFile, type ReplayRunnerOptions } from '../../src/core/replay/replayRunner';
import { codeSkillHash, registeredSkillHashes, skillDefinitionHash } from '../../src/core/calls/skillHash';
import { createCore, type Core } from '../../src/core/services';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { fail, ok, type Tool, type ToolContext } from '../../src/core/calls/tool';
import { KNOWLEDGE_DIR, makeCtx, tempDir } from './helpers';

const TRANSCRIPT = 'Interviewer: What is RAG?\nCandidate: Retrieval plus generation.\nInterviewer: Why chunk documents?\nCandidate: To fit the context window.\n';

/** A model whose answer is fixed per question; counts calls so a test can see none went live. */
function fakeModel(): LlmProvider & { calls: number } {
  return {
    engine: 'anthropic', model: 'fake-1', calls: 0,
    async complete(request: LlmRequest): Promise<LlmResponse> {
      this.calls++;
      const q = (request.messages[0].content[0] as { text: string }).text;
      return { content: [{ type: 'text', text: `score ${q.length}` }], stopReason: 'end_turn', usage: { inputTokens: 10, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 }, model: 'fake-1', costUsd: null, durationMs: 5, attempts: 1 };
    },
  };
}

/** A tool that asks the run's model; `instructions` is its prompt, so a test can change it. */
function askModel(instructions = 'Grade the answer from 0 to 100.'): Tool<{ question: string }> {
  return {
    name: 'ask_model',
    description: 'Asks the model of the run to grade a question (test tool).',
    inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
    async execute(input, ctx) {
      if (!ctx.llm) return fail('service_error', 'no model');
      const res = await ctx.llm.complete({ purpose: 'judge', system: [{ type: 'text', text: instructions }], messages: [{ role: 'user', content: [{ type: 'text', text: input.question }] }], maxTokens: 50 }, { signal: ctx.signal });
      return ok({ grade: responseText(res) });
    },
  };
}

/** A tool whose result carries what changes on every run, around one stable field and one number. */
let drift = 0;
const stamped: Tool<{ text: string }> = {
  name: 'stamp_result',
  description: 'Returns the text with run-specific ids, times and a drifting number (test tool).',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  async execute(input) {
    drift += 0.001;
    const now = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 1e9)).toISOString();
    return ok({
      id: randomUUID(), requestId: randomUUID().slice(0, 8), createdAt: now, durationMs: Math.random() * 100, ms: Math.random(),
      note: `report ${randomUUID()} saved at ${now}`, text: input.text, nested: [{ id: randomUUID(), score: 0.5 + drift }],
    });
  },
};

const header = { skill: 'diagnose-transcript', skillHash: 'h1', engine: 'anthropic', model: 'fake-1' };

describe('replay: runner', () => {
  let core: Core;
  let root: string;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });
  beforeEach(() => {
    root = tempDir('il-runner-');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const coreOptions = (): ReplayRunnerOptions => ({ tools: core.tools, contextFor: (llm) => ({ ...core.context({ caller: 'test' }), llm }) });

  /** Records tool calls made with `tools` and `ctx`, and returns the cassette file. */
  async function record(name: string, tools: ToolRegistry, ctx: ToolContext, calls: Array<[string, unknown]>, info: Partial<typeof header> & { tolerance?: number } = {}): Promise<string> {
    const rec = new CassetteRecorder(root, name, { ...header, ...info });
    const recCtx = { ...ctx, recorder: rec, llm: ctx.llm && recording(ctx.llm, rec) };
    for (const [tool, input] of calls) assert.ok((await tools.execute(tool, input, recCtx)).success, `${tool} failed while recording`);
    return rec.finish();
  }

  it('passes when today\'s code gives the recorded results (real split_qa_pairs and find_reference)', async () => {
    const file = await record('real', core.tools, core.context({ caller: 'test' }), [
      ['split_qa_pairs', { text: TRANSCRIPT }], ['find_reference', { question: 'What is RAG?' }], ['find_reference', { question: 'Why chunk documents?', previous: ['What is RAG?'] }],
    ]);
    const result = await replayFile(file, coreOptions());
    assert.equal(result.status, 'pass', JSON.stringify(result.calls));
    assert.deepEqual(result.calls.map((c) => [c.index, c.kind, c.name, c.status]), [[1, 'tool', 'split_qa_pairs', 'pass'], [2, 'tool', 'find_reference', 'pass'], [3, 'tool', 'find_reference', 'pass']]);
    assert.deepEqual(result.counts, { calls: 3, pass: 3, mismatch: 0, miss: 0, llmServed: 0, llmUnused: 0 });
    assert.equal(result.file, file);
  });

  it('reports a mismatch with a - recorded / + today diff', async () => {
    const file = await record('edited', core.tools, core.context({ caller: 'test' }), [['split_qa_pairs', { text: TRANSCRIPT }], ['find_reference', { question: 'What is RAG?' }]]);
    // As if today's splitter read the first question differently from the recorded run.
    const cassette = readCassette(file);
    const data = (cassette.calls[0].response as { data: { pairs: Array<{ question: string }> } }).data;
    data.pairs[0].question = 'What is RAG, really?';
    fs.writeFileSync(file, serializeCassette(cassette));
    const result = await replayFile(file, coreOptions());
    assert.equal(result.status, 'fail');
    assert.deepEqual(result.calls.map((c) => c.status), ['mismatch', 'pass']);
    assert.match(result.calls[0].diff!, /- +"question": "What is RAG, really\?",\n\+ +"question": "What is RAG\?",/);
    assert.equal(result.counts.mismatch, 1);
  });

  it('masks ids, UUIDs, ISO timestamps and timing fields, but not the values that matter', async () => {
    const tools = new ToolRegistry().register(stamped);
    const file = await record('stamped', tools, makeCtx(), [['stamp_result', { text: 'a' }], ['stamp_result', { text: 'b' }]], { tolerance: 0.01 });
    const opts = { tools, contextFor: () => makeCtx() };
    assert.equal((await replayFile(file, opts)).status, 'pass');
    const cassette = readCassette(file);
    (cassette.calls[1].response as { data: { text: string } }).data.text = 'B';
    const result = await replayCassette(cassette, opts);
    assert.deepEqual(result.calls.map((c) => c.status), ['pass', 'mismatch']);
    assert.match(result.calls[1].diff!, /- +"text": "B"\n\+ +"text": "b"/);
    assert.doesNotMatch(result.calls[1].diff!, /"(id|createdAt|durationMs)": "?[0-9a-f]/, 'masked fields never show in a diff');
  });

  it('compares numbers exactly unless the cassette declares a tolerance', () => {
    assert.equal(compareResults({ score: 0.5 }, { score: 0.5 }).equal, true);
    assert.equal(compareResults({ score: 0.5 }, { score: 0.5000001 }).equal, false);
    assert.equal(compareResults({ score: [0.5, 2] }, { score: [0.504, 2] }, 0.01).equal, true);
    const off = compareResults({ score: 0.5, n: 3 }, { score: 0.52, n: 3 }, 0.01);
    assert.equal(off.equal, false);
    assert.equal(off.diff, ['  {', '    "n": 3,', '-   "score": 0.5', '+   "score": 0.52', '  }'].join('\n'));
  });

  it('uses the header tolerance: drifting numbers pass within it and fail beyond it', async () => {
    const tools = new ToolRegistry().register(stamped);
    const file = await record('drift', tools, makeCtx(), [['stamp_result', { text: 'a' }]], { tolerance: 0.01 });
    const opts = { tools, contextFor: () => makeCtx() };
    assert.equal((await replayFile(file, opts)).status, 'pass');
    const strict = readCassette(file);
    delete strict.header.tolerance;
    const result = await replayCassette(strict, opts);
    assert.equal(result.status, 'fail');
    assert.match(result.calls[0].diff!, /"score": 0\.5/);
  });

  it('serves a tool\'s model calls from the cassette; a changed prompt is a miss with the closest request', async () => {
    const model = fakeModel();
    const recordedTools = new ToolRegistry().register(askModel());
    const file = await record('llm', recordedTools, makeCtx({ llm: model }), [['ask_model', { question: 'What is RAG?' }], ['ask_model', { question: 'Why chunk?' }]]);
    assert.equal(model.calls, 2);
    const cassette = readCassette(file);
    assert.deepEqual(cassette.calls.map((c) => [c.kind, c.name]), [['llm', 'judge'], ['tool', 'ask_model'], ['llm', 'judge'], ['tool', 'ask_model']]);
    const replayed = await replayCassette(cassette, { tools: recordedTools, contextFor: () => makeCtx() });
    assert.equal(replayed.status, 'pass');
    assert.deepEqual(replayed.calls.map((c) => c.index), [2, 4]);
    assert.equal(replayed.counts.llmServed, 2);
    assert.equal(model.calls, 2, 'no live call during replay');

    const changedTools = new ToolRegistry().register(askModel('Grade the answer from 0 to 10.'));
    const missed = await replayCassette(cassette, { tools: changedTools, contextFor: () => makeCtx() });
    assert.equal(missed.status, 'fail');
    assert.deepEqual(missed.calls.map((c) => c.status), ['miss', 'miss']);
    assert.match(missed.calls[0].message!, /Closest recorded: model call 1 of 2 \(purpose "judge"\)/);
    assert.match(missed.calls[0].message!, /- +"text": "Grade the answer from 0 to 100\.",\n\+ +"text": "Grade the answer from 0 to 10\.",/);
    assert.equal(missed.counts.llmUnused, 2);
  });

  it('a cassette recorded with another skill definition is stale, with or without mismatches', async () => {
    const file = await record('stale', core.tools, core.context({ caller: 'test' }), [['split_qa_pairs', { text: TRANSCRIPT }]]);
    const stale = await replayFile(file, { ...coreOptions(), currentSkillHash: () => 'h2' });
    assert.equal(stale.status, 'stale');
    assert.deepEqual(stale.stale, { skill: 'diagnose-transcript', recorded: 'h1', current: 'h2' });
    assert.equal((await replayFile(file, { ...coreOptions(), currentSkillHash: () => 'h1' })).status, 'pass');
    const unknown = await replayFile(file, { ...coreOptions(), currentSkillHash: () => undefined });
    assert.equal(unknown.status, 'pass');
    assert.match(unknown.message!, /skill "diagnose-transcript" is not registered here/);
    const cassette = readCassette(file);
    (cassette.calls[0].response as { data: { language: string } }).data.language = 'xx';
    const both = await replayCassette(cassette, { ...coreOptions(), currentSkillHash: () => 'h2' });
    assert.equal(both.status, 'stale');
    assert.equal(both.counts.mismatch, 1);
    assert.equal((await replayCassette(cassette, { ...coreOptions(), currentSkillHash: () => 'h1' })).status, 'fail');
  });

  it('update rewrites the changed results and the skill hash atomically, then the cassette passes', async () => {
    const file = await record('update', core.tools, core.context({ caller: 'test' }), [['split_qa_pairs', { text: TRANSCRIPT }], ['find_reference', { question: 'What is RAG?' }]]);
    const cassette = readCassette(file);
    (cassette.calls[0].response as { data: { language: string } }).data.language = 'xx';
    fs.writeFileSync(file, serializeCassette(cassette));
    const before = fs.readFileSync(file, 'utf8');
    const updated = await replayFile(file, { ...coreOptions(), currentSkillHash: () => 'h2', update: true });
    assert.equal(updated.updated, true);
    assert.equal(updated.status, 'pass');
    assert.deepEqual(updated.calls.map((c) => c.status), ['mismatch', 'pass'], 'the calls still say what the update changed');
    const after = readCassette(file);
    assert.equal(after.header.skillHash, 'h2');
    assert.equal(after.header.createdAt, cassette.header.createdAt);
    assert.notEqual(fs.readFileSync(file, 'utf8'), before);
    assert.deepEqual(after.calls.map((c) => c.key), cassette.calls.map((c) => c.key));
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['update.jsonl'], 'no temporary file left beside it');
    const again = await replayFile(file, { ...coreOptions(), currentSkillHash: () => 'h2' });
    assert.equal(again.status, 'pass');
    // Nothing to change: the file is left alone.
    const mtime = fs.statSync(file).mtimeMs;
    assert.equal((await replayFile(file, { ...coreOptions(), currentSkillHash: () => 'h2', update: true })).updated, false);
    assert.equal(fs.statSync(file).mtimeMs, mtime);
  });

  it('update refuses to write when a model call has no recording', async () => {
    const file = await record('nomodel', new ToolRegistry().register(askModel()), makeCtx({ llm: fakeModel() }), [['ask_model', { question: 'Q' }]]);
    const before = fs.readFileSync(file, 'utf8');
    const result = await replayFile(file, { tools: new ToolRegistry().register(askModel('changed')), contextFor: () => makeCtx(), update: true });
    assert.equal(result.updated, false);
    assert.equal(result.status, 'fail');
    assert.match(result.message!, /not updated: 1 tool call asked the model something the cassette has no answer for; re-record/);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
  });

  it('the replay benchmark replays every call it recorded (its speed is printed by npm run bench, not asserted here)', async function () {
    const result = await benchReplay(core.tools, { calls: 400 });
    if (process.env.REPLAY_BENCH_PRINT) console.log(result);
    assert.equal(result.toolCalls, 400);
    assert.ok(Number.isFinite(result.llmCallsPerSecond) && result.llmCallsPerSecond > 0);
    assert.ok(Number.isFinite(result.toolCallsPerSecond) && result.toolCallsPerSecond > 0);
  });
});

describe('replay: skill definition hash', () => {
  const tools = new ToolRegistry().register(askModel()).register(stamped);
  const skill = { name: 'grade', description: 'Grades.', triggers: ['grade', 'score'], requiredTools: ['ask_model', 'stamp_result'] };

  it('is stable, ignores list order, and changes with the skill, its tools\'s schemas or the prompt version', () => {
    const h = codeSkillHash(skill, tools);
    assert.match(h, /^[0-9a-f]{64}$/);
    assert.equal(codeSkillHash({ ...skill, triggers: ['score', 'grade'], requiredTools: ['stamp_result', 'ask_model'] }, tools), h);
    assert.notEqual(codeSkillHash({ ...skill, description: 'Grades answers.' }, tools), h);
    assert.notEqual(codeSkillHash(skill, tools, 'prompt-v2'), h);
    const changedTool = new ToolRegistry().register({ ...askModel(), inputSchema: { type: 'object', properties: { question: { type: 'string', minLength: 1 } }, required: ['question'] } }).register(stamped);
    assert.notEqual(codeSkillHash(skill, changedTool), h);
    assert.throws(() => codeSkillHash({ ...skill, requiredTools: ['nope'] }, tools), /unknown tool "nope"/);
  });

  it('hashes a manifest by its text, whatever its line endings', () => {
    const a = skillDefinitionHash({ kind: 'manifest', name: 'm', text: 'name: m\nsteps: []\n' });
    assert.equal(skillDefinitionHash({ kind: 'manifest', name: 'm', text: 'name: m\r\nsteps: []\r\n' }), a);
    assert.notEqual(skillDefinitionHash({ kind: 'manifest', name: 'm', text: 'name: m\nsteps: [x]\n' }), a);
  });

  it('looks up the registered skills of the core', () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const lookup = registeredSkillHashes(core.skills, core.tools);
    assert.match(lookup('diagnose-transcript')!, /^[0-9a-f]{64}$/);
    assert.equal(lookup('no-such-skill'), undefined);
  });
});

describe('replay: parse errors reach the runner\'s caller', () => {
  it('replayFile throws a CassetteError for a missing or invalid file', async () => {
    const dir = tempDir('il-bad-');
    try {
      const opts = { tools: new ToolRegistry(), contextFor: () => makeCtx() };
      await assert.rejects(replayFile(path.join(dir, 'none.jsonl'), opts), /cannot read cassette .*none\.jsonl: not found/);
      fs.writeFileSync(path.join(dir, 'bad.jsonl'), 'nope');
      await assert.rejects(replayFile(path.join(dir, 'bad.jsonl'), opts), /bad\.jsonl line 1: not valid JSON/);
      assert.equal(parseCassette(serializeCassette({ header: { type: 'header', format: 1, ...header, createdAt: 'x' }, calls: [] })).calls.length, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
