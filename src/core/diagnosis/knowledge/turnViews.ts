import { conceptMatcher } from './concepts';

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATION = /(?:^|\s)(?:e\.g|i\.e|etc|vs|approx|mr|ms|dr|no)\.$/i;

/**
 * Whether text[start, end) ends with an abbreviation and its full stop. Only the last few
 * characters are looked at: testing the whole sentence so far at every full stop made a long
 * run of "e.g. e.g. …" quadratic. The longest abbreviation and the blank before it fit in 8.
 */
function endsWithAbbreviation(text: string, start: number, end: number): boolean {
  const from = Math.max(start, end - 9);
  const tail = text.slice(from, end);
  // Past the sentence start, `^` must not match at the cut: a control character stands before it.
  return ABBREVIATION.test(from === start ? tail : `\u0001${tail}`);
}

/**
 * Sentences of an interviewer turn. Chinese stops and question or exclamation marks always end
 * one; a full stop only before a space or the end, and not after "e.g." or "vs." ("GPT-3.5" and
 * "o1." inside a sentence stay whole). Nothing of the text is dropped.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const next = text[i + 1];
    const ends = /[?!。？！；;]/.test(ch)
      ? !next || !/[?!。？！；;]/.test(next)
      : ch === '.' && (!next || /\s/.test(next)) && !endsWithAbbreviation(text, start, i + 1);
    if (!ends) continue;
    const s = text.slice(start, i + 1).trim();
    if (s) out.push(s);
    start = i + 1;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Discourse words an English question may start with before its question word. */
const LEAD_IN = /^(?:(?:so|and|ok|okay|right|then|now|but|well|alright|great|good|cool|also|and then)[,\s]+)+/i;
/** How English questions and requests start. */
const ASKING_START = /^(?:how|what|what's|why|when|where|which|who|would|could|can|do|does|did|is|are|should|have you|tell me|walk me|talk me|explain|describe|give me|compare|design|say|imagine|suppose)\b/i;
/** Chinese question words and particles. */
const ZH_ASKING = /怎么|如何|为什么|为啥|什么|哪些|哪个|哪里|多少|是否|能不能|会不会|有没有|是不是|吗|呢|咋/;

/** Whether a sentence asks something (a question mark, a question word, or a request to explain). */
export function isAsking(sentence: string): boolean {
  const s = sentence.trim();
  if (/[?？]$/.test(s)) return true;
  if (/[\u3400-\u9fff]/.test(s)) return ZH_ASKING.test(s) || /^(?:说说|讲讲|谈谈|聊聊|介绍一下|解释一下|设计)/.test(s);
  return ASKING_START.test(s.replace(LEAD_IN, ''));
}

/**
 * The asking part of a longer turn: the last run of asking sentences, without the preamble
 * before it or the small talk after it. Undefined when the turn is one sentence (it is its own
 * focus) or asks nothing.
 */
export function focusOf(turn: string): string | undefined {
  const s = sentences(turn);
  if (s.length < 2) return undefined;
  let end = s.length - 1;
  while (end >= 0 && !isAsking(s[end])) end--;
  if (end < 0) return undefined;
  let start = end;
  while (start > 0 && isAsking(s[start - 1])) start--;
  const focus = s.slice(start, end + 1).join(' ');
  return focus === turn.trim() ? undefined : focus;
}

/**
 * The turn without its small talk: sentences that neither ask nor name a concept of the lexicon
 * ("Okay, thanks for that.", "Let me switch gears a bit.") add words that match entries by chance.
 */
export function withoutSmallTalk(turn: string): string {
  const s = sentences(turn);
  const kept = s.filter((x) => isAsking(x) || conceptMatcher().match(x).size > 0);
  return kept.length ? kept.join(' ') : turn;
}

/** Words that point back to something said before. */
const EN_ANAPHORA = /\b(?:that|this|it|its|those|these|there|them|they|such|the same|above|earlier|you mentioned)\b/i;
const ZH_ANAPHORA = /那|这个|这些|这样|这种|这块|这一步|这里|它|其中|上面|刚才|前面|之前|你说的/;
/** Fewer search tokens than this and a question is too thin to stand alone. */
const SHORT_TOKENS = 6;

/** Whether a question has too few search tokens to stand alone. */
export function isShort(tokens: number): boolean {
  return tokens < SHORT_TOKENS;
}

/** Whether a question leans on the earlier conversation: it is short, or it refers back. */
export function refersBack(question: string, tokens: number): boolean {
  return isShort(tokens) || EN_ANAPHORA.test(question) || ZH_ANAPHORA.test(question) || /^(?:and|so|but|then)\b/i.test(question.trim());
}
