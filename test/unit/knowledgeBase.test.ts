import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InMemoryKnowledgeBase } from '../../src/core/kb/knowledgeBase';
import { KnowledgeFormatError, loadKnowledgeDir } from '../../src/core/kb/loader';
import { queryKnowledgeBase } from '../../src/core/tools/queryKnowledgeBase';
import { ToolRegistry } from '../../src/core/tools/registry';
import { KNOWLEDGE_DIR, makeCtx, tempDir } from './helpers';

describe('knowledge base', () => {
  const entries = loadKnowledgeDir(KNOWLEDGE_DIR);
  const kb = new InMemoryKnowledgeBase(entries);

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
    assert.equal(kb.search('How does HNSW work?')[0].entry.id, 'en-vector-search');
    assert.deepEqual(kb.search('xyzzy plugh'), []);
  });

  it('reports a malformed file with the file, entry and field', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'bad.yaml'), '- id: x\n  language: fr\n');
    assert.throws(() => loadKnowledgeDir(dir), (e: Error) => e instanceof KnowledgeFormatError && /bad\.yaml entry 1/.test(e.message));
    fs.writeFileSync(path.join(dir, 'bad.yaml'), 'key: [unclosed');
    assert.throws(() => loadKnowledgeDir(dir), /not valid YAML/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('query_knowledge_base returns ranked hits and needs a loaded knowledge base', async () => {
    const r = new ToolRegistry().register(queryKnowledgeBase);
    const res = await r.execute<{ hits: Array<{ id: string }> }>('query_knowledge_base', { query: '缓存和数据库一致性', topK: '两' }, makeCtx({ knowledgeBase: kb }));
    assert.equal(res.data?.hits.length, 2);
    assert.equal(res.data?.hits[0].id, 'zh-cache-consistency');
    const none = await r.execute('query_knowledge_base', { query: 'x' }, makeCtx());
    assert.equal(none.error?.code, 'service_error');
  });
});
