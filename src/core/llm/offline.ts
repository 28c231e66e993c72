/**
 * The offline engine: a deterministic, explainable judge. Every score is computed from evidence
 * that can be shown (the answer sentence that states a key point, the sentence that explains a
 * cause or a choice, the concrete claim, the misconception asserted), relevance gates the
 * score, and a confidence travels with it. Lists of terms, length and trigger words earn little.
 */
import { msg, type MessageKey } from '../i18n';
import { DIMENSIONS, type Dimension, type KnowledgeEntry } from '../kb/types';
import type { Language } from '../transcript/language';
import type { JudgeCorpus } from './judge/corpus';
import { coverPoints, MENTION_CREDIT, type PointCoverage } from './judge/coverage';
import { findExplanations, type Informative } from './judge/explanations';
import { findConcreteClaims } from './judge/concreteClaims';
import { findAssertedMistakes } from './judge/misconceptions';
import { judgeRelevance, type Relevance } from './judge/relevance';
import { readAnswer, type ReadSentence } from './judge/reading';
import { unitsOf } from './judge/units';
import { contentLength, telegraphicShare } from './judge/sentences';
import { containsPhrase } from '../text/tokenize';

/** One piece of evidence behind a score: which dimension, how many points, and why. */
export interface Explanation {
  dimension: Dimension | 'relevance';
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
  /** What the judge noticed about the answer's form. */
  flags: Array<'lists-terms' | 'padded' | 'off-topic' | 'no-reference'>;
  /** The closest knowledge-base entries when there is no reference. */
  related: Array<{ id: string; question: string }>;
}

/** How much each dimension weighs in the content score. */
export const DIMENSION_WEIGHTS: Record<Dimension, number> = {
  completeness: 0.35, depth: 0.25, accuracy: 0.25, practicality: 0.15,
};
/** Without a reference: explanation, concrete claims and relevance. */
const NO_REFERENCE_WEIGHTS = { depth: 0.55, practicality: 0.3, relevance: 0.15 };

/** Below this many units an answer cannot show depth or practice, whatever it says. */
const SHORT_ANSWER = 25;
/** Most an off-topic answer can score. */
const OFF_TOPIC_CAP = 30;
/** Share of an answer in bare terms (no clause glue) from which it is a list of terms (tuning set: strong answers 0–0.25; lists 0.14–0.89, 34 of 40 at 0.3 or more). */
const LIST_SHARE = 0.3;
/** Most a list of terms can score, whatever terms it holds. */
const LIST_CAP = 35;
/** Specific units from which an answer says enough for its relevance to count in full. */
const SUBSTANTIAL_SPECIFICS = 8;
/** From this length (content units) an answer can be padded. */
const PADDED_LENGTH = 150;
/** Below this many specific units per square root of length, a long answer is padded. */
const PADDED_DENSITY = 4.6;
/** What a padded answer keeps of its depth, and the most it can score. */
const PADDED_DEPTH = 0.6;
const PADDED_CAP = 55;

/** What the offline judge needs to score one answer. */
export interface JudgeInput {
  question: string;
  answer: string;
  reference: KnowledgeEntry | null;
  language: Language;
  corpus: JudgeCorpus;
  /** Retrieval confidence of the reference (0–1). */
  referenceConfidence?: number;
  /** Entries the question put forward (below the threshold, or after the reference). */
  related?: Array<{ id: string; question: string }>;
}

function clamp(n: number): number {
  return Math.max(0, Math.min(100, Math.round(n)));
}

/** A sentence quoted in an explanation: trimmed to a readable length. */
function quote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 140 ? `${t.slice(0, 137)}…` : t;
}

/** The expert-answer sentence that talks about a key point, to quote in the improvement plan. */
export function referenceSentence(entry: KnowledgeEntry, keywords: readonly string[]): string {
  const sentences = entry.expertAnswer.split(/(?<=[。！？；.!?;])\s*/).filter((s) => s.trim() !== '');
  return sentences.find((s) => keywords.some((k) => containsPhrase(s, k))) ?? sentences[0] ?? entry.expertAnswer;
}

/**
 * Whether a unit says something specific: a meaning or a word rare enough among the key points
 * ("team", "important", "system" are everywhere; "idempotency key" and "backoff" are not).
 */
function informativeIn(corpus: JudgeCorpus): Informative {
  return (key) => {
    const k = key.replace(/^!/, '');
    return corpus.known(k) && corpus.idf(k) >= (k.startsWith('t:') ? INFORMATIVE_WORD_IDF : INFORMATIVE_MEANING_IDF);
  };
}
const INFORMATIVE_MEANING_IDF = 3;
const INFORMATIVE_WORD_IDF = 3;

/** Whether a sentence is about the subject: the reference's profile, or the question's own specific units. */
function topicTest(corpus: JudgeCorpus, reference: KnowledgeEntry | null, questionUnits: ReadonlySet<string>, related: readonly string[], informative: Informative): (s: ReadSentence) => boolean {
  const profiles = reference ? [corpus.profileOf(reference.itemId)] : related.map((id) => corpus.profileOf(id));
  const own = new Set([...questionUnits].filter(informative));
  return (s) => {
    for (const raw of s.keys) {
      const k = raw.replace(/^!/, '');
      if (own.has(k)) return true;
      if (informative(k) && profiles.some((p) => (p.get(k) ?? 0) >= 1.2)) return true;
    }
    return false;
  };
}

/** Rates one answer against the best-matching reference entry (or none). */
export function analyzeAnswer(input: JudgeInput): AnswerAnalysis {
  const { question, reference, corpus } = input;
  const lang = input.language;
  const ex: Explanation[] = [];
  const say = (dimension: Explanation['dimension'], delta: number, key: MessageKey, ...args: Array<string | number>) =>
    ex.push({ dimension, delta, reason: msg(lang, key, ...args) });
  const text = input.answer.trim();
  const length = contentLength(text);
  const related = reference ? [] : (input.related ?? []);
  const relatedItems = related.map((r) => corpus.entry(r.id.replace(/^(zh|en)-/, ''), lang)?.itemId).filter((x): x is string => !!x);
  const flags: AnswerAnalysis['flags'] = reference ? [] : ['no-reference'];

  if (length === 0) {
    say('completeness', 0, 'why.empty');
    return {
      dimensions: { completeness: reference ? 0 : null, depth: 0, accuracy: reference ? 0 : null, practicality: 0 },
      contentScore: 0,
      keyMissing: reference ? reference.keyPoints.map((k) => k.label) : [],
      coverage: reference ? reference.keyPoints.map((k) => ({ label: k.label, weight: k.weight, status: 'missing' as const, match: 0 })) : [],
      inaccuracies: [], strengths: [],
      improvements: reference ? [msg(lang, 'plan.addPoint', reference.keyPoints[0].label, question, reference.expertAnswer)] : [],
      explanations: ex, referenceId: reference?.id ?? null,
      relevance: { score: 0, offTopic: false, questionShare: 0 },
      confidence: { value: reference ? 0.9 : 0.5, level: reference ? 'high' : 'medium', reasons: reference ? [] : [msg(lang, 'confidence.noReference')] },
      flags, related,
    };
  }

  const sentences = readAnswer(text);
  const informative = informativeIn(corpus);
  const questionUnits = new Set(unitsOf(question).map((u) => u.key.replace(/^!/, '')));
  const onTopic = topicTest(corpus, reference, questionUnits, relatedItems, informative);
  const strengths: string[] = [];
  const improvements: string[] = [];

  // Completeness: the reference's key points, each stated, only named, or missing.
  const coverage = reference ? coverPoints(sentences, corpus.signaturesOf(reference)) : [];
  const totalWeight = coverage.reduce((s, c) => s + c.weight, 0) || 1;
  const statedShare = coverage.filter((c) => c.status === 'stated').reduce((s, c) => s + c.weight, 0) / totalWeight;
  let completeness: number | null = null;
  const keyMissing: string[] = [];
  const contradicted: PointCoverage[] = [];
  if (reference) {
    let credit = 0;
    for (const c of [...coverage].sort((a, b) => b.weight - a.weight)) {
      const share = Math.round((100 * c.weight) / totalWeight);
      const kp = reference.keyPoints.find((k) => k.label === c.label)!;
      if (c.status === 'stated') {
        credit += c.weight;
        say('completeness', share, 'why.stated', c.label, quote(c.evidence!));
        strengths.push(c.label);
      } else if (c.status === 'contradicted') {
        say('completeness', -share, 'why.missing', c.label);
        keyMissing.push(c.label);
        contradicted.push(c);
      } else if (c.status === 'mentioned') {
        credit += c.weight * MENTION_CREDIT;
        say('completeness', Math.round(share * MENTION_CREDIT), 'why.mentioned', c.label, quote(c.evidence!));
        keyMissing.push(c.label);
        improvements.push(msg(lang, 'plan.explainPoint', c.label, question));
      } else {
        say('completeness', -share, 'why.missing', c.label);
        keyMissing.push(c.label);
        improvements.push(msg(lang, 'plan.addPoint', c.label, question, referenceSentence(reference, kp.keywords)));
      }
    }
    completeness = clamp((100 * credit) / totalWeight);
  } else {
    say('completeness', 0, 'why.notAssessed');
  }

  // Form: how much of the answer is statements, and how much of that is about the question.
  const telegraphic = telegraphicShare(text);
  const listsTerms = telegraphic >= LIST_SHARE;
  if (listsTerms) {
    flags.push('lists-terms');
    say('depth', 0, 'why.listsTerms');
    improvements.push(msg(lang, 'plan.connect', question));
  }
  // Substance for its length: distinct specific units over the square root of the length. Long,
  // padded answers circle the subject with few specifics (tuning set, answers of 150+ units:
  // strong 4.9–7.9, rambling 3.2–6.0 with most under 4.6).
  const specifics = new Set(sentences.flatMap((s) => [...s.keys].map((k) => k.replace(/^!/, '')).filter(informative))).size;
  const density = specifics / Math.sqrt(length);
  const padded = length >= PADDED_LENGTH && density < PADDED_DENSITY;
  if (padded) {
    flags.push('padded');
    say('depth', 0, 'why.padded', specifics, length);
  }

  // Depth: explanations that connect ideas about the subject.
  const explained = findExplanations(sentences, onTopic, informative);
  const kinds = new Set(explained.map((e) => e.kind));
  let depth = 10 + 16 * Math.min(explained.length, 4) + 6 * Math.min(kinds.size, 3) + 12 * statedShare;
  if (padded) depth *= PADDED_DEPTH;
  for (const e of explained.slice(0, 4)) say('depth', 16, 'why.explains', msg(lang, `relation.${e.kind}` as MessageKey), quote(e.sentence));
  if (explained.length === 0) say('depth', 0, 'why.noExplanation');

  // Practicality: concrete claims about the subject.
  const concrete = findConcreteClaims(sentences, onTopic);
  const count = (k: string) => concrete.filter((c) => c.kind === k).length;
  const measures = count('measurement') + count('change');
  let practicality = 10 + 20 * Math.min(measures, 2) + 10 * Math.min(count('change'), 1) + 18 * Math.min(count('decision'), 2)
    + 12 * Math.min(count('incident'), 1) + 4 * Math.min(count('number'), 1);
  const shown = new Set<string>();
  for (const c of concrete) {
    if (c.kind === 'number') {
      if (!concrete.some((o) => o.sentence === c.sentence && o.kind !== 'number')) say('practicality', 4, 'why.bareNumber', quote(c.sentence));
      continue;
    }
    if (shown.has(c.kind) || shown.size >= 4) continue;
    shown.add(c.kind);
    say('practicality', c.kind === 'decision' ? 18 : c.kind === 'incident' ? 12 : 20, 'why.concrete', msg(lang, `concrete.${c.kind}` as MessageKey), quote(c.sentence));
    if (c.kind === 'measurement' || c.kind === 'change') strengths.push(msg(lang, `concrete.${c.kind}` as MessageKey));
  }
  if (measures + count('decision') + count('incident') === 0) say('practicality', 0, 'why.noConcrete');

  if (length < SHORT_ANSWER) {
    say('depth', 0, 'why.short', length, 40);
    depth = Math.min(depth, 40);
    practicality = Math.min(practicality, 40);
  }

  // Accuracy: misconceptions asserted (not mentioned or refuted); unconfirmed when nothing is stated.
  let accuracy: number | null = null;
  const inaccuracies: AnswerAnalysis['inaccuracies'] = [];
  if (reference) {
    accuracy = 100;
    for (const m of findAssertedMistakes(sentences, reference.misconceptions)) {
      accuracy -= 40;
      inaccuracies.push({ claim: m.claim, correction: m.correction, sentence: m.sentence });
      say('accuracy', -40, 'why.misconception', quote(m.sentence), m.correction);
    }
    for (const c of contradicted) {
      accuracy -= 30;
      const kp = reference.keyPoints.find((k) => k.label === c.label)!;
      const correction = referenceSentence(reference, kp.keywords);
      inaccuracies.push({ claim: c.evidence!, correction, sentence: c.evidence! });
      say('accuracy', -30, 'why.contradicts', c.label, quote(c.evidence!));
      improvements.unshift(msg(lang, 'plan.fixPoint', c.label, question, correction));
    }
    if (statedShare === 0 && accuracy > 50) {
      accuracy = 50;
      say('accuracy', -50, 'why.unverified');
    }
  } else {
    say('accuracy', 0, 'why.notAssessed');
  }

  // Relevance gates everything.
  const relevance = judgeRelevance({ corpus, questionUnits, sentences, reference, candidates: relatedItems, statedShare });
  const other = relevance.otherItemId ? corpus.entry(relevance.otherItemId, lang) : undefined;
  if (relevance.offTopic) {
    flags.push('off-topic');
    if (other) say('relevance', 0, 'why.offTopic', other.question);
    else say('relevance', 0, 'why.offTopicNoName');
    improvements.unshift(msg(lang, 'plan.answerAsked', question, other?.question ?? ''));
  }

  const dimensions: Record<Dimension, number | null> = {
    completeness, depth: clamp(depth), accuracy: accuracy === null ? null : clamp(accuracy), practicality: clamp(practicality),
  };
  let content = reference
    ? DIMENSIONS.reduce((s, d) => s + (dimensions[d] ?? 0) * DIMENSION_WEIGHTS[d], 0)
    // Without a reference, relevance earns in proportion to what the answer says: a one-line
    // answer on the right subject is relevant and still says almost nothing.
    : dimensions.depth! * NO_REFERENCE_WEIGHTS.depth + dimensions.practicality! * NO_REFERENCE_WEIGHTS.practicality
      + 100 * relevance.score * Math.min(1, specifics / SUBSTANTIAL_SPECIFICS) * NO_REFERENCE_WEIGHTS.relevance;
  if (relevance.offTopic) content = Math.min(content / 2, OFF_TOPIC_CAP);
  if (listsTerms) content = Math.min(content, LIST_CAP);
  if (padded) content = Math.min(content, PADDED_CAP);

  // Confidence: how sure the reference is, and how much the answer gives to judge.
  const statements = sentences.filter((s) => s.shape.statement).length;
  const evidence = Math.min(1, statements / 4);
  const reasons: string[] = [];
  let value: number;
  if (reference) {
    const rc = input.referenceConfidence ?? 1;
    value = 0.6 * rc + 0.4 * evidence;
    if (rc < 0.8) reasons.push(msg(lang, 'confidence.weakReference', Math.round(rc * 100)));
  } else {
    value = 0.25 + 0.3 * evidence;
    reasons.push(msg(lang, 'confidence.noReference'));
  }
  if (statements < 2) reasons.push(msg(lang, 'confidence.littleEvidence', statements));
  const level = value >= 0.75 ? 'high' : value >= 0.5 ? 'medium' : 'low';

  return {
    dimensions, contentScore: clamp(content), keyMissing, coverage, inaccuracies, strengths, improvements,
    explanations: ex, referenceId: reference?.id ?? null,
    relevance: { ...relevance, ...(other && relevance.offTopic ? { otherQuestion: other.question } : {}) },
    confidence: { value: Math.round(value * 100) / 100, level, reasons },
    flags, related,
  };
}
