import { strict as assert } from 'node:assert';
import { HybridKnowledgeBase } from '../../src/core/kb/hybrid';
import { loadedSql } from '../../src/core/store/sqlite';
import { loadKnowledgeDir } from '../../src/core/kb/loader';
import { analyzeAnswer } from '../../src/core/llm/offline';
import { analyzeContent } from '../../src/core/tools/analyzeContent';
import { ToolRegistry } from '../../src/core/tools/registry';
import { KNOWLEDGE_DIR, makeCtx } from './helpers';

describe('offline engine (analyze_content)', () => {
  const entries = loadKnowledgeDir(KNOWLEDGE_DIR);
  let kb: HybridKnowledgeBase;
  before(() => { kb = new HybridKnowledgeBase(loadedSql()!, entries); });
  const idem = entries.find((e) => e.id === 'en-idempotency')!;
  const q = idem.question;

  it('scores a fuller answer higher on completeness and names what is missing', () => {
    const thin = analyzeAnswer(q, 'The client sends an idempotency key with each request so the server can spot repeats of the same payment.', idem, 'en');
    const full = analyzeAnswer(q, 'The client sends an idempotency key; the server stores it under a unique constraint, returns the stored first response for repeats, and uses optimistic lock with a version column for state changes.', idem, 'en');
    assert.ok(full.dimensions.completeness > thin.dimensions.completeness);
    assert.ok(thin.keyMissing.includes('unique constraint or SETNX'));
    assert.ok(!full.keyMissing.includes('unique constraint or SETNX'));
    assert.ok(thin.explanations.some((e) => e.dimension === 'completeness' && e.delta < 0 && /unique constraint or SETNX/.test(e.reason)));
  });

  it('scores an answer that explains why and the trade-off higher on depth', () => {
    const base = 'Use an idempotency key stored with a unique constraint and return the first response for repeats of the request.';
    const flat = analyzeAnswer(q, base, idem, 'en');
    const deep = analyzeAnswer(q, `${base} We do this in the database because the dedup row and the charge commit together; the trade-off is an extra write per request, however it removes the race a Redis lock has.`, idem, 'en');
    assert.ok(deep.dimensions.depth > flat.dimensions.depth, `${deep.dimensions.depth} vs ${flat.dimensions.depth}`);
  });

  it('scores first-hand numbers and decisions higher on practicality', () => {
    const base = 'Use an idempotency key stored with a unique constraint and return the first response for repeats of the request.';
    const generic = analyzeAnswer(q, base, idem, 'en');
    const lived = analyzeAnswer(q, `${base} In production we chose the order id as the key and duplicate charges dropped from 20 a month to 0%.`, idem, 'en');
    assert.ok(lived.dimensions.practicality > generic.dimensions.practicality);
  });

  it('flags a known misconception, lowering accuracy with the correction', () => {
    const wrong = analyzeAnswer(q, 'Disabling the button makes it idempotent, and we also keep a request id.', idem, 'en');
    const right = analyzeAnswer(q, 'We keep a request id per call and check it on the server before charging.', idem, 'en');
    assert.ok(wrong.dimensions.accuracy < right.dimensions.accuracy);
    assert.equal(wrong.inaccuracies[0].claim, 'disabling the button makes it idempotent');
    assert.match(wrong.inaccuracies[0].correction, /server/);
  });

  it('works in Chinese and gives an empty answer zero', () => {
    const zh = kb.get('zh-idempotency')!;
    const a = analyzeAnswer(zh.question, '前端按钮置灰。', zh, 'zh');
    const b = analyzeAnswer(zh.question, '客户端带唯一请求 ID 作为幂等键，服务端用唯一索引去重，重复请求直接返回第一次的结果；状态变化用乐观锁 version 控制。我们线上支付回调用订单号去重，重复扣款降到 0 次。', zh, 'zh');
    assert.ok(b.contentScore > a.contentScore + 30);
    assert.ok(a.inaccuracies.length === 1);
    assert.match(a.explanations.find((e) => e.delta < 0)!.reason, /缺少关键点/);
    const empty = analyzeAnswer(zh.question, '  ', zh, 'zh');
    assert.equal(empty.contentScore, 0);
  });

  it('is deterministic and works without a reference', () => {
    const text = 'Because of caching we saw 30% fewer calls.';
    assert.deepEqual(analyzeAnswer('Unknown?', text, null, 'en'), analyzeAnswer('Unknown?', text, null, 'en'));
    assert.equal(analyzeAnswer('Unknown?', text, null, 'en').referenceId, null);
  });

  it('as a tool: rejects an unknown reference id', async () => {
    const r = new ToolRegistry().register(analyzeContent);
    const res = await r.execute('analyze_content', { question: 'q', answer: 'a', referenceId: 'nope' }, makeCtx({ knowledgeBase: kb }));
    assert.equal(res.error?.code, 'input_error');
    const good = await r.execute<{ contentScore: number }>('analyze_content', { question: q, answer: 'idempotency key', referenceId: idem.id }, makeCtx({ knowledgeBase: kb }));
    assert.equal(typeof good.data?.contentScore, 'number');
  });
});
