/**
 * Accuracy by claim: a known misconception counts against an answer only when a sentence asserts
 * it, by its phrase or by its meaning (most of its units, same polarity), and the sentence does
 * not refute it ("光把按钮置灰是不够的", "disabling the button isn't enough", "a common mistake is
 * to think…"). Naming a mistake to reject it is a sign of knowing the topic, not an error.
 */
import type { Misconception } from '../knowledge/types';
import { containsPhrase } from '../../text/tokenize';
import type { ReadSentence } from './reading';
import { negatedSpans, unitsOf } from './units';
import { detectLanguage as contentLanguage } from '../../text/language';

/** A misconception the answer asserts, with the sentence that asserts it. */
export interface AssertedMistake {
  claim: string;
  correction: string;
  sentence: string;
}

const REFUTATION = /而不是|rather than|instead of|not enough|isn'?t enough|aren'?t enough|is not sufficient|insufficient|doesn'?t (?:work|help|solve|guarantee)|won'?t (?:work|help|solve)|myth|misconception|a common mistake|is a mistake|mistake to|is wrong|are wrong|naive|people (?:often |sometimes )?(?:think|assume|believe)|a common (?:error|trap)|it'?s tempting|is a trap|不够|不足以|误区|误解|错误的|不对|是错的|有人(?:认为|觉得|以为)|很多人(?:认为|觉得|以为)|并不能|不能保证|保证不了|解决不了|没用|不行|靠不住|不靠谱|是不行的|治标不治本|但(?:是)?(?:要|必须|需要|得)|更合理/i;

// A qualification ("可以做预标注，但要抽样人工核对") or a better measure ("比单次调用成本更合理") limits the claim it names.
// A past approach told as replaced ("我们最早是失败就从头重新规划……后来改成局部重规划", "at first
// we retried everything, then we…") is a lesson learned, not a claim.
const SUPERSEDED = /(?:最早|一开始|起初|以前|原来|最初|早期).{0,60}(?:后来|改成|换成|改为|才)|\b(?:at first|initially|we used to|originally|early on)\b.{0,120}\b(?:then|later|switched|moved|changed|until|now)\b/i;

function refutes(sentence: string, at: number): boolean {
  if (REFUTATION.test(sentence) || SUPERSEDED.test(sentence)) return true;
  return negatedSpans(sentence.toLowerCase()).some(([a, b]) => at >= a && at < b);
}

// Claims about order or preference, where swapping the parts states the fix instead of the mistake.
const ORDERED = /先|再|然后|之前|之后|而不是|比|\b(?:before|after|then|first|instead|rather|than|over)\b/i;
const CJK = /[\u3400-\u9fff]/;

/** The lexicon parts of a pattern: units at one position are one part (a word can be a concept and a meaning). */
const partsCache = new Map<string, Array<{ keys: Set<string>; negated: boolean }>>();
function partsOf(pattern: string, strict = false): Array<{ keys: Set<string>; negated: boolean }> {
  const key = `${strict ? 1 : 0}${pattern}`;
  const cached = partsCache.get(key);
  if (cached) return cached;
  const parts = computeParts(pattern, strict);
  if (partsCache.size > 10_000) partsCache.clear();
  partsCache.set(key, parts);
  return parts;
}

// Strict, the pattern's plain words count as parts too: a claim from outside the chosen reference
// must be said, not merely touched ("只给它三四个只读工具" is not "工具越多能力越强").
function computeParts(pattern: string, strict: boolean): Array<{ keys: Set<string>; negated: boolean }> {
  const byStart = new Map<number, Set<string>>();
  for (const u of unitsOf(pattern)) {
    if (u.key.includes('t:') && !strict) continue;
    const keys = byStart.get(u.start) ?? new Set<string>();
    keys.add(u.key);
    byStart.set(u.start, keys);
  }
  return [...byStart.entries()].sort((x, y) => x[0] - y[0]).map(([, keys]) => ({ keys, negated: [...keys].some((k) => k.startsWith('!')) }));
}

const bare = (k: string) => k.replace(/^!/, '');

// What makes many a claim wrong is its strength ("一定", "就能保证", "always", "any"): a sentence
// without that strength says something else ("先写出推理步骤再给答案" is not "写出推理步骤答案就一定对").
const STRENGTH = /一定|肯定|总是|一直|都要|都会|都能|都可以|只要|就能|就行|就够|就可以|保证|无所谓|随便|永远|完全|彻底|直接|任何|所有|\b(?:always|never|guarantee[sd]?|any|all|every|just|only|enough|fully|completely|no matter|whatever|directly|replaces?|eliminates?)\b/gi;

function strengths(text: string): Set<string> {
  return new Set((text.match(STRENGTH) ?? []).map((x) => x.toLowerCase()));
}

function assertsByMeaning(pattern: string, s: ReadSentence, strict = false): boolean {
  // Every lexicon part of the pattern, close together in one sentence of the same language that
  // does not refute it, with the pattern's strength words.
  const parts = partsOf(pattern, strict);
  if (parts.length < 3 || REFUTATION.test(s.text) || SUPERSEDED.test(s.text)) return false;
  if (CJK.test(pattern) !== (contentLanguage(s.text) === 'zh')) return false;
  const need = strengths(pattern);
  if (need.size > 0) {
    const have = strengths(s.text);
    if (![...need].some((w) => have.has(w))) return false;
  }
  // Word order carries the claim in English ("the model executes the function" is not "the host
  // executes the function for the model") and wherever the claim is about order ("先删缓存再更新
  // 数据库" is the mistake, "先更新数据库再删除缓存" the fix). Chinese moves the topic to the front
  // ("消息不会丢" says "不会丢消息"), so Chinese claims about anything else match in any order, with
  // polarity read for the claim as a whole (negation scope marks whatever follows it).
  if (ORDERED.test(pattern) || !CJK.test(pattern)) {
    let at = 0;
    let first = -1;
    let end = 0;
    for (const part of parts) {
      const u = s.units.find((x) => part.keys.has(x.key) && x.start >= at);
      if (!u) return false;
      if (first < 0) first = u.start;
      at = u.start + 1;
      end = Math.max(end, u.end);
    }
    return end - first <= pattern.length * 2;
  }
  const negated = parts.some((p) => p.negated);
  const occurrences = parts.map((p) => s.units.filter((x) => [...p.keys].some((k) => bare(k) === bare(x.key))));
  if (occurrences.some((list) => list.length === 0)) return false;
  // The tightest window: anchor on each occurrence of the first part, take each other part's nearest occurrence.
  let best: { start: number; end: number } | undefined;
  for (const anchor of occurrences[0]) {
    const chosen = occurrences.map((list) => list.reduce((a, b) => (Math.abs(b.start - anchor.start) < Math.abs(a.start - anchor.start) ? b : a)));
    const start = Math.min(...chosen.map((u) => u.start));
    const end = Math.max(...chosen.map((u) => u.end));
    if (!best || end - start < best.end - best.start) best = { start, end };
  }
  if (!best || best.end - best.start > pattern.length * 1.5) return false;
  const spanNegated = s.units.some((u) => u.start >= best!.start && u.end <= best!.end && u.key.startsWith('!'));
  return spanNegated === negated;
}

/** The misconceptions the answer asserts (each at most once). */
export function findAssertedMistakes(sentences: readonly ReadSentence[], misconceptions: readonly Misconception[], options: { strict?: boolean } = {}): AssertedMistake[] {
  const strict = options.strict ?? false;
  const out: AssertedMistake[] = [];
  for (const m of misconceptions) {
    let found: AssertedMistake | undefined;
    for (const s of sentences) {
      // A sentence that debunks the myth the way people do ("temperature 0 reduces variation but
      // does not guarantee determinism") is knowledge, not the mistake.
      if (m.refutations?.some((r) => containsPhrase(s.text, r) || assertsByMeaning(r, s))) continue;
      for (const p of m.patterns) {
        const lower = s.text.toLowerCase();
        if (containsPhrase(s.text, p)) {
          if (!refutes(s.text, lower.indexOf(p.toLowerCase()))) found = { claim: p, correction: m.correction, sentence: s.text };
          break;
        }
        // By meaning: every lexicon unit of the pattern (with its polarity), in the pattern's
        // order, within a span not much longer than the pattern: "the model executes the
        // function" is not "the host runs the function so the model can continue".
        if (assertsByMeaning(p, s, strict)) {
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
