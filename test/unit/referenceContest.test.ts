import { strict as assert } from 'node:assert';
import { chooseReference } from '../../src/core/diagnosis/knowledge/findReference';
import type { ReferenceCandidate } from '../../src/core/diagnosis/knowledge/referenceCandidates';
import type { KnowledgeEntry } from '../../src/core/diagnosis/knowledge/types';
import { analyzeAnswer } from '../../src/core/diagnosis/judge/offline';
import { JudgeCorpus } from '../../src/core/diagnosis/judge/corpus';

/** A one-sentence question's candidate, whose confidence is its search confidence. */
function candidate(itemId: string, confidence: number): ReferenceCandidate {
  const entry = { id: `en-${itemId}`, itemId, language: 'en', question: itemId } as KnowledgeEntry;
  return {
    hit: { entry, score: confidence, similarity: confidence, confidence },
    view: 'whole', alone: true,
    features: { question: confidence, whole: confidence, firsts: 0, context: 0, shortContext: 0, linked: 0, lead: 0, length: 0.3 },
  };
}

describe('a reference only when it is right', () => {
  it('uses none when a second entry competes closely, and says so', () => {
    const close = chooseReference([candidate('rag-rerank', 0.8), candidate('hybrid-search', 0.77)], new Map());
    assert.equal(close.hit, null);
    assert.equal(close.contested, true);
    assert.equal(close.related[0].entry.itemId, 'rag-rerank', 'the favourite is still listed first among the related entries');
    const clear = chooseReference([candidate('rag-rerank', 0.8), candidate('hybrid-search', 0.4)], new Map());
    assert.equal(clear.hit?.entry.itemId, 'rag-rerank');
    assert.equal(clear.contested, undefined);
    // A weak runner-up is no competition, however close in absolute terms.
    assert.equal(chooseReference([candidate('a-b', 0.68), candidate('c-d', 0.49)], new Map()).hit?.entry.itemId, 'a-b');
  });

  it('the judge says "no close reference" when the choice was contested', () => {
    const corpus = new JudgeCorpus([]);
    const answer = 'I would rerank the top fifty chunks with a cross-encoder because the bi-encoder misses word order.';
    for (const [lang, text] of [['en', 'no close reference, lower confidence'], ['zh', '没有足够接近的参考答案，可信度较低']] as const) {
      const contested = analyzeAnswer({ question: 'How do you improve retrieval?', answer, reference: null, language: 'en', reportLanguage: lang, corpus, noCloseReference: true });
      assert.ok(contested.confidence.reasons.includes(text), contested.confidence.reasons.join(' | '));
    }
    const plain = analyzeAnswer({ question: 'How do you improve retrieval?', answer, reference: null, language: 'en', corpus });
    assert.ok(plain.confidence.reasons.includes('no reference, lower confidence'));
  });
});
