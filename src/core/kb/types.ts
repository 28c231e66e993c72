import type { Language } from '../transcript/language';

/** The four scored dimensions of an answer. */
export type Dimension = 'completeness' | 'depth' | 'accuracy' | 'practicality';
export const DIMENSIONS: readonly Dimension[] = ['completeness', 'depth', 'accuracy', 'practicality'];

/** Something a good answer says; covered when any keyword appears in the answer. */
export interface KeyPoint {
  label: string;
  keywords: string[];
  weight: number;
}

/** A wrong claim people often make, with what is actually true. */
export interface Misconception {
  patterns: string[];
  correction: string;
}

/** One interview question with expert and novice reference answers. */
export interface KnowledgeEntry {
  id: string;
  language: Language;
  topic: string;
  dimension: Dimension;
  question: string;
  aliases: string[];
  expertAnswer: string;
  noviceAnswer: string;
  gap: string;
  keyPoints: KeyPoint[];
  misconceptions: Misconception[];
}

/** A retrieved entry and how well it matched the query. */
export interface KnowledgeHit {
  entry: KnowledgeEntry;
  /** BM25 score: ranks hits for one query, not comparable across queries. */
  score: number;
  /**
   * 0–1, comparable across queries: the larger of (a) the idf-weighted share of the query's
   * terms found in the entry and (b) the share of the entry's best-matching alias (or question)
   * found in the query. A hit on one common word ("design", "Redis") scores low.
   */
  confidence: number;
}
