import { strict as assert } from 'node:assert';
import { CONCEPTS } from '../../src/core/diagnosis/knowledge/conceptTerms';
import { ConceptIndex, conceptLabel, ConceptMatcher, conceptMatcher } from '../../src/core/diagnosis/knowledge/concepts';
import { confidenceOf, CONFIDENCE_MODEL, REFERENCE_THRESHOLD } from '../../src/core/diagnosis/knowledge/confidence';
import { HybridKnowledgeBase } from '../../src/core/diagnosis/knowledge/hybrid';
import { loadKnowledgeDir } from '../../src/core/diagnosis/knowledge/loader';
import type { ConfidenceFeatures } from '../../src/core/diagnosis/knowledge/types';
import { loadedSql } from '../../src/core/store/sqlite';
import { KNOWLEDGE_DIR } from './helpers';

const ids = (m: Map<number, string>, matcher = conceptMatcher()) => [...m.keys()].map((c) => matcher.concepts[c].id).sort();

describe('concept lexicon and channel', () => {
  it('has unique concept ids and no empty or one-letter English terms', () => {
    assert.equal(new Set(CONCEPTS.map((c) => c.id)).size, CONCEPTS.length);
    assert.ok(CONCEPTS.length >= 100, `${CONCEPTS.length} concepts`);
    for (const c of CONCEPTS) {
      assert.ok(/^[a-z0-9-]+$/.test(c.id), c.id);
      assert.ok(c.terms.length >= 2, `${c.id} has one term`);
      for (const t of c.terms) assert.ok(t === t.trim() && (/[\u3400-\u9fff]/.test(t) || t.length >= 2), `${c.id}: "${t}"`);
      // Every concept is reachable from both languages.
      assert.ok(c.terms.some((t) => /[\u3400-\u9fff]/.test(t)) && c.terms.some((t) => /^[a-z0-9]/.test(t)), `${c.id} is one-language`);
    }
  });

  it('matches Chinese anywhere, English at word starts, and short English terms only as whole words', () => {
    const m = new ConceptMatcher([
      { id: 'ci', terms: ['ci', '持续集成'] },
      { id: 'retrieval', terms: ['retriev', '检索'] },
      { id: 'cost', terms: ['省钱', 'cost'] },
    ]);
    assert.deepEqual(ids(m.match('我们怎么省钱，检索太贵'), m), ['cost', 'retrieval']);
    assert.deepEqual(ids(m.match('Retrieving documents in CI'), m), ['ci', 'retrieval']);
    assert.deepEqual(ids(m.match('a circuit breaker; precost; the city'), m), [], 'no match inside words');
    assert.deepEqual(ids(m.match('Costs went up'), m), ['cost'], 'an English term may end inside a word');
  });

  it('finds entries that share no words with the query, across languages', () => {
    const kb = new HybridKnowledgeBase(loadedSql()!, loadKnowledgeDir(KNOWLEDGE_DIR));
    // "save money on the same system prompt": the entry says prompt caching and cost.
    const zh = kb.search('同样的系统提示怎么省钱', { channel: 'concept', language: 'zh', topK: 3 });
    assert.ok(zh.some((h) => h.entry.itemId === 'prompt-caching'), zh.map((h) => h.entry.id).join());
    const top = zh.find((h) => h.entry.itemId === 'prompt-caching')!;
    assert.ok(top.concepts!.includes('prompt-cache') && top.concepts!.includes('cost'), `explained by ${top.concepts}`);
    // An English query reaches a Chinese-only entry through the bilingual concepts.
    const en = kb.search('How should agents built by different teams talk to each other over a protocol like A2A?', { channel: 'concept', language: 'zh', topK: 3 });
    assert.ok(en.some((h) => h.entry.itemId === 'agent-interop-protocols'), en.map((h) => h.entry.id).join());
    // The concept channel puts it first; BM25 alone, though the entry's phrasings now give it some of the words, does not.
    assert.equal(zh[0].entry.itemId, 'prompt-caching');
    const bm25 = kb.search('同样的系统提示怎么省钱', { channel: 'bm25', language: 'zh', topK: 3 });
    assert.notEqual(bm25[0]?.entry.itemId, 'prompt-caching');
  });

  it('names concepts for people in either language', () => {
    assert.equal(conceptLabel('prompt-cache', 'en'), 'prompt cache');
    assert.equal(conceptLabel('cost', 'zh'), '成本');
    assert.equal(conceptLabel('no-such-concept', 'zh'), 'no such concept');
  });

  it('keeps its document weights when saved and loaded, and forgets removed documents', () => {
    const index = new ConceptIndex([[['向量检索和关键词检索怎么融合', 1]], [['怎么省钱', 1], ['prompt caching', 0.3]]]);
    const copy = ConceptIndex.fromSnapshot(JSON.parse(JSON.stringify(index.snapshot())));
    for (const q of ['hybrid search with BM25', '降低成本的缓存']) assert.deepEqual(copy.search(q, 5), index.search(q, 5), q);
    assert.deepEqual(index.search('怎么省钱', 5).map((h) => h.doc), [1]);
    index.remove(1);
    assert.deepEqual(index.search('怎么省钱', 5), []);
  });
});

describe('fitted confidence', () => {
  const base: ConfidenceFeatures = { coverage: 0.3, dice: 0.3, ngram: 0.3, latent: 0.3, concept: 0.3, conceptMass: 0.3, agreement: 0.25, lead: 0.05 };

  it('is a probability that rises with every piece of evidence', () => {
    const p = confidenceOf(base);
    assert.ok(p > 0 && p < 1);
    for (const k of Object.keys(base) as Array<keyof ConfidenceFeatures>) {
      assert.ok(CONFIDENCE_MODEL.weights[k] > 0, `${k} weight ${CONFIDENCE_MODEL.weights[k]}`);
      assert.ok(confidenceOf({ ...base, [k]: base[k] + 0.5 }) > p, k);
    }
  });

  it('puts an exact phrasing far above the threshold and a one-channel, one-word match below it', () => {
    const exact = confidenceOf({ coverage: 1, dice: 1, ngram: 1, latent: 0.9, concept: 1, conceptMass: 0.6, agreement: 1, lead: 0.5 });
    const weak = confidenceOf({ coverage: 0.2, dice: 0.2, ngram: 0.2, latent: 0.5, concept: 1, conceptMass: 0.2, agreement: 0.25, lead: 0.02 });
    assert.ok(exact > 0.9, `exact ${exact}`);
    assert.ok(weak < REFERENCE_THRESHOLD, `weak ${weak}`);
  });
});
