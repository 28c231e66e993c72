/**
 * The idf-weighted Dice overlap between a query and an entry's closest phrasing, one of the
 * confidence features: a one-word paraphrase ("ReAct") inside a longer, different question
 * ("React 的虚拟 DOM") is not the same question, and a query word no entry uses ("coworker")
 * counts against the match. Phrasings are kept as token ids and the query's weights in a typed
 * array by id, so scoring a candidate is a pass over integers, not strings.
 */
export class PhraseOverlap {
  private idfCache: { n: number; idf: Map<string, number> } | undefined;
  private readonly massCache = new Map<number, number[]>();
  /** Search tokens by id (phrasings are kept as ids). */
  private readonly tokenIds = new Map<string, number>();
  private readonly idCache: Array<Int32Array[] | undefined> = [];
  /** Scratch: the current query's token weights by id (zero elsewhere). */
  private weight = new Float64Array(0);
  private queryIds: number[] = [];
  private qMass = 0;

  /** `phrases()` gives every document's phrasings as distinct tokens (the list may grow). */
  constructor(private readonly phrases: () => string[][][]) {}

  /** The documents changed: idf and phrasing masses are recomputed when next asked for. */
  invalidate(): void {
    this.idfCache = undefined;
    this.massCache.clear();
  }

  /** How rare a search token is among the entries' phrasings (a token no entry uses is rarest). */
  tokenIdf(t: string): number {
    if (!this.idfCache) {
      const all = this.phrases();
      // Document frequency: each token counted once per document (the document it was last
      // counted for is kept with it, instead of a Set of the document's tokens).
      const counts = new Map<string, { df: number; last: number }>();
      for (let d = 0; d < all.length; d++) {
        for (const phrase of all[d]) {
          for (const tok of phrase) {
            const c = counts.get(tok);
            if (!c) counts.set(tok, { df: 1, last: d });
            else if (c.last !== d) {
              c.df++;
              c.last = d;
            }
          }
        }
      }
      const df = new Map<string, number>();
      for (const [tok, c] of counts) df.set(tok, c.df);
      const n = all.length;
      this.idfCache = { n, idf: new Map([...df].map(([tok, d]) => [tok, Math.log(1 + (n - d + 0.5) / (d + 0.5))])) };
    }
    return this.idfCache.idf.get(t) ?? Math.log(1 + (this.idfCache.n + 0.5) / 0.5);
  }

  /** A document's phrasings as token ids, interned on first use. */
  private idsOf(doc: number): Int32Array[] {
    let ids = this.idCache[doc];
    if (!ids) {
      ids = this.phrases()[doc].map((p) => Int32Array.from(p, (t) => {
        let id = this.tokenIds.get(t);
        if (id === undefined) this.tokenIds.set(t, (id = this.tokenIds.size));
        return id;
      }));
      this.idCache[doc] = ids;
    }
    return ids;
  }

  /** The idf mass of each phrasing of a document (the Dice denominator), cached. */
  private massOf(doc: number): number[] {
    const cached = this.massCache.get(doc);
    if (cached) return cached;
    const masses = this.phrases()[doc].map((p) => p.reduce((sum, t) => sum + this.tokenIdf(t), 0));
    this.massCache.set(doc, masses);
    return masses;
  }

  /**
   * Sets the query (its distinct tokens) for the documents that will be scored: their phrasings
   * are interned first, so each query token they share has an id. Call done() afterwards.
   */
  begin(query: readonly string[], docs: ArrayLike<number>): void {
    for (let i = 0; i < docs.length; i++) this.idsOf(docs[i]);
    if (this.weight.length < this.tokenIds.size) this.weight = new Float64Array(this.tokenIds.size * 2);
    let mass = 0;
    this.queryIds = [];
    for (const t of query) {
      const w = this.tokenIdf(t);
      mass += w;
      const id = this.tokenIds.get(t);
      if (id !== undefined) {
        this.weight[id] = w;
        this.queryIds.push(id);
      }
    }
    this.qMass = mass;
  }

  /** The Dice overlap of the query with the document's closest phrasing. */
  dice(doc: number): number {
    const masses = this.massOf(doc);
    const phrasings = this.idsOf(doc);
    const weight = this.weight;
    let dice = 0;
    const qMass = this.qMass;
    for (let k = 0; k < phrasings.length; k++) {
      const denominator = masses[k] + qMass || 1;
      // The shared mass is at most the smaller of the two masses (all weights are positive): a
      // phrasing that could not beat the best so far even then is skipped (with a margin far
      // above rounding, so the maximum is exactly the one a pass over every phrasing finds).
      if (((2 * Math.min(masses[k], qMass)) / denominator) * (1 + 1e-9) < dice) continue;
      const p = phrasings[k];
      let common = 0;
      for (let i = 0; i < p.length; i++) common += weight[p[i]];
      dice = Math.max(dice, (2 * common) / denominator);
    }
    return dice;
  }

  /** Clears the query's weights. */
  done(): void {
    for (const id of this.queryIds) this.weight[id] = 0;
    this.queryIds = [];
  }
}
