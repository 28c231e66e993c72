import { parseClock, toLines, type Line } from '../lines';
import { TranscriptError, type Segment } from '../model';

/** Otter.ai: `Name  0:22` (two or more spaces), text on the next lines, an otter.ai footer. */
// The name starts with a non-blank character and does not end in a space: with `\S.{0,60}?` it
// could also end in the spaces before the time, which every extension of the name re-scanned.
// (A shorter name always matched first, so the names found are the same.)
export const OTTER_HEADER = /^(\S(?:.{0,59}?[^ \n\r\u2028\u2029])?) {2,}(\d{1,2}:\d{2}(?::\d{2})?)\s*$/;
/** Feishu Minutes: `说话人1 00:00:05.120 ` (a name or 说话人N, a time, often a trailing space). */
export const FEISHU_HEADER = /^(\S(?:.{0,39}?\S)?)\s+(\d{1,2}:\d{2}:\d{2}(?:\.\d{1,3})?|\d{1,2}:\d{2}(?:\.\d{1,3})?)\s*$/;
const OTTER_FOOTER = /^\s*Transcribed by https?:\/\/otter\.ai/i;
const FEISHU_META = /^(?:\d{4}年\d{1,2}月\d{1,2}日.*\||关键词[:：]|智能纪要|文字记录|会议纪要)/;

/**
 * Blocks of `speaker time` followed by text lines. Only start times exist: each block ends where
 * the next starts (the last one gets an estimate from its length), and the transcript says so.
 */
function parseBlocks(text: string, header: RegExp, skip: (line: Line, i: number, lines: Line[]) => boolean, name: string): Segment[] {
  const lines = toLines(text);
  const blocks: Array<{ speaker: string; start: number; lines: Line[]; headerLine: Line }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (skip(line, i, lines)) continue;
    const m = header.exec(line.text);
    const start = m ? parseClock(m[2]) : undefined;
    if (m && start !== undefined) {
      blocks.push({ speaker: m[1].trim(), start, lines: [], headerLine: line });
    } else if (blocks.length && line.text.trim() !== '') {
      blocks[blocks.length - 1].lines.push(line);
    }
  }
  const segments: Segment[] = [];
  for (const [k, b] of blocks.entries()) {
    const body = b.lines.map((l) => l.text.trim()).join('\n').trim();
    if (body === '') continue;
    const next = blocks[k + 1]?.start;
    const estimated = b.start + Math.max(1, body.length / 4);
    const first = b.lines[0];
    const last = b.lines[b.lines.length - 1];
    segments.push({
      speaker: b.speaker, text: body, start: b.start,
      end: next !== undefined && next > b.start ? Math.min(next, estimated * 3) : estimated,
      startOffset: first.offset, endOffset: last.offset + last.text.length,
      // Which line a question starts on matters only when the block spans several.
      ...(b.lines.length > 1 ? { lines: b.lines.map((l) => ({ text: l.text.trim(), offset: l.offset })) } : {}),
    });
    if (next !== undefined && next < b.start) {
      throw new TranscriptError(`the ${name} block time ${b.headerLine.text.trim()} is later than the next block's: times must increase`, b.headerLine.number);
    }
  }
  if (segments.length === 0) throw new TranscriptError(`no "${name === 'Otter' ? 'Name  0:22' : '说话人1 00:00:05'}" block with text found`);
  return segments;
}

export function parseOtter(text: string): Segment[] {
  let ended = false;
  return parseBlocks(text, OTTER_HEADER, (line) => (ended ||= OTTER_FOOTER.test(line.text)), 'Otter');
}

export function parseFeishu(text: string): Segment[] {
  let inKeywords = false;
  return parseBlocks(text, FEISHU_HEADER, (line) => {
    if (/^关键词[:：]/.test(line.text)) inKeywords = true;
    else if (inKeywords && line.text.trim() === '') inKeywords = false;
    return inKeywords || FEISHU_META.test(line.text);
  }, 'Feishu');
}

/** Counts header lines of each kind, for auto-detection. */
export function blockHeaderCounts(text: string): { otter: number; feishu: number; otterFooter: boolean; feishuMeta: boolean } {
  let otter = 0;
  let feishu = 0;
  let feishuMeta = false;
  for (const [i, line] of toLines(text).entries()) {
    // Feishu's header sits at the top; block headers end in a digit. Testing those first keeps big files fast.
    if (i < 50 && !feishuMeta && (FEISHU_META.test(line.text) || /^说话人\s*\d+\s/.test(line.text))) feishuMeta = true;
    let e = line.text.length - 1;
    while (e >= 0 && (line.text.charCodeAt(e) === 32 || line.text.charCodeAt(e) === 9)) e--;
    const last = e >= 0 ? line.text.charCodeAt(e) : 0;
    if (last < 48 || last > 57) continue;
    if (OTTER_HEADER.test(line.text)) otter++;
    else if (FEISHU_HEADER.test(line.text) && /\d:\d{2}:\d{2}|\.\d/.test(line.text)) feishu++;
  }
  return { otter, feishu, otterFooter: OTTER_FOOTER.test(text.slice(-400)) || /Transcribed by https?:\/\/otter\.ai/i.test(text), feishuMeta };
}
