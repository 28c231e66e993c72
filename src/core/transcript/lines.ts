/** A source line without its line break, with its UTF-16 start offset and 1-based number. */
export interface Line {
  text: string;
  offset: number;
  number: number;
}

/**
 * Calls `fn` for each line without keeping them all: for parsers that only need a block at a
 * time (a 20 MB SRT has 700k lines; holding them all costs more in garbage collection than parsing).
 */
export function eachLine(text: string, fn: (line: Line) => void): void {
  let offset = 0;
  let number = 1;
  while (offset <= text.length) {
    let nl = text.indexOf('\n', offset);
    if (nl === -1) nl = text.length;
    const end = nl > offset && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    fn({ text: text.slice(offset, end), offset, number });
    offset = nl + 1;
    number++;
  }
}

/** Splits text into lines, keeping offsets into the original (CRLF and LF alike). */
export function toLines(text: string): Line[] {
  const lines: Line[] = [];
  eachLine(text, (line) => lines.push(line));
  return lines;
}

/** 1-based line number of an offset (for error messages). */
export function lineAt(text: string, offset: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
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

const CJK_END = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]$/;
const CJK_START = /^[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Joins two pieces of speech: no space between Chinese pieces, one space otherwise. */
export function joinSpeech(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return CJK_END.test(a) && CJK_START.test(b) ? a + b : `${a} ${b}`;
}
