import { eachLine, type Line } from '../lines';
import { quoteExcerpt, TranscriptError } from '../model';

/** A WebVTT cue as the W3C parsing algorithm produces it, with where its lines sit in the file. */
export interface VttCue {
  id: string;
  /** Seconds. The end may be before the start: the algorithm keeps such a cue, so this reader does too. */
  start: number;
  end: number;
  /** The cue text lines, unprocessed (tags and character references still in). */
  lines: Line[];
  /** 1-based number of the timing line. */
  timingLine: number;
}

/** What one WebVTT file gave: its cues in file order, and one warning per block that was dropped. */
export interface VttRead {
  cues: VttCue[];
  warnings: string[];
}

// The spec's "ASCII whitespace" on a timing line: space, tab, form feed (a line has no LF or CR).
const isBlank = (c: number) => c === 32 || c === 9 || c === 12;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Longest run of digits read for one timestamp field: more is not a time (and would overflow). */
const MAX_DIGITS = 9;

/**
 * The spec's "collect a WebVTT timestamp" from `at`: `[h:]mm:ss.ttt` with minutes and seconds
 * of two digits and below 60, milliseconds of exactly three, hours of any number of digits. A
 * first field that is not two digits or is over 59 must be hours. Returns the seconds and the
 * position after the timestamp, or undefined when the text there is not one.
 */
function collectTimestamp(s: string, at: number): { seconds: number; next: number } | undefined {
  let i = at;
  const digits = (): string => {
    const from = i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    return s.slice(from, i);
  };
  if (i >= s.length || !isDigit(s.charCodeAt(i))) return undefined;
  let first = digits();
  if (first.length > MAX_DIGITS) return undefined;
  let hoursGiven = first.length !== 2 || Number(first) > 59;
  if (s[i] !== ':') return undefined;
  i++;
  let second = digits();
  if (second.length !== 2) return undefined;
  let third: string;
  if (hoursGiven || s[i] === ':') {
    if (s[i] !== ':') return undefined;
    i++;
    third = digits();
    if (third.length !== 2) return undefined;
    hoursGiven = true;
  } else {
    third = second;
    second = first;
    first = '0';
  }
  if (s[i] !== '.') return undefined;
  i++;
  const millis = digits();
  if (millis.length !== 3) return undefined;
  if (Number(second) > 59 || Number(third) > 59) return undefined;
  return { seconds: Number(first) * 3600 + Number(second) * 60 + Number(third) + Number(millis) / 1000, next: i };
}

/**
 * The spec's "collect WebVTT cue timings and settings" for one line: blank space, a timestamp,
 * blank space, `-->`, blank space, a timestamp; whatever follows is cue settings, which a
 * transcript has no use for. Undefined when the line is not a valid timing line.
 */
export function readVttTiming(line: string): { start: number; end: number } | undefined {
  let i = 0;
  while (i < line.length && isBlank(line.charCodeAt(i))) i++;
  const start = collectTimestamp(line, i);
  if (!start) return undefined;
  i = start.next;
  while (i < line.length && isBlank(line.charCodeAt(i))) i++;
  if (!line.startsWith('-->', i)) return undefined;
  i += 3;
  while (i < line.length && isBlank(line.charCodeAt(i))) i++;
  const end = collectTimestamp(line, i);
  if (!end) return undefined;
  return { start: start.seconds, end: end.seconds };
}

/** "WEBVTT" after an optional byte-order mark, then nothing, a space or a tab. */
function hasSignature(line: string): boolean {
  const at = line.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!line.startsWith('WEBVTT', at)) return false;
  const after = line.charCodeAt(at + 6);
  return Number.isNaN(after) || after === 32 || after === 9;
}

/** A block the algorithm collects: its lines so far, and the cue its timing line made, if any. */
interface Block {
  lines: Line[];
  /** Lines of text after the timing line (or every line when no timing line came yet). */
  buffer: Line[];
  seenArrow: boolean;
  cue: VttCue | null;
  /** A timing line that could not be read: the whole block is dropped with a warning naming it. */
  badTiming?: Line;
}

const COMMENT_OR_DEFINITION = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/;

/**
 * Reads WebVTT as the W3C parsing algorithm does (https://www.w3.org/TR/webvtt1/#file-parsing):
 * a file without the signature is refused; after it, blocks separated by blank lines. A block is
 * a cue when its first line, or its second after an id, holds `-->`. A line with `-->` later in
 * a block ends that block and starts the next one, so cues not separated by a blank line stay
 * apart. A block whose timing line is invalid is dropped, and the reader goes on with the next;
 * here each dropped block also gets a warning naming its line. Lines are read one at a time
 * (no list of a big file's lines is kept) and the timing line is scanned, not matched.
 */
export function readVttCues(text: string): VttRead {
  const cues: VttCue[] = [];
  const warnings: string[] = [];
  let phase: 'signature' | 'header' | 'blocks' = 'signature';
  let block: Block | null = null;

  const finish = () => {
    const b = block;
    block = null;
    if (!b) return;
    if (b.cue) {
      b.cue.lines = b.buffer;
      cues.push(b.cue);
      return;
    }
    if (b.badTiming) {
      warnings.push(`line ${b.badTiming.number}: cannot read the cue time ${quoteExcerpt(b.badTiming.text.trim())}; the cue was skipped: write it as 00:01:02.000 --> 00:01:05.000 (hours optional, three-digit milliseconds after a dot)`);
      return;
    }
    // Comments, style sheets and regions are not cues, as they should not be; other text is
    // text outside any cue (often a cue's own text after a blank line), which the user should hear of.
    if (COMMENT_OR_DEFINITION.test(b.lines[0].text)) return;
    warnings.push(`line ${b.lines[0].number}: ${quoteExcerpt(b.lines[0].text)} has no cue time line before it and was skipped: a cue's text cannot contain a blank line`);
  };

  const addToBlock = (line: Line) => {
    if (!block) block = { lines: [], buffer: [], seenArrow: false, cue: null };
    const b: Block = block;
    const count = b.lines.length + 1;
    if (line.text.includes('-->')) {
      if (count === 1 || (count === 2 && !b.seenArrow)) {
        b.lines.push(line);
        b.seenArrow = true;
        const timing = readVttTiming(line.text);
        if (timing) {
          b.cue = { id: b.buffer.map((l) => l.text).join('\n'), start: timing.start, end: timing.end, lines: [], timingLine: line.number };
          b.buffer = [];
        } else {
          b.badTiming = line;
        }
        return;
      }
      // The spec goes back to this line and collects the next block from it.
      finish();
      addToBlock(line);
      return;
    }
    b.lines.push(line);
    b.buffer.push(line);
  };

  eachLine(text, (raw) => {
    const line = raw.text.includes('\0') ? { ...raw, text: raw.text.replace(/\0/g, '\uFFFD') } : raw;
    if (phase === 'signature') {
      if (!hasSignature(line.text)) {
        throw new TranscriptError('a WebVTT file must start with "WEBVTT" (then nothing, a space or a tab): add that line, or choose another format', 1);
      }
      phase = 'header';
      return;
    }
    if (phase === 'header') {
      // Header lines run to the first blank line; a timing line ends them early and starts a cue.
      if (line.text === '') phase = 'blocks';
      else if (line.text.includes('-->')) {
        phase = 'blocks';
        addToBlock(line);
      }
      return;
    }
    if (line.text === '') finish();
    else addToBlock(line);
  });
  finish();
  return { cues, warnings };
}

