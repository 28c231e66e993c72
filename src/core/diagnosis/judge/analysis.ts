/**
 * The engine-neutral analysis of one answer. The offline judge and the model judge both fill it,
 * so the report, the CodeLens and the history never care which engine scored.
 */
import type { Dimension } from '../knowledge/types';

/**
 * One piece of evidence behind a score: which dimension, how many points, and why. The lines of
 * a dimension add up to its score, and the `score` lines (how the dimensions are weighed, and the
 * caps) to the question's score; `relevance` says what an off-topic answer answers instead.
 */
export interface Explanation {
  dimension: Dimension | 'relevance' | 'score';
  delta: number;
  reason: string;
}

/** How sure the judge is of a score, and why it is not surer. */
export interface ScoreConfidence {
  /** 0–1. */
  value: number;
  level: 'high' | 'medium' | 'low';
  reasons: string[];
}

/** How one key point fared in the answer. */
export interface PointCoverage {
  label: string;
  weight: number;
  /** `contradicted`: a sentence states the point's units negated ("没有必要设步数上限"). */
  status: 'stated' | 'mentioned' | 'missing' | 'contradicted';
  /** The answer sentence that states or names it. */
  evidence?: string;
  /** 0–1+: how much of the point's signature the best sentence carries (1 or 0 from a model). */
  match: number;
}

/** How well the answer fits the question. */
export interface Relevance {
  /** 0–1. */
  score: number;
  /** The answer addresses another question. */
  offTopic: boolean;
  /** The item the answer fits best, when it is not the reference. */
  otherItemId?: string;
  /** Share of the question's own content the answer touches (0–1). */
  questionShare: number;
  /** What the question asks for (a comparison, a mechanism, an example, a decision) when the answer does not give it. */
  missedAsk?: 'comparison' | 'mechanism' | 'example' | 'decision';
}

/** What the judge noticed about the answer's form. */
export type AnalysisFlag = 'lists-terms' | 'padded' | 'off-topic' | 'no-reference' | 'truncated';

/** Which engine scored a question, with what model, and why it fell back to the offline judge when it did. */
export interface ScoredBy {
  engine: string;
  model?: string;
  /** Set when a model engine was asked and the offline judge scored instead (the reason, in the report's language). */
  fallback?: string;
  /** Quotes the model gave that are not in the answer; they were dropped. */
  droppedQuotes?: number;
  /** Repairs the model needed before its output was valid. */
  repairs?: number;
  /** Tokens and cost of this question's model calls. */
  usage?: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number; costUsd: number | null };
}

/** The four dimension scores of one answer with the evidence behind them. */
export interface AnswerAnalysis {
  /** 0–100 each; null when the dimension cannot be assessed (no reference for completeness and accuracy). */
  dimensions: Record<Dimension, number | null>;
  contentScore: number;
  keyMissing: string[];
  /** Every key point of the reference: stated, only named, or missing, with the answer sentence. */
  coverage: PointCoverage[];
  inaccuracies: Array<{ claim: string; correction: string; sentence?: string }>;
  strengths: string[];
  improvements: string[];
  explanations: Explanation[];
  referenceId: string | null;
  relevance: Relevance & { otherQuestion?: string };
  confidence: ScoreConfidence;
  flags: AnalysisFlag[];
  /** The closest knowledge-base entries when there is no reference. */
  related: Array<{ id: string; question: string }>;
  /** Which engine scored (absent in reports from before engines existed: the offline judge). */
  scoredBy?: ScoredBy;
}

/** How much each dimension weighs in the content score, whichever engine scored. */
export const DIMENSION_WEIGHTS: Record<Dimension, number> = {
  completeness: 0.35, depth: 0.25, accuracy: 0.25, practicality: 0.15,
};
/** Without a reference: explanation, concrete claims and relevance. */
export const NO_REFERENCE_WEIGHTS = { depth: 0.55, practicality: 0.3, relevance: 0.15 };
/** Most an off-topic answer can score. */
export const OFF_TOPIC_CAP = 30;
/** Share of an answer in bare terms (no clause glue) from which it is a list of terms (tuning set: strong answers 0–0.25; lists 0.14–0.89, 34 of 40 at 0.3 or more). */
export const LIST_SHARE = 0.3;
/** Most a list of terms can score, whatever terms it holds and whichever engine scored it. */
export const LIST_CAP = 35;
