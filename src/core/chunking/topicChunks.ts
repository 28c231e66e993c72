/**
 * Topic chunks without a model: a long note or transcript split where its author changed subject —
 * at Markdown headings, at a speaker's long pause marked by a blank line, and otherwise at
 * paragraphs — then packed into chunks of at most `maxChars` (a section longer than that is cut
 * like a fixed chunk). With a model, the runtime asks it for the boundaries instead.
 */
import { fixedChunks, type Chunk } from './fixedChunks';

/** A section: a heading (when there is one) and its text. */
interface Section { start: number; end: number; heading: boolean }

function sectionsOf(text: string): Section[] {
  const sections: Section[] = [];
  let start = 0;
  let lineStart = 0;
  let blank = false;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text[i] !== '\n') continue;
    const line = text.slice(lineStart, i);
    const isHeading = /^#{1,6}\s/.test(line) || /^[一二三四五六七八九十]+、/.test(line);
    const isBlank = line.trim() === '';
    // A heading starts a section; so does the first line after a blank one.
    if ((isHeading || (blank && !isBlank)) && lineStart > start) {
      sections.push({ start, end: lineStart, heading: false });
      start = lineStart;
    }
    blank = isBlank;
    lineStart = i + 1;
  }
  if (start < text.length) sections.push({ start, end: text.length, heading: false });
  return sections;
}

/** Splits at headings and paragraphs, packing neighbouring sections up to `maxChars`. */
export function topicChunks(text: string, maxChars: number): Chunk[] {
  const max = Math.max(1, Math.floor(maxChars));
  const chunks: Chunk[] = [];
  const push = (start: number, end: number) => {
    const raw = text.slice(start, end);
    if (raw.trim() === '') return;
    chunks.push({ index: chunks.length, text: raw, start, end });
  };
  let from = -1;
  let to = -1;
  for (const s of sectionsOf(text)) {
    if (s.end - s.start > max) {
      if (from >= 0) push(from, to);
      from = -1;
      for (const c of fixedChunks(text.slice(s.start, s.end), { maxChars: max })) push(s.start + c.start, s.start + c.end);
      continue;
    }
    const startsTopic = /^#{1,6}\s/.test(text.slice(s.start, s.start + 8));
    if (from >= 0 && (s.end - from > max || startsTopic)) {
      push(from, to);
      from = -1;
    }
    if (from < 0) from = s.start;
    to = s.end;
  }
  if (from >= 0) push(from, to);
  return chunks.map((c, index) => ({ ...c, index }));
}
