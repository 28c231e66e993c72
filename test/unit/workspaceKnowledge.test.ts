import { strict as assert } from 'node:assert';
import { HybridKnowledgeBase } from '../../src/core/diagnosis/knowledge/hybrid';
import { loadKnowledgeDir } from '../../src/core/diagnosis/knowledge/loader';
import { checkKnowledgeFile } from '../../src/core/diagnosis/knowledge/workspace';
import { loadedSql } from '../../src/core/store/sqlite';
import { KNOWLEDGE_DIR } from './helpers';

const GOOD = `- id: kafka-rebalance
  dimension: engineering
  difficulty: medium
  zh:
    question: Kafka 消费者组 rebalance 会带来什么问题？
    paraphrases: [消费者组重平衡, rebalance 风暴怎么避免, 消费者频繁重平衡怎么办]
    expertAnswer: rebalance 期间整个组停止消费，频繁发生会造成延迟抖动和重复消费；用静态成员、增大会话超时、协作式再平衡减少影响。
    noviceAnswer: rebalance 就是重新分配分区，没什么影响。
    gap: 新手不知道停顿、重复消费和缓解手段。
  keyPoints:
    - label: { zh: 消费停顿与重复 }
      weight: 2
      synonyms: [停止消费, 重复消费, stop the world]
    - label: { zh: 静态成员与协作式再平衡 }
      weight: 2
      synonyms: [静态成员, 协作式, cooperative, static membership]
  followUps: [mq-reliability]
`;

describe('workspace knowledge files', () => {
  const shippedIds = new Set(loadKnowledgeDir(KNOWLEDGE_DIR).map((e) => e.itemId));

  it('accepts a valid file and turns it into entries', () => {
    const r = checkKnowledgeFile(GOOD, shippedIds);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.entries.map((e) => e.id), ['zh-kafka-rebalance']);
  });

  it('reports each problem at the range it is about, and keeps the good entries', () => {
    const bad = `${GOOD}- id: broken
  dimension: backend
  difficulty: medium
  zh:
    question: 只有问题
    paraphrases: [一个]
    expertAnswer: x
    noviceAnswer: y
    gap: z
  keyPoints:
    - label: { zh: 点 }
      weight: 1
      synonyms: [点]
  followUps: [no-such-entry]
`;
    const r = checkKnowledgeFile(bad, shippedIds);
    assert.deepEqual(r.entries.map((e) => e.id), ['zh-kafka-rebalance'], 'the valid entry survives');
    const at = (m: RegExp) => {
      const p = r.problems.find((x) => m.test(x.message));
      assert.ok(p, `no problem matching ${m}: ${JSON.stringify(r.problems)}`);
      return bad.slice(p.start, p.end);
    };
    assert.equal(at(/dimension: must be one of/), 'backend');
    assert.match(at(/zh\.paraphrases: must NOT have fewer than 3 items/), /^\[一个\]/);
  });

  it('names YAML syntax errors with their position and warns when a bundled id is replaced', () => {
    const syntax = checkKnowledgeFile('- id: [unclosed\n', shippedIds);
    assert.match(syntax.problems[0].message, /^YAML:/);
    const replacing = checkKnowledgeFile(GOOD.replace('kafka-rebalance', 'idempotency'), shippedIds);
    assert.equal(replacing.problems[0].severity, 'warning');
    assert.match(replacing.problems[0].message, /replaces the bundled entry/);
  });

  it('reports a bad indent once, on the line that is wrong, naming the key to line it up with', () => {
    const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;
    const over = '- id: a\n  dimension: rag\n  en:\n    question: What is RAG?\n     expertAnswer: Retrieval then generation.\n';
    const a = checkKnowledgeFile(over, shippedIds).problems;
    assert.equal(a.length, 1, JSON.stringify(a));
    assert.equal(lineOf(over, a[0].start), 5);
    assert.equal(over.slice(a[0].start, a[0].end), 'expertAnswer');
    assert.match(a[0].message, /"expertAnswer" is indented more than "question".*line it up with "question"/);
    const under = '- id: a\n  dimension: rag\n  en:\n    question: What is RAG?\n   expertAnswer: x\n';
    const b = checkKnowledgeFile(under, shippedIds).problems;
    assert.equal(b.length, 1, JSON.stringify(b));
    assert.equal(lineOf(under, b[0].start), 5);
    assert.equal(under.slice(b[0].start, b[0].end), 'expertAnswer');
  });

  it('adds and replaces entries in a built index without rebuilding it', () => {
    const kb = new HybridKnowledgeBase(loadedSql()!, loadKnowledgeDir(KNOWLEDGE_DIR));
    const before = kb.size();
    const { entries } = checkKnowledgeFile(GOOD, shippedIds);
    kb.upsert(entries);
    assert.equal(kb.size(), before + 1);
    assert.equal(kb.search('消费者组 rebalance 有什么影响', { language: 'zh' })[0].entry.id, 'zh-kafka-rebalance');
    assert.equal(kb.search('rebalance 风暴', { language: 'zh', channel: 'vector' })[0]?.entry.id, 'zh-kafka-rebalance', 'the vector channels know it too');
    const byConcept = () => kb.search('kafka 重复消费', { language: 'zh', channel: 'concept', topK: 50 }).map((h) => h.entry.id);
    assert.ok(byConcept().includes('zh-kafka-rebalance'), 'and so does the concept channel');
    kb.upsert([], ['zh-kafka-rebalance']);
    assert.ok(!byConcept().includes('zh-kafka-rebalance'), 'a removed entry leaves the concept channel');
    assert.equal(kb.size(), before);
    assert.notEqual(kb.search('消费者组 rebalance 有什么影响', { language: 'zh' })[0]?.entry.id, 'zh-kafka-rebalance');
    const replaced = { ...kb.get('zh-idempotency')!, question: '自定义：幂等设计的公司规范？' };
    kb.upsert([replaced]);
    assert.equal(kb.get('zh-idempotency')!.question, '自定义：幂等设计的公司规范？');
    assert.equal(kb.size(), before);
  });
});
