import { eachLine, type Line } from '../lines';
import { quoteExcerpt } from '../model';

/** One SRT subtitle: its times in seconds and its text lines (blank lines inside kept). */
export interface SrtCue {
  start: number;
  end: number;
  lines: Line[];
  /** 1-based number of the timing line. */
  timingLine: number;
}

/** What one SRT file gave: its subtitles in file order, and one warning per block that was skipped. */
export interface SrtRead {
  cues: SrtCue[];
  warnings: string[];
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || c === 9 || c === 0x3000;
/** Between the fields of a time: `:` and `,` `.`, half- or full-width (`：`, `，`, `．`, `。`), as the Python `srt` library takes. */
const isColon = (c: number) => c === 58 || c === 0xff1a;
const isDecimal = (c: number) => c === 44 || c === 46 || c === 0xff0c || c === 0xff0e || c === 0x3002;
/** Dashes an arrow is made of: `-`, en and em dashes, the full-width hyphen-minus. */
const isDash = (c: number) => c === 45 || c === 0x2013 || c === 0x2014 || c === 0xff0d;
const isArrowHead = (c: number) => c === 62 || c === 0xff1e;

/** More digits than this in one field are not a time (and would lose precision). */
const MAX_DIGITS = 9;

/** A time as written: its fields, the separators between them, and where it ends. */
interface ScannedTime { fields: string[]; seps: number[]; next: number }

/** Up to four runs of digits joined by single separators, from `at` (a trailing separator allowed). */
function scanTime(s: string, at: number): ScannedTime | undefined {
  const fields: string[] = [];
  const seps: number[] = [];
  let i = at;
  for (;;) {
    const from = i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    fields.push(s.slice(from, i));
    if (fields.length === 4) break;
    const c = s.charCodeAt(i);
    if (!(isColon(c) || isDecimal(c))) break;
    seps.push(c);
    i++;
  }
  // Every field but a last one after a separator ("00:00:01," = no milliseconds) has digits.
  if (fields.slice(0, -1).some((f) => f === '') || fields[0] === '') return undefined;
  if (fields.length < 2 || (fields.length === 2 && fields[1] === '')) return undefined;
  return { fields, seps, next: i };
}

/**
 * Seconds of a scanned time, or undefined when a field is out of range. `H:M:S,ms` (any
 * separators), `H:M:S`, `M:S,ms` (the last separator a comma or dot) and `M:S`; fields need not
 * be padded (`0:0:1,5`). Milliseconds are a count, as the `srt` library and ffmpeg read them
 * (`1,5` is 1.005 s), and over 999 they carry into the seconds; minutes and seconds must be
 * below 60.
 */
function secondsOf(t: ScannedTime): number | undefined {
  const f = t.fields;
  let h = '0';
  let m: string;
  let sec: string;
  let ms = '';
  if (f.length === 4) [h, m, sec, ms] = f;
  else if (f.length === 3 && isColon(t.seps[0]) && isDecimal(t.seps[1])) [m, sec, ms] = f;
  else if (f.length === 3) [h, m, sec] = f;
  else {
    if (!isColon(t.seps[0])) return undefined;
    [m, sec] = f;
  }
  if ([h, m, sec, ms].some((x) => x.length > MAX_DIGITS)) return undefined;
  if (sec === '' || Number(m) > 59 || Number(sec) > 59) return undefined;
  return Number(h) * 3600 + Number(m) * 60 + Number(sec) + Number(ms || '0') / 1000;
}

/** An arrow from `at`: a dash, then dashes or spaces, then one or more `>` (`-->`, `- >`, `->`, `-->>`, `—>`). */
function scanArrow(s: string, at: number): number | undefined {
  let i = at;
  if (!isDash(s.charCodeAt(i))) return undefined;
  while (i < s.length && (isDash(s.charCodeAt(i)) || isSpace(s.charCodeAt(i)))) i++;
  if (!isArrowHead(s.charCodeAt(i))) return undefined;
  while (i < s.length && isArrowHead(s.charCodeAt(i))) i++;
  return i;
}

/**
 * An SRT timing line: a time, an arrow, a time, then anything (position data some editors
 * add). `shaped` when the line has that form; `start`/`end` only when both times are readable;
 * `millis` when a time has a milliseconds separator (what sets a subtitle time apart from a
 * "10:00 -> 10:30" in a note). A scan, not a pattern: it runs on every line of the file.
 */
export function readSrtTiming(line: string): { shaped: boolean; start?: number; end?: number; millis?: boolean } {
  let i = 0;
  while (i < line.length && isSpace(line.charCodeAt(i))) i++;
  const a = scanTime(line, i);
  if (!a) return { shaped: false };
  i = a.next;
  while (i < line.length && isSpace(line.charCodeAt(i))) i++;
  const arrow = scanArrow(line, i);
  if (arrow === undefined) return { shaped: false };
  i = arrow;
  while (i < line.length && isSpace(line.charCodeAt(i))) i++;
  const b = scanTime(line, i);
  if (!b) return { shaped: false };
  const start = secondsOf(a);
  const end = secondsOf(b);
  const millis = a.seps.some(isDecimal) || b.seps.some(isDecimal);
  return start === undefined || end === undefined ? { shaped: true, millis } : { shaped: true, start, end, millis };
}

/** A subtitle number: digits, maybe negative or with a dot (`-1`, `12.5`, `007`), blank space after. */
export function isIndexLine(text: string): boolean {
  const t = text.trim();
  let i = t.charCodeAt(0) === 45 ? 1 : 0;
  const from = i;
  while (i < t.length && isDigit(t.charCodeAt(i))) i++;
  if (i === from) return false;
  if (t.charCodeAt(i) === 46) {
    i++;
    while (i < t.length && isDigit(t.charCodeAt(i))) i++;
  }
  return i === t.length;
}

/** Meant as a timing line but not readable: it opens with a time and has an arrow head after it. */
function looksLikeTiming(text: string): boolean {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const t = scanTime(text, i);
  return t !== undefined && text.includes('>', t.next);
}

/**
 * Reads SRT as leniently as the Python `srt` library: a subtitle starts at a timing line (its
 * number on the line before, when there is one); its text runs to the next subtitle, so a blank
 * line inside the text is part of it. A number line followed by text, not a time, opens a
 * broken block, and a timing line with unreadable times breaks its subtitle: each is skipped
 * with a warning naming its line, and reading goes on at the next timing line. Text before the
 * first subtitle is skipped the same way. One pass over the lines; the last line is held back
 * in case it is the next subtitle's number.
 */
export function readSrtCues(text: string): SrtRead {
  const cues: SrtCue[] = [];
  const warnings: string[] = [];
  let current: SrtCue | null = null;
  /** Skipping a broken block (or text before the first subtitle) until the next timing line. */
  let skipping = true;
  let strayWarned = false;
  let previous: Line | undefined;
  let blankBefore = true;
  /** A number line after a blank line: the next line tells if it opens a subtitle, a broken block, or is text. */
  let pendingIndex: Line | undefined;

  const finish = () => {
    if (current) {
      const lines = current.lines;
      while (lines.length > 0 && lines[lines.length - 1].text.trim() === '') lines.pop();
      cues.push(current);
    }
    current = null;
  };
  const addText = (line: Line) => {
    if (current && !skipping) current.lines.push(line);
    else if (!strayWarned && cues.length === 0 && !current && line.text.trim() !== '') {
      strayWarned = true;
      warnings.push(`line ${line.number}: expected a cue time line such as "00:01:02,000 --> 00:01:05,000"; found ${quoteExcerpt(line.text)} before the first one, and skipped it`);
    }
  };

  eachLine(text, (raw) => {
    const line = raw.number === 1 && raw.text.charCodeAt(0) === 0xfeff ? { ...raw, text: raw.text.slice(1), offset: raw.offset + 1 } : raw;
    const timing = readSrtTiming(line.text);
    if (timing.shaped || looksLikeTiming(line.text)) {
      // The number line just before a time belongs to the new subtitle, not to the last one's text.
      if (pendingIndex) pendingIndex = undefined;
      else if (current && previous && isIndexLine(previous.text) && current.lines[current.lines.length - 1] === previous) current.lines.pop();
      finish();
      if (timing.start !== undefined && timing.end !== undefined) {
        current = { start: timing.start, end: timing.end, lines: [], timingLine: line.number };
        skipping = false;
      } else {
        warnings.push(`line ${line.number}: cannot read the time range ${quoteExcerpt(line.text.trim())}; the subtitle was skipped: write it as HH:MM:SS,mmm --> HH:MM:SS,mmm`);
        skipping = true;
      }
    } else if (pendingIndex) {
      // A number, then text instead of a time: a block that lost its time line.
      if (line.text.trim() !== '') {
        warnings.push(`line ${pendingIndex.number}: expected a time line such as "00:01:02,000 --> 00:01:05,000" after the subtitle number; found ${quoteExcerpt(line.text)}. The block was skipped: fix or remove it`);
        finish();
        skipping = true;
        strayWarned = true;
      } else {
        addText(pendingIndex);
        addText(line);
      }
      pendingIndex = undefined;
    } else if ((blankBefore || !current) && isIndexLine(line.text)) {
      pendingIndex = line;
    } else {
      addText(line);
    }
    blankBefore = line.text.trim() === '';
    previous = line;
  });
  if (pendingIndex) addText(pendingIndex);
  finish();
  return { cues, warnings };
}
