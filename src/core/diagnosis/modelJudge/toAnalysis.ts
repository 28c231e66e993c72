/**
 * A model's judgment, checked, as the engine-neutral analysis. Evidence first: completeness is
 * recomputed from the key points the model quoted (a point with no real quote counts as missing),
 * quotes not in the answer are dropped, and the question's score is weighed and capped exactly as
 * the offline judge does it, so the two engines' numbers mean the same thing.
 */
import { count, msg, type MessageKey } from '../../text/i18n';
import { DIMENSIONS, type Dimension, type KnowledgeEntry } from '../knowledge/types';
import type { Language } from '../../text/language';
import {
  DIMENSION_WEIGHTS, LIST_CAP, LIST_SHARE, NO_REFERENCE_WEIGHTS, OFF_TOPIC_CAP, type AnalysisFlag, type AnswerAnalysis, type PointCoverage, type ScoredBy,
} from '../judge/analysis';
import { apportion, clamp, Ledger } from '../judge/ledger';
import { MENTION_CREDIT } from '../judge/coverage';
import type { Judgment } from './judgmentSchema';
import { normalizeQuoted, QuoteChecker } from './quotes';
import { telegraphicShare } from '../judge/sentences';

/** What the conversion needs besides the judgment. */
export interface ToAnalysisInput {
  judgment: Judgment;
  answer: string;
  reference: KnowledgeEntry | null;
  /** The same item in the report's language, for labels (defaults to the reference). */
  shownReference?: KnowledgeEntry | null;
  referenceConfidence?: number;
  related?: Array<{ id: string; question: string }>;
  reportLanguage: Language;
  scoredBy: ScoredBy;
}

/** Most depth or practicality a model can give without quoting the answer for it. */
const UNQUOTED_CAP = 50;

/** A quote trimmed to what a report line shows. */
function short(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 140 ? `${t.slice(0, 137)}…` : t;
}

export function judgmentToAnalysis(input: ToAnalysisInput): AnswerAnalysis {
  const { judgment: j, reference, reportLanguage: lang } = input;
  const book = new Ledger(lang);
  const quotes = new QuoteChecker(input.answer);
  const shown = input.shownReference ?? reference;
  const labelOf = (i: number) => {
    const kp = reference!.keyPoints[i];
    return kp.labels?.[lang] ?? shown?.keyPoints[i]?.label ?? kp.label;
  };
  const evidence = j.evidence.filter((e) => quotes.check(e.quote));
  const inaccuracies = j.inaccuracies.filter((x) => quotes.check(x.quote));
  const modelName = input.scoredBy.model ?? input.scoredBy.engine;

  // Completeness from the quoted key points: stated, only named, or missing.
  const coverage: PointCoverage[] = [];
  const keyMissing: string[] = [];
  let completeness: number | null = null;
  const improvements = [...j.improvements];
  if (reference) {
    const missing = new Set(j.keyMissing);
    const totalWeight = reference.keyPoints.reduce((s, k) => s + k.weight, 0) || 1;
    // One sentence states one key point: a quote given for several backs only the first.
    const used = new Set<string>();
    const rows = reference.keyPoints.map((kp, i) => {
      const id = `K${i + 1}`;
      const free = (e: (typeof evidence)[number]) => e.keyPoint === id && !used.has(normalizeQuoted(e.quote));
      const quoted = missing.has(id) ? undefined : evidence.find((e) => free(e) && !e.partial) ?? evidence.find(free);
      if (quoted) used.add(normalizeQuoted(quoted.quote));
      const status: PointCoverage['status'] = quoted ? (quoted.partial ? 'mentioned' : 'stated') : 'missing';
      // The model said it was covered but no quote of it survived the check.
      const unsupported = !quoted && !missing.has(id);
      return { i, kp, status, quoted, unsupported };
    });
    const ordered = [...rows].sort((a, b) => b.kp.weight - a.kp.weight || a.i - b.i);
    const creditOf = (r: (typeof rows)[number]) => (r.status === 'stated' ? r.kp.weight : r.status === 'mentioned' ? r.kp.weight * MENTION_CREDIT : 0);
    completeness = clamp((100 * ordered.reduce((s, r) => s + creditOf(r), 0)) / totalWeight);
    const earned = apportion(ordered.map((r) => (100 * creditOf(r)) / totalWeight), completeness);
    ordered.forEach((r, n) => {
      const label = labelOf(r.i);
      const worth = count(lang, Math.round((100 * r.kp.weight) / totalWeight), 'point');
      if (r.status === 'stated') book.add('completeness', earned[n], 'why.stated', label, short(r.quoted!.quote));
      else if (r.status === 'mentioned') book.add('completeness', earned[n], 'why.mentioned', label, short(r.quoted!.quote), worth);
      else if (r.unsupported) book.add('completeness', earned[n], 'why.unsupportedPoint', label, worth);
      else book.add('completeness', earned[n], 'why.missing', label, worth);
      if (r.status !== 'stated') keyMissing.push(label);
    });
    for (const r of rows) {
      coverage.push({
        label: labelOf(r.i), weight: r.kp.weight, status: r.status, match: r.status === 'stated' ? 1 : r.status === 'mentioned' ? MENTION_CREDIT : 0,
        ...(r.quoted ? { evidence: r.quoted.quote } : {}),
      });
    }
  } else {
    book.note('completeness', 'why.notAssessed');
  }

  // Depth, accuracy and practicality: the model's score, then the quotes that justify it.
  const dimensions = { completeness } as Record<Dimension, number | null>;
  for (const d of ['depth', 'accuracy', 'practicality'] as const) {
    const value = j.scores[d];
    if (d === 'accuracy' && !reference) {
      book.note(d, 'why.notAssessed');
      dimensions[d] = null;
      continue;
    }
    let v = clamp(value ?? 0);
    book.to(d, v, 'why.modelScored', modelName);
    const quoted = evidence.filter((x) => x.dimension === d);
    for (const e of quoted) book.note(d, 'why.modelEvidence', short(e.quote), e.reason);
    // Evidence first: a high depth or practicality with nothing quoted from the answer is an opinion.
    if ((d === 'depth' || d === 'practicality') && quoted.length === 0 && v > UNQUOTED_CAP) {
      book.to(d, UNQUOTED_CAP, 'why.unquoted', UNQUOTED_CAP);
      v = UNQUOTED_CAP;
    }
    if (d === 'accuracy') {
      for (const x of inaccuracies) book.note(d, 'why.misconception', short(x.quote), x.correction);
      // As in the offline judge: claims that touch none of the key points cannot be confirmed.
      if (coverage.length && coverage.every((c) => c.status !== 'stated') && v > 50) {
        book.to(d, 50, 'why.unverified');
        v = 50;
      }
    }
    dimensions[d] = v;
  }

  const flags: AnalysisFlag[] = reference ? [] : ['no-reference'];
  const offTopic = j.offTopic;
  if (offTopic) {
    flags.push('off-topic');
    book.note('relevance', 'why.offTopicNoName');
  }
  if (reference) {
    for (const d of DIMENSIONS) {
      book.add('score', (dimensions[d] ?? 0) * DIMENSION_WEIGHTS[d], 'why.weighted', msg(lang, `dim.${d}` as MessageKey), dimensions[d] ?? 0, Math.round(DIMENSION_WEIGHTS[d] * 100));
    }
  } else {
    book.add('score', dimensions.depth! * NO_REFERENCE_WEIGHTS.depth, 'why.weighted', msg(lang, 'dim.depth'), dimensions.depth!, Math.round(NO_REFERENCE_WEIGHTS.depth * 100));
    book.add('score', dimensions.practicality! * NO_REFERENCE_WEIGHTS.practicality, 'why.weighted', msg(lang, 'dim.practicality'), dimensions.practicality!, Math.round(NO_REFERENCE_WEIGHTS.practicality * 100));
    const relevant = offTopic ? 0 : 100;
    book.add('score', relevant * NO_REFERENCE_WEIGHTS.relevance, 'why.weighted', msg(lang, 'dim.relevance'), relevant, Math.round(NO_REFERENCE_WEIGHTS.relevance * 100));
  }
  if (offTopic) book.to('score', Math.min(book.get('score') / 2, OFF_TOPIC_CAP), 'why.capOffTopic');
  // The same form check as the offline judge, whatever the model said: a model that a list of the
  // right terms impresses cannot lift it above the cap.
  if (telegraphicShare(input.answer) >= LIST_SHARE) {
    flags.push('lists-terms');
    book.to('score', Math.min(book.get('score'), LIST_CAP), 'why.capList');
  }
  const contentScore = book.close('score');

  // Confidence: how sure the reference is, how much quoted evidence survived, how much was invented.
  const reasons: string[] = [];
  const supported = Math.min(1, evidence.length / 3);
  const honesty = quotes.kept + quotes.dropped === 0 ? 1 : quotes.kept / (quotes.kept + quotes.dropped);
  let value: number;
  if (reference) {
    const rc = input.referenceConfidence ?? 1;
    value = 0.5 * rc + 0.3 * supported + 0.2 * honesty;
    if (rc < 0.8) reasons.push(msg(lang, 'confidence.weakReference', Math.round(rc * 100)));
  } else {
    value = 0.3 + 0.15 * supported + 0.1 * honesty;
    reasons.push(msg(lang, 'confidence.noReference'));
  }
  if (quotes.dropped > 0) reasons.push(msg(lang, 'confidence.droppedQuotes', count(lang, quotes.dropped, 'quote')));
  if (evidence.length < 2) reasons.push(msg(lang, 'confidence.littleEvidence', count(lang, evidence.length, 'quote')));

  return {
    dimensions, contentScore, keyMissing, coverage,
    inaccuracies: inaccuracies.map((x) => ({ claim: x.quote, correction: x.correction, sentence: x.quote })),
    strengths: j.strengths,
    improvements,
    explanations: book.lines,
    referenceId: reference?.id ?? null,
    relevance: { score: offTopic ? 0 : 1, offTopic, questionShare: offTopic ? 0 : 1 },
    confidence: { value: Math.round(value * 100) / 100, level: value >= 0.75 ? 'high' : value >= 0.5 ? 'medium' : 'low', reasons },
    flags,
    related: reference ? [] : input.related ?? [],
    scoredBy: { ...input.scoredBy, droppedQuotes: quotes.dropped },
  };
}
