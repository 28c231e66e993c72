import { CONCEPTS, type Concept } from '../../../src/core/diagnosis/knowledge/conceptTerms';
import { LexiconMatcher } from '../../../src/core/text/lexicon';

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
  private readonly postings = new Map<number, Set<number>>();

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

  private setDocument(doc: number, weights: Map<number, number>): void {
    this.docs[doc] = weights;
    for (const c of weights.keys()) {
      this.df.set(c, (this.df.get(c) ?? 0) + 1);
      const docs = this.postings.get(c) ?? new Set<number>();
      docs.add(doc);
      this.postings.set(c, docs);
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
  search(query: string, limit: number): Array<{ doc: number; score: number; mass: number; concepts: string[] }> {
    const q = this.matcher.match(query);
    if (q.size === 0) return [];
    const idf = new Map([...q.keys()].map((c) => [c, this.idf(c)]));
    let qNorm = 0;
    for (const w of idf.values()) qNorm += w;
    const out: Array<{ doc: number; score: number; mass: number; concepts: string[] }> = [];
    const candidates = new Set<number>();
    for (const c of q.keys()) for (const doc of this.postings.get(c) ?? []) candidates.add(doc);
    for (const doc of candidates) {
      const weights = this.docs[doc];
      let score = 0;
      const shared: string[] = [];
      for (const [c, cIdf] of idf) {
        const w = weights.get(c);
        if (!w) continue;
        score += w * cIdf;
        shared.push(this.matcher.concepts[c].id);
      }
      if (score > 0) out.push({ doc, score: score / qNorm, mass: score, concepts: shared });
    }
    // Ties keep the order the entries are written in (a length normalisation, as in BM25, and
    // preferring smaller or larger entries on ties all did worse on the tuning queries).
    return out.sort((a, b) => b.score - a.score || a.doc - b.doc).slice(0, limit);
  }

  /** Removes a document (a workspace entry replaced or deleted). */
  remove(doc: number): void {
    const weights = this.docs[doc];
    if (!weights) return;
    for (const c of weights.keys()) {
      this.df.set(c, (this.df.get(c) ?? 1) - 1);
      this.postings.get(c)?.delete(doc);
    }
    delete this.docs[doc];
  }
}
