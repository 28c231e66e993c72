import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { EmbeddingCache, OpenAiEmbeddingProvider, type EmbeddingProvider } from '../../src/core/diagnosis/knowledge/embeddings';
import { createCore } from '../../src/core/services';
import { KNOWLEDGE_DIR, tempDir } from './helpers';

/** A stand-in model: each known text gets its own axis; the query "QQQ" lands on `target`'s axis. */
function fakeProvider(target: () => string | undefined, calls: { n: number }): EmbeddingProvider {
  const axes = new Map<string, number>();
  return {
    model: 'fake-embed',
    async embed(texts) {
      calls.n += texts.length;
      return texts.map((t) => {
        const key = t === 'QQQ' ? target() ?? t : t;
        if (!axes.has(key)) axes.set(key, axes.size);
        const v = new Float32Array(512);
        v[axes.get(key)! % 512] = 1;
        return v;
      });
    },
  };
}

describe('embedding channel (optional provider)', () => {
  it('embeds entries once (cached in a file), then lets a query with no shared words find its entry', async () => {
    const dir = tempDir();
    const cacheFile = path.join(dir, 'embeddings.sqlite');
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const entry = core.knowledgeBase.get('zh-rag-rerank')!;
    const calls = { n: 0 };
    const provider = fakeProvider(() => [entry.question, ...entry.aliases].join('\n'), calls);
    const n = await core.enableEmbeddings(provider, cacheFile);
    assert.equal(n, core.knowledgeBase.size());
    assert.equal(calls.n, n);
    assert.ok(fs.existsSync(cacheFile));
    const r = await core.tools.execute<{ hits: Array<{ id: string }> }>('query_knowledge_base', { query: 'QQQ', topK: 3, language: 'zh' }, core.context({ caller: 'test' }));
    assert.equal(r.data!.hits[0].id, 'zh-rag-rerank');
    const again = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const calls2 = { n: 0 };
    await again.enableEmbeddings(fakeProvider(() => undefined, calls2), cacheFile);
    assert.equal(calls2.n, 0, 'a second start reads the cache');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps searching offline when the embedding endpoint fails at query time', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    let up = true;
    const provider: EmbeddingProvider = { model: 'flaky', embed: async (t) => { if (!up) throw new Error('down'); return t.map(() => new Float32Array([1, 0])); } };
    await core.enableEmbeddings(provider);
    up = false;
    const ctx = core.context({ caller: 'test' });
    const r = await core.tools.execute<{ hits: Array<{ id: string }> }>('query_knowledge_base', { query: '接口幂等怎么做', topK: 1, language: 'zh' }, ctx);
    assert.equal(r.data!.hits[0].id, 'zh-idempotency');
  });

  it('talks to an OpenAI-compatible /embeddings endpoint and keeps the key out of errors', async () => {
    const seen: { auth?: string; body?: { model: string; input: string[] } } = {};
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen.auth = req.headers.authorization;
        seen.body = JSON.parse(Buffer.concat(chunks).toString());
        if (req.headers.authorization !== 'Bearer ek-1') { res.statusCode = 401; res.end('{}'); return; }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: seen.body!.input.map((_, i) => ({ index: i, embedding: [i, 1, 0] })).reverse() }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      const vecs = await new OpenAiEmbeddingProvider(base, 'nomic-embed-text', 'ek-1').embed(['a', 'b']);
      assert.deepEqual(vecs.map((v) => Array.from(v)), [[0, 1, 0], [1, 1, 0]], 'vectors come back in input order');
      assert.equal(seen.body!.model, 'nomic-embed-text');
      await assert.rejects(new OpenAiEmbeddingProvider(base, 'm', 'ek-wrong').embed(['a']), (e: Error) => /refused the API key/.test(e.message) && !e.message.includes('ek-wrong'));
      const cache = await EmbeddingCache.open();
      const provider = new OpenAiEmbeddingProvider(base, 'm', 'ek-1');
      await cache.embedAll(provider, ['x', 'y', 'x']);
      assert.equal(cache.get('m', 'y')!.length, 3);
    } finally {
      server.close();
    }
  });

  it('two windows filling one cache file at once both keep their vectors', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'il-emb-'));
    try {
      const file = path.join(dir, 'embeddings.sqlite');
      const fake = (tag: number): EmbeddingProvider => ({ model: 'm', embed: async (texts) => texts.map(() => Float32Array.from([tag, 1])) });
      const [a, b] = await Promise.all([EmbeddingCache.open(file), EmbeddingCache.open(file)]);
      await Promise.all([a.embedAll(fake(1), ['a1', 'a2']), b.embedAll(fake(2), ['b1', 'b2'])]);
      const fresh = await EmbeddingCache.open(file);
      for (const t of ['a1', 'a2', 'b1', 'b2']) assert.ok(fresh.get('m', t), `${t} was lost`);
      assert.deepEqual(fs.readdirSync(dir).filter((n) => n.endsWith('.tmp')), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
