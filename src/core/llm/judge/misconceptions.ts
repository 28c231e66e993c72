/**
 * Accuracy by claim: a known misconception counts against an answer only when a sentence asserts
 * it, by its phrase or by its meaning (most of its units, same polarity), and the sentence does
 * not refute it ("光把按钮置灰是不够的", "disabling the button isn't enough", "a common mistake is
 * to think…"). Naming a mistake to reject it is a sign of knowing the topic, not an error.
 */
import type { Misconception } from '../../kb/types';
import { containsPhrase } from '../../text/tokenize';
import type { ReadSentence } from './reading';
import { negatedSpans, unitsOf } from './units';

/** A misconception the answer asserts, with the sentence that asserts it. */
export interface AssertedMistake {
  claim: string;
  correction: string;
  sentence: string;
}

const REFUTATION = /not enough|isn'?t enough|aren'?t enough|is not sufficient|insufficient|doesn'?t (?:work|help|solve|guarantee)|won'?t (?:work|help|solve)|myth|misconception|mistake|wrong|naive|people (?:often |sometimes )?(?:think|assume|believe)|a common (?:error|trap)|it'?s tempting|is a trap|不够|不足以|误区|误解|错误的|不对|是错的|有人(?:认为|觉得|以为)|很多人(?:认为|觉得|以为)|并不能|不能保证|保证不了|解决不了|没用|不行|靠不住|不靠谱|是不行的|治标不治本/i;

function refutes(sentence: string, at: number): boolean {
  if (REFUTATION.test(sentence)) return true;
  return negatedSpans(sentence.toLowerCase()).some(([a, b]) => at >= a && at < b);
}

function assertsByMeaning(pattern: string, s: ReadSentence): boolean {
  // Every lexicon unit of the pattern (with its polarity), in the pattern's order, close together:
  // order carries the claim ("先删缓存再更新数据库" is the mistake, "先更新数据库再删除缓存" the fix;
  // "the model executes the function" is not "the host runs the function so the model can continue").
  const want = unitsOf(pattern).map((u) => u.key).filter((k) => !k.includes('t:'));
  if (new Set(want).size < 3 || REFUTATION.test(s.text)) return false;
  let at = 0;
  let first = -1;
  for (const key of want) {
    const u = s.units.find((x) => x.key === key && x.start >= at);
    if (!u) return false;
    if (first < 0) first = u.start;
    at = u.end;
  }
  return at - first <= pattern.length * 2;
}

/** The misconceptions the answer asserts (each at most once). */
export function findAssertedMistakes(sentences: readonly ReadSentence[], misconceptions: readonly Misconception[]): AssertedMistake[] {
  const out: AssertedMistake[] = [];
  for (const m of misconceptions) {
    let found: AssertedMistake | undefined;
    for (const s of sentences) {
      for (const p of m.patterns) {
        const lower = s.text.toLowerCase();
        if (containsPhrase(s.text, p)) {
          if (!refutes(s.text, lower.indexOf(p.toLowerCase()))) found = { claim: p, correction: m.correction, sentence: s.text };
          break;
        }
        // By meaning: every lexicon unit of the pattern (with its polarity), in the pattern's
        // order, within a span not much longer than the pattern: "the model executes the
        // function" is not "the host runs the function so the model can continue".
        if (assertsByMeaning(p, s)) {
          found = { claim: p, correction: m.correction, sentence: s.text };
          break;
        }
      }
      if (found) break;
    }
    if (found) out.push(found);
  }
  return out;
}
