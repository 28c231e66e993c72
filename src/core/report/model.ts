import type { Dimension } from '../kb/types';
import type { AnswerAnalysis, Explanation, ScoreConfidence } from '../llm/offline';
import type { Language } from '../transcript/language';
import type { DeliveryReport, DeliveryStats } from '../speech/delivery';
import type { SpeakerRole, TranscriptFormat } from '../transcript/model';

/** One question's row in a report. */
export interface QuestionReport {
  index: number;
  question: string;
  answer: string;
  contentScore: number;
  /** null: not assessed (completeness and accuracy need a reference). */
  dimensions: Record<Dimension, number | null>;
  keyMissing: string[];
  /** Each key point of the reference: stated, only named, or missing, with the answer sentence. */
  coverage?: AnswerAnalysis['coverage'];
  inaccuracies: Array<{ claim: string; correction: string; sentence?: string }>;
  strengths: string[];
  /** Concrete next steps for this answer, each quoting the reference where it helps. */
  improvements: string[];
  explanations: Explanation[];
  reference: { id: string; question: string; expertAnswer: string; topic: string } | null;
  /** Whether the answer addresses the question asked. */
  relevance?: AnswerAnalysis['relevance'];
  /** How sure the score is. */
  confidence?: ScoreConfidence;
  flags?: AnswerAnalysis['flags'];
  /** Closest entries when there is no reference. */
  related?: AnswerAnalysis['related'];
  startOffset: number;
  endOffset: number;
  /** How the answer was spoken; null for untimed transcripts. */
  delivery?: (DeliveryStats & { index: number }) | null;
  answerStartS?: number;
  answerEndS?: number;
}

/** How this session compares with the user's previous one. */
export interface Comparison {
  previousId: string;
  previousCreatedAt: string;
  overallDelta: number;
  improved: Array<{ dimension: Dimension; delta: number }>;
  declined: Array<{ dimension: Dimension; delta: number }>;
}

/** A full diagnosis; stored in history and rendered by the CLI and the webview alike. */
export interface Report {
  id: string;
  createdAt: string;
  userId: string;
  source: string;
  language: Language;
  engine: string;
  summary: {
    overallScore: number;
    totalQuestions: number;
    /** Averages over the questions where the dimension was assessed; null when none was. */
    dimensions: Record<Dimension, number | null>;
    strongest: Dimension;
    weakest: Dimension;
    headline: string;
  };
  perQuestion: QuestionReport[];
  improvementPlan: { immediate: string[]; shortTerm: string[]; longTerm: string[] };
  comparedToLast: Comparison | null;
  /** What was read: the format, whether it had times, and who was taken for whom. */
  transcript?: { format: TranscriptFormat; timed: boolean; speakers: SpeakerRole[] };
  /** Delivery metrics when the transcript has timestamps; null otherwise. */
  delivery?: DeliveryReport | null;
}
