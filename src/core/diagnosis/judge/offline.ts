/**
 * The offline engine: a deterministic, explainable judge. Every score is computed from evidence
 * that can be shown (the answer sentence that states a key point, the sentence that explains a
 * cause or a choice, the concrete claim, the misconception asserted), relevance gates the
 * score, and a confidence travels with it. Lists of terms, length and trigger words earn little.
 */
import { proseSentences } from '../../text/sentences';
import { count, msg, type MessageKey } from '../../text/i18n';
import { apportion, clamp, Ledger } from './ledger';
import { DIMENSIONS, type Dimension, type KnowledgeEntry, type Misconception } from '../knowledge/types';
import type { Language } from '../../text/language';
import type { JudgeCorpus } from './corpus';
import { coverPoints, MENTION_CREDIT } from './coverage';
import { DIMENSION_WEIGHTS, LIST_CAP, LIST_SHARE, NO_REFERENCE_WEIGHTS, OFF_TOPIC_CAP, type AnswerAnalysis, type PointCoverage } from './analysis';
import { findExplanations, type Informative } from './explanations';
import { findConcreteClaims } from './concreteClaims';
import { findAssertedMistakes } from './misconceptions';
import { judgeRelevance } from './relevance';
import { askedFor, repliesInKind } from './questionAsks';
import { readAnswer, type ReadSentence } from './reading';
import { unitsOf } from './units';
import { contentLength, telegraphicShare } from './sentences';
import { containsPhrase } from '../../text/tokenize';


/** Below this many units an answer cannot show depth or practice, whatever it says. */
const SHORT_ANSWER = 25;


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
  /** The transcript's language: what the answer is matched in. */
  language: Language;
  /** The language the explanations are written in (default: the transcript's); knowledge-base text follows it where the entry has it. */
  reportLanguage?: Language;
  corpus: JudgeCorpus;
  /** Retrieval confidence of the reference (0–1). */
  referenceConfidence?: number;
  /** Entries the question put forward (below the threshold, or after the reference). */
  related?: Array<{ id: string; question: string }>;
  /** Other entries close to the question (chosen or not): their known mistakes are checked too. */
  nearby?: KnowledgeEntry[];
  /** Two entries competed too closely for either to be the reference. */
  noCloseReference?: boolean;
  /** The general list of LLM/agent misconceptions in the transcript's language, checked whatever the question. */
  generalMisconceptions?: Misconception[];
}

/** A sentence quoted in an explanation: trimmed to a readable length. */
function quote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 140 ? `${t.slice(0, 137)}…` : t;
}

/** The expert-answer sentence that talks about a key point, to quote in the improvement plan. */
export function referenceSentence(entry: KnowledgeEntry, keywords: readonly string[]): string {
  // Whole sentences, not clauses: a plan step quoting half a sentence cut at `;` misleads (issue 28).
  const sentences = proseSentences(entry.expertAnswer);
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

/** The language an answer is written in (a cross-lingual answer is matched against the point's wording in its own language). */
function answerLanguage(text: string, fallback: Language): Language {
  const han = text.replace(/[^\u3400-\u9fff]/g, '').length;
  const latin = (text.match(/[A-Za-z]+/g) ?? []).length;
  if (han === 0 && latin === 0) return fallback;
  // A Chinese answer holds English terms (RAG, embedding) and an English one none of the Han script.
  return han >= latin ? 'zh' : 'en';
}

/** Most an answer can score that asserts one known misconception, two, three or more: a confident wrong claim is not a strong answer. */
const MISCONCEPTION_CAP = [55, 40, 30];

/**
 * The misconceptions an answer asserts: the reference's, those of the other entries close to the
 * question (a neighbouring entry often lists the very myth), and the general list's; each once,
 * with its correction in the report's language.
 */
function assertedMistakes(sentences: readonly ReadSentence[], reference: KnowledgeEntry | null, nearby: readonly KnowledgeEntry[], general: readonly Misconception[], lang: Language): Array<{ claim: string; correction: string; sentence: string }> {
  // The reference's mistakes are read by meaning; the others must be said in their own words (their
  // plain words too), since nothing says the answer is on their subject.
  const lists: Array<[readonly Misconception[], boolean]> = [
    ...(reference ? [[reference.misconceptions, false] as [Misconception[], boolean]] : []),
    ...nearby.filter((e) => e.itemId !== reference?.itemId).map((e) => [e.misconceptions, true] as [Misconception[], boolean]),
    [general, true],
  ];
  const out: Array<{ claim: string; correction: string; sentence: string }> = [];
  const seen = new Set<string>();
  for (const [list, strict] of lists) {
    for (const m of findAssertedMistakes(sentences, list, { strict })) {
      const source = list.find((x) => x.correction === m.correction);
      const correction = source?.corrections?.[lang] ?? m.correction;
      if (seen.has(correction) || out.some((o) => o.sentence === m.sentence)) continue;
      seen.add(correction);
      out.push({ claim: m.claim, correction, sentence: m.sentence });
    }
  }
  return out;
}

/** Rates one answer against the best-matching reference entry (or none). */
export function analyzeAnswer(input: JudgeInput): AnswerAnalysis {
  const { question, reference, corpus } = input;
  // Matching happens in the transcript's language; what is said about it, in the report's.
  const lang = input.reportLanguage ?? input.language;
  const book = new Ledger(lang);
  const text = input.answer.trim();
  const length = contentLength(text);
  const related = reference ? [] : (input.related ?? []);
  const relatedItems = related.map((r) => corpus.entry(r.id.replace(/^(zh|en)-/, ''), input.language)?.itemId).filter((x): x is string => !!x);
  const flags: AnswerAnalysis['flags'] = reference ? [] : ['no-reference'];
  // The reference as the report shows it: the same item in the report's language when it has one.
  const shown = reference ? corpus.entry(reference.itemId, lang) ?? reference : null;
  const labelOf = (label: string) => reference?.keyPoints.find((k) => k.label === label)?.labels?.[lang] ?? label;
  const relatedShown = related.map((r) => {
    const item = corpus.entry(r.id.replace(/^(zh|en)-/, ''), lang);
    return item && item.language === lang ? { id: item.id, question: item.question } : r;
  });
  const words = (n: number) => count(lang, n, /[\u3400-\u9fff]/.test(text) && text.replace(/[^\u3400-\u9fff]/g, '').length >= n / 2 ? 'character' : 'word');

  if (length === 0) {
    for (const d of DIMENSIONS) {
      if (!reference && (d === 'completeness' || d === 'accuracy')) book.note(d, 'why.notAssessed');
      else book.note(d, 'why.empty');
    }
    book.note('score', 'why.empty');
    return {
      dimensions: { completeness: reference ? 0 : null, depth: 0, accuracy: reference ? 0 : null, practicality: 0 },
      contentScore: 0,
      keyMissing: reference ? reference.keyPoints.map((k) => labelOf(k.label)) : [],
      coverage: reference ? reference.keyPoints.map((k) => ({ label: labelOf(k.label), weight: k.weight, status: 'missing' as const, match: 0 })) : [],
      inaccuracies: [], strengths: [],
      improvements: reference ? [msg(lang, 'plan.addPoint', labelOf(reference.keyPoints[0].label), question, shown!.expertAnswer)] : [],
      explanations: book.lines, referenceId: reference?.id ?? null,
      relevance: { score: 0, offTopic: false, questionShare: 0 },
      confidence: { value: reference ? 0.9 : 0.5, level: reference ? 'high' : 'medium', reasons: reference ? [] : [msg(lang, input.noCloseReference ? 'confidence.noCloseReference' : 'confidence.noReference')] },
      flags, related: relatedShown,
    };
  }

  const sentences = readAnswer(text);
  const informative = informativeIn(corpus);
  const questionUnits = new Set(unitsOf(question).map((u) => u.key.replace(/^!/, '')));
  const onTopic = topicTest(corpus, reference, questionUnits, relatedItems, informative);
  const strengths: string[] = [];
  const improvements: string[] = [];

  // Completeness: the reference's key points, each stated, only named, or missing.
  const coverage = reference ? coverPoints(sentences, corpus.signaturesOf(reference, answerLanguage(text, input.language))) : [];
  const totalWeight = coverage.reduce((s, c) => s + c.weight, 0) || 1;
  const statedShare = coverage.filter((c) => c.status === 'stated').reduce((s, c) => s + c.weight, 0) / totalWeight;
  let completeness: number | null = null;
  const keyMissing: string[] = [];
  const contradicted: PointCoverage[] = [];
  if (reference) {
    const ordered = [...coverage].sort((a, b) => b.weight - a.weight);
    const creditOf = (c: PointCoverage) => (c.status === 'stated' ? c.weight : c.status === 'mentioned' ? c.weight * MENTION_CREDIT : 0);
    const credit = ordered.reduce((s, c) => s + creditOf(c), 0);
    completeness = clamp((100 * credit) / totalWeight);
    // Each point's share of the score, in whole points that add up to it.
    const earned = apportion(ordered.map((c) => (100 * creditOf(c)) / totalWeight), completeness);
    ordered.forEach((c, i) => {
      const worth = count(lang, Math.round((100 * c.weight) / totalWeight), 'point');
      const kp = reference.keyPoints.find((k) => k.label === c.label)!;
      const label = labelOf(c.label);
      if (c.status === 'stated') {
        book.add('completeness', earned[i], 'why.stated', label, quote(c.evidence!));
        strengths.push(label);
      } else if (c.status === 'contradicted') {
        book.add('completeness', earned[i], 'why.contradictsPoint', label, worth);
        keyMissing.push(label);
        contradicted.push(c);
      } else if (c.status === 'mentioned') {
        book.add('completeness', earned[i], 'why.mentioned', label, quote(c.evidence!), worth);
        keyMissing.push(label);
        improvements.push(msg(lang, 'plan.explainPoint', label, question));
      } else {
        book.add('completeness', earned[i], 'why.missing', label, worth);
        keyMissing.push(label);
        improvements.push(msg(lang, 'plan.addPoint', label, question, referenceSentence(shown!, kp.keywords)));
      }
    });
  } else {
    book.note('completeness', 'why.notAssessed');
  }

  // Form: how much of the answer is statements, and how much of that is about the question.
  const telegraphic = telegraphicShare(text);
  const listsTerms = telegraphic >= LIST_SHARE;
  if (listsTerms) {
    flags.push('lists-terms');
    improvements.push(msg(lang, 'plan.connect', question));
  }
  // Substance for its length: distinct specific units over the square root of the length. Long,
  // padded answers circle the subject with few specifics (tuning set, answers of 150+ units:
  // strong 4.9–7.9, rambling 3.2–6.0 with most under 4.6).
  const specifics = new Set(sentences.flatMap((s) => [...s.keys].map((k) => k.replace(/^!/, '')).filter(informative))).size;
  const density = specifics / Math.sqrt(length);
  const padded = length >= PADDED_LENGTH && density < PADDED_DENSITY;
  if (padded) flags.push('padded');

  // Depth: explanations that connect ideas about the subject.
  const explained = findExplanations(sentences, onTopic, informative);
  const kinds = [...new Set(explained.map((e) => e.kind))];
  book.add('depth', 10, 'why.base');
  for (const e of explained.slice(0, 4)) book.add('depth', 16, 'why.explains', msg(lang, `relation.${e.kind}` as MessageKey), quote(e.sentence));
  if (explained.length === 0) book.note('depth', 'why.noExplanation');
  if (kinds.length > 0) {
    book.add('depth', 6 * Math.min(kinds.length, 3), 'why.kinds', count(lang, Math.min(kinds.length, 3), 'kind'),
      kinds.slice(0, 3).map((k) => msg(lang, `relation.${k}` as MessageKey)).join(lang === 'zh' ? '、' : ', '));
  }
  if (statedShare > 0) book.add('depth', 12 * statedShare, 'why.statedShare', Math.round(statedShare * 100));
  if (padded) book.to('depth', book.get('depth') * PADDED_DEPTH, 'why.padded', count(lang, specifics, 'specific'), words(length));

  // Practicality: concrete claims about the subject.
  const concrete = findConcreteClaims(sentences, onTopic);
  const counted = { measure: 0, change: 0, decision: 0, incident: 0, number: 0 };
  book.add('practicality', 10, 'why.base');
  for (const c of concrete) {
    if (c.kind === 'number') {
      if (counted.number++ > 0) continue;
      const alone = !concrete.some((o) => o.sentence === c.sentence && o.kind !== 'number');
      book.add('practicality', 4, alone ? 'why.bareNumber' : 'why.number', quote(c.sentence));
      continue;
    }
    if (c.kind === 'measurement' || c.kind === 'change') {
      const name = msg(lang, `concrete.${c.kind}` as MessageKey);
      if (!strengths.includes(name)) strengths.push(name);
      if (counted.measure < 2) book.add('practicality', 20, 'why.concrete', name, quote(c.sentence));
      counted.measure++;
      if (c.kind === 'change' && counted.change++ === 0) book.add('practicality', 10, 'why.change', quote(c.sentence));
      continue;
    }
    const cap = c.kind === 'decision' ? 2 : 1;
    if (counted[c.kind]++ < cap) book.add('practicality', c.kind === 'decision' ? 18 : 12, 'why.concrete', msg(lang, `concrete.${c.kind}` as MessageKey), quote(c.sentence));
  }
  if (counted.measure + counted.decision + counted.incident === 0) book.note('practicality', 'why.noConcrete');

  if (length < SHORT_ANSWER) {
    book.to('depth', Math.min(book.get('depth'), 40), 'why.short', words(length), 40);
    book.to('practicality', Math.min(book.get('practicality'), 40), 'why.short', words(length), 40);
  }
  const depth = book.close('depth');
  const practicality = book.close('practicality');

  // Accuracy: misconceptions asserted (not mentioned or refuted), those of the reference, of the
  // other entries close to the question and of the general list; unconfirmed when nothing is stated.
  let accuracy: number | null = null;
  const inaccuracies: AnswerAnalysis['inaccuracies'] = [];
  const mistakes = assertedMistakes(sentences, reference, input.nearby ?? [], input.generalMisconceptions ?? [], lang);
  if (reference || mistakes.length > 0) {
    book.add('accuracy', 100, 'why.accuracyBase');
    for (const m of mistakes) {
      inaccuracies.push({ claim: m.claim, correction: m.correction, sentence: m.sentence });
      book.add('accuracy', -40, 'why.misconception', quote(m.sentence), m.correction);
    }
  }
  if (reference) {
    for (const c of contradicted) {
      const kp = reference.keyPoints.find((k) => k.label === c.label)!;
      const correction = referenceSentence(shown!, kp.keywords);
      inaccuracies.push({ claim: c.evidence!, correction, sentence: c.evidence! });
      book.add('accuracy', -30, 'why.contradicts', labelOf(c.label), quote(c.evidence!));
      improvements.unshift(msg(lang, 'plan.fixPoint', labelOf(c.label), question, correction));
    }
    if (statedShare === 0 && book.get('accuracy') > 50) book.to('accuracy', 50, 'why.unverified');
  }
  if (reference || mistakes.length > 0) accuracy = book.close('accuracy');
  else book.note('accuracy', 'why.notAssessed');

  // Relevance gates everything.
  const asks = askedFor(question);
  const ask = asks ? { kind: asks, replied: repliesInKind(asks, explained, concrete.some((c) => c.kind === 'incident' || c.kind === 'measurement'), text) } : undefined;
  const relevance = judgeRelevance({ corpus, questionUnits, sentences, reference, candidates: relatedItems, statedShare, language: input.language, ...(ask ? { ask } : {}) });
  const other = relevance.otherItemId ? corpus.entry(relevance.otherItemId, lang) : undefined;
  if (relevance.offTopic) {
    flags.push('off-topic');
    if (other) book.note('relevance', 'why.offTopic', other.question);
    else book.note('relevance', 'why.offTopicNoName');
    improvements.unshift(msg(lang, 'plan.answerAsked', question, other?.question ?? ''));
  } else if (relevance.missedAsk) {
    book.note('relevance', 'why.missedAsk', msg(lang, `ask.${relevance.missedAsk}` as MessageKey));
    improvements.unshift(msg(lang, 'plan.replyInKind', question, msg(lang, `ask.${relevance.missedAsk}` as MessageKey)));
  }

  const dimensions: Record<Dimension, number | null> = { completeness, depth, accuracy, practicality };
  // The question's score: the dimensions weighed, then the caps, each a line.
  if (reference) {
    for (const d of DIMENSIONS) {
      book.add('score', (dimensions[d] ?? 0) * DIMENSION_WEIGHTS[d], 'why.weighted', msg(lang, `dim.${d}` as MessageKey), dimensions[d] ?? 0, Math.round(DIMENSION_WEIGHTS[d] * 100));
    }
  } else {
    // Without a reference, relevance earns in proportion to what the answer says: a one-line
    // answer on the right subject is relevant and still says almost nothing.
    book.add('score', depth * NO_REFERENCE_WEIGHTS.depth, 'why.weighted', msg(lang, 'dim.depth'), depth, Math.round(NO_REFERENCE_WEIGHTS.depth * 100));
    book.add('score', practicality * NO_REFERENCE_WEIGHTS.practicality, 'why.weighted', msg(lang, 'dim.practicality'), practicality, Math.round(NO_REFERENCE_WEIGHTS.practicality * 100));
    book.add('score', 100 * relevance.score * Math.min(1, specifics / SUBSTANTIAL_SPECIFICS) * NO_REFERENCE_WEIGHTS.relevance, 'why.relevanceShare',
      Math.round(relevance.score * 100), count(lang, specifics, 'specific'), SUBSTANTIAL_SPECIFICS, Math.round(NO_REFERENCE_WEIGHTS.relevance * 100));
  }
  if (mistakes.length > 0) book.to('score', Math.min(book.get('score'), MISCONCEPTION_CAP[Math.min(mistakes.length, MISCONCEPTION_CAP.length) - 1]), 'why.capMisconception', MISCONCEPTION_CAP[Math.min(mistakes.length, MISCONCEPTION_CAP.length) - 1]);
  if (relevance.offTopic) book.to('score', Math.min(book.get('score') / 2, OFF_TOPIC_CAP), 'why.capOffTopic');
  if (listsTerms) book.to('score', Math.min(book.get('score'), LIST_CAP), 'why.capList');
  if (padded) book.to('score', Math.min(book.get('score'), PADDED_CAP), 'why.capPadded');
  const contentScore = book.close('score');

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
    reasons.push(msg(lang, input.noCloseReference ? 'confidence.noCloseReference' : 'confidence.noReference'));
  }
  if (statements < 2) reasons.push(msg(lang, 'confidence.littleEvidence', count(lang, statements, 'statement')));
  const level = value >= 0.75 ? 'high' : value >= 0.5 ? 'medium' : 'low';

  return {
    dimensions, contentScore, keyMissing,
    coverage: coverage.map((c) => ({ ...c, label: labelOf(c.label) })),
    inaccuracies, strengths, improvements,
    explanations: book.lines, referenceId: reference?.id ?? null,
    relevance: { ...relevance, ...(other && relevance.offTopic ? { otherQuestion: other.question } : {}) },
    confidence: { value: Math.round(value * 100) / 100, level, reasons },
    flags, related: relatedShown,
  };
}

export { DIMENSION_WEIGHTS, type AnswerAnalysis, type Explanation, type ScoreConfidence } from './analysis';
