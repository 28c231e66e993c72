import { EN_STOP, stem, ZH_STOP } from '../../text/tokenize';
import { topHits } from './topHits';
import { packPostings, toPostings, unpackPostings, type PackedPostings, type Postings } from './packed';

/** Words of asking ("how does X work", "explain X") that say nothing about the topic. */
const ASKING = new Set(['work', 'works', 'does', 'explain', 'describe', 'know', 'think', 'difference']);

/**
 * The offline vector channel: TF-IDF over character n-grams. Chinese runs give character
 * unigrams and bigrams (no segmenter needed); English words give the stemmed word and its
 * character trigrams, which survive ASR misspellings and inflections ("retrys", "chunking").
 * It needs no model and no network, and it is explainable: shared n-grams are the reason.
 */
export function features(text: string): Map<string, number> {
  const tf = new Map<string, number>();
  const add = (f: string) => tf.set(f, (tf.get(f) ?? 0) + 1);
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/[\u3400-\u9fff]+/g)) {
    const run = m[0];
    // How a question is asked ("说说", "什么是", "的") says nothing about its topic.
    for (let i = 0; i < run.length; i++) {
      if (!ZH_STOP.has(run[i])) add(run[i]);
      if (i + 1 < run.length && !ZH_STOP.has(run.slice(i, i + 2))) add(run.slice(i, i + 2));
    }
  }
  for (const m of lower.matchAll(/[a-z0-9]+/g)) {
    if (EN_STOP.has(m[0]) || ASKING.has(m[0])) continue;
    const w = stem(m[0]);
    if (w.length < 2) continue;
    add(`w:${w}`);
    const padded = `^${w}$`;
    for (let i = 0; i + 3 <= padded.length; i++) add(padded.slice(i, i + 3));
  }
  return tf;
}

/** The saved form of PhraseVectors. */
export interface PhraseSnapshot {
  phraseCount: number;
  owner: number[];
  postings: PackedPostings;
}

/** A sparse unit vector. */
export type Vec = Map<string, number>;

/** TF-IDF vectors of phrases with an inverted index: the best phrase cosine per document. */
export class PhraseVectors {
  private readonly idf = new Map<string, number>();
  private readonly postings: Postings;
  private readonly owner: number[] = [];
  private phraseCount = 0;

  /** A saved index (what the build ships). */
  static fromSnapshot(snap: PhraseSnapshot): PhraseVectors {
    const pv = Object.create(PhraseVectors.prototype) as PhraseVectors;
    const self = pv as unknown as Record<string, unknown>;
    const { postings, idf } = unpackPostings(snap.postings);
    self.idf = idf;
    self.postings = postings;
    self.owner = snap.owner;
    self.phraseCount = snap.phraseCount;
    return pv;
  }

  /** Everything search needs, packed. */
  snapshot(): PhraseSnapshot {
    this.flush();
    return { phraseCount: this.phraseCount, owner: this.owner, postings: packPostings(this.postings, this.idf) };
  }

  /** `phrases[d]` are document d's phrases (its question and paraphrases). */
  constructor(phrases: readonly string[][]) {
    const all: Array<{ doc: number; tf: Map<string, number> }> = [];
    phrases.forEach((list, doc) => list.forEach((p) => all.push({ doc, tf: features(p) })));
    this.phraseCount = all.length;
    const df = new Map<string, number>();
    for (const { tf } of all) for (const f of tf.keys()) df.set(f, (df.get(f) ?? 0) + 1);
    for (const [f, n] of df) this.idf.set(f, Math.log(1 + all.length / n));
    const lists = new Map<string, Array<[number, number]>>();
    all.forEach(({ doc, tf }, phrase) => {
      this.owner.push(doc);
      for (const [f, w] of this.weigh(tf)) {
        let list = lists.get(f);
        if (!list) lists.set(f, (list = []));
        list.push([phrase, w]);
      }
    });
    this.postings = toPostings(lists);
  }

  private weigh(tf: Map<string, number>): Vec {
    const v: Vec = new Map();
    let norm = 0;
    // Features no phrase has still count in the query's length (as the rarest possible), so a
    // query that shares two letter triples with a phrase and nothing else scores low.
    const unseen = Math.log(1 + this.phraseCount);
    for (const [f, n] of tf) {
      const w = (1 + Math.log(n)) * (this.idf.get(f) ?? unseen);
      if (this.idf.has(f)) v.set(f, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [f, w] of v) v.set(f, w / norm);
    return v;
  }

  /**
   * Phrases added after the fact, per feature, not yet in `postings`: appending to a typed array
   * copies it, and 10,000 workspace entries appended one by one made the merge quadratic.
   */
  private pending: Map<string, { ids: number[]; ws: number[] }> | undefined;
  /** Scratch for search: a score per phrase, and whether the current query touched it. */
  private scores: Float64Array | undefined;
  private touched: Uint8Array | undefined;

  /** Adds a document's phrases after the fact (workspace entries); idf stays as built. */
  addDocument(doc: number, phrases: readonly string[]): void {
    for (const p of phrases) this.addWeighted(doc, this.phraseVector(p));
  }

  /** A phrase's weighted features, as addDocument stores them (the workspace cache keeps them). */
  phraseVector(phrase: string): Vec {
    return this.weigh(features(phrase));
  }

  /** Adds one phrase of a document from its weighted features. */
  addWeighted(doc: number, vec: Vec): void {
    this.addFeatures(doc, [...vec.keys()], [...vec.values()]);
  }

  /** addWeighted from parallel lists (what the workspace cache stores). */
  addFeatures(doc: number, features: readonly string[], weights: ArrayLike<number>): void {
    const owner = this.owner as number[];
    const phrase = owner.length;
    owner.push(doc);
    this.pending ??= new Map();
    for (let i = 0; i < features.length; i++) {
      let list = this.pending.get(features[i]);
      if (!list) this.pending.set(features[i], (list = { ids: [], ws: [] }));
      list.ids.push(phrase);
      list.ws.push(weights[i]);
    }
  }

  /** Moves the pending phrases into the postings (each list grows once, in phrase order). */
  private flush(): void {
    if (!this.pending) return;
    for (const [f, list] of this.pending) {
      const prev = this.postings.get(f);
      const n = prev?.ids.length ?? 0;
      const ids = new Int32Array(n + list.ids.length);
      const ws = new Float32Array(ids.length);
      if (prev) {
        ids.set(prev.ids);
        ws.set(prev.ws);
      }
      ids.set(list.ids, n);
      ws.set(list.ws, n);
      this.postings.set(f, { ids, ws });
    }
    this.pending = undefined;
  }

  /**
   * Documents by their best phrase's cosine similarity to the query (0–1), best first, from
   * `minCosine` up. Scores accumulate in a typed array in the order the first version's Maps
   * summed them, and documents are listed in the order it first met them, so equal cosines (a
   * question's two language versions share their phrasings) keep their order.
   */
  search(query: string, limit: number, minCosine = -Infinity): Array<{ doc: number; cosine: number }> {
    this.flush();
    const q = this.weigh(features(query));
    const count = this.owner.length;
    if (!this.scores || this.scores.length < count) {
      this.scores = new Float64Array(count);
      this.touched = new Uint8Array(count);
    }
    const scores = this.scores;
    const touched = this.touched!;
    const order: number[] = [];
    for (const [f, w] of q) {
      const p = this.postings.get(f);
      if (!p) continue;
      const { ids, ws } = p;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i];
        if (!touched[id]) {
          touched[id] = 1;
          order.push(id);
        }
        scores[id] += w * ws[i];
      }
    }
    // Each document's best phrase, in a typed array; documents listed in the order the Map this
    // replaced met them (a document enters with its first phrase scoring above 0).
    const docs = this.docCount();
    if (!this.best || this.best.length < docs) this.best = new Float64Array(docs * 2);
    const best = this.best;
    const owner = this.owner;
    const met: number[] = [];
    for (let o = 0; o < order.length; o++) {
      const phrase = order[o];
      const s = scores[phrase];
      scores[phrase] = 0;
      touched[phrase] = 0;
      const doc = owner[phrase];
      if (s > best[doc]) {
        if (best[doc] === 0) met.push(doc);
        best[doc] = s;
      }
    }
    const ids: number[] = [];
    const cosines: number[] = [];
    for (let m = 0; m < met.length; m++) {
      const doc = met[m];
      const cosine = Math.min(1, best[doc]);
      best[doc] = 0;
      if (cosine >= minCosine) {
        ids.push(doc);
        cosines.push(cosine);
      }
    }
    return topHits(cosines, limit).map((i) => ({ doc: ids[i], cosine: cosines[i] }));
  }

  get size(): number {
    return this.phraseCount;
  }

  /** Scratch for search: each document's best phrase cosine (zero between searches). */
  private best: Float64Array | undefined;
  private docs = -1;
  private docsFor = -1;

  /** One more than the highest document id (phrases are added, never taken away). */
  private docCount(): number {
    if (this.docsFor !== this.owner.length) {
      let max = -1;
      for (let i = 0; i < this.owner.length; i++) if (this.owner[i] > max) max = this.owner[i];
      this.docs = max + 1;
      this.docsFor = this.owner.length;
    }
    return this.docs;
  }
}
