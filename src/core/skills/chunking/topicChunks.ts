/**
 * Topic chunks without a model: a long note or transcript split where its author changed subject —
 * at Markdown headings, at a speaker's long pause marked by a blank line, and otherwise at
 * paragraphs — then packed into chunks of at most `maxChars` (a section longer than that is cut
 * like a fixed chunk). With a model, modelTopicChunks.ts asks it which sections start a new topic
 * and packs the same sections at those boundaries instead.
 */
import { fixedChunks, type Chunk } from './fixedChunks';

/** A paragraph-sized piece of the input (UTF-16 offsets). */
export interface Section { start: number; end: number }

/** The input's paragraphs and headed sections, in order, covering it. */
export function topicSections(text: string): Section[] {
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
      sections.push({ start, end: lineStart });
      start = lineStart;
    }
    blank = isBlank;
    lineStart = i + 1;
  }
  if (start < text.length) sections.push({ start, end: text.length });
  return sections;
}

/**
 * Packs neighbouring sections into chunks of at most `maxChars`, starting a new chunk wherever
 * `startsTopic(i)` says section i begins a new topic; a section longer than `maxChars` is cut
 * like a fixed chunk.
 */
export function packSections(text: string, sections: readonly Section[], maxChars: number, startsTopic: (index: number) => boolean): Chunk[] {
  const max = Math.max(1, Math.floor(maxChars));
  const chunks: Chunk[] = [];
  const push = (start: number, end: number) => {
    const raw = text.slice(start, end);
    if (raw.trim() === '') return;
    chunks.push({ index: chunks.length, text: raw, start, end });
  };
  let from = -1;
  let to = -1;
  sections.forEach((s, i) => {
    if (s.end - s.start > max) {
      if (from >= 0) push(from, to);
      from = -1;
      for (const c of fixedChunks(text.slice(s.start, s.end), { maxChars: max })) push(s.start + c.start, s.start + c.end);
      return;
    }
    if (from >= 0 && (s.end - from > max || startsTopic(i))) {
      push(from, to);
      from = -1;
    }
    if (from < 0) from = s.start;
    to = s.end;
  });
  if (from >= 0) push(from, to);
  return chunks;
}

/** Splits at headings and paragraphs, packing neighbouring sections up to `maxChars`. */
export function topicChunks(text: string, maxChars: number): Chunk[] {
  const sections = topicSections(text);
  return packSections(text, sections, maxChars, (i) => /^#{1,6}\s/.test(text.slice(sections[i].start, sections[i].start + 8)));
}
