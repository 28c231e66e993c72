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

/** The best place to end a chunk in text[start, limit): after a sentence end in the last third, else a space, else the limit. */
function cutPoint(text: string, start: number, limit: number): number {
  const floor = start + Math.floor((limit - start) * 2 / 3);
  for (let i = limit - 1; i >= floor; i--) {
    const c = text[i];
    // A period counts only before a space or a line end ("3.5" and "e.g." stay whole).
    if (SENTENCE_END.has(c) && (c !== '.' || i + 1 >= text.length || /\s/.test(text[i + 1]))) return i + 1;
  }
  for (let i = limit - 1; i >= floor; i--) if (/\s/.test(text[i])) return i + 1;
  return limit;
}

/** Where a chunk that should begin `overlap` before `end` starts: at a sentence start when there is one in the overlap. */
function overlapStart(text: string, prevStart: number, end: number, overlap: number): number {
  if (overlap <= 0) return end;
  const from = Math.max(prevStart + 1, end - overlap);
  for (let i = from; i < end; i++) {
    if (!SENTENCE_END.has(text[i - 1])) continue;
    let at = i;
    while (at < end && /\s/.test(text[at])) at++;
    if (at < end) return at;
  }
  return from;
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
