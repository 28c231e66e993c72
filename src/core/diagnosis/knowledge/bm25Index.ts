import { b64, i32 } from './packed';

const K1 = 1.2;
const B = 0.75;

/** The saved form of a Bm25Index (what the build ships inside knowledge.sqlite). */
export interface Bm25Snapshot {
  terms: string[];
  /** Per term, where its postings start in `docs`/`tfs` (terms.length + 1 values). */
  starts: string;
  docs: string;
  tfs: string;
  /** Tokens per document (-1: removed). */
  lengths: string;
}

/**
 * The documents a query matches, in ascending order, each with its BM25 score and the
 * idf-weighted share of the query's terms it has (parallel arrays: no object per match).
 */
export class Bm25Matches {
  constructor(readonly docs: number[], readonly scores: number[], readonly coverages: number[]) {}

  get size(): number {
    return this.docs.length;
  }

  /** The coverage of each of `wanted` (0 for a document the query did not match). */
  coverageOf(wanted: readonly number[]): number[] {
    return wanted.map((doc) => {
      // Binary search: docs are ascending.
      let lo = 0;
      let hi = this.docs.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const d = this.docs[mid];
        if (d === doc) return this.coverages[mid];
        if (d < doc) lo = mid + 1;
        else hi = mid - 1;
      }
      return 0;
    });
  }
}

/**
 * The full-text channel: BM25 over an in-memory inverted index. It scores exactly as the SQLite
 * FTS4 query it replaced (`matchinfo(fts, 'pcnalx')`, simple tokenizer): the same row count, the
 * same average length rounded as FTS4 rounds it, the same document frequencies, and matches in
 * ascending document order, so ties fall as they did. What it saves is the SQL round trip into
 * sql.js (a statement compiled, a blob copied out of WebAssembly per row), which was most of a
 * search's time.
 */
export class Bm25Index {
  private readonly postings = new Map<string, { docs: number[]; tfs: number[] }>();
  /** Tokens per document; -1 once removed. */
  private readonly lengths: number[] = [];
  /** Distinct terms per document (for removal); rebuilt lazily for a loaded index. */
  private termsOf: Array<string[] | undefined> = [];
  private live = 0;
  private totalTokens = 0;
  /** Scratch: a document's slot among the current query's matches (-1: none). */
  private slot = new Int32Array(0);

  /** Indexes a document's tokens (documents are added in increasing id). */
  add(doc: number, tokens: readonly string[]): void {
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let p = this.postings.get(t);
      if (!p) this.postings.set(t, (p = { docs: [], tfs: [] }));
      p.docs.push(doc);
      p.tfs.push(n);
    }
    this.termsOf[doc] = [...tf.keys()];
    this.lengths[doc] = tokens.length;
    this.live++;
    this.totalTokens += tokens.length;
  }

  /** Removes a document (FTS4's DELETE: it no longer counts in the row count, lengths or frequencies). */
  remove(doc: number): void {
    const len = this.lengths[doc];
    if (len === undefined || len < 0) return;
    const terms = this.termsOf[doc] ?? [...this.postings].filter(([, p]) => p.docs.includes(doc)).map(([t]) => t);
    for (const t of terms) {
      const p = this.postings.get(t)!;
      const at = p.docs.indexOf(doc);
      p.docs.splice(at, 1);
      p.tfs.splice(at, 1);
      if (p.docs.length === 0) this.postings.delete(t);
    }
    this.termsOf[doc] = undefined;
    this.lengths[doc] = -1;
    this.live--;
    this.totalTokens -= len;
  }

  /** Documents matching any query term (distinct tokens), in ascending document order. */
  search(query: readonly string[]): Bm25Matches {
    const p = query.length;
    if (p === 0 || this.live === 0) return new Bm25Matches([], [], []);
    const n = this.live;
    // FTS4's 'a': the average tokens per row, as an integer rounded half up.
    const avg = Math.floor((this.totalTokens + Math.floor(n / 2)) / n);
    const lists = query.map((t) => this.postings.get(t));
    const idfs = lists.map((l) => {
      const df = l ? l.docs.length : 0;
      return Math.log(1 + (n - df + 0.5) / (df + 0.5));
    });
    if (this.slot.length < this.lengths.length) this.slot = new Int32Array(this.lengths.length).fill(-1);
    const slot = this.slot;
    const found: number[] = [];
    for (const l of lists) {
      if (!l) continue;
      for (const d of l.docs) if (slot[d] < 0) slot[d] = found.push(d) - 1;
    }
    // Matched documents in ascending order (a native sort of integers).
    const matched = Int32Array.from(found).sort();
    const count = matched.length;
    for (let k = 0; k < count; k++) slot[matched[k]] = k;
    const tfs = new Int32Array(count * p);
    lists.forEach((l, i) => {
      if (!l) return;
      for (let j = 0; j < l.docs.length; j++) tfs[slot[l.docs[j]] * p + i] = l.tfs[j];
    });
    const norm = Math.max(1, avg);
    const docs = new Array<number>(count);
    const scores = new Array<number>(count);
    const coverages = new Array<number>(count);
    for (let k = 0; k < count; k++) {
      const doc = matched[k];
      slot[doc] = -1;
      const len = this.lengths[doc];
      let score = 0;
      let hit = 0;
      let total = 0;
      // The same operations in the same order as the FTS4 version, so the floats are equal.
      for (let i = 0; i < p; i++) {
        const tf = tfs[k * p + i];
        const idf = idfs[i];
        total += idf;
        if (tf === 0) continue;
        hit += idf;
        score += idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / norm)));
      }
      docs[k] = doc;
      scores[k] = score;
      coverages[k] = total > 0 ? hit / total : 0;
    }
    return new Bm25Matches(docs, scores, coverages);
  }

  snapshot(): Bm25Snapshot {
    const terms = [...this.postings.keys()];
    const starts = new Int32Array(terms.length + 1);
    let total = 0;
    terms.forEach((t, i) => {
      starts[i] = total;
      total += this.postings.get(t)!.docs.length;
    });
    starts[terms.length] = total;
    const docs = new Int32Array(total);
    const tfs = new Int32Array(total);
    terms.forEach((t, i) => {
      const p = this.postings.get(t)!;
      docs.set(p.docs, starts[i]);
      tfs.set(p.tfs, starts[i]);
    });
    return { terms, starts: b64(starts), docs: b64(docs), tfs: b64(tfs), lengths: b64(Int32Array.from(this.lengths)) };
  }

  static fromSnapshot(snap: Bm25Snapshot): Bm25Index {
    const index = new Bm25Index();
    const starts = i32(snap.starts);
    const docs = i32(snap.docs);
    const tfs = i32(snap.tfs);
    snap.terms.forEach((t, i) => {
      index.postings.set(t, { docs: Array.from(docs.subarray(starts[i], starts[i + 1])), tfs: Array.from(tfs.subarray(starts[i], starts[i + 1])) });
    });
    for (const len of i32(snap.lengths)) {
      index.lengths.push(len);
      if (len >= 0) {
        index.live++;
        index.totalTokens += len;
      }
    }
    index.termsOf = [];
    return index;
  }
}
