import type { DeliveryReport, Scored } from '../speech/delivery';
import { randomUUID } from 'node:crypto';
import { count, dimInSentence, listJoin, msg } from '../../text/i18n';
import { CATEGORIES, DIMENSIONS, type Category, type Dimension } from '../knowledge/types';
import type { Language } from '../../text/language';
import type { Comparison, ComparisonBasis, QuestionReport, Report } from './model';

/** Changes smaller than this are noise between two sessions, not progress. */
export const MEANINGFUL_DELTA = 3;

function mean(values: number[]): number {
  return values.length === 0 ? 0 : Math.round(values.reduce((s, v) => s + v, 0) / values.length);
}

/** The mean of the assessed values, or null when none was assessed. */
function meanAssessed(values: Array<number | null | undefined>): number | null {
  const v = values.filter((x): x is number => typeof x === 'number');
  return v.length === 0 ? null : mean(v);
}

/** Dimensions that have a value, ordered best first. */
function assessed(dims: Record<Dimension, number | null>): Dimension[] {
  return DIMENSIONS.filter((d) => dims[d] !== null).sort((a, b) => dims[b]! - dims[a]!);
}

/** A knowledge topic's name in the report's language. */
export function topicName(topic: string, lang: Language): string {
  return CATEGORIES.includes(topic as Category) ? msg(lang, `category.${topic as Category}`) : topic;
}

/** The scores of a session's questions per knowledge topic (questions without a reference have none). */
function byTopic(rows: ReadonlyArray<Pick<QuestionReport, 'reference' | 'contentScore'>>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    if (!r.reference) continue;
    out.set(r.reference.topic, [...(out.get(r.reference.topic) ?? []), r.contentScore]);
  }
  return out;
}

/** What a comparison needs of a report. */
export type ComparedReport = Pick<Report, 'id' | 'createdAt' | 'summary'> & Partial<Pick<Report, 'source' | 'perQuestion'>>;

/**
 * Compares a session with an earlier report (`basis` says why that one): each dimension assessed in
 * both, each knowledge topic asked in both, and which topics only one of them asked (a different
 * interview shares none).
 */
export function compareReports(current: Pick<Report, 'summary' | 'perQuestion'>, previous: ComparedReport, basis: ComparisonBasis = 'earlier-run'): Comparison {
  const dimensions: Comparison['dimensions'] = [];
  const improved: Comparison['improved'] = [];
  const declined: Comparison['declined'] = [];
  for (const d of DIMENSIONS) {
    const now = current.summary.dimensions[d];
    const before = previous.summary.dimensions[d];
    if (typeof now !== 'number' || typeof before !== 'number') continue;
    const delta = now - before;
    dimensions.push({ dimension: d, before, now, delta });
    if (delta >= MEANINGFUL_DELTA) improved.push({ dimension: d, delta });
    else if (delta <= -MEANINGFUL_DELTA) declined.push({ dimension: d, delta });
  }
  improved.sort((a, b) => b.delta - a.delta);
  declined.sort((a, b) => a.delta - b.delta);
  const then = byTopic(previous.perQuestion ?? []);
  const now = byTopic(current.perQuestion);
  const topics: Comparison['topics'] = [...now.keys()].filter((t) => then.has(t)).map((topic) => {
    const b = mean(then.get(topic)!);
    const n = mean(now.get(topic)!);
    return { topic, before: b, now: n, delta: n - b, questionsBefore: then.get(topic)!.length, questionsNow: now.get(topic)!.length };
  });
  const onlyNow = [...now.keys()].filter((t) => !then.has(t));
  const onlyBefore = [...then.keys()].filter((t) => !now.has(t));
  return {
    basis,
    previousId: previous.id,
    previousCreatedAt: previous.createdAt,
    ...(previous.source !== undefined ? { previousSource: previous.source } : {}),
    previousQuestions: previous.summary.totalQuestions,
    relation: topics.length === 0 ? 'no-common-topic' : onlyNow.length === 0 && onlyBefore.length === 0 ? 'same-topics' : 'some-topics',
    overallDelta: current.summary.overallScore - previous.summary.overallScore,
    dimensions,
    topics,
    onlyBefore,
    onlyNow,
    improved,
    declined,
  };
}

/** `report` compared with `other` instead (the user picked it); the rest of the report is unchanged. */
export function recompareWith(report: Report, other: ComparedReport): Report {
  return { ...report, comparedToLast: compareReports(report, other, 'picked') };
}

/** A stored comparison with every field (reports saved before per-topic comparison lack some). */
export function fullComparison(c: Comparison): Comparison & { known: boolean } {
  return {
    ...c,
    known: c.relation !== undefined,
    relation: c.relation ?? 'some-topics',
    dimensions: c.dimensions ?? [],
    topics: c.topics ?? [],
    onlyBefore: c.onlyBefore ?? [],
    onlyNow: c.onlyNow ?? [],
    improved: c.improved ?? [],
    declined: c.declined ?? [],
  };
}

/** "Q1, Q2 and Q3" / "第 1、2 和 3 题". */
function questionRefs(lang: Language, indexes: number[]): string {
  return lang === 'zh' ? msg(lang, 'plan.questions', listJoin(lang, indexes.map(String))) : listJoin(lang, indexes.map((i) => `Q${i}`));
}

const CLOSING_STOPS = '。．.!！?？;；,，';

/** A transcript sentence quoted in a plan step, trimmed to a readable length (its closing stop left to the step). */
function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // Strip the closing stops with a loop: /[…]+$/ restarts at every stop of a long run (quadratic).
  let end = flat.length;
  while (end > 0 && CLOSING_STOPS.includes(flat[end - 1])) end--;
  const t = flat.slice(0, end);
  return t.length > 100 ? `${t.slice(0, 97)}…` : t;
}

function planFor(rows: QuestionReport[], dims: Record<Dimension, number | null>, lang: Language): Report['improvementPlan'] {
  const immediate: string[] = [];
  const shortTerm: string[] = [];
  const longTerm: string[] = [];
  // Immediate: wrong claims first (one step per wrong claim, naming every answer that made it),
  // then the heaviest missing point of the weakest answers that had nothing wrong.
  const wrong = new Map<string, { sentence: string; correction: string; questions: number[] }>();
  for (const r of rows) {
    for (const i of r.inaccuracies) {
      const seen = wrong.get(i.correction);
      if (seen) {
        if (!seen.questions.includes(r.index)) seen.questions.push(r.index);
      } else {
        wrong.set(i.correction, { sentence: i.sentence ?? i.claim, correction: i.correction, questions: [r.index] });
      }
    }
  }
  for (const w of wrong.values()) immediate.push(msg(lang, 'plan.fix', quoted(w.sentence), questionRefs(lang, w.questions), w.correction));
  const weakest = [...rows].sort((a, b) => a.contentScore - b.contentScore);
  for (const r of weakest) {
    if (immediate.length >= 3) break;
    // An answer with a wrong claim already has its step: its first improvement says the same.
    if (r.inaccuracies.length > 0) continue;
    if (r.improvements.length > 0 && !immediate.includes(r.improvements[0])) immediate.push(r.improvements[0]);
  }
  // Short term: habits for every dimension where several answers fall short.
  const under = (d: Dimension) => rows.filter((r) => typeof r.dimensions[d] === 'number' && r.dimensions[d]! < 60).length;
  const ordered = assessed(dims).reverse();
  for (const d of ordered) {
    const n = under(d);
    if (n > 0) shortTerm.push(msg(lang, `plan.${d}`, count(lang, n, 'question')));
  }
  // Long term: topics to study, weakest first, then a loop to check the change.
  const topics = [...byTopic(rows).entries()].map(([t, s]) => ({ t, avg: mean(s), n: s.length })).sort((a, b) => a.avg - b.avg);
  for (const { t, avg, n } of topics.slice(0, 2)) {
    if (avg >= 75) continue;
    longTerm.push(n === 1 ? msg(lang, 'plan.studyOne', topicName(t, lang), avg) : msg(lang, 'plan.study', topicName(t, lang), avg, count(lang, n, 'question')));
  }
  longTerm.push(msg(lang, 'plan.mock'));
  const best = ordered[ordered.length - 1];
  if (best && dims[best]! >= 70) longTerm.push(msg(lang, 'plan.keep', dimInSentence(lang, best), dims[best]!));
  return { immediate, shortTerm, longTerm };
}

/** Adds the weakest delivery habits (score below 70) to the immediate steps, worst first; says when nothing is urgent. */
function withDelivery(plan: Report['improvementPlan'], delivery: DeliveryReport | null, lang: Language): Report['improvementPlan'] {
  const weak = !delivery ? [] : [delivery.overall.scores.pace, delivery.overall.scores.fillers, delivery.overall.scores.pauses, delivery.overall.scores.latency, delivery.overall.talkRatioScore]
    .filter((x): x is Scored => x !== null && x.score < 70)
    .sort((a, b) => a.score - b.score)
    .slice(0, 2)
    .map((x) => x.explanation);
  const immediate = [...new Set([...plan.immediate, ...weak])];
  return {
    immediate: immediate.length ? immediate : [msg(lang, 'plan.nothingUrgent')],
    shortTerm: plan.shortTerm.length ? plan.shortTerm : [msg(lang, 'plan.nothingShortTerm')],
    longTerm: [...new Set(plan.longTerm)],
  };
}

/**
 * Builds the report from per-question rows; `previous` is what it is compared with (the latest
 * earlier run of the same interview, or a report the user picked: `basis`), if any.
 */
export function buildReport(input: {
  rows: QuestionReport[];
  /** The language the report is written in (the rows' explanations were written in it). */
  language: Language;
  transcriptLanguage?: Language;
  userId: string;
  source: string;
  engine: string;
  model?: string;
  usage?: Report['usage'];
  now: Date;
  previous?: ComparedReport | null;
  basis?: ComparisonBasis;
  rerunOf?: Report['rerunOf'];
  delivery?: DeliveryReport | null;
  transcript?: Report['transcript'];
}): Report {
  const { rows, language: lang } = input;
  const dimensions = Object.fromEntries(DIMENSIONS.map((d) => [d, meanAssessed(rows.map((r) => r.dimensions[d]))])) as Record<Dimension, number | null>;
  const overallScore = mean(rows.map((r) => r.contentScore));
  // depth and practicality are always assessed, so there are at least two to order.
  const ordered = assessed(dimensions);
  const strongest = ordered[0] ?? 'depth';
  const weakest = ordered[ordered.length - 1] ?? 'practicality';
  const summary: Report['summary'] = {
    overallScore,
    totalQuestions: rows.length,
    dimensions,
    strongest,
    weakest,
    headline: msg(lang, 'headline', overallScore, count(lang, rows.length, 'question'), dimInSentence(lang, strongest), dimInSentence(lang, weakest)),
  };
  return {
    id: randomUUID(),
    createdAt: input.now.toISOString(),
    userId: input.userId,
    source: input.source,
    language: lang,
    transcriptLanguage: input.transcriptLanguage ?? lang,
    engine: input.engine,
    ...(input.model ? { model: input.model } : {}),
    ...(input.usage ? { usage: input.usage } : {}),
    summary,
    perQuestion: rows,
    improvementPlan: withDelivery(planFor(rows, dimensions, lang), input.delivery ?? null, lang),
    comparedToLast: input.previous ? compareReports({ summary, perQuestion: rows }, input.previous, input.basis ?? 'earlier-run') : null,
    ...(input.rerunOf ? { rerunOf: input.rerunOf } : {}),
    ...(input.transcript ? { transcript: input.transcript } : {}),
    delivery: input.delivery ?? null,
  };
}
