import { strict as assert } from 'node:assert';
import { HybridKnowledgeBase } from '../../src/core/diagnosis/knowledge/hybrid';
import { loadedSql } from '../../src/core/store/sqlite';
import { loadKnowledgeDir } from '../../src/core/diagnosis/knowledge/loader';
import { analyzeAnswer, type AnswerAnalysis } from '../../src/core/diagnosis/judge/offline';
import { JudgeCorpus } from '../../src/core/diagnosis/judge/corpus';
import { readAnswer } from '../../src/core/diagnosis/judge/reading';
import { findAssertedMistakes } from '../../src/core/diagnosis/judge/misconceptions';
import { analyzeContent } from '../../src/core/builtin/tools/analyzeContent';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import type { KnowledgeEntry } from '../../src/core/diagnosis/knowledge/types';
import { KNOWLEDGE_DIR, makeCtx } from './helpers';

describe('offline judge (analyze_content)', () => {
  const entries = loadKnowledgeDir(KNOWLEDGE_DIR);
  const corpus = new JudgeCorpus(entries);
  let kb: HybridKnowledgeBase;
  before(() => { kb = new HybridKnowledgeBase(loadedSql()!, entries); });
  const entry = (id: string) => entries.find((e) => e.id === id)!;
  const judge = (e: KnowledgeEntry | null, question: string, answer: string, language: 'zh' | 'en' = 'en'): AnswerAnalysis =>
    analyzeAnswer({ question, answer, reference: e, language, corpus });
  const tools = entry('en-agent-tool-calling');
  const idem = entry('en-idempotency');

  it('a list of the key terms with trigger words scores far below an answer that explains them in its own words', () => {
    const list = judge(tools, tools.question, 'JSON Schema arguments. Validate, execute, return result. Timeouts and error codes. Because trade-off, we measured 30%');
    const own = judge(tools, tools.question, "The model never runs anything itself: it sees each tool's name, description and a JSON Schema for the arguments, and when it wants a tool it emits a structured call. Our host code checks the arguments against that schema, runs the function, and sends the output back so the model can continue. If the call fails we return a clear error code instead of a stack trace, because the model can fix a bad argument when it knows which field was wrong.");
    assert.ok(list.contentScore <= 40, `keyword list ${list.contentScore}`);
    assert.ok(own.contentScore >= 60, `own words ${own.contentScore}`);
    assert.ok(list.flags.includes('lists-terms'));
    assert.ok(list.explanations.some((e) => /lists terms without explaining them/.test(e.reason)));
    // The paraphrase covers "validate, execute, return result" and cites the sentence that does.
    const point = own.coverage.find((c) => c.label === 'validate, execute, return result')!;
    assert.equal(point.status, 'stated');
    assert.match(point.evidence!, /checks the arguments against that schema/);
    assert.ok(!own.keyMissing.includes('validate, execute, return result'));
    // In the list, the same point is only named.
    assert.equal(list.coverage.find((c) => c.label === 'validate, execute, return result')!.status, 'mentioned');
  });

  it('matches whole words only: "topic" does not cover "top", "LoRA-style" does not cover "style"', () => {
    const a = judge(idem, idem.question, 'We talked about the topic of styles and top performers in our team meeting last week, which was a nice change.');
    assert.ok(a.coverage.every((c) => c.status === 'missing'), JSON.stringify(a.coverage));
  });

  it('a misconception counts only when asserted, not when refuted', () => {
    const zh = entry('zh-idempotency');
    const refuted = judge(zh, zh.question, '光把按钮置灰是不够的，幂等必须在服务端保证：客户端带一个唯一请求号，服务端用唯一索引去重，重复请求直接返回第一次的结果。', 'zh');
    assert.equal(refuted.inaccuracies.length, 0, JSON.stringify(refuted.inaccuracies));
    const asserted = judge(zh, zh.question, '前端按钮置灰就可以了，用户点不了第二次，自然就不会重复提交，也就保证了幂等。', 'zh');
    assert.equal(asserted.inaccuracies.length, 1);
    assert.ok((asserted.dimensions.accuracy ?? 100) < (refuted.dimensions.accuracy ?? 0));
    assert.match(asserted.inaccuracies[0].correction, /服务端|server/);
  });

  it('flags an answer to a neighbouring question and keeps its score low', () => {
    const rag = entry('en-rag-pipeline');
    const offTopic = judge(rag, rag.question, 'Fine-tuning changes the weights of the model itself. We prepared about two thousand labelled examples, trained a LoRA adapter on a single GPU, and the model learned our support tone and the output format we wanted. Full fine-tuning would have needed far more memory, so LoRA was the trade-off we chose, and we checked it on a held-out set before shipping.');
    assert.ok(offTopic.flags.includes('off-topic'), JSON.stringify(offTopic.relevance));
    assert.ok(offTopic.contentScore <= 30, `${offTopic.contentScore}`);
    assert.ok(offTopic.explanations.some((e) => e.dimension === 'relevance' && /answers a different question/.test(e.reason)));
  });

  it('credits an explanation that connects ideas, not a bare connective', () => {
    const base = 'The client sends an idempotency key, and the server stores it under a unique constraint before charging.';
    const flat = judge(idem, idem.question, base);
    const deep = judge(idem, idem.question, `${base} We keep the dedup row in the same transaction as the charge, because a crash between the two would otherwise let a retry charge twice.`);
    const trigger = judge(idem, idem.question, `${base} Because trade-off.`);
    assert.ok(deep.dimensions.depth! > flat.dimensions.depth!, `${deep.dimensions.depth} vs ${flat.dimensions.depth}`);
    assert.equal(trigger.dimensions.depth, flat.dimensions.depth);
  });

  it('credits a number with what it measured and a decision, not a bare number', () => {
    const base = 'The client sends an idempotency key, and the server stores it under a unique constraint before charging.';
    const bare = judge(idem, idem.question, `${base} We measured it and saw about 30%.`);
    const lived = judge(idem, idem.question, `${base} In production we chose the order id as the key, and duplicate charges dropped from about 20 a month to zero.`);
    assert.ok(lived.dimensions.practicality! >= bare.dimensions.practicality! + 30, `${lived.dimensions.practicality} vs ${bare.dimensions.practicality}`);
    assert.ok(bare.explanations.some((e) => /a number without what it measured/.test(e.reason)));
  });

  it('without a reference: completeness and accuracy are not assessed, length earns nothing, confidence is lower', () => {
    const q = 'How would you design the on-call rotation for a five-person team?';
    const short = judge(null, q, 'A weekly rotation with a secondary.');
    const long = judge(null, q, 'Well, on-call is really important, and it is something every team has to think about, and there are many ways to do it, and it really depends on the team, and you know, the team and the company and the culture all matter a lot, so it is important to think about it carefully and to talk about it as a team.');
    assert.equal(short.dimensions.completeness, null);
    assert.equal(long.dimensions.accuracy, null);
    assert.ok(long.contentScore < 45, `${long.contentScore}`);
    assert.ok(long.flags.includes('no-reference'));
    assert.notEqual(long.confidence.level, 'high');
    assert.ok(long.confidence.reasons.some((r) => /no reference/.test(r)));
  });

  it('works in Chinese, reads negation, and gives an empty answer zero', () => {
    const zh = entry('zh-idempotency');
    const good = judge(zh, zh.question, '客户端每次请求带一个唯一的请求号当幂等键，服务端用唯一索引去重，插入成功才扣款，重复的请求直接返回第一次的结果。我们线上支付回调用订单号去重以后，重复扣款从每月二十来次降到了零。', 'zh');
    const list = judge(zh, zh.question, '幂等键。唯一索引、去重。乐观锁。因为权衡，我们线上提升了 30%。', 'zh');
    assert.ok(good.contentScore >= 60, `${good.contentScore}`);
    assert.ok(list.contentScore <= 40, `${list.contentScore}`);
    assert.ok(good.contentScore > list.contentScore + 25);
    assert.equal(judge(zh, zh.question, '  ', 'zh').contentScore, 0);
  });

  it('is deterministic', () => {
    const text = 'Because of caching we saw 30% fewer calls.';
    assert.deepEqual(judge(null, 'Unknown?', text), judge(null, 'Unknown?', text));
  });

  it('as a tool: rejects an unknown reference id, and returns evidence and a confidence', async () => {
    const r = new ToolRegistry().register(analyzeContent);
    const res = await r.execute('analyze_content', { question: 'q', answer: 'a', referenceId: 'nope' }, makeCtx({ knowledgeBase: kb }));
    assert.equal(res.error?.code, 'input_error');
    const good = await r.execute<AnswerAnalysis>('analyze_content', { question: idem.question, answer: 'We store an idempotency key under a unique index on the server.', referenceId: idem.id, referenceConfidence: 0.7 }, makeCtx({ knowledgeBase: kb }));
    assert.equal(typeof good.data?.contentScore, 'number');
    assert.ok(good.data!.coverage.length === idem.keyPoints.length);
    assert.ok(good.data!.confidence.reasons.some((x) => /70%/.test(x)));
  });
});

describe('analyze_content on an answer longer than anyone speaks', () => {
  it('judges the first 20,000 characters and says so with a flag', async () => {
    const kb = new HybridKnowledgeBase(loadedSql()!, loadKnowledgeDir(KNOWLEDGE_DIR));
    const r = new ToolRegistry().register(analyzeContent);
    const answer = 'We store an idempotency key under a unique index on the server. '.repeat(1000);
    const res = await r.execute<AnswerAnalysis>('analyze_content', { question: 'How do you make a payment API idempotent?', answer }, makeCtx({ knowledgeBase: kb }));
    assert.equal(res.success, true, JSON.stringify(res.error));
    assert.ok(res.data!.flags.includes('truncated'));
    const short = await r.execute<AnswerAnalysis>('analyze_content', { question: 'How do you make a payment API idempotent?', answer: answer.slice(0, 500) }, makeCtx({ knowledgeBase: kb }));
    assert.ok(!short.data!.flags.includes('truncated'));
  });
});

describe('knowledge-base misconceptions', () => {
  it("are never found in their own entry's expert answers, which say the opposite", () => {
    // A diagnosis checks only the reference's own misconceptions, so this is where a pattern that
    // fires on a correct statement would cost a good answer points.
    const entries = loadKnowledgeDir(KNOWLEDGE_DIR);
    const found: string[] = [];
    for (const e of entries) {
      for (const other of entries.filter((x) => x.itemId === e.itemId)) {
        for (const h of findAssertedMistakes(readAnswer(other.expertAnswer), e.misconceptions)) found.push(`${e.id}: "${h.claim}" in "${h.sentence.slice(0, 60)}"`);
      }
    }
    assert.deepEqual([...new Set(found)], []);
  });
});

describe('judge corpus and workspace entries', () => {
  it('judges against a replaced entry (same id, new key points) as soon as it is upserted', () => {
    const entries = loadKnowledgeDir(KNOWLEDGE_DIR);
    const kb = new HybridKnowledgeBase(loadedSql()!, entries);
    const idem = entries.find((e) => e.id === 'en-idempotency')!;
    const answer = 'Every payment request goes through a sandboxed approval queue, so nothing runs twice without review.';
    const before = JudgeCorpus.of(kb).signaturesOf(kb.get(idem.id)!).map((s) => s.point.label);
    const replaced = { ...idem, keyPoints: [{ label: 'approval queue', keywords: ['approval queue', 'review'], weight: 1 }] };
    kb.upsert([replaced]);
    const corpus = JudgeCorpus.of(kb);
    assert.deepEqual(corpus.signaturesOf(kb.get(idem.id)!).map((s) => s.point.label), ['approval queue']);
    assert.notDeepEqual(before, ['approval queue']);
    const judged = analyzeAnswer({ question: idem.question, answer, reference: kb.get(idem.id)!, language: 'en', corpus });
    assert.equal(judged.coverage[0].status, 'stated');
  });
});
