/**
 * Coverage by meaning: a key point is covered when a sentence of the answer states it, that is,
 * shares enough of the point's weighted units (concepts and meanings in either language, with
 * the same polarity) and reads as a statement. A sentence that only names the terms ("Validate,
 * execute, return result.") counts as a mention, worth a quarter.
 */
import type { KeyPointSignature } from './corpus';
import type { ReadSentence } from './reading';
import type { PointCoverage } from './analysis';

export type { PointCoverage } from './analysis';

/** Share of a point's strongest units a sentence must carry to state it. */
export const STATE_THRESHOLD = 0.5;
/** Share of a point's strongest units a sentence must negate to say the opposite of it. */
export const CONTRADICTION_THRESHOLD = 0.35;
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

// A stance that dismisses something ("no need to", "没必要", "overkill"), as opposed to a plain
// negation, which often describes a problem ("任务没有明确的完成条件") or a condition ("不合法就返回错误").
// A-not-A questions (需不需要, 值不值得) are not dismissals, and 不用 is too often "not used".
const DISMISSIVE = /没有?必要|(?<!需)不需要|(?<!必)不必|无需|无须|用不着|多余|没用|没什么用|(?<!重)不重要|(?<!值)不值得|没意义|don'?t (?:really )?need|do not need|doesn'?t need|does not need|no need|needless|unnecessary|not necessary|isn'?t necessary|overkill|pointless|not needed|isn'?t needed|aren'?t needed|never need|not worth|a waste of|you can skip|can be skipped|can safely skip|doesn'?t matter/i;

/**
 * How much of a point a sentence dismisses: the weight of the point's units in a clause with a
 * dismissive stance ("所以其实没有必要设硬性的步数上限"), whatever polarity the negation marked.
 */
function contradiction(sig: KeyPointSignature, sentence: ReadSentence): number {
  if (!DISMISSIVE.test(sentence.text)) return 0;
  let best = 0;
  let from = 0;
  for (const clause of sentence.text.split(/(?<=[,，;；:：])/)) {
    const to = from + clause.length;
    if (DISMISSIVE.test(clause)) {
      let w = 0;
      let core = false;
      for (const u of sentence.units) {
        if (u.start < from || u.end > to) continue;
        const key = u.key.startsWith('!') ? u.key.slice(1) : u.key;
        const weight = Math.max(sig.units.get(key) ?? 0, sig.units.get(`!${key}`) ?? 0);
        if (weight > 0) {
          w += weight;
          core ||= sig.core.has(key) || sig.core.has(`!${key}`);
        }
      }
      if (core) best = Math.max(best, w / sig.norm);
    }
    from = to;
  }
  return best;
}

/** Finds, for each key point, the sentence (or two adjacent ones) that states it best. */
export function coverPoints(sentences: readonly ReadSentence[], signatures: readonly KeyPointSignature[]): PointCoverage[] {
  return signatures.map((sig) => {
    let stated: { match: number; text: string } | undefined;
    let named: { match: number; text: string } | undefined;
    let opposed: { match: number; text: string } | undefined;
    const consider = (keys: Set<string>, text: string, statement: boolean) => {
      const { score, shared } = matchPoint(sig, keys);
      if (score < STATE_THRESHOLD) return;
      // Stating a point takes two of its units in a claim; one term alone ("漏桶" in a list of
      // algorithms) only names it.
      if (statement && shared >= 2) {
        if (!stated || score > stated.match) stated = { match: score, text };
      } else if (!named || score > named.match) named = { match: score, text };
    };
    for (const s of sentences) {
      const against = s.shape.statement ? contradiction(sig, s) : 0;
      if (against >= CONTRADICTION_THRESHOLD) {
        if (!opposed || against > opposed.match) opposed = { match: against, text: s.text };
        continue;
      }
      consider(s.keys, s.text, s.shape.statement);
    }
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
    // Saying the opposite once outweighs naming the point elsewhere: an interviewer hears the contradiction.
    if (opposed) return { label, weight, status: 'contradicted', evidence: opposed.text, match: round(opposed.match) };
    if (stated) return { label, weight, status: 'stated', evidence: stated.text, match: round(stated.match) };
    if (named) return { label, weight, status: 'mentioned', evidence: named.text, match: round(named.match) };
    return { label, weight, status: 'missing', match: 0 };
  });
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
