import type { Dimension } from '../knowledge/types';
import type { AnswerAnalysis, Explanation, ScoreConfidence, ScoredBy } from '../judge/analysis';
import type { UsageTotals } from '../../llm/usageMeter';
import type { Language } from '../../text/language';
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
  /** Which engine and model scored this question (a model's fallback to the offline judge says why). */
  scoredBy?: ScoredBy;
  startOffset: number;
  endOffset: number;
  /** How the answer was spoken; null for untimed transcripts. */
  delivery?: (DeliveryStats & { index: number }) | null;
  answerStartS?: number;
  answerEndS?: number;
}

/** One dimension or knowledge topic, then and now. */
export interface ComparedScore {
  before: number;
  now: number;
  delta: number;
}

/**
 * Why a report is compared with the one it is: the latest earlier run of the same interview (same
 * text, or mostly the same questions and answers), or a report the user picked. Reports saved
 * before issue 28 have none: they were compared with the user's previous other interview.
 */
export type ComparisonBasis = 'earlier-run' | 'picked';

/**
 * How this session compares with an earlier report: per dimension, and per knowledge topic that
 * both asked about, saying what was compared.
 */
export interface Comparison {
  /** Absent in reports saved before issue 28 (compared with another interview). */
  basis?: ComparisonBasis;
  previousId: string;
  previousCreatedAt: string;
  /** What the previous session diagnosed, so the report can say what it is compared with. */
  previousSource?: string;
  previousQuestions?: number;
  /** Topics of both sessions: the same, some in common, or none (a different interview). */
  relation: 'same-topics' | 'some-topics' | 'no-common-topic';
  /** Only meaningful when the sessions share topics; the report shows it only then. */
  overallDelta: number;
  dimensions: Array<ComparedScore & { dimension: Dimension }>;
  /** Topics asked in both sessions: the mean score of their questions then and now. */
  topics: Array<ComparedScore & { topic: string; questionsBefore: number; questionsNow: number }>;
  /** Topics asked in only one of the two sessions (not compared). */
  onlyBefore: string[];
  onlyNow: string[];
  /** Dimensions that moved by MEANINGFUL_DELTA or more. */
  improved: Array<{ dimension: Dimension; delta: number }>;
  declined: Array<{ dimension: Dimension; delta: number }>;
}

/** A full diagnosis; stored in history and rendered by the CLI and the webview alike. */
export interface Report {
  id: string;
  createdAt: string;
  userId: string;
  source: string;
  /** The language the report is written in (labels, explanations, plan, knowledge-base text); every renderer uses it. */
  language: Language;
  /** The language of the transcript; what the candidate said is quoted as spoken. */
  transcriptLanguage?: Language;
  /** The engine asked to score: offline, anthropic, openai-compatible, vscode-lm (a question may have fallen back: see scoredBy). */
  engine: string;
  /** The model of a model engine. */
  model?: string;
  /** Tokens, cache hits and cost of the run's model calls. */
  usage?: UsageTotals;
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
  /** The comparison with the latest earlier run of this interview, or with the report the user picked; null when neither. */
  comparedToLast: Comparison | null;
  /** The latest earlier run of this same interview, when there is one: progress counts the re-run in its place. */
  rerunOf?: { id: string; createdAt: string } | null;
  /** What was read: the format, whether it had times, who was taken for whom, and whether the user swapped them. */
  transcript?: {
    format: TranscriptFormat; timed: boolean; speakers: SpeakerRole[]; swapped?: boolean;
    /** What the parser skipped (a cue with unreadable times, a broken block), each naming its line. */
    skipped?: string[];
    /** The answers were typed in a mock interview, so there is no delivery to measure and nothing to ask for. */
    typed?: boolean;
  };
  /** Delivery metrics when the transcript has timestamps; null otherwise. */
  delivery?: DeliveryReport | null;
}
