import { strict as assert } from 'node:assert';
import { computeProgress } from '../../src/core/coach/progress';
import { candidateFacts, compareWithExpert, rewriteAnswer } from '../../src/core/coach/compareExpert';
import type { QuestionReport, Report } from '../../src/core/report/model';
import { FakeLlm } from '../support/fakeLlm';

function question(entryId: string, topic: string, score: number, extra: Partial<QuestionReport> = {}): QuestionReport {
  return {
    index: 0, question: `Q ${entryId}`, answer: 'an answer', contentScore: score, dimensions: { completeness: score, depth: score, accuracy: score, practicality: score },
    keyMissing: [], inaccuracies: [], strengths: [], improvements: [], explanations: [], reference: { id: entryId, question: `Q ${entryId}`, expertAnswer: 'expert', topic },
    startOffset: 0, endOffset: 0, ...extra,
  } as QuestionReport;
}

function report(id: string, createdAt: string, questions: QuestionReport[]): Report {
  const overall = Math.round(questions.reduce((a, q) => a + q.contentScore, 0) / questions.length);
  return {
    id, createdAt, userId: 'default', source: id, language: 'en', engine: 'offline',
    summary: { overallScore: overall, totalQuestions: questions.length, dimensions: { completeness: overall, depth: overall, accuracy: null, practicality: overall }, strongest: 'depth', weakest: 'completeness', headline: '' },
    perQuestion: questions, improvementPlan: { immediate: [], shortTerm: [], longTerm: [] }, comparedToLast: null,
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
    assert.ok('error' in drops && /dropped the candidate's own facts \(40%, Acme, BM25\)|dropped/.test(drops.error));
    const none = await rewriteAnswer(new FakeLlm(() => 'x'), compareWithExpert({ ...q, reference: null }), 'en', new AbortController().signal);
    assert.ok('error' in none);
  });
});
