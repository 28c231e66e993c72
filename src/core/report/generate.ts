import type { DeliveryReport, Scored } from '../speech/delivery';
import { randomUUID } from 'node:crypto';
import { msg } from '../i18n';
import { CATEGORIES, DIMENSIONS, type Category, type Dimension } from '../kb/types';
import type { Language } from '../transcript/language';
import type { Comparison, QuestionReport, Report } from './model';

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

/** Compares dimension averages with a previous report of the same user. */
export function compareReports(current: Report['summary'], previous: Pick<Report, 'id' | 'createdAt' | 'summary'>): Comparison {
  const improved: Comparison['improved'] = [];
  const declined: Comparison['declined'] = [];
  for (const d of DIMENSIONS) {
    const now = current.dimensions[d];
    const before = previous.summary.dimensions[d];
    if (typeof now !== 'number' || typeof before !== 'number') continue;
    const delta = now - before;
    if (delta >= MEANINGFUL_DELTA) improved.push({ dimension: d, delta });
    else if (delta <= -MEANINGFUL_DELTA) declined.push({ dimension: d, delta });
  }
  improved.sort((a, b) => b.delta - a.delta);
  declined.sort((a, b) => a.delta - b.delta);
  return {
    previousId: previous.id,
    previousCreatedAt: previous.createdAt,
    overallDelta: current.overallScore - previous.summary.overallScore,
    improved,
    declined,
  };
}

function planFor(rows: QuestionReport[], dims: Record<Dimension, number | null>, lang: Language): Report['improvementPlan'] {
  const immediate: string[] = [];
  const shortTerm: string[] = [];
  const longTerm: string[] = [];
  // Immediate: wrong claims first, then the heaviest missing point of the weakest answers.
  for (const r of rows) {
    for (const i of r.inaccuracies) immediate.push(msg(lang, 'plan.fix', i.claim, r.index, i.correction));
  }
  const weakest = [...rows].sort((a, b) => a.contentScore - b.contentScore);
  for (const r of weakest) {
    if (immediate.length >= 3) break;
    if (r.improvements.length > 0) immediate.push(r.improvements[0]);
  }
  // Short term: habits for every dimension where several answers fall short.
  const under = (d: Dimension) => rows.filter((r) => typeof r.dimensions[d] === 'number' && r.dimensions[d]! < 60).length;
  const ordered = assessed(dims).reverse();
  for (const d of ordered) {
    const n = under(d);
    if (n > 0) shortTerm.push(msg(lang, `plan.${d}`, n));
  }
  // Long term: topics to study, weakest first, then a loop to check the change.
  const byTopic = new Map<string, number[]>();
  for (const r of rows) {
    if (!r.reference) continue;
    const list = byTopic.get(r.reference.topic) ?? [];
    list.push(r.contentScore);
    byTopic.set(r.reference.topic, list);
  }
  const topics = [...byTopic.entries()].map(([t, s]) => ({ t, avg: mean(s), n: s.length })).sort((a, b) => a.avg - b.avg);
  for (const { t, avg, n } of topics.slice(0, 2)) {
    const name = CATEGORIES.includes(t as Category) ? msg(lang, `category.${t as Category}`) : t;
    if (avg < 75) longTerm.push(msg(lang, 'plan.study', name, avg, n));
  }
  longTerm.push(msg(lang, 'plan.mock'));
  const best = ordered[ordered.length - 1];
  if (best && dims[best]! >= 70) longTerm.push(msg(lang, 'plan.keep', msg(lang, `dim.${best}`), dims[best]!));
  return { immediate, shortTerm, longTerm };
}

/** Adds the weakest delivery habits (score below 70) to the immediate steps, worst first. */
function withDelivery(plan: Report['improvementPlan'], delivery: DeliveryReport | null): Report['improvementPlan'] {
  if (!delivery) return plan;
  const o = delivery.overall;
  const weak = [o.scores.pace, o.scores.fillers, o.scores.pauses, o.scores.latency, o.talkRatioScore]
    .filter((x): x is Scored => x !== null && x.score < 70)
    .sort((a, b) => a.score - b.score)
    .slice(0, 2)
    .map((x) => x.explanation);
  return { ...plan, immediate: [...plan.immediate, ...weak] };
}

/** Builds the report from per-question rows; `previous` is the user's last stored report, if any. */
export function buildReport(input: {
  rows: QuestionReport[];
  language: Language;
  userId: string;
  source: string;
  engine: string;
  now: Date;
  previous?: Pick<Report, 'id' | 'createdAt' | 'summary'> | null;
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
    headline: msg(lang, 'headline', overallScore, rows.length, msg(lang, `dim.${strongest}`), msg(lang, `dim.${weakest}`)),
  };
  return {
    id: randomUUID(),
    createdAt: input.now.toISOString(),
    userId: input.userId,
    source: input.source,
    language: lang,
    engine: input.engine,
    summary,
    perQuestion: rows,
    improvementPlan: withDelivery(planFor(rows, dimensions, lang), input.delivery ?? null),
    comparedToLast: input.previous ? compareReports(summary, input.previous) : null,
    ...(input.transcript ? { transcript: input.transcript } : {}),
    delivery: input.delivery ?? null,
  };
}
