/**
 * Accuracy by claim: a known misconception counts against an answer only when a sentence asserts
 * it, by its phrase or by its meaning (most of its units, same polarity), and the sentence does
 * not refute it ("光把按钮置灰是不够的", "disabling the button isn't enough", "a common mistake is
 * to think…"). Naming a mistake to reject it is a sign of knowing the topic, not an error.
 */
import type { Misconception } from '../knowledge/types';
import type { ReadSentence } from './reading';
import { unitsOf } from './units';
import { containsLowerPhrase } from '../../text/tokenize';
import { factsOf, strengths, type SentenceFacts } from './sentenceFacts';

/** A misconception the answer asserts, with the sentence that asserts it. */
export interface AssertedMistake {
  claim: string;
  correction: string;
  sentence: string;
}

function refutes(f: SentenceFacts, at: number): boolean {
  if (f.refuted) return true;
  return f.negated.some(([a, b]) => at >= a && at < b);
}

// Claims about order or preference, where swapping the parts states the fix instead of the mistake.
const ORDERED = /先|再|然后|之前|之后|而不是|比|\b(?:before|after|then|first|instead|rather|than|over)\b/i;
const CJK = /[\u3400-\u9fff]/;

/** A pattern as the check reads it: its lexicon parts and what is known of it before any sentence. */
interface Pattern {
  /** Units at one position are one part (a word can be a concept and a meaning). */
  parts: Array<{ keys: Set<string>; bare: Set<string>; negated: boolean }>;
  cjk: boolean;
  ordered: boolean;
  need: Set<string>;
  length: number;
}

/** Patterns read, plain and strict (keyed by the pattern itself: its hash is kept with the string). */
const patternCache = [new Map<string, Pattern>(), new Map<string, Pattern>()];
function patternOf(pattern: string, strict = false): Pattern {
  const cache = patternCache[strict ? 1 : 0];
  const cached = cache.get(pattern);
  if (cached) return cached;
  const parts = computeParts(pattern, strict);
  const read: Pattern = { parts, cjk: CJK.test(pattern), ordered: ORDERED.test(pattern), need: strengths(pattern), length: pattern.length };
  if (cache.size > 10_000) cache.clear();
  cache.set(pattern, read);
  return read;
}

// Strict, the pattern's plain words count as parts too: a claim from outside the chosen reference
// must be said, not merely touched ("只给它三四个只读工具" is not "工具越多能力越强").
function computeParts(pattern: string, strict: boolean): Pattern['parts'] {
  const byStart = new Map<number, Set<string>>();
  for (const u of unitsOf(pattern)) {
    if (u.key.includes('t:') && !strict) continue;
    const keys = byStart.get(u.start) ?? new Set<string>();
    keys.add(u.key);
    byStart.set(u.start, keys);
  }
  return [...byStart.entries()].sort((x, y) => x[0] - y[0]).map(([, keys]) => ({ keys, bare: new Set([...keys].map(bare)), negated: [...keys].some((k) => k.startsWith('!')) }));
}

const bare = (k: string) => k.replace(/^!/, '');

function assertsByMeaning(pattern: string, s: ReadSentence, strict = false): boolean {
  // Every lexicon part of the pattern, close together in one sentence of the same language that
  // does not refute it, with the pattern's strength words.
  const { parts, cjk, ordered, need, length } = patternOf(pattern, strict);
  if (parts.length < 3) return false;
  const f = factsOf(s);
  if (f.refuted) return false;
  if (cjk !== (f.language === 'zh')) return false;
  if (need.size > 0) {
    const have = f.strengths;
    if (![...need].some((w) => have.has(w))) return false;
  }
  // Word order carries the claim in English ("the model executes the function" is not "the host
  // executes the function for the model") and wherever the claim is about order ("先删缓存再更新
  // 数据库" is the mistake, "先更新数据库再删除缓存" the fix). Chinese moves the topic to the front
  // ("消息不会丢" says "不会丢消息"), so Chinese claims about anything else match in any order, with
  // polarity read for the claim as a whole (negation scope marks whatever follows it).
  if (ordered || !cjk) {
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
    return end - first <= length * 2;
  }
  const negated = parts.some((p) => p.negated);
  const occurrences = parts.map((p) => s.units.filter((x) => p.bare.has(bare(x.key))));
  if (occurrences.some((list) => list.length === 0)) return false;
  // The tightest window: anchor on each occurrence of the first part, take each other part's nearest occurrence.
  let best: { start: number; end: number } | undefined;
  for (const anchor of occurrences[0]) {
    const chosen = occurrences.map((list) => list.reduce((a, b) => (Math.abs(b.start - anchor.start) < Math.abs(a.start - anchor.start) ? b : a)));
    const start = Math.min(...chosen.map((u) => u.start));
    const end = Math.max(...chosen.map((u) => u.end));
    if (!best || end - start < best.end - best.start) best = { start, end };
  }
  if (!best || best.end - best.start > length * 1.5) return false;
  const spanNegated = s.units.some((u) => u.start >= best!.start && u.end <= best!.end && u.key.startsWith('!'));
  return spanNegated === negated;
}

/** A phrase lower-cased (as containsPhrase compares it) and trimmed, once per phrase. */
const lowered = new Map<string, { trimmed: string; lower: string }>();
function lowerOf(phrase: string): { trimmed: string; lower: string } {
  let l = lowered.get(phrase);
  if (!l) {
    if (lowered.size > 10_000) lowered.clear();
    const lower = phrase.toLowerCase();
    lowered.set(phrase, (l = { lower, trimmed: lower.trim() }));
  }
  return l;
}

/** The misconceptions the answer asserts (each at most once). */
export function findAssertedMistakes(sentences: readonly ReadSentence[], misconceptions: readonly Misconception[], options: { strict?: boolean } = {}): AssertedMistake[] {
  const strict = options.strict ?? false;
  const out: AssertedMistake[] = [];
  for (const m of misconceptions) {
    let found: AssertedMistake | undefined;
    for (const s of sentences) {
      const f = factsOf(s);
      // A sentence that debunks the myth the way people do ("temperature 0 reduces variation but
      // does not guarantee determinism") is knowledge, not the mistake.
      if (m.refutations?.some((r) => containsLowerPhrase(f.lower, lowerOf(r).trimmed) || assertsByMeaning(r, s))) continue;
      for (const p of m.patterns) {
        const lp = lowerOf(p);
        if (containsLowerPhrase(f.lower, lp.trimmed)) {
          if (!refutes(f, f.lower.indexOf(lp.lower))) found = { claim: p, correction: m.correction, sentence: s.text };
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
