import { tokenize } from '../text/tokenize';
import type { Language } from '../transcript/language';
import type { KnowledgeEntry, KnowledgeHit } from './types';

/** Retrieval over reference entries; the in-memory index here is replaced by sql.js later, same interface. */
export interface KnowledgeBase {
  size(): number;
  get(id: string): KnowledgeEntry | undefined;
  search(query: string, options?: { topK?: number; language?: Language }): KnowledgeHit[];
}

interface Doc { entry: KnowledgeEntry; tf: Map<string, number>; length: number; phrases: string[][] }

const K1 = 1.2;
const B = 0.75;

/** BM25 over each entry's question and aliases (aliases count twice: they are what people actually ask). */
export class InMemoryKnowledgeBase implements KnowledgeBase {
  private readonly docs: Doc[];
  private readonly byId = new Map<string, KnowledgeEntry>();
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(entries: readonly KnowledgeEntry[]) {
    this.docs = entries.map((entry) => {
      const tokens = [
        ...tokenize(entry.question),
        ...entry.aliases.flatMap((a) => [...tokenize(a), ...tokenize(a)]),
      ];
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      this.byId.set(entry.id, entry);
      const phrases = [entry.question, ...entry.aliases].map((p) => [...new Set(tokenize(p))]).filter((p) => p.length > 0);
      return { entry, tf, length: tokens.length, phrases };
    });
    this.avgLength = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length);
  }

  size(): number {
    return this.docs.length;
  }

  get(id: string): KnowledgeEntry | undefined {
    return this.byId.get(id);
  }

  search(query: string, options: { topK?: number; language?: Language } = {}): KnowledgeHit[] {
    const q = [...new Set(tokenize(query))];
    const qSet = new Set(q);
    const n = this.docs.length;
    const idfOf = (t: string) => {
      const df = this.df.get(t) ?? 0;
      return Math.log(1 + (n - df + 0.5) / (df + 0.5));
    };
    const queryWeight = q.reduce((s, t) => s + idfOf(t), 0);
    const hits: KnowledgeHit[] = [];
    for (const doc of this.docs) {
      if (options.language && doc.entry.language !== options.language) continue;
      let score = 0;
      let matchedWeight = 0;
      for (const t of q) {
        const f = doc.tf.get(t);
        if (!f) continue;
        const idf = idfOf(t);
        matchedWeight += idf;
        score += idf * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / this.avgLength)));
      }
      if (score <= 0) continue;
      const phraseCoverage = Math.max(...doc.phrases.map((p) => p.filter((t) => qSet.has(t)).length / p.length));
      const confidence = Math.max(queryWeight > 0 ? matchedWeight / queryWeight : 0, phraseCoverage);
      // Rank up entries whose question or an alias the query contains whole ("HNSW", "幂等性").
      const ranked = score * (0.5 + phraseCoverage);
      hits.push({ entry: doc.entry, score: Math.round(ranked * 1000) / 1000, confidence: Math.round(confidence * 1000) / 1000 });
    }
    hits.sort((a, b) => b.score - a.score || a.entry.id.localeCompare(b.entry.id));
    return hits.slice(0, options.topK ?? 3);
  }
}
