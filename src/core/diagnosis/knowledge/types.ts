import type { Language } from '../../text/language';

/** The four scored dimensions of an answer. */
export type Dimension = 'completeness' | 'depth' | 'accuracy' | 'practicality';
export const DIMENSIONS: readonly Dimension[] = ['completeness', 'depth', 'accuracy', 'practicality'];

/** Something a good answer says; covered when any keyword appears in the answer. */
export interface KeyPoint {
  label: string;
  keywords: string[];
  weight: number;
  /** The label in every language the item has it (for a report written in the other language). */
  labels?: Bilingual;
}

/** A wrong claim people often make, with what is actually true. */
export interface Misconception {
  patterns: string[];
  correction: string;
  /** The correction in every language the item has it. */
  corrections?: Bilingual;
  /** How people debunk it (the general list has them): a sentence saying so is not the mistake. */
  refutations?: string[];
}

/** What an interview question is about (the knowledge base's "dimension"; files are grouped by it). */
export type Category =
  | 'agent-basic' | 'tool-calling' | 'memory' | 'planning' | 'multi-agent'
  | 'engineering' | 'model-capability' | 'rag' | 'evaluation' | 'safety';
export const CATEGORIES: readonly Category[] = [
  'agent-basic', 'tool-calling', 'memory', 'planning', 'multi-agent', 'engineering', 'model-capability', 'rag', 'evaluation', 'safety',
];

/** Text in Chinese and/or English. */
export interface Bilingual { zh?: string; en?: string }

/** One language's question and reference answers, as authors write it. */
export interface ItemVersion {
  question: string;
  paraphrases: string[];
  expertAnswer: string;
  noviceAnswer: string;
  gap: string;
  /** How real interviewers ask it, one of each kind (knowledge/schema.json says what each is). */
  phrasings?: Phrasings;
}

/** The six kinds of real wording every shipped entry carries in each language. */
export const PHRASING_KINDS = ['preamble', 'scenario', 'colloquial', 'followUp', 'asr', 'crossLingual'] as const;
export type Phrasings = Record<(typeof PHRASING_KINDS)[number], string>;

/** A knowledge-base entry as written in knowledge/*.yaml (see knowledge/schema.json). */
export interface KnowledgeItem {
  id: string;
  dimension: Category;
  difficulty: 'easy' | 'medium' | 'hard';
  focus?: Dimension;
  tags?: string[];
  zh?: ItemVersion;
  en?: ItemVersion;
  keyPoints: Array<{ label: Bilingual; weight: number; synonyms: string[] }>;
  mistakes?: Array<{ patterns: string[]; correction: Bilingual }>;
  followUps?: string[];
}

/**
 * One language's view of a knowledge item: what retrieval and the offline engine work on. Its
 * id is `<language>-<item id>` (zh-idempotency, en-idempotency).
 */
export interface KnowledgeEntry {
  id: string;
  itemId: string;
  language: Language;
  /** The item's category (same as `category`; kept for report grouping). */
  topic: string;
  category: Category;
  difficulty: 'easy' | 'medium' | 'hard';
  tags: string[];
  /** Ids of follow-up entries, or follow-up question text. */
  followUps: string[];
  /** The scored dimension the question mainly tests. */
  dimension: Dimension;
  question: string;
  /** Every other wording the entry is found by: its paraphrases, then its phrasings (loader.ts aliasesOf). */
  aliases: string[];
  /** The authored paraphrases alone (short restatements of the question; aliases adds the long real phrasings). */
  paraphrases?: string[];
  expertAnswer: string;
  noviceAnswer: string;
  gap: string;
  keyPoints: KeyPoint[];
  misconceptions: Misconception[];
}

/** What the confidence of a hit is computed from (each 0–1, except `lead`, -1–1). */
export interface ConfidenceFeatures {
  /** idf-weighted share of the query's search terms the entry contains (full-text channel). */
  coverage: number;
  /** idf-weighted Dice overlap of the query with the entry's closest phrasing. */
  dice: number;
  /** Character n-gram cosine with the closest phrasing. */
  ngram: number;
  /** Latent-space (LSA) cosine. */
  latent: number;
  /** idf-weighted share of the query's concepts the entry has (concept channel). */
  concept: number;
  /** The idf mass of those shared concepts, over 8 and capped at 1: several rare concepts shared say more than one common one. */
  conceptMass: number;
  /** Share of the four offline channels that rank this entry first. */
  agreement: number;
  /** For the top hit, how far its fused score leads the next; for the others, how far behind the top (negative). */
  lead: number;
}

/** A retrieved entry and how well it matched the query. */
export interface KnowledgeHit {
  entry: KnowledgeEntry;
  /** Fused rank score (reciprocal-rank fusion of the channels): orders hits for one query only. */
  score: number;
  /** 0–1: cosine similarity of the query to the entry's closest phrasing (question or paraphrase), character n-gram TF-IDF. */
  similarity: number;
  /**
   * 0–1, comparable across queries: the estimated probability that the entry is the question
   * asked, from a logistic model over ConfidenceFeatures fitted on the tuning queries
   * (scripts/fit-confidence.ts). The diagnosis uses a reference at REFERENCE_THRESHOLD or more.
   */
  confidence: number;
  /** Concepts of the lexicon the query and the entry share (why the concept channel matched). */
  concepts?: string[];
  /** The inputs of `confidence`, when the search asked for them (`explain`). */
  features?: ConfidenceFeatures;
}
