import { CONCEPTS, type Concept } from './conceptTerms';
import { LexiconMatcher } from '../../text/lexicon';
import { topHits } from './topHits';

/**
 * Finds the concepts of the lexicon in a text, with the same trie the judge uses for its units
 * (LexiconMatcher): Chinese terms match anywhere, English terms only at a word start (and, when
 * three letters or shorter, only as a whole word: "ci" is not inside "circuit").
 */
export class ConceptMatcher {
  private readonly lexicon: LexiconMatcher;

  constructor(readonly concepts: readonly Concept[] = CONCEPTS) {
    this.lexicon = new LexiconMatcher(concepts.map((c, i) => ({ id: String(i), terms: c.terms })));
  }

  /** Concept index → the first term that matched it (at its first position, the longest term there). */
  match(text: string): Map<number, string> {
    const t = text.toLowerCase();
    // Earliest first, and at one position the longest term first, so the reason shown for a
    // match is the most specific one.
    const matches = this.lexicon.matchLower(t).sort((a, b) => a.start - b.start || (b.end - b.start) - (a.end - a.start) || Number(a.id) - Number(b.id));
    const found = new Map<number, string>();
    for (const m of matches) {
      const concept = Number(m.id);
      if (!found.has(concept)) found.set(concept, t.slice(m.start, m.end));
    }
    return found;
  }
}

/**
 * A concept's name for people: its first Chinese term in Chinese, its id in words in English
 * ("prompt-cache" → "prompt cache"), since English terms may be stems ("retriev").
 */
export function conceptLabel(id: string, language: 'zh' | 'en'): string {
  const concept = CONCEPTS.find((c) => c.id === id);
  if (language === 'zh') {
    const zh = concept?.terms.find((t) => /[\u3400-\u9fff]/.test(t));
    if (zh) return zh;
  }
  return id.replace(/-/g, ' ');
}

let shared: ConceptMatcher | undefined;
/** The matcher over the shipped lexicon (built once per process). */
export function conceptMatcher(): ConceptMatcher {
  shared ??= new ConceptMatcher();
  return shared;
}

/** The saved form of a ConceptIndex. */
export interface ConceptSnapshot {
  docs: Array<Array<[concept: string, weight: number]>>;
}

/** A document's texts with how much a concept found in each counts. */
export type WeightedTexts = Array<[text: string, weight: number]>;

/**
 * The concept channel: every entry becomes a weighted set of concepts (from its questions, its
 * key points and, more lightly, its expert answer), and a query is scored by the idf-weighted
 * concepts it shares with each entry. It matches across languages and across wordings that
 * share no characters, which the lexical channels cannot.
 */
export class ConceptIndex {
  private readonly docs: Array<Map<number, number>> = [];
  private readonly df = new Map<number, number>();
  /** concept → the documents that have it (so a query touches only those). */
  private readonly postings = new Map<number, { docs: number[]; ws: number[] }>();

  constructor(docs: readonly WeightedTexts[], private readonly matcher = conceptMatcher()) {
    docs.forEach((texts, doc) => this.addDocument(doc, texts));
  }

  /** A saved index (what the build ships): concept ids per document, with their weights. */
  static fromSnapshot(snap: ConceptSnapshot, matcher = conceptMatcher()): ConceptIndex {
    const index = new ConceptIndex([], matcher);
    const byId = new Map(matcher.concepts.map((c, i) => [c.id, i]));
    snap.docs.forEach((pairs, doc) => {
      const weights = new Map<number, number>();
      for (const [id, w] of pairs) {
        const c = byId.get(id);
        if (c !== undefined) weights.set(c, w);
      }
      index.setDocument(doc, weights);
    });
    return index;
  }

  snapshot(): ConceptSnapshot {
    return { docs: Array.from(this.docs, (weights) => [...(weights ?? new Map<number, number>())].map(([c, w]) => [this.matcher.concepts[c].id, w] as [string, number])) };
  }

  addDocument(doc: number, texts: WeightedTexts): void {
    const weights = new Map<number, number>();
    for (const [text, weight] of texts) {
      for (const c of this.matcher.match(text).keys()) weights.set(c, Math.max(weights.get(c) ?? 0, weight));
    }
    this.setDocument(doc, weights);
  }

  /** A document's concepts with their weights, by concept id (what the workspace cache keeps). */
  weightsOf(doc: number): Array<[string, number]> {
    return [...(this.docs[doc] ?? new Map<number, number>())].map(([c, w]) => [this.matcher.concepts[c].id, w]);
  }

  /** Adds a document from weightsOf's pairs (concepts the lexicon no longer has are skipped). */
  addWeights(doc: number, pairs: ReadonlyArray<readonly [string, number]>): void {
    this.byId ??= new Map(this.matcher.concepts.map((c, i) => [c.id, i]));
    const weights = new Map<number, number>();
    for (const [id, w] of pairs) {
      const c = this.byId.get(id);
      if (c !== undefined) weights.set(c, w);
    }
    this.setDocument(doc, weights);
  }

  private byId: Map<string, number> | undefined;

  private setDocument(doc: number, weights: Map<number, number>): void {
    this.docs[doc] = weights;
    for (const c of weights.keys()) {
      this.df.set(c, (this.df.get(c) ?? 0) + 1);
      let p = this.postings.get(c);
      if (!p) this.postings.set(c, (p = { docs: [], ws: [] }));
      p.docs.push(doc);
      p.ws.push(weights.get(c)!);
    }
  }

  private idf(c: number): number {
    const n = this.docs.length;
    const df = this.df.get(c) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * Documents sharing a concept with the query, best first: `score` is the weighted share of the
   * query's concept mass the document has (0–1), `mass` the weighted idf sum itself.
   */
  search(query: string, limit: number): ConceptHit[] {
    const q = this.matcher.match(query);
    if (q.size === 0) return [];
    const idf = [...q.keys()].map((c) => [c, this.idf(c)] as const);
    let qNorm = 0;
    for (const [, w] of idf) qNorm += w;
    // Each document's mass summed concept by concept in the query's order (as a per-document
    // loop over the query's concepts would), through the postings, in a typed array.
    if (this.mass.length < this.docs.length) this.mass = new Float64Array(this.docs.length * 2);
    const mass = this.mass;
    const touched: number[] = [];
    for (const [c, cIdf] of idf) {
      const p = this.postings.get(c);
      if (!p) continue;
      for (let i = 0; i < p.docs.length; i++) {
        const doc = p.docs[i];
        const w = p.ws[i];
        if (!w) continue;
        if (mass[doc] === 0) touched.push(doc);
        mass[doc] += w * cIdf;
      }
    }
    const ids: number[] = [];
    const scores: number[] = [];
    const masses: number[] = [];
    for (const doc of touched) {
      const score = mass[doc];
      mass[doc] = 0;
      if (score > 0) {
        ids.push(doc);
        scores.push(score / qNorm);
        masses.push(score);
      }
    }
    // Ties keep the order the entries are written in (a length normalisation, as in BM25, and
    // preferring smaller or larger entries on ties all did worse on the tuning queries).
    return topHits(scores, limit, (a, b) => ids[a] - ids[b]).map((i) => new ConceptHit(ids[i], scores[i], masses[i], this.docs[ids[i]], idf, this.matcher));
  }

  /** Scratch for search: each document's shared concept mass (zero between searches). */
  private mass = new Float64Array(0);

  /** Removes a document (a workspace entry replaced or deleted). */
  remove(doc: number): void {
    const weights = this.docs[doc];
    if (!weights) return;
    for (const c of weights.keys()) {
      this.df.set(c, (this.df.get(c) ?? 1) - 1);
      const p = this.postings.get(c);
      const at = p ? p.docs.indexOf(doc) : -1;
      if (at >= 0) {
        p!.docs.splice(at, 1);
        p!.ws.splice(at, 1);
      }
    }
    delete this.docs[doc];
  }
}

/**
 * A document the concept channel found. Its shared concepts are listed only when asked for: a
 * search returns up to 200 hits and the caller shows the concepts of a few.
 */
export class ConceptHit {
  private shared: string[] | undefined;

  constructor(
    readonly doc: number, readonly score: number, readonly mass: number,
    private readonly weights: ReadonlyMap<number, number>, private readonly query: ReadonlyArray<readonly [number, number]>, private readonly matcher: ConceptMatcher,
  ) {}

  /** The query's concepts the document has, in the query's order (ids). */
  get concepts(): string[] {
    this.shared ??= this.query.filter(([c]) => this.weights.get(c)).map(([c]) => this.matcher.concepts[c].id);
    return this.shared;
  }
}
