import { strict as assert } from 'node:assert';
import { aliasesOf, readKnowledgeDir, toEntries } from '../../src/core/diagnosis/knowledge/loader';
import type { KnowledgeItem } from '../../src/core/diagnosis/knowledge/types';
import { KNOWLEDGE_DIR } from './helpers';

const phrasings = (lang: 'zh' | 'en') => lang === 'zh'
  ? { preamble: '好，下面问个基础的。限流怎么做？', scenario: '我们的接口被刷了，你会怎么限流？', colloquial: '限流一般咋搞？', followUp: '你说你们做了限流，具体怎么做的？', asr: '嗯 那个限流 就是 怎么做', crossLingual: 'How do you rate-limit an API?' }
  : { preamble: 'Okay, a basic one. How do you rate-limit?', scenario: 'Our API is being hammered; how would you rate-limit it?', colloquial: 'So how do you usually throttle stuff?', followUp: 'You said you rate-limited it; how exactly?', asr: 'um rate limiting like how do you do it', crossLingual: '接口限流你会怎么设计？' };

const item: KnowledgeItem = {
  id: 'rate-limit', dimension: 'engineering', difficulty: 'easy',
  zh: { question: '如何做接口限流？', paraphrases: ['限流算法有哪些？'], expertAnswer: '令牌桶、漏桶。', noviceAnswer: '限制一下。', gap: '缺算法。', phrasings: phrasings('zh') },
  en: { question: 'How do you rate-limit an API?', paraphrases: ['Which rate-limiting algorithms are there?'], expertAnswer: 'Token and leaky bucket.', noviceAnswer: 'Limit it.', gap: 'No algorithm.', phrasings: phrasings('en') },
  keyPoints: [{ label: { zh: '令牌桶', en: 'token bucket' }, weight: 1, synonyms: ['令牌桶', 'token bucket'] }],
};

describe('phrasings as retrieval aliases', () => {
  it('an entry is found by its own phrasings and by the other version\'s cross-lingual one', () => {
    const [zh, en] = toEntries(item);
    assert.ok(zh.aliases.includes('限流算法有哪些？'), 'paraphrases kept');
    for (const k of ['preamble', 'scenario', 'colloquial', 'followUp', 'asr'] as const) {
      assert.ok(zh.aliases.includes(phrasings('zh')[k]), `zh ${k}`);
      assert.ok(en.aliases.includes(phrasings('en')[k]), `en ${k}`);
    }
    // The Chinese version's cross-lingual phrasing is English: it finds the English entry.
    assert.ok(en.aliases.includes('接口限流你会怎么设计？') === false);
    assert.ok(zh.aliases.includes('接口限流你会怎么设计？'), 'en crossLingual (Chinese) goes to the zh side');
    assert.ok(!zh.aliases.includes(phrasings('zh').crossLingual), 'zh crossLingual (English) is not on the zh side');
    // Its text equals the English question here, so it is not repeated.
    assert.equal(aliasesOf(item, 'en').filter((a) => a === 'How do you rate-limit an API?').length, 0);
  });

  it('every shipped entry carries its phrasings in its aliases', () => {
    const { items } = readKnowledgeDir(KNOWLEDGE_DIR);
    const withPhrasings = items.filter(({ item: i }) => i.zh?.phrasings && i.en?.phrasings);
    assert.ok(withPhrasings.length > 0);
    for (const { item: i } of withPhrasings) {
      const [zh, en] = toEntries(i);
      assert.ok(zh.aliases.includes(i.zh!.phrasings!.asr.trim()), `${i.id} zh asr`);
      assert.ok(zh.aliases.includes(i.en!.phrasings!.crossLingual.trim()) || i.en!.phrasings!.crossLingual.trim() === zh.question.trim(), `${i.id} en crossLingual on the zh side`);
      assert.ok(en.aliases.includes(i.en!.phrasings!.scenario.trim()), `${i.id} en scenario`);
    }
  });
});
