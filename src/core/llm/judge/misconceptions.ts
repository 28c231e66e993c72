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

// Claims about order or preference, where swapping the parts states the fix instead of the mistake.
const ORDERED = /先|再|然后|之前|之后|而不是|比|before|after|then|first|instead|rather|than|over/i;

function assertsByMeaning(pattern: string, s: ReadSentence): boolean {
  // Every lexicon unit of the pattern, with its polarity, close together. Order counts where the
  // claim is about order ("先删缓存再更新数据库" is the mistake, "先更新数据库再删除缓存" the fix);
  // elsewhere Chinese and English move the parts around ("Kafka 本身就保证消息不会丢" says
  // "kafka 不会丢消息").
  const units = unitsOf(pattern).filter((u) => !u.key.includes('t:'));
  const want = units.map((u) => u.key);
  // Three parts of the claim, not three names for one word ("retry" is a concept and a meaning).
  if (new Set(units.map((u) => u.start)).size < 3 || REFUTATION.test(s.text)) return false;
  if (ORDERED.test(pattern)) {
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
  // Unordered, polarity is read per claim, not per word: negation scope marks whatever follows
  // it ("不会丢消息" negates 消息 too), so the pattern and the sentence must both be negated or
  // both not, and the parts are compared without their marks.
  const bare = (k: string) => k.replace(/^!/, '');
  const negated = want.some((k) => k.startsWith('!'));
  const found = [...new Set(want.map(bare))].map((key) => s.units.find((x) => bare(x.key) === key));
  if (found.some((u) => !u)) return false;
  const start = Math.min(...found.map((u) => u!.start));
  const end = Math.max(...found.map((u) => u!.end));
  const spanNegated = s.units.some((u) => u.start >= start && u.end <= end && u.key.startsWith('!'));
  if (spanNegated !== negated) return false;
  return end - start <= pattern.length * 1.5;
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
