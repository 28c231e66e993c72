// Lists the queries a retrieval channel gets wrong (expected entry not in the top 3, or a no-match
// query answered at or above the reference threshold), with what it returned instead: the tool for
// writing knowledge content and concept terms. Usage:
//   node -r esbuild-register scripts/kb-misses.ts [tune|dev|heldout] [hybrid|bm25|vector|concept]
// Looking at held-out misses turns the held-out set into a tuning set: use tune or dev.
import * as path from 'node:path';
import { HybridKnowledgeBase } from '../src/core/diagnosis/knowledge/hybrid';
import type { Channel } from '../src/core/diagnosis/knowledge/knowledgeBase';
import { loadKnowledgeDir } from '../src/core/diagnosis/knowledge/loader';
import { prepareCore } from '../src/core/services';
import { loadedSql } from '../src/core/store/sqlite';
import { loadQueries, TUNE_FILE, HELDOUT_FILE, QUERIES_FILE, THRESHOLD } from './lib/kbEval';
(async () => {
  await prepareCore();
  const entries = loadKnowledgeDir(path.resolve(__dirname, '..', 'knowledge'));
  const kb = new HybridKnowledgeBase(loadedSql()!, entries);
  const file = process.argv[2] === 'heldout' ? HELDOUT_FILE : process.argv[2] === 'dev' ? QUERIES_FILE : TUNE_FILE;
  const channel = (process.argv[3] ?? 'hybrid') as Channel;
  for (const q of loadQueries(file)) {
    const hits = kb.search(q.query, { topK: 10, language: q.language, channel });
    if (q.expect === null) {
      if (hits[0] && hits[0].confidence >= THRESHOLD) console.log(`FP  ${q.query} -> ${hits[0].entry.itemId} ${hits[0].confidence}`);
      continue;
    }
    const wanted = Array.isArray(q.expect) ? q.expect : [q.expect];
    const rank = hits.findIndex((h) => wanted.includes(h.entry.itemId));
    if (rank < 0 || rank >= 3) console.log(`MISS[${rank}] ${q.kind} ${q.query}  want ${wanted.join('|')}  got ${hits.slice(0, 3).map((h) => `${h.entry.itemId}(${h.confidence})`).join(', ')}`);
  }
})();
