/**
 * Fixed-size chunks for a skill whose input is longer than a model should read at once: at most
 * `maxChars` each, cut at a sentence end when one is near (else at a space, else hard), and each
 * chunk after the first starts `overlapChars` back so a fact that straddles a cut is whole in one
 * of the two chunks. Offsets are kept so a result can point back into the input.
 */

/** A piece of the input with where it came from (UTF-16 offsets). */
export interface Chunk {
  index: number;
  text: string;
  start: number;
  end: number;
}

/** Chunking settings as skill.yaml writes them. */
export interface FixedChunking {
  maxChars: number;
  overlapChars?: number;
}

const SENTENCE_END = new Set(['。', '！', '？', '；', '.', '!', '?', ';', '\n']);

/** Words whose period does not end a sentence ("Dr. Smith", "3 p.m. on", "e.g. this"), lower-cased, without the final period. */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'a.m', 'p.m', 'no', 'fig', 'approx', 'inc', 'ltd', 'co', 'corp']);

/**
 * Whether a sentence ends right after text[i]. A period counts only before a space or the end
 * ("3.11" stays whole), and not after an abbreviation or a single initial ("J. Smith").
 */
function endsSentence(text: string, i: number): boolean {
  const c = text[i];
  if (!SENTENCE_END.has(c)) return false;
  if (c !== '.') return true;
  if (i + 1 < text.length && !/\s/.test(text[i + 1])) return false;
  let w = i;
  while (w > 0 && /[A-Za-z.]/.test(text[w - 1])) w--;
  const word = text.slice(w, i).toLowerCase();
  return !(ABBREVIATIONS.has(word) || /^[a-z]$/.test(word));
}

/** The best place to end a chunk in text[start, limit): after a sentence end in the last third, else a space, else the limit. */
function cutPoint(text: string, start: number, limit: number): number {
  const floor = start + Math.floor((limit - start) * 2 / 3);
  for (let i = limit - 1; i >= floor; i--) if (endsSentence(text, i)) return i + 1;
  for (let i = limit - 1; i >= floor; i--) if (/\s/.test(text[i])) return i + 1;
  return limit;
}

/**
 * Where a chunk that should begin `overlap` before `end` starts: at the first sentence start in
 * the overlap, else at the first word start in it (never inside a word or a number), else `end`.
 */
function overlapStart(text: string, prevStart: number, end: number, overlap: number): number {
  if (overlap <= 0) return end;
  const from = Math.max(prevStart + 1, end - overlap);
  const skipSpace = (at: number): number => {
    while (at < end && /\s/.test(text[at])) at++;
    return at;
  };
  for (let i = from; i < end; i++) {
    if (!endsSentence(text, i - 1)) continue;
    const at = skipSpace(i);
    if (at < end) return at;
  }
  // No sentence starts in the overlap: a word start, unless the text has no spaces (Chinese without punctuation).
  if (from > 0 && !/\s/.test(text[from - 1])) {
    for (let i = from; i < end; i++) {
      if (!/\s/.test(text[i])) continue;
      const at = skipSpace(i);
      return at < end ? at : end;
    }
    return /\s/.test(text.slice(prevStart, end)) ? end : from;
  }
  const at = skipSpace(from);
  return at < end ? at : end;
}

/** Splits `text` into fixed chunks; a text within `maxChars` is one chunk. */
export function fixedChunks(text: string, options: FixedChunking): Chunk[] {
  const max = Math.max(1, Math.floor(options.maxChars));
  const overlap = Math.max(0, Math.min(Math.floor(options.overlapChars ?? 0), Math.floor(max / 2)));
  const chunks: Chunk[] = [];
  let start = 0;
  while (start < text.length) {
    const limit = Math.min(text.length, start + max);
    const end = limit === text.length ? limit : cutPoint(text, start, limit);
    chunks.push({ index: chunks.length, text: text.slice(start, end), start, end });
    if (end >= text.length) break;
    const next = overlapStart(text, start, end, overlap);
    // Always move forward, whatever the overlap asks.
    start = next > start ? next : end;
  }
  return chunks;
}
