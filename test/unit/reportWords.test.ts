// Issue 12, items 5–8: what the report says and in which language. Each test reads the report a
// user gets (the Report object and its renderings), not internals.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createCore } from '../../src/core/services';
import { renderReportBody } from '../../src/core/diagnosis/report/html';
import { renderTextSummary } from '../../src/core/diagnosis/report/text';
import { buildReport } from '../../src/core/diagnosis/report/generate';
import type { QuestionReport, Report } from '../../src/core/diagnosis/report/model';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { checkLinks, toEntries } from '../../src/core/diagnosis/knowledge/loader';
import type { KnowledgeItem } from '../../src/core/diagnosis/knowledge/types';
import { DIMENSIONS } from '../../src/core/diagnosis/knowledge/types';
import { judgePair } from '../../src/core/builtin/codeSkills/judgePair';
import { loadScoringSet } from '../../scripts/lib/scoreEval';
import { KNOWLEDGE_DIR, ROOT, SAMPLES, tempDir } from './helpers';

const NO_REFERENCE = 'Interviewer: How would you run the on-call rotation for a five-person team?\nCandidate: A weekly rotation with a secondary, and we hand over every Monday with a short written summary of open incidents.\n';
const CJK = /[\u3400-\u9fff]/;

/** Visible text of rendered HTML without what the candidate and interviewer said (kept as spoken). */
function reportWords(html: string): string {
  return html
    .replace(/<h3>Q\d+\.[\s\S]*?<\/h3>/g, ' ')
    .replace(/<details class="answer"[\s\S]*?<\/details>/g, ' ')
    .replace(/<q>[\s\S]*?<\/q>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .replace(/“[^”]*”/g, ' ');
}

function sample(name: string): string {
  return fs.readFileSync(path.join(SAMPLES, name), 'utf8');
}

describe('the report\'s words (issue 12, items 5–8)', () => {
  let core: ReturnType<typeof createCore>;
  before(() => { core = createCore({ knowledgeDir: KNOWLEDGE_DIR }); });

  describe('item 5: no reference is not "complete"', () => {
    it('says there was no reference and what the answer was judged on, never "Missing: none"', async () => {
      for (const lang of ['en', 'zh'] as const) {
        const { raw } = await core.diagnose({ text: NO_REFERENCE, reportLanguage: lang });
        assert.equal(raw.perQuestion[0].reference, null);
        const html = renderReportBody(raw, { toolkit: true });
        const section = html.slice(html.indexOf('id="q-1"'));
        assert.doesNotMatch(section, /Missing:?\s*<\/b>|缺少:?\s*<\/b>/, 'a "Missing" line for a question that had no reference');
        assert.doesNotMatch(section, />\s*(none|无)\s*</, '"none" reads as complete');
        const note = /data-testid="no-reference"[^>]*>([^<]+)</.exec(section)?.[1] ?? '';
        if (lang === 'en') assert.match(note, /no reference answer[\s\S]*judged on[\s\S]*explanation[\s\S]*concrete claims[\s\S]*relevance/i, note);
        else assert.match(note, /没有匹配到参考答案[\s\S]*依据[\s\S]*解释[\s\S]*具体[\s\S]*切题/, note);
        const line = renderTextSummary(raw).split('\n').find((l) => l.startsWith('Q1'))!;
        assert.match(line, lang === 'en' ? /no reference: judged on explanation, concrete claims and relevance/ : /无参考答案：依据解释、具体说法和切题程度评分/, line);
      }
    });
  });

  describe('item 6: "Why these scores" adds up', () => {
    const sums = (q: Pick<QuestionReport, 'explanations' | 'dimensions' | 'contentScore'>, where: string) => {
      for (const d of DIMENSIONS) {
        const lines = q.explanations.filter((e) => e.dimension === d);
        const v = q.dimensions[d];
        if (v === null) {
          assert.ok(lines.length > 0 && lines.every((e) => e.delta === 0), `${where}: ${d} not assessed needs a reason and no points`);
          continue;
        }
        assert.equal(lines.reduce((s, e) => s + e.delta, 0), v, `${where}: ${d} ${v} but the lines add to ${lines.map((e) => e.delta).join(' + ')}\n${lines.map((e) => `${e.delta} ${e.reason}`).join('\n')}`);
      }
      const total = q.explanations.filter((e) => e.dimension === 'score');
      assert.equal(total.reduce((s, e) => s + e.delta, 0), q.contentScore, `${where}: score ${q.contentScore} but ${total.map((e) => `${e.delta} ${e.reason}`).join(' | ')}`);
    };

    it('every dimension\'s lines sum to its score, and the score lines to the question\'s score (samples)', async () => {
      for (const name of ['backend-interview-zh.txt', 'llm-engineer-en.md', 'rag-interview-en.srt']) {
        const { raw } = await core.diagnose({ text: sample(name) });
        for (const q of raw.perQuestion) sums(q, `${name} Q${q.index}`);
      }
      const { raw } = await core.diagnose({ text: NO_REFERENCE });
      sums(raw.perQuestion[0], 'no reference');
    });

    it('holds for every answer of the tuning sets (strong, lists of terms, wrong, off-topic, padded, short)', async function () {
      this.timeout(300_000);
      const ctx = core.context({ caller: 'test' });
      const items = loadScoringSet([path.join(ROOT, 'test', 'fixtures', 'scoring', 'tune-en.yaml'), path.join(ROOT, 'test', 'fixtures', 'scoring', 'tune-zh.yaml')]);
      let n = 0;
      for (const item of items) {
        for (const kind of ['strong', 'keywords', 'weak', 'wrong', 'offtopic', 'rambling', 'crossLingual'] as const) {
          const answer = item[kind];
          if (typeof answer !== 'string') continue;
          const { analysis } = await judgePair(ctx, { question: item.question, answer, language: item.language ?? 'en', previous: item.context ?? [] });
          sums(analysis, `${item.id} ${kind}`);
          n++;
        }
      }
      assert.ok(n > 200, `${n} answers`);
      const empty = await judgePair(ctx, { question: 'How do you make an API idempotent?', answer: '', language: 'en' });
      sums(empty.analysis, 'empty answer');
    });

    it('the report shows each dimension\'s total next to its lines', async () => {
      const { raw } = await core.diagnose({ text: sample('llm-engineer-en.md') });
      const html = renderReportBody(raw, { toolkit: false });
      const q = raw.perQuestion[0];
      for (const d of DIMENSIONS) {
        if (q.dimensions[d] === null) continue;
        assert.match(html.slice(html.indexOf('id="q-1"')), new RegExp(`data-testid="why-total" data-dimension="${d}" data-total="${q.dimensions[d]}"`));
      }
      assert.match(html, new RegExp(`data-testid="why-total" data-dimension="score" data-total="${q.contentScore}"`));
    });
  });

  describe('item 7: one language per report', () => {
    it('an English report of a Chinese transcript has no Chinese outside what was said', async () => {
      const { raw } = await core.diagnose({ text: sample('backend-interview-zh.txt'), reportLanguage: 'en' });
      assert.equal(raw.language, 'en');
      assert.equal(raw.transcriptLanguage, 'zh');
      const kbText = raw.perQuestion.flatMap((q) => [
        ...q.keyMissing, ...(q.coverage ?? []).map((c) => c.label), ...q.inaccuracies.map((i) => i.correction),
        q.reference?.question ?? '', q.reference?.expertAnswer ?? '', ...(q.related ?? []).map((r) => r.question),
        ...(q.confidence?.reasons ?? []), ...q.strengths, ...q.improvements.map((s) => s.replace(/“[^”]*”/g, '')),
        ...q.explanations.map((e) => e.reason.replace(/“[^”]*”/g, '')),
      ]);
      for (const t of kbText) assert.doesNotMatch(t, CJK, t);
      for (const step of [...raw.improvementPlan.immediate, ...raw.improvementPlan.shortTerm, ...raw.improvementPlan.longTerm]) {
        assert.doesNotMatch(step.replace(/“[^”]*”/g, ''), CJK, step);
      }
      assert.doesNotMatch(raw.summary.headline, CJK);
      const words = reportWords(renderReportBody(raw, { toolkit: true })).replace(/backend-interview-zh\.txt/g, '');
      const left = [...words.matchAll(/[^\s]*[\u3400-\u9fff][^\s]*/g)].map((m) => m[0]);
      assert.deepEqual(left, [], `Chinese outside quotes: ${left.slice(0, 10).join(' ')}`);
      assert.doesNotMatch(words, /：|；|（/, 'Chinese punctuation in an English report');
      const text = renderTextSummary(raw).split('\n').filter((l) => !/^Q\d/.test(l)).join('\n');
      assert.doesNotMatch(text.replace(/“[^”]*”/g, ''), CJK, text);
    });

    it('a Chinese report of an English recording: labels, units, delivery and plan in Chinese', async () => {
      const { raw } = await core.diagnose({ text: sample('rag-interview-en.srt'), reportLanguage: 'zh' });
      assert.equal(raw.language, 'zh');
      const words = reportWords(renderReportBody(raw, { toolkit: true })).replace(/rag-interview-en\.srt/g, '');
      const english = words.match(/\b(the|and|your|you|answer|question|pace|fillers?|min|max|chars|words|inside|long|pause|interviewer|candidate)\b/gi) ?? [];
      assert.deepEqual(english, [], `English words in a Chinese report: ${english.join(' ')}`);
      assert.doesNotMatch(words, /[\u3400-\u9fff]: /, 'an ASCII colon after Chinese text');
      for (const x of [raw.delivery!.overall.scores.pace, raw.delivery!.overall.scores.fillers]) assert.match(x.explanation, CJK);
    });

    it('the Chinese report of a Chinese transcript and the English one of an English transcript are unchanged by default', async () => {
      const zh = (await core.diagnose({ text: sample('backend-interview-zh.txt') })).raw;
      assert.equal(zh.language, 'zh');
      const en = (await core.diagnose({ text: sample('llm-engineer-en.md') })).raw;
      assert.equal(en.language, 'en');
    });

    it('kb:check refuses an English entry that would list a Chinese mistake, and the reverse', () => {
      const item = (mistakes: KnowledgeItem['mistakes']): Array<{ item: KnowledgeItem; file: string }> => [{
        file: 'x.yaml',
        item: {
          id: 'x-item', dimension: 'rag', difficulty: 'easy',
          zh: { question: '问？', paraphrases: ['a', 'b', 'c'], expertAnswer: '答。', noviceAnswer: '答。', gap: '差。' },
          en: { question: 'Q?', paraphrases: ['a', 'b', 'c'], expertAnswer: 'A.', noviceAnswer: 'A.', gap: 'G.' },
          keyPoints: [{ label: { zh: '点', en: 'point' }, weight: 1, synonyms: ['point'] }],
          mistakes,
        },
      }];
      assert.deepEqual(checkLinks(item([{ patterns: ['信息越多越好', 'more context is always better'], correction: { zh: '不对。', en: 'No.' } }])), []);
      const enPatternZhOnly = checkLinks(item([{ patterns: ['信息越多越好', 'more context is always better'], correction: { zh: '不对。' } }]));
      assert.match(enPatternZhOnly.join('\n'), /x\.yaml \(x-item\): mistake "more context is always better" is in English but has no English correction/);
      const zhPatternEnOnly = checkLinks(item([{ patterns: ['信息越多越好'], correction: { en: 'No.' } }]));
      assert.match(zhPatternEnOnly.join('\n'), /mistake "信息越多越好" is in Chinese but has no Chinese correction/);
      // A correction in a language without a pattern is a translation for reports: that entry does not list the mistake.
      const translated = item([{ patterns: ['信息越多越好'], correction: { zh: '不对。', en: 'No.' } }]);
      assert.deepEqual(checkLinks(translated), []);
      const [zh, en] = toEntries(translated[0].item);
      assert.equal(zh.misconceptions.length, 1);
      assert.equal(en.misconceptions.length, 0, 'the English entry lists a Chinese mistake');
      assert.equal(zh.misconceptions[0].corrections?.en, 'No.');
    });
  });

  describe('item 8: words', () => {
    it('counts agree with their nouns: "1 question", never "1 questions" or "(s)"', async () => {
      const one = (await core.diagnose({ text: 'Interviewer: How do you make an API idempotent?\nCandidate: Disable the button.\n' })).raw;
      const all = [renderTextSummary(one), renderReportBody(one, { toolkit: false }), JSON.stringify(one.improvementPlan), one.summary.headline,
        ...one.perQuestion.flatMap((q) => [...(q.confidence?.reasons ?? []), ...q.explanations.map((e) => e.reason)])].join('\n');
      assert.match(one.summary.headline, /over 1 question\./);
      assert.doesNotMatch(all, /\b1 (questions|statements|fillers|turns|kinds)\b/);
      assert.doesNotMatch(all, /\w\(s\)/);
      assert.doesNotMatch(all, /\bno a\b|\ba an\b/);
    });

    it('"Immediate" is never "none": it says why nothing is urgent', () => {
      const row: QuestionReport = {
        index: 1, question: 'q?', answer: 'a.', contentScore: 90, dimensions: { completeness: 90, depth: 90, accuracy: 100, practicality: 80 },
        keyMissing: [], inaccuracies: [], strengths: [], improvements: [], explanations: [], reference: null, startOffset: 0, endOffset: 1,
      };
      const report = buildReport({ rows: [row], language: 'en', userId: 'u', source: 's', engine: 'offline', now: new Date() });
      assert.match(report.improvementPlan.immediate.join(' '), /Nothing urgent/);
      assert.doesNotMatch(renderReportBody(report, { toolkit: false }), />\s*none\s*</);
    });

    it('the same step is in the plan once: one wrong claim made in three answers is one step naming the three', async () => {
      const qa = 'Interviewer: How do you make an API idempotent?\nCandidate: Disabling the button makes it idempotent, so a frontend check is enough and users cannot click twice.\n\n';
      const { raw } = await core.diagnose({ text: qa.repeat(3) });
      const plan = [...raw.improvementPlan.immediate, ...raw.improvementPlan.shortTerm, ...raw.improvementPlan.longTerm];
      assert.equal(new Set(plan).size, plan.length, plan.join('\n'));
      const fixes = raw.improvementPlan.immediate.filter((s) => /disable the button|button/i.test(s));
      assert.equal(fixes.length, 1, raw.improvementPlan.immediate.join('\n'));
      assert.match(fixes[0], /Q1, Q2 and Q3/);
    });

    it('says who was taken for whom and on what evidence', async () => {
      const dialogue = (await core.diagnose({ text: fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'transcripts', 'dialogue-en.txt'), 'utf8') })).raw;
      const line = /data-testid="speakers">([^]*?)<\/p>/.exec(renderReportBody(dialogue, { toolkit: false }))![1].replace(/&#39;/g, "'");
      assert.doesNotMatch(line, /interviewer → interviewer|candidate → candidate/);
      assert.match(line, /No speaker labels: lines that ask a question were taken for the interviewer's, the rest for the candidate's/);
      const srt = (await core.diagnose({ text: sample('rag-interview-en.srt') })).raw;
      const named = /data-testid="speakers">([^]*?)<\/p>/.exec(renderReportBody(srt, { toolkit: false }))![1];
      assert.match(named, /“Alex” was taken for the interviewer: asks a question in \d+ of \d+ turns \(\d+% sure\)/);
      assert.match(named, /“Sam” was taken for the candidate/);
      const labeled = (await core.diagnose({ text: sample('llm-engineer-en.md') })).raw;
      assert.match(renderReportBody(labeled, { toolkit: false }), /“Interviewer” and “Candidate” are named by their labels/);
    });

    it('pace of mixed speech in words a reader understands, units in the report\'s language', async () => {
      const { raw } = await core.diagnose({ text: sample('rag-interview-en.srt') });
      const mixed: Report = JSON.parse(JSON.stringify(raw));
      const o = mixed.delivery!.overall;
      Object.assign(o, { cjkChars: 400, enWords: 4 });
      o.pace = { charsPerMin: 216, wordsPerMin: 2, dominant: 'zh', value: 219, unit: 'chars/min' };
      const html = renderReportBody(mixed, { toolkit: false });
      const pace = /data-testid="delivery-pace">([^]*?)<\/tr>/.exec(html)![1];
      assert.doesNotMatch(pace, /chars \+ \d+ words\/min/);
      assert.match(pace, /219 characters\/min \(216 Chinese characters and 2 English words a minute\)/);
      const pauses = /data-testid="delivery-pauses">([^]*?)<\/tr>/.exec(html)![1];
      assert.doesNotMatch(pauses, /max \d/);
      assert.match(pauses, /longest \d+(\.\d)? s/);
    });

    it('shows the date in local time, not a raw ISO timestamp', async () => {
      const { raw } = await core.diagnose({ text: sample('llm-engineer-en.md') });
      const html = renderReportBody(raw, { toolkit: false });
      assert.doesNotMatch(html.replace(/datetime="[^"]*"/g, ''), /\d{4}-\d\d-\d\dT\d\d:\d\d/);
      assert.match(html, new RegExp(`<time datetime="${raw.createdAt}">[^<]*${new Date(raw.createdAt).getFullYear()}[^<]*</time>`));
    });

    it('missing points are written as in the knowledge base (no upper-casing toolkit tag)', async () => {
      const { raw } = await core.diagnose({ text: sample('llm-engineer-en.md') });
      // A stored report without per-point coverage lists its missing points as tags; flags are tags too.
      const older: Report = JSON.parse(JSON.stringify(raw));
      for (const q of older.perQuestion) { delete q.coverage; q.flags = ['lists-terms']; }
      const html = renderReportBody(older, { toolkit: true });
      assert.doesNotMatch(html, /<vscode-tag/);
      assert.match(html, new RegExp(`<span class="tag missing">${older.perQuestion.find((q) => q.keyMissing.length)!.keyMissing[0]}</span>`));
    });
  });

  describe('item 8: "compared with last session" compares like with like', () => {
    let dir: string;
    let store: HistoryStore;
    let c: ReturnType<typeof createCore>;
    beforeEach(async () => {
      dir = tempDir();
      store = await HistoryStore.open(path.join(dir, 'h.sqlite'));
      c = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    });
    afterEach(() => { store.close(); fs.rmSync(dir, { recursive: true, force: true }); });

    it('a re-run of the same text is compared with its earlier run, and says which and when (issue 28)', async () => {
      const text = sample('llm-engineer-en.md');
      const first = (await c.diagnose({ text, sourceKey: 'file:///a.md' })).raw;
      const again = (await c.diagnose({ text, sourceKey: 'file:///a.md' })).raw;
      assert.equal(again.comparedToLast?.previousId, first.id);
      assert.equal(again.comparedToLast?.basis, 'earlier-run');
      assert.equal(again.rerunOf?.id, first.id);
      const html = renderReportBody(again, { toolkit: false });
      assert.match(html, /Compared with the run of [^<]+ of this interview \(4 questions\)\./);
      assert.doesNotMatch(html, /not compared/i);
      // The same text under another name, or with only its whitespace changed, is still the same interview: its latest run.
      const copy = (await c.diagnose({ text: `${text}\n\n`, sourceKey: 'file:///copy.md' })).raw;
      assert.equal(copy.comparedToLast?.previousId, again.id);
    });

    it('compares per dimension and per knowledge topic, and says what was compared', async () => {
      const weak = 'Interviewer: How do you make an API idempotent?\nCandidate: Disable the button.\n';
      const strong = 'Interviewer: How do you make an API idempotent?\nCandidate: The client sends an idempotency key; we store it with a unique constraint because retries happen, return the stored first response, and use optimistic lock with a version column. In production we chose the order id as key and duplicates dropped to 0%.\n';
      const first = (await c.diagnose({ text: weak, source: 'mock-1.txt' })).raw;
      // Another answer is another interview: compared when the user picks it.
      const second = (await c.diagnose({ text: strong, source: 'mock-2.txt', compareWith: first.id })).raw;
      const cmp = second.comparedToLast!;
      assert.equal(cmp.previousId, first.id);
      assert.equal(cmp.previousSource, 'mock-1.txt');
      assert.equal(cmp.relation, 'same-topics');
      const topic = cmp.topics.find((t) => t.topic === 'engineering')!;
      assert.ok(topic && topic.delta > 0 && topic.questionsBefore === 1 && topic.questionsNow === 1, JSON.stringify(cmp.topics));
      assert.ok(cmp.dimensions.some((d) => d.dimension === 'completeness' && d.delta > 0));
      const html = renderReportBody(second, { toolkit: false });
      assert.match(html, /Compared with mock-1\.txt, the run of [^<]+ you picked/);
      assert.match(html, /data-testid="compare-topic"[^>]*>[^<]*engineering/);
    });

    it('a report stored before per-topic comparison still renders its comparison', async () => {
      const { raw } = await c.diagnose({ text: sample('llm-engineer-en.md') });
      const old = { ...raw, comparedToLast: { previousId: 'p', previousCreatedAt: raw.createdAt, overallDelta: 4, improved: [{ dimension: 'depth', delta: 4 }], declined: [] } } as unknown as Report;
      assert.match(renderReportBody(old, { toolkit: false }), /data-testid="overall-delta">Overall score: \d+ → \d+ \(\+4\)/);
      assert.match(renderTextSummary(old), /Overall score: \d+ → \d+ \(\+4\)/);
    });

    it('an unrelated interview is said to be one: no topic in common, no overall progress claimed', async () => {
      const backend = (await c.diagnose({ text: 'Interviewer: How do you make an API idempotent?\nCandidate: The client sends an idempotency key and the server keeps it under a unique constraint.\n', source: 'backend.txt' })).raw;
      const other = (await c.diagnose({ text: 'Interviewer: Walk me through a RAG pipeline and how you would improve retrieval quality.\nCandidate: We chunk documents with overlap, use hybrid retrieval with BM25, rerank the top results and measure recall on an evaluation set.\n', source: 'rag.txt', compareWith: backend.id })).raw;
      const cmp = other.comparedToLast!;
      assert.equal(cmp.relation, 'no-common-topic');
      assert.deepEqual(cmp.topics, []);
      const html = renderReportBody(other, { toolkit: false });
      assert.match(html, /different interview: no knowledge topic in common/);
      assert.doesNotMatch(html, /data-testid="overall-delta"/);
      assert.match(renderTextSummary(other), /different interview/);
    });
  });
});
