import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HybridKnowledgeBase } from '../../src/core/diagnosis/knowledge/hybrid';
import { loadedSql } from '../../src/core/store/sqlite';
import { KnowledgeFormatError, loadKnowledge, loadKnowledgeDir, readKnowledgeDir, toEntries } from '../../src/core/diagnosis/knowledge/loader';
import { queryKnowledgeBase } from '../../src/core/builtin/tools/queryKnowledgeBase';
import { stem } from '../../src/core/text/tokenize';
import { REFERENCE_THRESHOLD } from '../../src/core/diagnosis/knowledge/confidence';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { KNOWLEDGE_DIR, makeCtx, tempDir } from './helpers';

describe('knowledge base', () => {
  const entries = loadKnowledgeDir(KNOWLEDGE_DIR);
  let kb: HybridKnowledgeBase;
  before(() => { kb = new HybridKnowledgeBase(loadedSql()!, entries); });

  it('ships at least 30 complete entries in Chinese and English', () => {
    assert.ok(entries.length >= 30, `only ${entries.length} entries`);
    assert.ok(entries.filter((e) => e.language === 'zh').length >= 10);
    assert.ok(entries.filter((e) => e.language === 'en').length >= 10);
    for (const e of entries) {
      assert.ok(e.expertAnswer && e.noviceAnswer && e.gap && e.keyPoints.length >= 3, e.id);
    }
  });

  it('finds the entry for a paraphrased question in either language', () => {
    assert.equal(kb.search('支付回调重复通知，接口幂等怎么做？', { language: 'zh' })[0].entry.id, 'zh-idempotency');
    assert.equal(kb.search('How would you keep retries from double charging? idempotent API', { language: 'en' })[0].entry.id, 'en-idempotency');
    assert.equal(kb.search('How does HNSW work?')[0].entry.id, 'en-vector-index');
    assert.deepEqual(kb.search('xyzzy plugh'), []);
  });

  it('is confident on paraphrases and not on questions that only share a word', () => {
    const top = (q: string) => kb.search(q, { topK: 1, language: /[\u4e00-\u9fff]/.test(q) ? 'zh' : 'en' })[0];
    const paraphrases: Array<[string, string]> = [
      ['HNSW 是怎么工作的', 'zh-vector-index'],
      ['RAG 的检索效果不好怎么提升', 'zh-rag-pipeline'],
      ['How would you keep retries from double charging?', 'en-idempotency'],
      ['How do you stop the model from making things up?', 'en-hallucination'],
      ['Explain token bucket vs leaky bucket', 'en-rate-limiting'],
    ];
    for (const [q, id] of paraphrases) {
      assert.equal(top(q)?.entry.id, id, q);
      assert.ok(top(q)!.confidence >= REFERENCE_THRESHOLD, `${q}: confidence ${top(q)!.confidence}`);
    }
    // A question that names only a topic twenty entries share ranks the overview first, but is
    // not taken as that question: the diagnosis would rather say it has no reference.
    const generic = top('说说你对 RAG 的理解')!;
    assert.equal(generic.entry.id, 'zh-rag-pipeline');
    assert.ok(generic.confidence < 0.9, `${generic.confidence}`);
    for (const q of ['How would you design a URL shortener?', '讲讲 Redis 的持久化机制', 'Redis 的数据结构有哪些？', '你为什么离开上一家公司？', 'How does garbage collection work in the JVM?']) {
      const hit = top(q);
      assert.ok(!hit || hit.confidence < REFERENCE_THRESHOLD, `${q} matched ${hit?.entry.id} at ${hit?.confidence}`);
    }
  });

  it('stems English words so inflections match', () => {
    assert.equal(stem('retries'), 'retry');
    assert.equal(stem('charging'), stem('charge'));
    assert.equal(stem('indexes'), stem('index'));
    assert.equal(stem('api'), 'api');
  });

  it('loads the compiled knowledge.json the build writes, with the same entries', () => {
    const dir = tempDir();
    const file = path.join(dir, 'knowledge.json');
    fs.writeFileSync(file, JSON.stringify(entries));
    assert.deepEqual(loadKnowledge(file), entries);
    assert.deepEqual(loadKnowledge(KNOWLEDGE_DIR), entries);
    fs.writeFileSync(file, '[{"id": 1}]');
    assert.throws(() => loadKnowledge(file), /knowledge\.json entry 1/);
    fs.writeFileSync(file, '{not json');
    assert.throws(() => loadKnowledge(file), /npm run build/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports a malformed file with the file, entry and field', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'bad.yaml'), '- id: x\n  language: fr\n');
    assert.throws(() => loadKnowledgeDir(dir), (e: Error) => e instanceof KnowledgeFormatError && /bad\.yaml entry 1/.test(e.message));
    fs.writeFileSync(path.join(dir, 'bad.yaml'), 'key: [unclosed');
    assert.throws(() => loadKnowledgeDir(dir), /not valid YAML/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('kb:check lists every problem: schema fields, duplicate ids, dangling follow-ups, versions without key points', () => {
    const dir = tempDir();
    const good = { id: 'a-one', dimension: 'rag', difficulty: 'easy', zh: { question: '问？', paraphrases: ['甲', '乙', '丙'], expertAnswer: '专家', noviceAnswer: '新手', gap: '差距' }, keyPoints: [{ label: { zh: '点' }, weight: 1, synonyms: ['点'] }] };
    const items = [
      good,
      { ...good, followUps: ['no-such-entry'] },
      { ...good, id: 'b-two', dimension: 'backend', zh: { ...good.zh, paraphrases: ['只有一个'] } },
      { ...good, id: 'c-three', en: { ...good.zh }, keyPoints: [{ label: { zh: '点' }, weight: 1, synonyms: [] }] },
      { id: 'd-four', dimension: 'rag', difficulty: 'easy', keyPoints: [{ label: { en: 'x' }, weight: 1, synonyms: ['x'] }] },
    ];
    fs.writeFileSync(path.join(dir, 'mixed.yaml'), JSON.stringify(items));
    const { errors } = readKnowledgeDir(dir);
    const text = errors.join('\n');
    assert.match(text, /mixed\.yaml entry 3 \(b-two\): dimension must be equal to one of the allowed values: agent-basic/);
    assert.match(text, /entry 3 \(b-two\): zh\.paraphrases must NOT have fewer than 3 items/);
    assert.match(text, /entry 4 \(c-three\): keyPoints\.0\.synonyms must NOT have fewer than 1 items/);
    assert.match(text, /entry 5 \(d-four\): \(entry\) needs a "zh" or an "en" version/);
    fs.writeFileSync(path.join(dir, 'mixed.yaml'), JSON.stringify([good, { ...good, followUps: ['no-such-entry'] }, { ...good, id: 'e-five', en: { ...good.zh } }]));
    const links = readKnowledgeDir(dir).errors.join('\n');
    assert.match(links, /duplicate id "a-one"/);
    assert.match(links, /followUps names "no-such-entry", which is not an entry id/);
    assert.match(links, /\(e-five\): the en version has no key point labelled in en/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the shipped knowledge base passes kb:check and gives one entry per language version', () => {
    const { items, errors } = readKnowledgeDir(KNOWLEDGE_DIR);
    assert.deepEqual(errors, []);
    const entries = items.flatMap(({ item }) => toEntries(item));
    assert.equal(entries.length, items.filter(({ item }) => item.zh).length + items.filter(({ item }) => item.en).length);
    const en = entries.find((e) => e.id === 'en-idempotency')!;
    assert.equal(en.itemId, 'idempotency');
    assert.equal(en.category, 'engineering');
    assert.ok(en.keyPoints.every((k) => /^[\x00-\x7f]+$/.test(k.label)), 'English view has English labels');
    assert.ok(en.keyPoints[0].keywords.some((k) => /幂等/.test(k)), 'synonyms in both languages');
  });

  it('query_knowledge_base returns ranked hits and needs a loaded knowledge base', async () => {
    const r = new ToolRegistry().register(queryKnowledgeBase);
    const res = await r.execute<{ hits: Array<{ id: string }> }>('query_knowledge_base', { query: '缓存和数据库一致性', topK: '两' }, makeCtx({ knowledgeBase: kb }));
    assert.equal(res.data?.hits.length, 2);
    assert.equal(res.data?.hits[0].id, 'zh-cache-consistency');
    const none = await r.execute('query_knowledge_base', { query: 'x' }, makeCtx());
    assert.equal(none.error?.code, 'service_error');
  });

  it('opens the index the build ships, and rebuilds one that does not match the entries', async () => {
    const dist = path.join(__dirname, '..', '..', 'dist');
    const compiled = loadKnowledge(path.join(dist, 'knowledge.json'));
    const bytes = fs.readFileSync(path.join(dist, 'knowledge.sqlite'));
    const shipped = new HybridKnowledgeBase(loadedSql()!, compiled, bytes);
    assert.equal(shipped.fromFile, true);
    assert.equal(shipped.search('幂等怎么做', { language: 'zh' })[0].entry.id, 'zh-idempotency');
    // Every channel's saved model (FTS, n-grams, LSA, concepts) gives what a fresh build gives.
    for (const q of ['同样的系统提示怎么省钱', 'How do you stop the model from making things up?', 'Agent 调用删除接口之前要做什么', 'HNSW']) {
      const a = shipped.search(q, { topK: 5 }).map((h) => [h.entry.id, h.score, h.confidence, h.concepts]);
      const b = kb.search(q, { topK: 5 }).map((h) => [h.entry.id, h.score, h.confidence, h.concepts]);
      assert.deepEqual(a, b, q);
    }
    const stale = new HybridKnowledgeBase(loadedSql()!, compiled.slice(1), bytes);
    assert.equal(stale.fromFile, false, 'an index built for other entries is not trusted');
    assert.equal(stale.size(), compiled.length - 1);
    assert.equal(new HybridKnowledgeBase(loadedSql()!, compiled, new Uint8Array([1, 2, 3])).fromFile, false, 'a corrupt file is rebuilt');
  });

  it('filters by dimension and returns one hit per item across languages', () => {
    const hits = kb.search('RAG 检索 hybrid retrieval', { topK: 10 });
    assert.equal(new Set(hits.map((h) => h.entry.itemId)).size, hits.length);
    const rag = kb.search('检索', { topK: 10, category: 'rag' });
    assert.ok(rag.length > 0 && rag.every((h) => h.entry.category === 'rag'));
    for (const h of hits) assert.ok(h.similarity >= 0 && h.similarity <= 1 && h.confidence > 0 && h.confidence < 1);
  });
});
