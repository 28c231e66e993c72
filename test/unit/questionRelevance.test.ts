import { strict as assert } from 'node:assert';
import { JudgeCorpus } from '../../src/core/diagnosis/judge/corpus';
import { analyzeAnswer } from '../../src/core/diagnosis/judge/offline';
import { askedFor, repliesInKind } from '../../src/core/diagnosis/judge/questionAsks';
import { loadKnowledgeDir } from '../../src/core/diagnosis/knowledge/loader';
import { KNOWLEDGE_DIR } from './helpers';

describe('relevance from the question itself', () => {
  const corpus = new JudgeCorpus(loadKnowledgeDir(KNOWLEDGE_DIR));

  it('reads what a question asks for, and whether an answer gives it', () => {
    assert.equal(askedFor('What is the difference between RAG and fine-tuning?'), 'comparison');
    assert.equal(askedFor('向量数据库底层是怎么做近似检索的？'), 'mechanism');
    assert.equal(askedFor('Tell me about a time an agent broke in production.'), 'example');
    assert.equal(askedFor('你会选 Milvus 还是 pgvector？'), 'decision');
    assert.equal(askedFor('Design a support bot.'), undefined);
    assert.equal(repliesInKind('comparison', [], false, 'RAG retrieves documents at query time.'), false);
    assert.equal(repliesInKind('comparison', [], false, 'RAG retrieves at query time, whereas fine-tuning changes the weights.'), true);
  });

  it('a fluent answer to a neighbouring question scores low with no reference, and the reason names that question', () => {
    const question = 'How does HNSW find the nearest neighbours so quickly?';
    const answer = 'When we picked a vector database we compared Milvus, Qdrant and pgvector on our own data. '
      + 'We already ran Postgres, so pgvector won for the first ten million vectors because operations stayed simple and filtering with SQL was easy. '
      + 'Qdrant was faster on filtered queries, but it meant another service to run and back up. '
      + 'The deciding factors were scale, metadata filtering, hybrid search support, cost and what the team could operate, so I would choose by those rather than by benchmarks.';
    const related = [{ id: 'en-vector-index', question: 'How does a vector index work?' }, { id: 'en-vector-db-selection', question: 'How do you choose a vector database?' }];
    const r = analyzeAnswer({ question, answer, reference: null, language: 'en', corpus, related });
    assert.ok(r.relevance.offTopic, JSON.stringify(r.relevance));
    assert.equal(r.relevance.otherItemId, 'vector-db-selection');
    assert.ok(r.contentScore <= 30, `score ${r.contentScore}`);
    assert.ok(r.explanations.some((e) => e.dimension === 'relevance' && /answers a different question/.test(e.reason)));
    // The same answer to the question it does answer is not off-topic.
    const own = analyzeAnswer({ question: 'How would you choose a vector database for a new project?', answer, reference: null, language: 'en', corpus, related: [related[1], related[0]] });
    assert.equal(own.relevance.offTopic, false);
    assert.ok(own.contentScore > r.contentScore + 20, `${own.contentScore} vs ${r.contentScore}`);
  });

  it('an answer that does not give the comparison asked for loses relevance, with a reason', () => {
    const question = 'What is the difference between top-p and temperature when sampling?';
    const answer = 'Temperature divides the logits by a number before the softmax is taken over the vocabulary. At zero it becomes greedy decoding, which picks the single top token at every step of generation. It is set per request in the API call, and most providers accept values from zero to two for it in their chat endpoints.';
    const r = analyzeAnswer({ question, answer, reference: null, language: 'en', corpus });
    assert.equal(r.relevance.missedAsk, 'comparison', JSON.stringify(r.relevance));
    assert.ok(r.explanations.some((e) => e.dimension === 'relevance' && /asks for a comparison/.test(e.reason)));
  });
});
