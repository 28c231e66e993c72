import { topHits } from './topHits';

/**
 * Reciprocal-rank fusion's running sums, in a typed array by document instead of a Map built per
 * search: each document's votes add up in the order they are cast, and documents are listed in
 * the order they first got one (what the Map's insertion order gave), so ties fall as before.
 */
export class Fusion {
  private sums = new Float64Array(0);
  private seen = new Uint8Array(0);
  private order: number[] = [];

  /** Starts a search over `docs` documents (ids 0…docs-1). */
  begin(docs: number): this {
    if (this.sums.length < docs) {
      this.sums = new Float64Array(docs * 2);
      this.seen = new Uint8Array(docs * 2);
    }
    this.order = [];
    return this;
  }

  /** Adds a vote to a document's sum. */
  add(doc: number, vote: number): void {
    if (!this.seen[doc]) {
      this.seen[doc] = 1;
      this.order.push(doc);
    }
    this.sums[doc] += vote;
  }

  /** The first `limit` documents of a stable sort by sum, highest first, with their sums. */
  top(limit: number): { docs: number[]; scores: number[] } {
    const scores = this.order.map((d) => this.sums[d]);
    const picked = topHits(scores, limit);
    return { docs: picked.map((i) => this.order[i]), scores: picked.map((i) => scores[i]) };
  }

  /** Clears the sums for the next search. */
  end(): void {
    for (const d of this.order) {
      this.sums[d] = 0;
      this.seen[d] = 0;
    }
    this.order = [];
  }
}
