import { strict as assert } from 'node:assert';
import { JudgeCorpus } from '../../src/core/diagnosis/judge/corpus';
import { analyzeAnswer } from '../../src/core/diagnosis/judge/offline';
import { toEntries } from '../../src/core/diagnosis/knowledge/loader';
import type { KnowledgeItem } from '../../src/core/diagnosis/knowledge/types';

const version = (question: string, expertAnswer: string) => ({ question, paraphrases: [], expertAnswer, noviceAnswer: '-', gap: '-' });

/** A rate-limiting item whose English wording of a point has words a Chinese answer never uses. */
const items: KnowledgeItem[] = [
  {
    id: 'rate-limiting', dimension: 'engineering', difficulty: 'medium',
    zh: version('接口限流怎么做？', '漏桶让请求排队，按固定速度放行，削平突发。令牌桶按速率发令牌，允许一定突发。限流后返回 429 并告诉客户端多久后重试。'),
    en: version('How do you rate-limit an API?', 'A leaky bucket queues requests and drains them at a constant outflow rate, smoothing bursts. A token bucket refills tokens at a rate and tolerates some burstiness. Rejected calls get a 429 with a Retry-After header.'),
    keyPoints: [
      { label: { zh: '漏桶：排队后按固定速度放行', en: 'leaky bucket: queue and drain at a constant outflow rate' }, weight: 2, synonyms: ['漏桶', 'leaky bucket'] },
      { label: { zh: '令牌桶：允许突发', en: 'token bucket: refill tokens, tolerate burstiness' }, weight: 2, synonyms: ['令牌桶', 'token bucket'] },
      { label: { zh: '返回 429 和重试时间', en: 'answer 429 with Retry-After' }, weight: 1, synonyms: ['429', 'retry-after'] },
    ],
  },
  {
    id: 'caching', dimension: 'engineering', difficulty: 'medium',
    zh: version('缓存怎么更新？', '先更新数据库再删除缓存，并设置过期时间。'),
    en: version('How do you update a cache?', 'Update the database first, then delete the cache entry, and set a TTL.'),
    keyPoints: [
      { label: { zh: '先更新数据库再删缓存', en: 'update the database, then delete the cache' }, weight: 2, synonyms: ['删除缓存', 'delete the cache'] },
      { label: { zh: '过期时间', en: 'a TTL' }, weight: 1, synonyms: ['过期时间', 'ttl'] },
      { label: { zh: '延迟双删', en: 'delayed double delete' }, weight: 1, synonyms: ['延迟双删', 'double delete'] },
    ],
  },
];

describe('key point signatures per answer language', () => {
  const entries = items.flatMap(toEntries);
  const corpus = new JudgeCorpus(entries);
  const zh = entries.find((e) => e.id === 'zh-rate-limiting')!;
  const en = entries.find((e) => e.id === 'en-rate-limiting')!;

  it('a Chinese answer is read against the Chinese wording of a point', () => {
    const sig = corpus.signaturesOf(zh, 'zh')[0];
    assert.ok(![...sig.units.keys()].some((k) => /outflow|drain/.test(k)), 'no English-only words in the Chinese signature');
    const r = analyzeAnswer({ question: zh.question, answer: '我们用漏桶：请求先排队，再按固定速度放行，这样能削平突发流量，下游不会被打爆。', reference: zh, language: 'zh', corpus });
    assert.equal(r.coverage.find((c) => c.label.startsWith('漏桶'))?.status, 'stated', JSON.stringify(r.coverage));
  });

  it('an English answer to the Chinese question is read against the English wording, synonyms of both kept', () => {
    const sig = corpus.signaturesOf(zh, 'en')[0];
    assert.ok([...sig.units.keys()].some((k) => /outflow/.test(k)), 'the English wording is there');
    assert.notDeepEqual([...corpus.signaturesOf(zh, 'zh')[0].units.keys()].sort(), [...sig.units.keys()].sort());
    const r = analyzeAnswer({ question: zh.question, answer: 'We use a leaky bucket: requests queue up and drain at a constant outflow rate, which smooths bursts so the backend is never flooded.', reference: zh, language: 'zh', corpus });
    assert.equal(r.coverage[0].status, 'stated', JSON.stringify(r.coverage));
    assert.ok(corpus.signaturesOf(en).length === 3);
  });
});
