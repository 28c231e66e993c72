import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { HybridKnowledgeBase } from '../../src/core/diagnosis/knowledge/hybrid';
import { HybridKnowledgeBase as PlainKnowledgeBase } from '../../scripts/lib/plainKnowledge/hybrid';
import { loadedSql } from '../../src/core/store/sqlite';
import { loadKnowledgeDir } from '../../src/core/diagnosis/knowledge/loader';
import type { Channel, SearchOptions } from '../../src/core/diagnosis/knowledge/knowledgeBase';
import type { KnowledgeEntry, KnowledgeHit } from '../../src/core/diagnosis/knowledge/types';
import { syntheticEntries } from '../../scripts/lib/syntheticKnowledge';
import { WorkspaceModelCache } from '../../src/core/diagnosis/knowledge/workspaceModelCache';
import { createCore } from '../../src/core/services';
import { KNOWLEDGE_DIR, tempDir } from './helpers';

/**
 * The optimised search (in-memory BM25, typed-array channels, candidates filtered before they
 * are sorted) must return what the plain one returned: the implementation before the speed work,
 * kept verbatim in scripts/lib/plainKnowledge. Same ids, same order, scores within 1e-9.
 */
describe('optimised search against the plain one', function () {
  // Thousands of searches, half of them by the slow implementation, and three index builds.
  this.timeout(240_000);
  const SQL = () => loadedSql()!;
  const entries = loadKnowledgeDir(KNOWLEDGE_DIR);
  const heldout = (parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'kb', 'heldout.yaml'), 'utf8')) as Array<{ query: string }>).map((q) => q.query);
  // Questions and answers as a diagnosis searches them, in both languages, and odd queries.
  const queries = [
    ...heldout,
    ...entries.filter((_, i) => i % 8 === 0).flatMap((e) => [e.question, `${e.aliases[0] ?? ''} ${e.question}`, e.expertAnswer.slice(0, 600)]),
    'xyzzy plugh', '', '   ', 'the', '的', 'RAG', 'c++ vs c#', 'HNSW 是怎么工作的 and how does it scale?',
  ];
  const optionSets: SearchOptions[] = [
    { topK: 3 }, { topK: 5, language: 'en' }, { topK: 5, language: 'zh' }, { topK: 10, explain: true },
    { topK: 5, category: 'rag' }, ...(['bm25', 'vector', 'concept'] as Channel[]).map((channel) => ({ topK: 5, channel })),
  ];

  function same(a: KnowledgeHit[], b: KnowledgeHit[], what: string): void {
    assert.deepEqual(a.map((h) => h.entry.id), b.map((h) => h.entry.id), `ids or order differ for ${what}`);
    a.forEach((h, i) => {
      const o = b[i];
      for (const key of ['score', 'confidence', 'similarity'] as const) {
        assert.ok(Math.abs(h[key] - o[key]) <= 1e-9, `${key} ${h[key]} vs ${o[key]} for ${h.entry.id} in ${what}`);
      }
      assert.deepEqual(h.concepts, o.concepts, `concepts for ${h.entry.id} in ${what}`);
      if (o.features) {
        for (const [k, v] of Object.entries(o.features)) {
          assert.ok(Math.abs(h.features![k as keyof typeof o.features] - v) <= 1e-9, `feature ${k} for ${h.entry.id} in ${what}`);
        }
      }
    });
  }

  function compare(fast: HybridKnowledgeBase, plain: PlainKnowledgeBase, qs: readonly string[], label: string): number {
    let n = 0;
    for (const q of qs) {
      for (const o of optionSets) {
        same(fast.search(q, o), plain.search(q, o), `${label} "${q.slice(0, 60)}" ${JSON.stringify(o)}`);
        n++;
      }
    }
    return n;
  }

  it('gives the same hits on the shipped entries, from the built index file', async () => {
    const bytes = new HybridKnowledgeBase(SQL(), entries).export();
    const fast = new HybridKnowledgeBase(SQL(), entries, bytes);
    const plain = new PlainKnowledgeBase(SQL(), entries, bytes);
    assert.ok(fast.fromFile && plain.fromFile, 'both open the index file as is');
    assert.ok(compare(fast, plain, queries, 'shipped') > 1000);
    fast.close();
    plain.close();
  });

  it('gives the same hits on the shipped entries built in memory (no index file)', () => {
    const fast = new HybridKnowledgeBase(SQL(), entries);
    const plain = new PlainKnowledgeBase(SQL(), entries);
    compare(fast, plain, queries.filter((_, i) => i % 8 === 0), 'in memory');
  });

  it('gives the same hits on a synthetic knowledge base, and after workspace entries are merged, replaced and removed', () => {
    const synthetic = syntheticEntries(entries, 400, 3);
    const fast = new HybridKnowledgeBase(SQL(), synthetic);
    const plain = new PlainKnowledgeBase(SQL(), synthetic);
    const qs = [...synthetic.slice(0, 40).map((e) => e.question), ...heldout.slice(0, 30)];
    compare(fast, plain, qs, 'synthetic');
    // A workspace: new entries, then one of its files changed (replaced ids) and a bundled entry removed.
    const workspace: KnowledgeEntry[] = syntheticEntries(entries, 200, 11).map((e) => ({ ...e, id: `ws-${e.id}`, itemId: `ws-${e.itemId}` }));
    for (const kb of [fast, plain]) kb.upsert(workspace.slice(0, 120));
    compare(fast, plain, [...workspace.slice(0, 30).map((e) => e.question), ...qs.slice(0, 20)], 'upserted');
    const changed = workspace.slice(100, 200).map((e) => ({ ...e, question: `${e.question} revised` }));
    for (const kb of [fast, plain]) kb.upsert(changed, [synthetic[0].id, workspace[0].id]);
    compare(fast, plain, [...changed.slice(0, 30).map((e) => e.question), synthetic[0].question, ...qs.slice(0, 20)], 'replaced');
  });

  it('gives the same hits when workspace entries come from the model cache of an earlier session', () => {
    const file = path.join(tempDir(), 'workspace-models.json');
    const workspace: KnowledgeEntry[] = syntheticEntries(entries, 120, 13).map((e) => ({ ...e, id: `ws-${e.id}`, itemId: `ws-${e.itemId}` }));
    const plain = new PlainKnowledgeBase(SQL(), entries);
    plain.upsert(workspace);
    const session = () => {
      const kb = new HybridKnowledgeBase(SQL(), entries);
      const cache = WorkspaceModelCache.open(file);
      kb.useModelCache(cache);
      kb.upsert(workspace);
      cache.save();
      return { kb, cache };
    };
    const cold = session();
    assert.equal(cold.cache.size, workspace.length, 'the first session computes and keeps every entry');
    const warm = session();
    assert.equal(warm.cache.size, workspace.length, 'the second session finds every entry in the cache');
    const qs = [...workspace.slice(0, 25).map((e) => e.question), ...heldout.slice(0, 15)];
    compare(cold.kb, plain, qs, 'cold cache');
    compare(warm.kb, plain, qs, 'warm cache');
  });

  it('recomputes a cached entry whose content changed, and forgets the cache when the shipped models change', () => {
    const file = path.join(tempDir(), 'workspace-models.json');
    const [a, b] = syntheticEntries(entries, 2, 17).map((e, i) => ({ ...e, id: `en-ws-${i}`, itemId: `ws-${i}`, language: 'en' as const }));
    const first = WorkspaceModelCache.open(file);
    const kb = new HybridKnowledgeBase(SQL(), entries);
    kb.useModelCache(first);
    kb.upsert([a, b]);
    first.save();
    const keyA = WorkspaceModelCache.keyOf(a, undefined);
    assert.ok(WorkspaceModelCache.open(file).get(keyA));
    const edited = { ...a, expertAnswer: `${a.expertAnswer} Also measure it.` };
    assert.notEqual(WorkspaceModelCache.keyOf(edited, undefined), keyA, 'another content, another key');
    const other = WorkspaceModelCache.open(file);
    other.bind('models of another build');
    assert.equal(other.get(keyA), undefined, 'folded into other models: not used');
  });

  it('gives the same diagnosis, field for field, with either search', async () => {
    const text = entries.filter((_, i) => i % 20 === 0).map((e, i) => `Interviewer: ${e.question}\nCandidate: ${i % 2 ? e.noviceAnswer : e.expertAnswer}\n`).join('\n');
    const fast = await createCore({ knowledgeDir: KNOWLEDGE_DIR }).diagnose({ text });
    const plain = await createCore({ knowledgeDir: KNOWLEDGE_DIR, knowledgeBase: new PlainKnowledgeBase(SQL(), entries) }).diagnose({ text });
    const fields = (r: typeof fast) => ({ ...r.raw, id: '', createdAt: '' });
    assert.ok(fast.raw.summary.totalQuestions >= 20);
    assert.deepEqual(fields(fast), fields(plain));
  });
});
