/**
 * Fillers and hedges found in text, with character offsets. Always-fillers (um, 嗯, 呃) count
 * everywhere; context fillers (like, so, 那个, 就是, 然后) only where they do not carry meaning
 * ("那个问题" is a determiner, "I like Redis" a verb). The rules are listed next to each word.
 */

/** A filler or hedge occurrence: the word as found and where it starts in the text. */
export interface TextHit {
  word: string;
  offset: number;
  length: number;
}

const BOUNDARY = /[\s,，.。;；:：!！?？、…—\-"“”'‘’()（）]/;
const CJK = /[\u3400-\u9fff]/;
const ZH_ALWAYS = ['嗯', '呃', '额', '啊'];
const ZH_CONTEXT = ['那个', '这个', '就是', '然后', '对吧', '其实'];
const ZH_CLAUSE_START = /^[我你他她它们就这那然所因但如嗯呃额啊]/;

function isBoundary(ch: string | undefined): boolean {
  return ch === undefined || BOUNDARY.test(ch);
}

function startsWithFiller(rest: string): boolean {
  return ZH_ALWAYS.some((f) => rest.startsWith(f)) || ZH_CONTEXT.some((f) => rest.startsWith(f));
}

function zhFillers(text: string): TextHit[] {
  const hits: TextHit[] = [];
  let i = 0;
  let lastEnd = -1;
  while (i < text.length) {
    const ch = text[i];
    if (!CJK.test(ch)) {
      i++;
      continue;
    }
    const prev = text[i - 1];
    const prevOk = isBoundary(prev) || lastEnd === i; // start of a clause, or right after another filler
    const word = ZH_CONTEXT.find((w) => text.startsWith(w, i));
    if (word) {
      const rest = text.slice(i + word.length);
      const next = rest[0];
      let filler = false;
      switch (word) {
        case '那个':
        case '这个':
          // A determiner is followed by a noun or a classifier; a filler by a pause or a new clause.
          filler = isBoundary(next) || startsWithFiller(rest) || ZH_CLAUSE_START.test(rest);
          break;
        case '就是':
          filler = prevOk && (isBoundary(next) || startsWithFiller(rest) || /^[我你他她它们这那说]/.test(rest));
          break;
        case '然后':
          filler = isBoundary(next) || startsWithFiller(rest);
          break;
        case '对吧':
          filler = isBoundary(next);
          break;
        case '其实':
          filler = isBoundary(next) || startsWithFiller(rest);
          break;
      }
      if (filler) {
        hits.push({ word, offset: i, length: word.length });
        lastEnd = i + word.length;
      }
      i += word.length;
      continue;
    }
    if (ZH_ALWAYS.includes(ch)) {
      let end = i + 1;
      while (text[end] === ch) end++; // "嗯嗯" is one filler
      let filler = true;
      if (ch === '啊') filler = prevOk; // "对啊", "好啊": a sentence particle, not a filler
      if (ch === '额') filler = prevOk && !/^[度外定]/.test(text.slice(end)); // 额度, 金额
      if (filler) {
        hits.push({ word: ch, offset: i, length: end - i });
        lastEnd = end;
      }
      i = end;
      continue;
    }
    i++;
  }
  return hits;
}

interface Token { word: string; lower: string; offset: number; before: string; after: string }

function enTokens(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /[A-Za-z']+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    tokens.push({ word: m[0], lower: m[0].toLowerCase(), offset: m.index, before: '', after: '' });
  }
  for (const [k, t] of tokens.entries()) {
    const prevEnd = k > 0 ? tokens[k - 1].offset + tokens[k - 1].word.length : 0;
    t.before = text.slice(prevEnd, t.offset);
    const nextStart = k + 1 < tokens.length ? tokens[k + 1].offset : text.length;
    t.after = text.slice(t.offset + t.word.length, nextStart);
  }
  return tokens;
}

const EN_ALWAYS = /^(?:u+m+|u+h+|u+h+m+|e+r+|e+r+m+|a+h+|h+m+|m{2,}|mhm)$/;
const PUNCT = /[,.;:!?—–-]/;
const NOT_KIND_OF = new Set(['what', 'which', 'this', 'that', 'the', 'a', 'any', 'some', 'one', 'same', 'different', 'every', 'all', 'these', 'those', 'each', 'another', 'other', 'no', 'right', 'new']);

function enFillers(text: string): TextHit[] {
  const tokens = enTokens(text);
  const hits: TextHit[] = [];
  const fillerAt = new Set<number>();
  const clauseStart = (k: number) => k === 0 || PUNCT.test(tokens[k].before) || fillerAt.has(k - 1);
  const pauseAfter = (k: number) => k === tokens.length - 1 || PUNCT.test(tokens[k].after);
  const add = (k: number, n: number) => {
    const first = tokens[k];
    const last = tokens[k + n - 1];
    hits.push({ word: tokens.slice(k, k + n).map((t) => t.lower).join(' '), offset: first.offset, length: last.offset + last.word.length - first.offset });
    for (let j = k; j < k + n; j++) fillerAt.add(j);
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const next = tokens[k + 1]?.lower;
    const prev = tokens[k - 1]?.lower;
    if (EN_ALWAYS.test(t.lower)) { add(k, 1); continue; }
    switch (t.lower) {
      case 'like':
        // "it was, like, slow" / "um like"; not "I like Redis", "looks like a cache".
        if (pauseAfter(k) && clauseStart(k)) add(k, 1);
        else if (fillerAt.has(k - 1)) add(k, 1);
        break;
      case 'you':
        if (next === 'know' && prev !== 'do' && prev !== 'if' && (pauseAfter(k + 1) || PUNCT.test(t.before)) && !/^(?:what|how|that|whether|if|the)$/.test(tokens[k + 2]?.lower ?? '')) { add(k, 2); k++; }
        break;
      case 'i':
        if (next === 'mean' && clauseStart(k) && pauseAfter(k + 1)) { add(k, 2); k++; }
        break;
      case 'basically':
      case 'actually':
      case 'literally':
        if (clauseStart(k) && (pauseAfter(k) || k === 0) || pauseAfter(k) && PUNCT.test(t.before)) add(k, 1);
        break;
      case 'so':
        // "So, …" or "So um" at the start of a clause; not "so that", "so far", "it was so slow".
        if (clauseStart(k) && (pauseAfter(k) || (next !== undefined && EN_ALWAYS.test(next)))) add(k, 1);
        break;
      case 'well':
        if (clauseStart(k) && pauseAfter(k)) add(k, 1);
        break;
      case 'kind':
      case 'sort':
        if (next === 'of' && !NOT_KIND_OF.has(prev ?? '')) { add(k, 2); k++; }
        break;
    }
  }
  return hits;
}

/** Every filler in the text, Chinese and English, in order of position. */
export function findFillers(text: string): TextHit[] {
  return [...zhFillers(text), ...enFillers(text)].sort((a, b) => a.offset - b.offset);
}

const HEDGES = /我觉得|我感觉|可能|应该吧|大概|也许|好像|估计|不太确定|\bmaybe\b|\bI think\b|\bI guess\b|\bprobably\b|\bperhaps\b|\bI'?m not (?:sure|certain)\b|\bI believe\b/gi;

/** Hedges (我觉得, 可能, maybe, I think): a separate signal from fillers. */
export function findHedges(text: string): TextHit[] {
  const hits: TextHit[] = [];
  // Lower-case so "Maybe" and "maybe" count together, but keep the pronoun "I" readable.
  for (let m = HEDGES.exec(text); m; m = HEDGES.exec(text)) hits.push({ word: m[0].toLowerCase().replace(/^i\b/, 'I'), offset: m.index, length: m[0].length });
  HEDGES.lastIndex = 0;
  return hits;
}

/** Chinese characters and English words, counted separately (mixed speech is common). */
export function countUnits(text: string): { cjkChars: number; enWords: number } {
  return { cjkChars: text.match(/[\u3400-\u9fff]/g)?.length ?? 0, enWords: text.match(/[A-Za-z]+(?:'[A-Za-z]+)?/g)?.length ?? 0 };
}
