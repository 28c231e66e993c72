/**
 * What the "Compare with the expert" view shows, computed from a comparison: the candidate's
 * answer cut into sentences, each knowing which key points it covers (so the view can mark them),
 * every key point with its share of the reference and the sentence that covers it, the mistakes
 * with the sentence that makes them, and a tally. Pure data; the extension renders it.
 */
import { splitSentences } from '../diagnosis/judge/sentences';
import type { ComparedPoint, ExpertComparison } from './compareExpert';

/** One key point as the view lists it. */
export interface ViewPoint {
  label: string;
  status: ComparedPoint['status'];
  /** Percent of the reference's key-point weight this point carries (rounded). */
  share: number;
  /** The candidate's sentence that covers it, as the judge quoted it. */
  sentence?: string;
  /** Index of that sentence in `answer`, when it is found there. */
  sentenceIndex?: number;
}

/** A sentence of the candidate's answer and what it does. */
export interface ViewSentence {
  text: string;
  /** Indexes (into `points`) of the key points it covers. */
  points: number[];
  /** Indexes (into `mistakes`) of the mistakes it makes. */
  mistakes: number[];
}

/** The compare view's model. */
export interface CompareView {
  question: string;
  score: number;
  answer: ViewSentence[];
  expert: ExpertComparison['expert'];
  points: ViewPoint[];
  mistakes: Array<{ claim: string; correction: string; sentenceIndex?: number }>;
  tally: Record<ComparedPoint['status'], number> & { total: number };
  /** A rewrite can be asked for: there is an expert answer to take the missing points from. */
  rewritable: boolean;
}

const squash = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
const END_MARKS = new Set(['。', '.', '!', '！', '?', '？', ';', '；']);

/** `s` without the sentence-end marks it ends with (a loop: an anchored regex would rescan each run of marks). */
function withoutEnd(s: string): string {
  let end = s.length;
  while (end > 0 && END_MARKS.has(s[end - 1])) end--;
  return s.slice(0, end);
}

/** Index of the sentence that holds `quote` (or that `quote` holds), else undefined. */
function sentenceOf(sentences: readonly string[], quote: string | undefined): number | undefined {
  if (!quote) return undefined;
  const q = withoutEnd(squash(quote));
  if (!q) return undefined;
  const i = sentences.findIndex((s) => s.includes(q));
  if (i >= 0) return i;
  // A quote that spans sentences starts in the first of them.
  const j = sentences.findIndex((s) => q.includes(withoutEnd(s)));
  return j >= 0 ? j : undefined;
}

/** The view of `comparison`. */
export function compareView(comparison: ExpertComparison): CompareView {
  const sentences = splitSentences(comparison.answer).map((s) => s.text);
  const squashed = sentences.map(squash);
  const totalWeight = comparison.points.reduce((sum, p) => sum + p.weight, 0) || 1;
  const points: ViewPoint[] = comparison.points.map((p) => {
    const index = p.status === 'missing' ? undefined : sentenceOf(squashed, p.sentence);
    return {
      label: p.label, status: p.status, share: Math.round((100 * p.weight) / totalWeight),
      ...(p.sentence && p.status !== 'missing' ? { sentence: p.sentence } : {}), ...(index !== undefined ? { sentenceIndex: index } : {}),
    };
  });
  const mistakes = comparison.mistakes.map((m) => {
    const index = sentenceOf(squashed, m.sentence ?? m.claim);
    return { claim: m.claim, correction: m.correction, ...(index !== undefined ? { sentenceIndex: index } : {}) };
  });
  const answer: ViewSentence[] = sentences.map((text, i) => ({
    text,
    points: points.flatMap((p, k) => (p.sentenceIndex === i ? [k] : [])),
    mistakes: mistakes.flatMap((m, k) => (m.sentenceIndex === i ? [k] : [])),
  }));
  const tally = { stated: 0, mentioned: 0, missing: 0, contradicted: 0, total: points.length };
  for (const p of points) tally[p.status]++;
  return { question: comparison.question, score: comparison.score, answer, expert: comparison.expert, points, mistakes, tally, rewritable: comparison.expert !== null };
}
