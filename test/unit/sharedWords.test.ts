import { strict as assert } from 'node:assert';
import { sharedWords } from '../../src/core/diagnosis/knowledge/sharedWords';
import type { KnowledgeEntry } from '../../src/core/diagnosis/knowledge/types';

const entry = (question: string, aliases: string[] = [], keywords: string[] = []): KnowledgeEntry => ({
  id: 'x', itemId: 'x', language: 'en', topic: 'rag', category: 'rag', difficulty: 'medium', tags: [], followUps: [], dimension: 'depth',
  question, aliases, expertAnswer: '', noviceAnswer: '', gap: '', keyPoints: [{ label: 'k', keywords, weight: 1 }], misconceptions: [],
});

describe('what a search result shares with the query', () => {
  it('lists the query words found in the entry, by stem, in the query order', () => {
    assert.deepEqual(sharedWords('hybrid retrieval BM25 agent', entry('Why combine BM25 with vector search?', ['keyword retrieval for agents'])), ['retrieval', 'BM25', 'agent']);
    assert.deepEqual(sharedWords('the idempotency of an API', entry('How do you make an API idempotent?', [], ['idempotency key'])), ['idempotency', 'API']);
  });

  it('finds the longest Chinese pieces without particles, and nothing that is not there', () => {
    const zh = { ...entry('介绍一下 RAG 的流程，以及如何提升检索效果？'), language: 'zh' as const };
    assert.deepEqual(sharedWords('怎么评估 RAG 的检索效果', zh), ['RAG', '检索效果']);
    assert.deepEqual(sharedWords('向量数据库选型', zh), []);
  });
});
