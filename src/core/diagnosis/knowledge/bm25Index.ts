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

/** One matching document: BM25 score and the idf-weighted share of the query's terms it has. */
export interface Bm25Match { score: number; coverage: number }

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
  search(query: readonly string[]): Map<number, Bm25Match> {
    const out = new Map<number, Bm25Match>();
    const p = query.length;
    if (p === 0 || this.live === 0) return out;
    const n = this.live;
    // FTS4's 'a': the average tokens per row, as an integer rounded half up.
    const avg = Math.floor((this.totalTokens + Math.floor(n / 2)) / n);
    const lists = query.map((t) => this.postings.get(t));
    const idfs = lists.map((l) => {
      const df = l ? l.docs.length : 0;
      return Math.log(1 + (n - df + 0.5) / (df + 0.5));
    });
    if (this.slot.length < this.lengths.length) this.slot = new Int32Array(this.lengths.length).fill(-1);
    const matched: number[] = [];
    for (const l of lists) {
      if (!l) continue;
      for (const d of l.docs) if (this.slot[d] < 0) this.slot[d] = matched.push(d) - 1;
    }
    matched.sort((a, b) => a - b);
    matched.forEach((d, k) => (this.slot[d] = k));
    const tfs = new Int32Array(matched.length * p);
    lists.forEach((l, i) => {
      if (!l) return;
      for (let j = 0; j < l.docs.length; j++) tfs[this.slot[l.docs[j]] * p + i] = l.tfs[j];
    });
    const norm = Math.max(1, avg);
    for (let k = 0; k < matched.length; k++) {
      const doc = matched[k];
      this.slot[doc] = -1;
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
      out.set(doc, { score, coverage: total > 0 ? hit / total : 0 });
    }
    return out;
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
