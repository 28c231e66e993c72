/** A source line without its line break, with its UTF-16 start offset and 1-based number. */
export interface Line {
  text: string;
  offset: number;
  number: number;
}

/**
 * Calls `fn` for each line without keeping them all: for parsers that only need a block at a
 * time (a 20 MB SRT has 700k lines; holding them all costs more in garbage collection than parsing).
 * A line ends at LF, CRLF or a lone CR (files saved on old Macs have nothing else).
 */
export function eachLine(text: string, fn: (line: Line) => void): void {
  // A lone CR becomes LF: the same length, so every offset still points into the original.
  // (A loop tracking the next CR and the next LF separately made a 20 MB labeled file take
  // minutes in the parsers' callbacks, though it was fast alone; this keeps the plain LF loop.)
  const src = LONE_CR.test(text) ? text.replace(LONE_CR_ALL, '\n') : text;
  let offset = 0;
  let number = 1;
  const len = src.length;
  while (offset <= len) {
    let nl = src.indexOf('\n', offset);
    if (nl === -1) nl = len;
    const end = nl > offset && src.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    fn({ text: src.slice(offset, end), offset, number });
    offset = nl + 1;
    number++;
  }
}

const LONE_CR = /\r(?!\n)/;
const LONE_CR_ALL = /\r(?!\n)/g;

/** Splits text into lines, keeping offsets into the original (LF, CRLF and CR alike). */
export function toLines(text: string): Line[] {
  const lines: Line[] = [];
  eachLine(text, (line) => lines.push(line));
  return lines;
}

/** 1-based line number of an offset (for error messages; LF, CRLF and a lone CR each end a line). */
export function lineAt(text: string, offset: number): number {
  let n = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/** JavaScript's `\s`: what the patterns that skip blank space skip. */
export function isSpaceCode(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Characters that end a line for `^` and `$` in a multiline pattern. */
export function isLineBreakCode(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/**
 * Seconds from a clock time: `HH:MM:SS,mmm`, `HH:MM:SS.mmm`, `MM:SS.mmm`, `M:SS`, `H:MM:SS`.
 * Returns undefined for anything else.
 */
export function parseClock(value: string): number | undefined {
  const m = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [, h, mm, ss, frac] = m;
  if (Number(ss) >= 60 || (h !== undefined && Number(mm) >= 60)) return undefined;
  const ms = frac ? Number(frac.padEnd(3, '0')) : 0;
  return (h ? Number(h) * 3600 : 0) + Number(mm) * 60 + Number(ss) + ms / 1000;
}

/** Chinese characters, CJK punctuation and full-width forms: no space is put between two of them. */
function isCjkJoin(c: number): boolean {
  return (c >= 0x3000 && c <= 0x303f) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xffef);
}

/**
 * Joins two pieces of speech: no space between Chinese pieces, one space otherwise. Looks at one
 * character at each end only, so joining many pieces one by one stays linear.
 */
export function joinSpeech(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return isCjkJoin(a.charCodeAt(a.length - 1)) && isCjkJoin(b.charCodeAt(0)) ? a + b : `${a} ${b}`;
}

/**
 * Joins many pieces as `pieces.reduce(joinSpeech, '')` would, in one pass: each separator depends
 * on the last piece only, never on the text joined so far (reading that would copy it every time).
 */
export function joinSpeechAll(pieces: readonly string[]): string {
  const out: string[] = [];
  let prev = '';
  for (const p of pieces) {
    if (!p) continue;
    out.push(prev && !(isCjkJoin(prev.charCodeAt(prev.length - 1)) && isCjkJoin(p.charCodeAt(0))) ? ` ${p}` : p);
    prev = p;
  }
  return out.join('');
}
