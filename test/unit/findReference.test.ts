import { strict as assert } from 'node:assert';
import { REFERENCE_THRESHOLD } from '../../src/core/diagnosis/knowledge/confidence';
import { findReference, type ReferenceChoice } from '../../src/core/diagnosis/knowledge/findReference';
import { HybridKnowledgeBase } from '../../src/core/diagnosis/knowledge/hybrid';
import { loadKnowledgeDir } from '../../src/core/diagnosis/knowledge/loader';
import { focusOf, isAsking, refersBack, sentences, withoutSmallTalk } from '../../src/core/diagnosis/knowledge/turnViews';
import { loadedSql } from '../../src/core/store/sqlite';
import { findReferenceTool, type ReferenceChoiceSummary } from '../../src/core/builtin/tools/findReference';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { KNOWLEDGE_DIR, makeCtx } from './helpers';

// Phrasings written for these tests, not taken from the tuning set (test/fixtures/kb/realistic-tune.yaml).
const best = (c: ReferenceChoice) => (c.hit ?? c.related[0])?.entry.itemId;

describe('findReference: the reference for a question as interviewers ask it', () => {
  let kb: HybridKnowledgeBase;
  before(() => { kb = new HybridKnowledgeBase(loadedSql()!, loadKnowledgeDir(KNOWLEDGE_DIR)); });

  it('finds the entry behind a preamble by the asking sentence', () => {
    const c = findReference(kb, {
      question: "Thanks, that's helpful context. I'd like to move on to retrieval now, since that's most of what our team builds. " +
        'When you index a large set of documents, how do you decide how big the chunks should be and how much they overlap?',
      language: 'en',
    });
    assert.equal(c.hit?.entry.itemId, 'rag-chunking');
    assert.ok(c.confidence >= REFERENCE_THRESHOLD, `confidence ${c.confidence}`);
    // The entry's preamble phrasing lets the whole turn find it too.
    assert.ok(['focus', 'question'].includes(c.via), c.via);
  });

  it('finds the entry a scenario is about', () => {
    const c = findReference(kb, {
      question: 'Our support agent can issue refunds through an API. Last week a retry after a timeout refunded one customer twice. How would you make that call safe to repeat?',
      answer: 'Give every refund request an idempotency key from the client, store it with the result, and return the stored result when the same key comes again.',
      language: 'en',
    });
    assert.ok(['idempotency', 'design-support-bot'].includes(c.hit?.entry.itemId ?? ''), `hit ${c.hit?.entry.itemId}`);
  });

  it('takes another threshold from its settings (the trade-off curve of eval:ref --curve)', () => {
    const ctx = {
      question: 'How do you decide the chunk size when you index documents for retrieval?', language: 'en' as const,
      answer: 'We split by headings, then into pieces of about 500 tokens with some overlap, and tune the size by checking recall on real questions.',
    };
    const shipped = findReference(kb, ctx);
    assert.equal(shipped.hit?.entry.itemId, 'rag-chunking');
    // Above the choice's own confidence nothing is used, and the same entry is offered as related.
    const strict = findReference(kb, ctx, { threshold: Math.min(0.999, shipped.confidence + 0.001) });
    assert.equal(strict.hit, null);
    assert.equal(strict.related[0]?.entry.itemId, 'rag-chunking');
    assert.equal(strict.confidence, shipped.confidence);
  });

  it('resolves a follow-up that points back through the previous question', () => {
    const question = '那它底层是怎么找到最相近的那几个的？';
    const answer = '一般用 HNSW，一个分层的图，从上层往下贪心地找最近邻，牺牲一点召回换速度。';
    const alone = findReference(kb, { question, answer, language: 'zh' });
    const followUp = findReference(kb, { question, answer, previous: ['你们的向量数据库是怎么选的？'], language: 'zh' });
    assert.notEqual(alone.hit?.entry.itemId, 'vector-index', 'without the previous question "它" is nothing');
    assert.equal(followUp.hit?.entry.itemId, 'vector-index');
    // Its follow-up phrasing ("你刚才说……那向量库内部是怎么……") now helps the turn itself; the previous question decides.
    assert.ok(['context', 'question'].includes(followUp.via), followUp.via);
  });

  it('lets an on-topic answer confirm the question, and an off-topic one neither choose nor confirm', () => {
    const question = 'How do you decide the chunk size when you index documents for retrieval?';
    const onTopic = findReference(kb, { question, language: 'en', answer: 'We split by headings, then into pieces of about 500 tokens with some overlap, and tune the size by checking recall on real questions.' });
    assert.equal(onTopic.hit?.entry.itemId, 'rag-chunking');
    // An answer about fine-tuning to a retrieval question: the choice stays with the question.
    const fineTuning = 'I would fine-tune the model with LoRA on our own data for a few epochs so it learns the domain vocabulary.';
    const offTopic = findReference(kb, { question, language: 'en', answer: fineTuning });
    assert.equal(best(offTopic), best(findReference(kb, { question, language: 'en' })), 'the off-topic answer changes nothing');
    assert.notEqual(offTopic.via, 'answer');
    assert.ok(offTopic.confidence < onTopic.confidence, 'an answer that does not agree adds nothing');
    // The answer alone points elsewhere; the question decides.
    const answer = 'I would split the task into subtasks first, draw them as a DAG and run them in dependency order.';
    assert.equal(kb.search(answer, { topK: 1, language: 'en' })[0].entry.itemId, 'task-decomposition');
    assert.equal(findReference(kb, { question: 'How do you stop an agent from calling tools in an endless loop?', answer, language: 'en' }).hit?.entry.itemId, 'agent-loop-control');
  });

  it('gives no reference to a question the knowledge base does not cover, and lists the closest entries', () => {
    const c = findReference(kb, {
      question: 'How would you shard a Postgres table that grows by a billion rows a month?',
      answer: 'Partition by month, then hash by tenant across nodes, and keep the hot partitions on fast disks.',
      language: 'en',
    });
    assert.equal(c.hit, null);
    assert.ok(c.confidence < REFERENCE_THRESHOLD);
    assert.ok(c.related.length > 0 && c.related.length <= 3);
    // Small talk in front of an uncovered question does not make its chance match look surer.
    const behind = findReference(kb, { question: "Good. Let me ask something about data structures, it's a classic. What is a Bloom filter used for, and what are its false positives?", language: 'en' });
    assert.equal(behind.hit, null);
  });

  it('find_reference returns the choice in summary form and needs a loaded knowledge base', async () => {
    const r = new ToolRegistry().register(findReferenceTool);
    const res = await r.execute<ReferenceChoiceSummary>('find_reference', {
      question: 'We let analysts ask questions in plain English and the model writes SQL against our warehouse. Sometimes the numbers are just wrong. How would you make it reliable?',
      language: 'en',
    }, makeCtx({ knowledgeBase: kb }));
    assert.equal(res.success, true, JSON.stringify(res.error));
    assert.equal(res.data?.hit?.id, 'en-text-to-sql');
    assert.ok(res.data!.related.every((h) => h.id && h.question && h.confidence >= 0));
    assert.ok(['question', 'focus', 'context', 'answer'].includes(res.data!.via));
    assert.equal((await r.execute('find_reference', { question: 'x' }, makeCtx())).error?.code, 'service_error');
    assert.equal((await r.execute('find_reference', { previous: ['x'] }, makeCtx({ knowledgeBase: kb }))).error?.code, 'input_error');
  });
});

describe('turn views', () => {
  it('splits sentences without breaking "e.g." or "3.5" and finds the asking part of a turn', () => {
    assert.deepEqual(sentences('We use GPT-3.5, e.g. for triage. How do you test it? 好的。怎么做？'), ['We use GPT-3.5, e.g. for triage.', 'How do you test it?', '好的。', '怎么做？']);
    assert.equal(focusOf('Okay, thanks. Let me switch gears. How do you evaluate a RAG system? Take your time.'), 'How do you evaluate a RAG system?');
    assert.equal(focusOf('How do you evaluate a RAG system?'), undefined, 'one sentence is its own focus');
    assert.ok(isAsking('Walk me through your pipeline.') && isAsking('你们是怎么做的') && !isAsking('Thanks for that.'));
  });

  it('drops small talk that names nothing, and knows a follow-up that points back', () => {
    assert.equal(withoutSmallTalk('Okay, thanks for that. How do you cache LLM responses?'), 'How do you cache LLM responses?');
    assert.ok(refersBack('And how would you test that?', 3));
    assert.ok(refersBack('那这个怎么测试呢？', 10));
    assert.ok(!refersBack('How do you choose an embedding model for multilingual documents?', 8));
  });
});
