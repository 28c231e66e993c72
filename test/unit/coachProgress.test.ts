import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { computeProgress, weakQuestionIds } from '../../src/core/diagnosis/report/progress';
import { recentReports } from '../../src/core/diagnosis/history/progressHistory';
import { finishMockInterview, recentItemIds } from '../../src/core/coach/mockInterview';
import type { MockSession } from '../../src/core/coach/mockSession';
import { renderProgressSection } from '../../src/core/diagnosis/report/progressHtml';
import { createCore } from '../../src/core/services';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { isMockInterviewKey } from '../../src/core/diagnosis/history/reportOrigin';
import { KNOWLEDGE_DIR, SAMPLES, tempDir } from './helpers';
import { candidateFacts, compareWithExpert, rewriteAnswer } from '../../src/core/coach/compareExpert';
import type { QuestionReport, Report } from '../../src/core/diagnosis/report/model';
import { FakeLlm } from '../support/fakeLlm';

function question(entryId: string, topic: string, score: number, extra: Partial<QuestionReport> = {}): QuestionReport {
  return {
    index: 0, question: `Q ${entryId}`, answer: 'an answer', contentScore: score, dimensions: { completeness: score, depth: score, accuracy: score, practicality: score },
    keyMissing: [], inaccuracies: [], strengths: [], improvements: [], explanations: [], reference: { id: entryId, question: `Q ${entryId}`, expertAnswer: 'expert', topic },
    startOffset: 0, endOffset: 0, ...extra,
  } as QuestionReport;
}

function report(id: string, createdAt: string, questions: QuestionReport[], extra: Partial<Report> = {}): Report {
  const overall = Math.round(questions.reduce((a, q) => a + q.contentScore, 0) / questions.length);
  return {
    id, createdAt, userId: 'default', source: id, language: 'en', engine: 'offline',
    summary: { overallScore: overall, totalQuestions: questions.length, dimensions: { completeness: overall, depth: overall, accuracy: null, practicality: overall }, strongest: 'depth', weakest: 'completeness', headline: '' },
    perQuestion: questions, improvementPlan: { immediate: [], shortTerm: [], longTerm: [] }, comparedToLast: null, ...extra,
  } as unknown as Report;
}

describe('coach: progress over sessions', () => {
  const reports = [
    report('r3', '2026-11-20T10:00:00Z', [question('en-rag-a', 'rag', 80), question('en-mem-a', 'memory', 30)]),
    report('r1', '2026-11-01T10:00:00Z', [question('en-rag-a', 'rag', 40), question('en-rag-b', 'rag', 50), question('en-mem-a', 'memory', 20)]),
    report('r2', '2026-11-10T10:00:00Z', [question('en-mem-b', 'memory', 45), question('en-safe', 'safety', 90)]),
  ];

  it('orders sessions by time and gives each dimension its series (a dimension not assessed is left out)', () => {
    const p = computeProgress(reports);
    assert.deepEqual(p.sessions.map((s) => s.id), ['r1', 'r2', 'r3']);
    assert.deepEqual(p.dimensions.completeness.map((x) => x.score), [37, 68, 55]);
    assert.deepEqual(p.dimensions.accuracy, []);
  });

  it('gives each topic its mean per session, its recent level and change, and the weakest topics', () => {
    const p = computeProgress(reports);
    const rag = p.topics.find((t) => t.topic === 'rag')!;
    assert.deepEqual(rag.points.map((x) => x.score), [45, 80]);
    assert.equal(rag.change, 35);
    assert.equal(rag.questions, 3);
    assert.deepEqual(p.weakestTopics.map((t) => t.topic), ['memory', 'rag'], 'safety has one question only');
  });

  it('lists the questions still weak by their latest answer, lowest first', () => {
    const p = computeProgress(reports);
    assert.deepEqual(p.weakQuestions.map((q) => [q.entryId, q.score]), [['en-mem-a', 30], ['en-mem-b', 45], ['en-rag-b', 50]], 'en-rag-a improved to 80');
    assert.equal(computeProgress([]).sessions.length, 0);
  });

  it('a re-run of the same text is not another session: it keeps the first run\'s place with the latest scores', () => {
    const rerun = report('r1b', '2026-11-25T10:00:00Z', [question('en-rag-a', 'rag', 70), question('en-rag-b', 'rag', 75), question('en-mem-a', 'memory', 65)], { rerunOf: { id: 'r1', createdAt: '2026-11-01T10:00:00Z' } });
    const again = report('r1c', '2026-11-26T10:00:00Z', [question('en-rag-a', 'rag', 72), question('en-rag-b', 'rag', 75), question('en-mem-a', 'memory', 66)], { rerunOf: { id: 'r1b', createdAt: '2026-11-25T10:00:00Z' } });
    const p = computeProgress([...reports, rerun, again]);
    assert.deepEqual(p.sessions.map((s) => [s.id, s.createdAt.slice(0, 10), s.reportIds]), [
      ['r1c', '2026-11-01', ['r1', 'r1b', 'r1c']], ['r2', '2026-11-10', ['r2']], ['r3', '2026-11-20', ['r3']],
    ]);
    assert.equal(p.sessions[0].overall, 71, 'the session shows its latest run');
    // The latest answers, by time of the session they belong to: r3 (20 Nov) answered en-mem-a after r1's text was first diagnosed.
    assert.deepEqual(p.weakQuestions.map((q) => [q.entryId, q.score]), [['en-mem-a', 30], ['en-mem-b', 45]]);
    // A re-run whose original is gone (deleted) counts as a session of its own.
    assert.equal(computeProgress([rerun, reports[1]].filter((r) => r.id !== 'r1')).sessions.length, 1);
    assert.equal(computeProgress([rerun]).sessions.length, 1);
  });

  it('the same question in Chinese and English is one question: its latest answer decides, whatever the language', () => {
    const zh = report('z', '2026-11-21T10:00:00Z', [question('zh-rag-a', 'rag', 85)]);
    const p = computeProgress([...reports, zh]);
    assert.ok(!p.weakQuestions.some((q) => q.entryId.endsWith('rag-a')));
    const laterWeak = report('e', '2026-11-22T10:00:00Z', [question('en-rag-a', 'rag', 20)]);
    assert.deepEqual(computeProgress([...reports, zh, laterWeak]).weakQuestions.map((q) => q.entryId)[0], 'en-rag-a');
  });

  it('"Practise weak questions" asks the lowest-scored weak questions, at most five, lowest first', () => {
    const many = report('m', '2026-11-30T10:00:00Z', Array.from({ length: 8 }, (_, k) => question(`en-q${k}`, 'rag', 10 + k * 7)));
    const ids = weakQuestionIds(computeProgress([...reports, many]));
    assert.deepEqual(ids, ['en-q0', 'en-q1', 'en-q2', 'en-mem-a', 'en-q3'], 'en-mem-a (30) comes before en-q3 (31)');
    assert.deepEqual(weakQuestionIds(computeProgress([...reports, many]), 2), ['en-q0', 'en-q1']);
    assert.deepEqual(weakQuestionIds(computeProgress([report('ok', '2026-11-01T00:00:00Z', [question('en-x', 'rag', 90)])])), [], 'nothing weak, nothing to practise');
  });

  it('renders the progress section from two sessions on: the trend chart with a marker per score, topics, weakest, and the button in the panel only', () => {
    const p = computeProgress(reports);
    const html = renderProgressSection(p, 'en', { toolkit: true, currentId: 'r2' });
    assert.match(html, /data-testid="progress" data-sessions="3"/);
    assert.match(html, /<svg class="chart" id="progress-dimensions"[^>]*role="img" aria-labelledby="progress-dimensions-title progress-dimensions-desc"/);
    assert.match(html, /<title id="progress-dimensions-title">Scores by dimension over sessions<\/title><desc id="progress-dimensions-desc">Overall score from 37 in the first session to 55 in the last; by dimension, first to last: Completeness 37 → 55, Depth 37 → 55, Practicality 37 → 55\.<\/desc>/);
    // Overall and three assessed dimensions (accuracy is null throughout, so it has no series), three sessions each.
    const chart = html.slice(html.indexOf('id="progress-dimensions"'), html.indexOf('</svg>', html.indexOf('id="progress-dimensions"')));
    assert.equal((chart.match(/<\/title><\/g>/g) ?? []).length, 4 * 3, 'a marker with its tooltip per score');
    assert.match(chart, /<title>Depth: 68 \(10 Nov, “r2”\)<\/title>/);
    assert.match(html, /<li data-entry="en-mem-a"><q>Q en-mem-a<\/q> — 30\/100 \(memory, 20 Nov\)<\/li>/);
    assert.equal((html.match(/<line class="chart-current"/g) ?? []).length, 1, 'the report on show is marked');
    assert.equal((html.match(/data-testid="progress-topic"/g) ?? []).length, 3);
    assert.match(html, /<svg class="chart sparkline"[^>]*aria-label="RAG and retrieval: 45, 80"/);
    assert.match(html, /data-testid="progress-weakest"><li data-topic="memory">memory: 32\/100 recently \(3 questions\)/);
    assert.match(html, /<vscode-button appearance="primary" data-action="practise"/);
    assert.doesNotMatch(renderProgressSection(p, 'en', { toolkit: false }), /vscode-button/, 'no button where nothing can run it');
    assert.match(renderProgressSection(p, 'zh', { toolkit: false }), /各维度得分趋势/);
    assert.equal(renderProgressSection(computeProgress(reports.slice(0, 1)), 'en', { toolkit: true }), '', 'one session is not a trend');
  });
});

describe('coach: progress from the history store', () => {
  let dir: string;
  let store: HistoryStore;
  beforeEach(async () => {
    dir = tempDir('il-progress-');
    store = await HistoryStore.open(path.join(dir, 'history.sqlite'));
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('computes trends over several diagnosed and saved sessions; re-diagnosing a file does not add one', async () => {
    let now = Date.parse('2026-11-01T09:00:00Z');
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store, clock: () => (now += 3_600_000) });
    const en = fs.readFileSync(path.join(SAMPLES, 'llm-engineer-en.md'), 'utf8');
    const zh = fs.readFileSync(path.join(SAMPLES, 'backend-interview-zh.txt'), 'utf8');
    const first = (await core.diagnose({ text: en, source: 'llm-engineer-en.md', sourceKey: 'file:///w/llm-engineer-en.md' })).raw;
    const second = (await core.diagnose({ text: zh, source: 'backend-interview-zh.txt', sourceKey: 'file:///w/backend-interview-zh.txt' })).raw;
    const rerun = (await core.diagnose({ text: en, source: 'llm-engineer-en.md', sourceKey: 'file:///w/llm-engineer-en.md' })).raw;
    assert.equal(rerun.rerunOf?.id, first.id);
    const saved = recentReports(store, 'default');
    assert.deepEqual(saved.map((r) => r.id), [rerun.id, second.id, first.id], 'newest first');
    const p = computeProgress(saved);
    assert.deepEqual(p.sessions.map((s) => s.source), ['llm-engineer-en.md', 'backend-interview-zh.txt']);
    assert.deepEqual(p.sessions.map((s) => s.overall), [rerun.summary.overallScore, second.summary.overallScore]);
    assert.deepEqual(p.dimensions.depth.map((x) => x.score), [rerun.summary.dimensions.depth, second.summary.dimensions.depth]);
    const expectedTopics = new Set([...first.perQuestion, ...second.perQuestion].flatMap((q) => (q.reference ? [q.reference.topic] : [])));
    assert.deepEqual(p.topics.map((t) => t.topic).sort(), [...expectedTopics].sort());
    const weakIds = weakQuestionIds(p);
    const latest = [...rerun.perQuestion, ...second.perQuestion].filter((q) => q.reference && q.contentScore < 60)
      .sort((a, b) => a.contentScore - b.contentScore || a.reference!.id.localeCompare(b.reference!.id));
    assert.ok(weakIds.length > 0 && weakIds.length <= 5);
    assert.deepEqual(weakIds, latest.slice(0, 5).map((q) => q.reference!.id).filter((id, k, all) => all.indexOf(id) === k).slice(0, weakIds.length));
    // A cache pays only for reports not read yet, and keeps only the latest.
    const cache = new Map<string, Report>();
    recentReports(store, 'default', 2, cache);
    assert.deepEqual([...cache.keys()].sort(), [rerun.id, second.id].sort());
  });

  it('recentItemIds lists the item ids asked in the last sessions, newest first, without language prefix or repeats', async () => {
    await store.save(report('old', '2026-10-01T00:00:00Z', [question('en-rag-old', 'rag', 50)]));
    await store.save(report('a', '2026-11-01T00:00:00Z', [question('en-rag-a', 'rag', 50), question('zh-mem-a', 'memory', 50)]));
    await store.save(report('b', '2026-11-02T00:00:00Z', [question('zh-rag-a', 'rag', 60), question('en-safe', 'safety', 70), { ...question('x', 'rag', 10), reference: null }]));
    assert.deepEqual(recentItemIds(store, 'default', 2), ['rag-a', 'safe', 'mem-a']);
    assert.deepEqual(recentItemIds(store, 'default'), ['rag-a', 'safe', 'mem-a', 'rag-old']);
    assert.deepEqual(recentItemIds(store, 'someone-else'), []);
    assert.deepEqual(recentItemIds(undefined, 'default'), []);
  });

  it('a finished mock interview is saved under a key the history view labels as mock', async () => {
    const session = {
      format: 1, id: 'sess-1', createdAt: '2026-11-30T10:00:00Z', updatedAt: '2026-11-30T10:05:00Z', language: 'en', queue: [], status: 'finished',
      options: { count: 1, categories: [], difficulties: [], followUps: false },
      turns: [{ entryId: 'en-rag-pipeline', question: 'How does RAG work?', kind: 'question', answer: 'Chunk, embed, retrieve, generate.' }],
    } as unknown as MockSession;
    let sourceKey: string | undefined;
    await finishMockInterview({ diagnose: async (input: { sourceKey?: string }) => { sourceKey = input.sourceKey; return undefined as never; } } as never, session, {});
    assert.equal(sourceKey, 'mock-interview:sess-1');
    assert.equal(isMockInterviewKey(sourceKey), true);
    assert.equal(isMockInterviewKey('file:///w/mock-interview.txt'), false);
    assert.equal(isMockInterviewKey(null), false);
  });
});

describe('coach: compare with the expert', () => {
  const q = question('en-rag-a', 'rag', 55, {
    answer: 'We used BM25 at Acme and cut latency by 40% with a cache.',
    coverage: [
      { label: 'hybrid retrieval', weight: 2, status: 'stated', evidence: 'We used BM25 at Acme', match: 1 },
      { label: 'reranking', weight: 1, status: 'missing', match: 0 },
    ],
    inaccuracies: [{ claim: 'a cache fixes recall', correction: 'caching changes latency, not recall' }],
  });

  it('ticks each key point with the sentence that covers it, marks the missing ones, and lists the mistakes', () => {
    const c = compareWithExpert(q);
    assert.deepEqual(c.points.map((p) => [p.label, p.status, p.sentence ?? null]), [['hybrid retrieval', 'stated', 'We used BM25 at Acme'], ['reranking', 'missing', null]]);
    assert.equal(c.mistakes[0].correction, 'caching changes latency, not recall');
    assert.equal(c.expert!.answer, 'expert');
    assert.equal(compareWithExpert({ ...q, reference: null }).expert, null);
  });

  it('a rewrite must keep the candidate\'s own facts; one that drops them is refused', async () => {
    assert.deepEqual(candidateFacts(q.answer).sort(), ['40%', 'Acme', 'BM25']);
    const keeps = await rewriteAnswer(new FakeLlm(() => 'At Acme we used BM25 with a reranker, and a cache cut latency by 40%.'), compareWithExpert(q), 'en', new AbortController().signal);
    assert.ok('text' in keeps);
    const drops = await rewriteAnswer(new FakeLlm(() => 'Use hybrid retrieval with a reranker.'), compareWithExpert(q), 'en', new AbortController().signal);
    assert.ok('error' in drops, 'a rewrite that drops every fact was shown');
    const dropped = /^the model's rewrite dropped the candidate's own facts \((.+)\), so it is not shown$/.exec(drops.error);
    assert.ok(dropped, drops.error);
    assert.deepEqual(dropped[1].split(', ').sort(), ['40%', 'Acme', 'BM25'], 'the refusal names each fact the rewrite lost');
    const none = await rewriteAnswer(new FakeLlm(() => 'x'), compareWithExpert({ ...q, reference: null }), 'en', new AbortController().signal);
    assert.ok('error' in none);
  });
});
