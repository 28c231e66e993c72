import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import type { Core } from '../../src/core/services';
import { judgePair } from '../../src/core/builtin/codeSkills/judgePair';
import { detectLanguage } from '../../src/core/text/language';

/** The kinds of answer a scoring item holds (`weak` alone in the older pairs file). */
export const ANSWER_KINDS = ['strong', 'keywords', 'weak', 'wrong', 'offtopic', 'rambling', 'crossLingual'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** One question of a scoring set with its answers. */
export interface ScoringItem extends Partial<Record<AnswerKind, string>> {
  id: string;
  language?: 'zh' | 'en';
  dimension?: string;
  expect?: string | null;
  context?: string[];
  question: string;
}

const DIR = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'scoring');

/** The scoring sets, in the order they are printed. */
export const SCORING_SETS: Array<{ name: string; files: string[]; heldOut: boolean }> = [
  { name: 'pairs', files: [path.join(DIR, 'pairs.yaml')], heldOut: false },
  { name: 'tune', files: [path.join(DIR, 'tune-zh.yaml'), path.join(DIR, 'tune-en.yaml')], heldOut: false },
  { name: 'heldout-zh', files: [path.join(DIR, 'heldout-zh.yaml')], heldOut: true },
  { name: 'heldout-en', files: [path.join(DIR, 'heldout-en-1.yaml'), path.join(DIR, 'heldout-en-2.yaml')], heldOut: true },
  // Issue 29's blind sets: written without seeing the knowledge base, labelled from entry titles only.
  // Set 3 was measured once (2026-12-03) and is tuned on since; set 4 (2026-12-04) is still blind.
  { name: 'heldout-3 (seen)', files: [path.join(DIR, 'heldout-3.yaml')], heldOut: false },
  { name: 'heldout-4 (blind)', files: [path.join(DIR, 'heldout-4.yaml')], heldOut: true },
];

/** The items of a set's files that exist (ids default to their position). */
export function loadScoringSet(files: string[]): ScoringItem[] {
  const items = files.filter((f) => fs.existsSync(f)).flatMap((f) => parse(fs.readFileSync(f, 'utf8')) as ScoringItem[]);
  return items.map((x, i) => ({ ...x, id: x.id ?? `p${i + 1}` }));
}

/** Aggregates of one set. */
export interface SetSummary {
  n: number;
  referenced: number;
  expected: number;
  rightReference: number;
  /** Of the references given, the share that are the expected entry: one given to an uncovered question (expect null) counts against. */
  precision: number | null;
  mean: Record<AnswerKind, number | null>;
  /** Share of questions where the strong answer scores strictly above the other kind. */
  above: Record<Exclude<AnswerKind, 'strong' | 'crossLingual'>, number | null>;
  strongPass: number | null;
  keywordsLow: number | null;
  crossPass: number | null;
  offTopicFlagged: number | null;
  /** The same rates on the questions whose strong answer was judged against the expected reference. */
  withReference: { n: number; keywords: number | null; weak: number | null; wrong: number | null; offtopic: number | null; strongPass: number | null };
  /** The targets this set misses, in words. */
  missed(): string[];
}

/** Scores every answer of an item through the diagnosis path (reference in context, then the judge). */
export async function scoreItem(core: Core, item: ScoringItem): Promise<Scored['scores']> {
  const ctx = core.context({ caller: 'eval' });
  const out: Scored['scores'] = { reference: null, flags: {} };
  for (const kind of ANSWER_KINDS) {
    const answer = item[kind];
    if (typeof answer !== 'string') continue;
    const language = item.language ?? detectLanguage(item.question);
    const r = await judgePair(ctx, { question: item.question, answer, language, previous: item.context ?? [] });
    out[kind] = r.analysis.contentScore;
    out.flags[kind] = r.analysis.flags.filter((f) => f !== 'no-reference').join(',');
    if (kind === 'strong') out.reference = r.reference?.id ?? null;
  }
  return out;
}

/** Every item of a set, scored. */
export async function scoreSet(core: Core, items: ScoringItem[]): Promise<Scored[]> {
  const out: Scored[] = [];
  for (const item of items) out.push({ item, scores: await scoreItem(core, item) });
  return out;
}

export type Scored = { item: ScoringItem; scores: Partial<Record<AnswerKind, number>> & { reference: string | null; flags: Partial<Record<AnswerKind, string>> } };

function share(list: Scored[], test: (s: Scored) => boolean | undefined): number | null {
  const relevant = list.filter((s) => test(s) !== undefined);
  return relevant.length === 0 ? null : relevant.filter((s) => test(s)).length / relevant.length;
}

export function summarise(scored: Scored[]): SetSummary {
  const mean = Object.fromEntries(ANSWER_KINDS.map((k) => {
    const v = scored.map((s) => s.scores[k]).filter((x): x is number => x !== undefined);
    return [k, v.length ? v.reduce((a, b) => a + b, 0) / v.length : null];
  })) as Record<AnswerKind, number | null>;
  const above = (k: AnswerKind) => share(scored, (s) => (s.scores[k] === undefined || s.scores.strong === undefined ? undefined : s.scores.strong > s.scores[k]!));
  const summary: SetSummary = {
    n: scored.length,
    referenced: scored.filter((s) => s.scores.reference).length,
    expected: scored.filter((s) => s.item.expect).length,
    rightReference: scored.filter((s) => s.item.expect && s.scores.reference?.replace(/^(zh|en)-/, '') === s.item.expect).length,
    precision: share(scored, (s) => (s.scores.reference ? s.scores.reference.replace(/^(zh|en)-/, '') === s.item.expect : undefined)),
    mean,
    above: { keywords: above('keywords'), weak: above('weak'), wrong: above('wrong'), offtopic: above('offtopic'), rambling: above('rambling') },
    strongPass: share(scored, (s) => (s.scores.strong === undefined ? undefined : s.scores.strong >= 60)),
    keywordsLow: share(scored, (s) => (s.scores.keywords === undefined ? undefined : s.scores.keywords <= 40)),
    crossPass: share(scored, (s) => (s.scores.crossLingual === undefined ? undefined : s.scores.crossLingual >= 60)),
    offTopicFlagged: share(scored, (s) => (s.scores.offtopic === undefined ? undefined : (s.scores.flags.offtopic ?? '').includes('off-topic'))),
    withReference: (() => {
      const right = scored.filter((s) => s.item.expect && s.scores.reference?.replace(/^(zh|en)-/, '') === s.item.expect);
      const above = (k: AnswerKind) => share(right, (s) => (s.scores[k] === undefined || s.scores.strong === undefined ? undefined : s.scores.strong > s.scores[k]!));
      return {
        n: right.length, keywords: above('keywords'), weak: above('weak'), wrong: above('wrong'), offtopic: above('offtopic'),
        strongPass: share(right, (s) => (s.scores.strong === undefined ? undefined : s.scores.strong >= 60)),
      };
    })(),
    missed() {
      const out: string[] = [];
      const need = (label: string, v: number | null, target: number) => {
        if (v !== null && v < target) out.push(`${label} ${(v * 100).toFixed(1)}% < ${target * 100}%`);
      };
      need('strong above keyword list', summary.above.keywords, 0.95);
      need('strong above off-topic', summary.above.offtopic, 0.9);
      need('strong above wrong', summary.above.wrong, 0.95);
      need('strong above weak', summary.above.weak, 0.95);
      need('strong >= 60', summary.strongPass, 0.85);
      need('keyword list <= 40', summary.keywordsLow, 0.9);
      return out;
    },
  };
  return summary;
}
