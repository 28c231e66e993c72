// The trace of a skill run (issue 16's dry-run panel): the rendered prompts of each chunk, every
// model reply with its validation errors and repairs, the reduce call, the final validation, the
// route, the plan against the records, tokens and timings; the audit keeping every chunk's raw
// output; applying exactly the traced plan; chains traced step by step; and a dry run recorded as
// a cassette that replays green.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, validateChainManifest, type LoadedChain, type LoadedSkill } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { runManifestSkill } from '../../src/core/skills/run/runManifestSkill';
import { traceSkillRun } from '../../src/core/skills/run/traceSkillRun';
import { traceChainRun } from '../../src/core/skills/run/traceChainRun';
import { applyChainTrace, applySkillTrace, hasPlan } from '../../src/core/skills/run/applyTrace';
import { openSkillHost } from '../../src/core/skills/run/skillHost';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { ActionsFailedError } from '../../src/core/skills/actions/runActions';
import { StalePlanError } from '../../src/core/skills/actions/types';
import { MemoryLogger } from '../../src/core/runtime/logger';
import { createCore, type Core } from '../../src/core/services';
import { readCassette } from '../../src/core/replay/cassette';
import { replayFile } from '../../src/core/replay/replayRunner';
import { recordedSkillRun } from '../../src/core/replay/recordedRun';
import { recordDryRun } from '../../src/core/replay/recordDryRun';
import { FakeLlm, promptText } from '../support/fakeLlm';
import { KNOWLEDGE_DIR, ROOT, tempDir } from './helpers';

const NOW = () => new Date('2026-12-01T09:00:00Z');
const POSTING = 'Acme Robotics is hiring a Senior Agent Engineer in Berlin. Requirements: TypeScript, evals. Apply by 2026-12-20.';
const EXTRACTED = { company: 'Acme Robotics', title: 'Senior Agent Engineer', location: 'Berlin', deadline: '2026-12-20', skills: ['typescript', 'evals'] };
const BUILT_IN = path.join(ROOT, 'skills');

/** A skill that reads its input in chunks of about 200 characters and reduces the parts. */
const CHUNKED = `name: chunk_probe
version: 1
description: Reads a long text in chunks, reduces the topics and keeps them as a note (a unit test's skill).
chunking:
  strategy: fixed
  max_chars: 200
  reduce: true
prompt:
  system: "You list the topics of a text."
  user: "Part {{ chunk.index + 1 }} of {{ chunk.count }}:\\n{{ input.text }}"
  reduce:
    system: "You merge topic lists."
    user: "Merge {{ parts | length }} parts."
output_schema:
  type: object
  additionalProperties: false
  required: [topics]
  properties:
    topics: { type: array, items: { type: string } }
actions:
  - create_note:
      title: "Topics: {{ out.topics | join(', ') }}"
      body_md: "{{ input.text }}"
match:
  inputs: [text]
`;

async function loadSkills(...dirs: string[]): Promise<{ skills: LoadedSkill[]; chains: LoadedChain[] }> {
  const loaded = await loadSkillFolders([BUILT_IN, ...dirs], { builtInDirs: [BUILT_IN], checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
  for (const s of loaded.skills.filter((x) => !x.valid)) assert.fail(`${s.name}: ${JSON.stringify(s.problems)}`);
  return { skills: loaded.skills, chains: loaded.chains };
}

/** Fails unless `value` is plain JSON data (what a webview message and the clipboard carry): no functions, dates, maps or NaN. */
function assertPlainJson(value: unknown, at = '$'): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') return assert.ok(Number.isFinite(value), `${at} is ${value}`);
  if (Array.isArray(value)) return value.forEach((v, i) => assertPlainJson(v, `${at}[${i}]`));
  assert.equal(Object.getPrototypeOf(value), Object.prototype, `${at} is not a plain object`);
  for (const [k, v] of Object.entries(value as object)) if (v !== undefined) assertPlainJson(v, `${at}.${k}`);
}

/** Three paragraphs of about 150 characters: three chunks of at most 200. */
function longText(): string {
  return ['Alpha', 'Beta', 'Gamma'].map((w) => `${w} topic. ${`${w} is discussed at length here with details that matter. `.repeat(2)}`).join('\n\n');
}

describe('the trace of a skill run (dry-run panel)', function () {
  this.timeout(60_000);
  let dir: string;
  let store: RecordsStore;
  const signal = new AbortController().signal;
  const logger = new MemoryLogger();
  beforeEach(async () => {
    dir = tempDir('il-trace-');
    store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('extract_job: the rendered prompts, the invalid first reply with its problems, the repair, the valid output and the plan with rendered params', async () => {
    const { skills } = await loadSkills();
    const llm = new FakeLlm((_r, n) => (n === 0 ? JSON.stringify({ company: 42, title: 'Senior Agent Engineer' }) : JSON.stringify(EXTRACTED)));
    const { trace } = await traceSkillRun({
      skills, explicit: 'extract_job', input: { text: POSTING, source: 'posting.txt' },
      deps: { records: store, llm, signal, now: NOW, dryRun: true, trusted: false, logger },
    });
    assert.equal(trace.kind, 'skill');
    assert.equal(trace.status, 'dry_run');
    assert.deepEqual(trace.route.decision, { skill: 'extract_job', how: 'explicit', reason: 'named by the caller', candidates: ['extract_job'] });
    assert.deepEqual(trace.route.calls, [], 'a named skill is not routed by the model');
    assert.equal(trace.chunking?.strategy, 'fixed');
    assert.equal(trace.chunking?.chunks.length, 1);
    assert.equal(trace.steps.length, 1);
    const step = trace.steps[0];
    assert.equal(step.step, 'chunk');
    assert.equal(step.chunk, 0);
    assert.match(step.system, /^You read one job posting/);
    assert.match(step.user, /^Today is 2026-12-01\.\nPOSTING:\nAcme Robotics is hiring/);
    assert.equal(step.user, promptText(llm.requests[0]).slice(step.system.length + 1), 'the trace shows the prompt that was sent');
    assert.equal(step.attempts.length, 2);
    assert.deepEqual(step.attempts.map((a) => [a.repair, a.valid]), [[false, false], [true, true]]);
    assert.deepEqual(step.attempts[0].problems, ['/company must be string']);
    assert.equal(step.attempts[0].raw, JSON.stringify({ company: 42, title: 'Senior Agent Engineer' }));
    assert.equal(step.attempts[1].raw, JSON.stringify(EXTRACTED));
    assert.match(promptText(llm.requests[1]), /\/company must be string/, 'the problems went back for the repair');
    assert.deepEqual(step.value, EXTRACTED);
    assert.deepEqual(trace.validation, { ok: true, problems: [] });
    assert.deepEqual(trace.calls.map((c) => c.purpose), ['skill:extract_job', 'skill:extract_job-repair']);
    assert.match(trace.calls[1].user, /^Your reply is not valid:\n- \/company must be string/);
    assert.deepEqual(trace.planned.map((p) => [p.op, p.primitive]), [['create', 'upsert_company'], ['create', 'upsert_position'], ['update', 'add_tags'], ['create', 'create_reminder']]);
    assert.equal(trace.planned[3].params.due_at, '2026-12-17', 'the parameters are rendered');
    assert.equal(trace.planned[1].params.company_id, trace.planned[0].id);
    assert.deepEqual(trace.usage, { inputTokens: 200, outputTokens: 100, cacheReadTokens: 0, cacheWriteTokens: 0 }, 'both replies are counted');
    assert.equal(trace.costUsd, 0.002);
    assert.equal(trace.engine, 'anthropic');
    assert.equal(trace.model, 'fake-model-1');
    assert.equal(trace.now, '2026-12-01T09:00:00.000Z');
    assert.deepEqual(trace.rawOutputs, [JSON.stringify(EXTRACTED)]);
    for (const k of ['routeMs', 'runMs', 'planMs', 'totalMs'] as const) assert.equal(typeof trace.timings[k], 'number', k);
    assertPlainJson(trace);
    assert.equal(store.list('company').length, 0, 'a dry run writes nothing');
  });

  it('a long input: each chunk\'s prompts and reply, the reduce call, and the audit keeps every raw output', async () => {
    const ws = path.join(dir, 'skills');
    fs.mkdirSync(path.join(ws, 'chunk_probe'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'chunk_probe', 'skill.yaml'), CHUNKED);
    const { skills } = await loadSkills(ws);
    const manifest = skills.find((s) => s.name === 'chunk_probe')!.manifest!;
    const replies: string[] = [];
    const llm = new FakeLlm((req) => {
      const text = promptText(req);
      const reply = text.includes('Merge ') ? JSON.stringify({ topics: ['alpha', 'beta', 'gamma'] }) : JSON.stringify({ topics: [/Part \d+ of \d+:\n\s*(\w+)/.exec(text)![1].toLowerCase()] });
      replies.push(reply);
      return reply;
    });
    const text = longText();
    const r = await runManifestSkill(manifest, { text }, { records: store, llm, signal, now: NOW, dryRun: false });
    assert.equal(r.status, 'ok');
    const t = r.trace!;
    assert.equal(t.chunking.chunks.length, 3);
    assert.deepEqual(t.steps.map((s) => [s.step, s.chunk]), [['chunk', 0], ['chunk', 1], ['chunk', 2], ['reduce', undefined]]);
    assert.equal(t.steps[1].user, `Part 2 of 3:\n${text.slice(t.chunking.chunks[1].start, t.chunking.chunks[1].end)}`);
    assert.equal(t.steps[3].system, 'You merge topic lists.');
    assert.equal(t.steps[3].user, 'Merge 3 parts.');
    assert.deepEqual(t.rawOutputs, replies);
    assert.equal(r.planned[0].params.title, 'Topics: alpha, beta, gamma');
    // The audit keeps each chunk's raw output and the reduce's, not only the last one.
    const run = store.run(r.runId!)!;
    assert.deepEqual(JSON.parse(run.raw_output!), replies);
  });

  it('an output that stays invalid: three attempts, the validation says where it failed, nothing planned; the invalid run\'s audit keeps its raw output', async () => {
    const { skills } = await loadSkills();
    const llm = new FakeLlm(() => JSON.stringify({ title: 'no company' }));
    const { trace } = await traceSkillRun({ skills, explicit: 'extract_job', input: { text: POSTING }, deps: { records: store, llm, signal, now: NOW, dryRun: true, trusted: false, logger } });
    assert.equal(trace.status, 'invalid');
    assert.equal(trace.steps[0].attempts.length, 3);
    assert.deepEqual(trace.steps[0].attempts.map((a) => a.repair), [false, true, true]);
    assert.equal(trace.steps[0].ok, false);
    assert.deepEqual(trace.validation, { ok: false, stage: 'chunk', chunk: 0, repairs: 2, problems: ['/ must have required property \'company\''] });
    assert.deepEqual(trace.planned, []);
    assert.equal(hasPlan(trace), false);
    const run = await runManifestSkill(skills.find((s) => s.name === 'extract_job')!.manifest!, { text: POSTING }, { records: store, llm, signal, now: NOW, dryRun: false });
    assert.deepEqual(JSON.parse(store.run(run.runId!)!.raw_output!), [JSON.stringify({ title: 'no company' })]);
  });

  it('routes offline and says why; an offline skill\'s output is traced; the plan against the records shows new, update with before → after, and unchanged', async () => {
    const { skills } = await loadSkills();
    const deps = { records: store, signal, now: NOW, dryRun: true, trusted: false, logger };
    const first = await traceSkillRun({ skills, input: { text: 'Ask the recruiter about the on-call rota.', source: 'notes.md' }, deps });
    assert.equal(first.trace.route.decision.skill, 'capture_note');
    assert.equal(first.trace.route.decision.how, 'fallback');
    assert.match(first.trace.route.decision.reason, /offline, there is no model to choose/);
    assert.equal(first.trace.producedBy, 'offline');
    assert.equal(first.trace.engine, 'offline');
    assert.ok(first.trace.offline, 'the offline output is in the trace');
    assert.deepEqual(first.trace.steps, []);
    assert.deepEqual(first.trace.planned.map((p) => p.op), ['create']);
    // Applied, the same input plans "unchanged"; an extract_job run over an existing company plans an update.
    await applySkillTrace(first.trace, store, { reviewed: 'automation' });
    const again = await traceSkillRun({ skills, input: { text: 'Ask the recruiter about the on-call rota.', source: 'notes.md' }, deps });
    assert.deepEqual(again.trace.planned.map((p) => p.op), ['unchanged']);
    assert.ok(again.trace.planned[0].existing, 'the record it matched is in the plan');
    const llm = new FakeLlm(() => JSON.stringify(EXTRACTED));
    const job = await traceSkillRun({ skills, explicit: 'extract_job', input: { text: POSTING }, deps: { ...deps, llm } });
    await applySkillTrace(job.trace, store, { reviewed: 'automation' });
    const paid = new FakeLlm(() => JSON.stringify({ ...EXTRACTED, salary: '€90k' }));
    const update = await traceSkillRun({ skills, explicit: 'extract_job', input: { text: POSTING }, deps: { ...deps, llm: paid } });
    const position = update.trace.planned.find((p) => p.primitive === 'upsert_position')!;
    assert.equal(position.op, 'update');
    assert.equal(position.existing?.id, job.trace.planned[1].id, 'the update names the record it changes');
    assert.deepEqual(position.changes.find((c) => c.field === 'salary'), { field: 'salary', before: null, after: '€90k' });
    assert.equal(update.trace.planned[0].op, 'unchanged');
  });

  it('apply writes exactly the traced plan with all raw outputs in the audit, and refuses a plan the records no longer match', async () => {
    const { skills } = await loadSkills();
    const llm = new FakeLlm(() => JSON.stringify(EXTRACTED));
    const deps = { records: store, llm, signal, now: NOW, dryRun: true, trusted: false, logger };
    const { trace } = await traceSkillRun({ skills, explicit: 'extract_job', input: { text: POSTING }, deps });
    const applied = await applySkillTrace(trace, store, { reviewed: 'user' });
    assert.deepEqual(applied.actions.map((a) => a.id), trace.planned.map((p) => p.id), 'the ids the dry run showed are the ids written');
    assert.equal(llm.requests.length, 1, 'apply asks no model');
    const run = store.run(applied.runId)!;
    assert.deepEqual(JSON.parse(run.raw_output!), [JSON.stringify(EXTRACTED)], 'the model\'s raw output, not a re-serialised output');
    assert.deepEqual(run.validation, { ok: true, producedBy: 'model', reviewed: 'user' });
    // A plan made, then the records changed under it: nothing of it is written.
    const paid = new FakeLlm(() => JSON.stringify({ ...EXTRACTED, salary: '€90k' }));
    const stale = await traceSkillRun({ skills, explicit: 'extract_job', input: { text: POSTING }, deps: { ...deps, llm: paid } });
    const other = await traceSkillRun({ skills, explicit: 'extract_job', input: { text: POSTING }, deps: { ...deps, llm: new FakeLlm(() => JSON.stringify({ ...EXTRACTED, salary: '€100k' })) } });
    await applySkillTrace(other.trace, store, { reviewed: 'automation' });
    const err = await applySkillTrace(stale.trace, store, { reviewed: 'user' }).then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof ActionsFailedError && err.reason instanceof StalePlanError, String(err));
    assert.equal(store.list('position')[0].salary, '€100k');
  });

  it('a chain: each step\'s trace, then Apply writes each step in its own transaction', async () => {
    const { skills } = await loadSkills();
    const yaml = 'name: job_then_note\nsteps:\n  - skill: extract_job\n    output_as: job\n  - skill: capture_note\n    args:\n      text: "Follow up with {{ job.output.company }}"\n  - skill: capture_note\n    when: job.output.salary is defined\n';
    const v = validateChainManifest(yaml, path.join(dir, 'job_then_note.chain.yaml'), { knownSkillNames: skills.map((s) => s.name) });
    assert.ok(v.manifest, JSON.stringify(v.problems));
    const chain: LoadedChain = { name: 'job_then_note', dir, file: path.join(dir, 'job_then_note.chain.yaml'), manifest: v.manifest, valid: true, problems: [], builtIn: false };
    const llm = new FakeLlm((req) => (promptText(req).includes('POSTING') ? JSON.stringify(EXTRACTED) : JSON.stringify({ title: 'Follow up', tags: [] })));
    const { trace, exchanges } = await traceChainRun({ chain, skills, input: { text: POSTING }, deps: { records: store, llm, signal, now: NOW, dryRun: true, trusted: false, logger } });
    assert.equal(trace.status, 'dry_run');
    assert.deepEqual(trace.steps.map((s) => [s.report.skill, s.report.status, !!s.trace]), [['extract_job', 'dry_run', true], ['capture_note', 'dry_run', true], ['capture_note', 'skipped', false]]);
    assert.match(trace.steps[1].trace!.input.text, /^Follow up with Acme Robotics$/);
    assert.equal(trace.steps[0].trace!.route.decision.reason, 'a step of chain job_then_note');
    assert.equal(exchanges.length, 2);
    assert.deepEqual(trace.usage, { inputTokens: 200, outputTokens: 100, cacheReadTokens: 0, cacheWriteTokens: 0 });
    assert.equal(hasPlan(trace), true);
    const outcome = await applyChainTrace(trace, store, { reviewed: 'user' });
    assert.equal(outcome.failed, undefined);
    assert.deepEqual(outcome.written.map((w) => w.skill), ['extract_job', 'capture_note']);
    assert.notEqual(outcome.written[0].outcome.runId, outcome.written[1].outcome.runId, 'each step is its own transaction and run');
    assert.equal(store.list('company').length, 1);
    assert.equal(store.list('note').length, 1);
  });

  it('records a dry run as a cassette without asking the model again, and the cassette replays and passes; a cassette gives back its recorded run', async () => {
    const core: Core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const { skills } = await loadSkills();
    const llm = new FakeLlm(() => JSON.stringify(EXTRACTED));
    const traced = await traceSkillRun({ skills, explicit: 'extract_job', input: { text: POSTING, source: 'posting.txt' }, deps: { records: store, llm, signal, now: NOW, dryRun: true, trusted: false, logger } });
    const host = await openSkillHost({ dirs: [BUILT_IN], builtInDirs: [BUILT_IN], trusted: false, allowWrites: false });
    try {
      const { file } = await recordDryRun({
        root: dir, name: 'posting-from-panel', core, skills: host, exchanges: traced.exchanges, engine: 'anthropic', model: 'fake-model-1',
        input: { skill: 'extract_job', text: POSTING, source: 'posting.txt', now: traced.trace.now }, signal,
      });
      assert.equal(file, path.join(dir, '.interview-lens', 'recordings', 'posting-from-panel.jsonl'));
      assert.equal(llm.requests.length, 1, 'recording asked the model nothing');
      const cassette = readCassette(file);
      assert.equal(cassette.header.skill, 'extract_job');
      assert.equal(cassette.header.skillHash, host.hash('extract_job'));
      assert.deepEqual(cassette.calls.map((c) => `${c.kind} ${c.name}`), ['llm skill:extract_job', 'tool run_skill']);
      const replay = await replayFile(file, { tools: core.tools, contextFor: (p) => ({ ...core.context({ caller: 'test', manifestSkills: host }), llm: p }), currentSkillHash: (n) => host.hash(n) });
      assert.equal(replay.status, 'pass', JSON.stringify(replay.calls));
      const recorded = recordedSkillRun(cassette, file);
      assert.equal(recorded.input.text, POSTING);
      assert.equal(recorded.input.skill, 'extract_job');
      assert.equal(recorded.now.toISOString(), '2026-12-01T09:00:00.000Z');
      // The recorded outputs come back: the panel's dry run of the cassette plans the same actions.
      const again = await traceSkillRun({ skills, explicit: 'extract_job', input: { text: recorded.input.text, source: recorded.input.source }, deps: { records: store, llm: recorded.llm!, signal, now: () => recorded.now, dryRun: true, trusted: false, logger } });
      const shape = (t: typeof traced.trace) => t.planned.map((p) => [p.op, p.primitive, p.params.name ?? p.params.title ?? p.params.names]);
      assert.deepEqual(shape(again.trace), shape(traced.trace));
      assert.deepEqual(again.trace.steps[0].attempts.map((a) => a.raw), [JSON.stringify(EXTRACTED)]);
    } finally {
      host.close();
    }
    assert.throws(() => recordedSkillRun(readCassette(path.join(ROOT, 'test', 'cassettes', 'diagnose-srt-offline.jsonl')), 'diagnose-srt-offline.jsonl'), /records diagnose-transcript .*not a skill run/);
  });
});
