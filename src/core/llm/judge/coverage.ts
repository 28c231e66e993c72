/**
 * Coverage by meaning: a key point is covered when a sentence of the answer states it, that is,
 * shares enough of the point's weighted units (concepts and meanings in either language, with
 * the same polarity) and reads as a statement. A sentence that only names the terms ("Validate,
 * execute, return result.") counts as a mention, worth a quarter.
 */
import type { KeyPointSignature } from './corpus';
import type { ReadSentence } from './reading';

/** How one key point fared in the answer. */
export interface PointCoverage {
  label: string;
  weight: number;
  status: 'stated' | 'mentioned' | 'missing';
  /** The answer sentence that states or names it. */
  evidence?: string;
  /** 0–1+: how much of the point's signature the best sentence carries. */
  match: number;
}

/** Share of a point's strongest units a sentence must carry to state it. */
export const STATE_THRESHOLD = 0.5;
/** Credit of a point only named in a list or fragment. */
export const MENTION_CREDIT = 0.25;

/** How much of a signature a set of unit keys carries, and how many distinct units it shares. */
export function matchPoint(sig: KeyPointSignature, keys: Set<string>): { score: number; shared: number } {
  let score = 0;
  let shared = 0;
  for (const key of keys) {
    const w = sig.units.get(key);
    if (w === undefined) continue;
    score += w;
    shared++;
  }
  return { score: score / sig.norm, shared };
}

/** Finds, for each key point, the sentence (or two adjacent ones) that states it best. */
export function coverPoints(sentences: readonly ReadSentence[], signatures: readonly KeyPointSignature[]): PointCoverage[] {
  return signatures.map((sig) => {
    let stated: { match: number; text: string } | undefined;
    let named: { match: number; text: string } | undefined;
    const consider = (keys: Set<string>, text: string, statement: boolean) => {
      const { score, shared } = matchPoint(sig, keys);
      if (score < STATE_THRESHOLD || shared < 2) return;
      if (statement) {
        if (!stated || score > stated.match) stated = { match: score, text };
      } else if (!named || score > named.match) named = { match: score, text };
    };
    for (const s of sentences) consider(s.keys, s.text, s.shape.statement);
    // A point may be stated over two sentences ("We check the arguments first. Then we run it."),
    // but a single sentence that states it is the better evidence.
    if (!stated) {
      sentences.forEach((s, i) => {
        const next = sentences[i + 1];
        if (!next || !s.shape.statement || !next.shape.statement) return;
        const both = new Set([...s.keys, ...next.keys]);
        if (matchPoint(sig, both).score >= STATE_THRESHOLD + 0.25) consider(both, `${s.text} ${next.text}`, true);
      });
    }
    const label = sig.point.label;
    const weight = sig.point.weight;
    if (stated) return { label, weight, status: 'stated', evidence: stated.text, match: round(stated.match) };
    if (named) return { label, weight, status: 'mentioned', evidence: named.text, match: round(named.match) };
    return { label, weight, status: 'missing', match: 0 };
  });
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
