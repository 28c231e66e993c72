import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createCore } from '../../src/core/services';
import { CancelledError } from '../../src/core/runtime/abort';
import { SkillRegistry } from '../../src/core/calls/skillRegistry';
import { SkillStepError } from '../../src/core/builtin/codeSkills/diagnoseTranscript';
import type { SkillContext, SkillResult } from '../../src/core/calls/skill';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { createToolRegistry } from '../../src/core/builtinTools';
import { ok } from '../../src/core/calls/tool';
import { KNOWLEDGE_DIR, SAMPLES, tempDir } from './helpers';

const meta = (name: string, over: object = {}) => ({ name, description: name, triggers: [] as string[], requiredTools: [] as string[], ...over });
const done = async (): Promise<SkillResult<string>> => ({ summary_md: '', actions: [], warnings: [], raw: 'ran' });

describe('SkillRegistry', () => {
  it('checks required tools at registration and refuses duplicates', () => {
    const skills = new SkillRegistry(createToolRegistry());
    assert.throws(() => skills.register({ ...meta('needs-x', { requiredTools: ['split_qa_pairs', 'no_such_tool'] }), execute: done }), /no_such_tool/);
    skills.register({ ...meta('one'), execute: done });
    assert.throws(() => skills.register({ ...meta('one'), execute: done }), /already registered/);
  });

  it('registers a plain function and returns the same function, still callable directly', async () => {
    const skills = new SkillRegistry(createToolRegistry());
    const fn = async (input: { n: number }, _ctx: SkillContext) => ({ summary_md: `n=${input.n}`, actions: [], warnings: [], raw: input.n * 2 });
    const returned = skills.registerFunction(meta('double-it', { triggers: ['double'] }), fn);
    assert.equal(returned, fn);
    assert.equal((await returned({ n: 2 }, {} as SkillContext)).raw, 4);
    assert.equal((await skills.run('double-it', { n: 5 }, {} as SkillContext)).raw, 10);
  });

  it('routes text by triggers, breaking ties by priority, and skips disabled skills', () => {
    const skills = new SkillRegistry(createToolRegistry());
    skills.register({ ...meta('low', { triggers: ['interview'], priority: 1 }), execute: done });
    skills.register({ ...meta('high', { triggers: ['interview'], priority: 5 }), execute: done });
    skills.register({ ...meta('mock', { triggers: ['mock', 'interview'] }), execute: done });
    assert.equal(skills.find('review my Interview please')?.name, 'high');
    assert.equal(skills.find('a mock interview')?.name, 'mock');
    assert.equal(skills.find('nothing relevant'), undefined);
    skills.setEnabled('high', false);
    assert.equal(skills.find('interview')?.name, 'low');
    assert.equal(skills.isEnabled('high'), false);
    return assert.rejects(skills.run('high', {}, {} as SkillContext), /disabled/);
  });
});

describe('diagnose-transcript skill', () => {
  const text = fs.readFileSync(path.join(SAMPLES, 'backend-interview-zh.txt'), 'utf8');

  it('diagnoses the Chinese sample with progress and stores the report', async () => {
    const dir = tempDir();
    const store = await HistoryStore.open(path.join(dir, 'h.sqlite'));
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const progress: number[] = [];
    const phases: string[] = [];
    const result = await core.diagnose({ text, source: 'zh.txt' }, { onProgress: (p) => { if (p.phase === 'questions') progress.push(p.done); if (phases.at(-1) !== p.phase) phases.push(p.phase!); } });
    const report = result.raw;
    assert.equal(report.summary.totalQuestions, 6);
    assert.deepEqual(progress, [0, 1, 2, 3, 4, 5, 6]);
    assert.deepEqual(phases, ['splitting', 'questions', 'report']);
    assert.ok(report.perQuestion.every((q) => q.reference !== null), 'every sample question has a reference');
    const idem = report.perQuestion.find((q) => q.reference?.id === 'zh-idempotency')!;
    assert.ok(idem.keyMissing.includes('幂等键'));
    assert.ok(idem.inaccuracies.length > 0);
    assert.equal(store.last('default')?.id, report.id);
    assert.deepEqual(result.actions.map((a) => [a.kind, a.target, a.detail?.saved, a.detail?.pruned]), [['history.save', report.id, true, 0]]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops on cancel and stores nothing', async () => {
    const dir = tempDir();
    const store = await HistoryStore.open(path.join(dir, 'h.sqlite'));
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const controller = new AbortController();
    await assert.rejects(
      core.diagnose({ text, concurrency: 1 }, { signal: controller.signal, onProgress: (p) => { if (p.done === 2) controller.abort(); } }),
      CancelledError,
    );
    assert.equal(store.last('default'), null);
    assert.equal(fs.existsSync(path.join(dir, 'h.sqlite')), false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a cancel that arrives as an event (a timer, the UI) stops a long run within a question or two', async () => {
    // The Cancel button reaches the run as a macrotask; if the run never yields, it arrives after the end.
    const dir = tempDir();
    const store = await HistoryStore.open(path.join(dir, 'h.sqlite'));
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const long = Array.from({ length: 40 }, () => text).join('\n');
    const controller = new AbortController();
    let analysed = 0;
    let total = 0;
    let timerSet = false;
    await assert.rejects(
      core.diagnose({ text: long }, {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase !== 'questions') return;
          total = p.total;
          analysed = p.done;
          if (p.done >= 1 && !timerSet) {
            timerSet = true;
            setTimeout(() => controller.abort(), 0);
          }
        },
      }),
      CancelledError,
    );
    assert.ok(total >= 200, `only ${total} questions`);
    assert.ok(analysed < 12, `${analysed} of ${total} questions were analysed after Cancel`);
    assert.equal(store.last('default'), null);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps at most `concurrency` analyses in flight', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const real = core.tools.resolve('analyze_content')!;
    let inFlight = 0;
    let peak = 0;
    const original = real.execute;
    real.execute = async (input, ctx) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return original.call(real, input, ctx);
    };
    try {
      await core.diagnose({ text, concurrency: 2 });
      assert.equal(peak, 2);
    } finally {
      real.execute = original;
    }
  });

  it('scores an off-topic question without a reference instead of a wrong one', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const { raw, warnings } = await core.diagnose({ text: 'Interviewer: How would you design a URL shortener?\nCandidate: Hash the URL with base62 and store it in a key-value store because lookups dominate.\n' });
    assert.equal(raw.perQuestion[0].reference, null);
    assert.deepEqual(raw.perQuestion[0].keyMissing, []);
    assert.match(warnings[0], /Q1: no reference/);
  });

  it('fails with the splitter\'s input_error on unlabeled text', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    await assert.rejects(core.diagnose({ text: 'no labels at all' }), (e: Error) => e instanceof SkillStepError && e.error.code === 'input_error');
  });

  it('compares with a report the user picks, by dimension', async () => {
    const dir = tempDir();
    const store = await HistoryStore.open(path.join(dir, 'h.sqlite'));
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const weak = 'Interviewer: How do you make an API idempotent?\nCandidate: Disable the button.\n';
    const strong = 'Interviewer: How do you make an API idempotent?\nCandidate: The client sends an idempotency key; we store it with a unique constraint because retries happen, return the stored first response, and use optimistic lock with a version column. In production we chose the order id as key and duplicates dropped to 0%.\n';
    const first = (await core.diagnose({ text: weak, userId: 'ana' })).raw;
    assert.equal(first.comparedToLast, null);
    await core.diagnose({ text: strong, userId: 'other-user' });
    // Another answer is another interview: compared only when picked.
    assert.equal((await core.diagnose({ text: strong, userId: 'ana', persist: false })).raw.comparedToLast, null);
    const second = (await core.diagnose({ text: strong, userId: 'ana', compareWith: first.id })).raw;
    assert.equal(second.comparedToLast?.previousId, first.id);
    assert.equal(second.comparedToLast?.basis, 'picked');
    assert.ok(second.comparedToLast!.overallDelta > 0);
    assert.ok(second.comparedToLast!.improved.some((d) => d.dimension === 'completeness'));
    assert.deepEqual(second.comparedToLast!.declined, []);
    const third = (await core.diagnose({ text: weak, userId: 'ana', compareWith: second.id })).raw;
    assert.ok(third.comparedToLast!.declined.some((d) => d.dimension === 'completeness'));
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('splits the plan into immediate, short-term and long-term steps', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const { raw } = await core.diagnose({ text });
    assert.ok(raw.improvementPlan.immediate.length >= 1 && raw.improvementPlan.immediate.length <= 4);
    assert.ok(raw.improvementPlan.shortTerm.length >= 1);
    assert.ok(raw.improvementPlan.longTerm.length >= 1);
    assert.ok(raw.improvementPlan.immediate.some((s) => /按钮置灰/.test(s)), 'the wrong claim is first to fix');
  });

  it('a tool registered through ok() is reachable from a skill context', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    core.tools.register({ name: 'ping_back', description: 'p', inputSchema: { type: 'object', properties: {} }, execute: async () => ok('pong') });
    const res = await core.tools.execute('ping_back', {}, core.context({ caller: 'test' }));
    assert.equal(res.data, 'pong');
  });
});

describe('generate_report tool', () => {
  it('rejects empty input and unknown references, and builds a report from analysed pairs', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const ctx = core.context({ caller: 'test' });
    const empty = await core.tools.execute('generate_report', { pairs: [], language: 'en' }, ctx);
    assert.equal(empty.error?.code, 'input_error');
    assert.match(empty.error!.message, /pairs/);
    const analysis = { dimensions: { completeness: 50, depth: 40, accuracy: 100, practicality: 20 }, contentScore: 55, keyMissing: ['x'], referenceId: 'nope' };
    const pair = { index: 1, question: 'q', answer: 'a', startOffset: 0, endOffset: 3, analysis };
    const bad = await core.tools.execute('generate_report', { pairs: [pair], language: 'en' }, ctx);
    assert.equal(bad.error?.code, 'input_error');
    const good = await core.tools.execute<{ summary: { overallScore: number; dimensions: Record<string, number> }; comparedToLast: unknown }>(
      'generate_report', { pairs: [{ ...pair, analysis: { ...analysis, referenceId: 'en-idempotency' } }], language: 'en' }, ctx);
    assert.equal(good.data?.summary.overallScore, 55);
    assert.equal(good.data?.summary.dimensions.accuracy, 100);
    assert.equal(good.data?.comparedToLast, null);
  });
});
