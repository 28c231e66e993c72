// Splits template text into tokens on demand: text between tags, the tag delimiters, and the
// names, numbers, strings and operators inside {{ }} and {% %}. Comments {# #} are dropped here,
// and whitespace control ({{- -}}, {%- -%}, {#- -#}) trims the neighbouring text here.
// Every character is looked at a bounded number of times (no regular expressions), so lexing is
// linear in the length of the template. Tokens are produced as the parser asks for them, so the
// first error reported is the first one in the text.

import type { Fail } from './errors';

export type TokenType =
  | 'text' // literal output
  | 'varStart' | 'varEnd' // {{ }}
  | 'blockStart' | 'blockEnd' // {% %}
  | 'name' | 'number' | 'string' | 'op'
  | 'eof';

export interface Token {
  type: TokenType;
  /** Text for text tokens, the decoded value for strings, the source spelling otherwise. */
  value: string;
  /** Offsets in the template text; `end` is exclusive. */
  start: number;
  end: number;
}

const TWO_CHAR_OPS = new Set(['==', '!=', '<=', '>=', '//', '**']);
const ONE_CHAR_OPS = new Set(['+', '-', '*', '/', '%', '~', '<', '>', '=', '|', '.', ',', ':', '(', ')', '[', ']', '{', '}']);

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function isNameChar(c: number): boolean {
  return isNameStart(c) || isDigit(c);
}
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** How a tag is written, for messages: `{{` / `}}` or `{%` / `%}`. */
export const DELIMITERS = { var: ['{{', '}}'], block: ['{%', '%}'] } as const;

export class Lexer {
  private pos = 0;
  private mode: 'data' | 'var' | 'block' | 'expr';
  /** Set by -}} / -%} / -#}: the next text loses its leading whitespace. */
  private trimNext = false;
  /** Open (, [ and { inside the current tag: }} and %} end the tag only outside them, so {'a': {'b': 1}} works. */
  private depth = 0;
  private tagStart = 0;

  /**
   * `describe` turns an offset into "line:column" for messages that point elsewhere. With
   * `expression: true` the whole text is one expression without {{ }} (a `when:` condition).
   */
  constructor(
    private readonly src: string,
    private readonly fail: Fail,
    private readonly describe: (offset: number) => string,
    expression = false,
  ) {
    this.mode = expression ? 'expr' : 'data';
  }

  next(): Token {
    return this.mode === 'data' ? this.data() : this.inTag();
  }

  /**
   * Reads the body of {% raw %} up to its {% endraw %}, as one text token, and consumes the
   * {% endraw %} tag. Called right after the parser consumed the %} of {% raw %}.
   */
  readRaw(openedAt: number): Token {
    const src = this.src;
    for (let k = this.pos; k < src.length - 1; k++) {
      if (src.charCodeAt(k) !== 123 || src.charCodeAt(k + 1) !== 37) continue; // "{%"
      let p = k + 2;
      const trimBefore = src.charCodeAt(p) === 45;
      if (trimBefore) p++;
      while (p < src.length && isSpace(src.charCodeAt(p))) p++;
      if (!src.startsWith('endraw', p) || isNameChar(src.charCodeAt(p + 6))) continue;
      p += 6;
      while (p < src.length && isSpace(src.charCodeAt(p))) p++;
      const trimAfter = src.charCodeAt(p) === 45;
      if (trimAfter) p++;
      if (!src.startsWith('%}', p)) continue;
      const token = this.textToken(this.pos, k, trimBefore);
      this.pos = p + 2;
      this.trimNext = trimAfter;
      return token;
    }
    return this.fail('unclosed {% raw %}: add {% endraw %}', openedAt, openedAt + 2);
  }

  private textToken(start: number, end: number, trimEnd: boolean): Token {
    let a = start;
    let b = end;
    if (this.trimNext) while (a < b && isSpace(this.src.charCodeAt(a))) a++;
    if (trimEnd) while (b > a && isSpace(this.src.charCodeAt(b - 1))) b--;
    this.trimNext = false;
    return { type: 'text', value: this.src.slice(a, b), start: a, end: b };
  }

  private data(): Token {
    const src = this.src;
    for (;;) {
      if (this.pos >= src.length) return { type: 'eof', value: '', start: src.length, end: src.length };
      let j = this.pos;
      while (j < src.length - 1) {
        if (src.charCodeAt(j) === 123) {
          const k = src.charCodeAt(j + 1);
          if (k === 123 || k === 37 || k === 35) break; // {{ {% {#
        }
        j++;
      }
      if (j >= src.length - 1) j = src.length;
      const trimBefore = j < src.length && src.charCodeAt(j + 2) === 45;
      if (j > this.pos) {
        const token = this.textToken(this.pos, j, trimBefore);
        this.pos = j;
        if (token.value !== '') return token;
        continue;
      }
      // A tag opens at this.pos.
      this.trimNext = false;
      const kind = src.charCodeAt(j + 1);
      const open = j + (trimBefore ? 3 : 2);
      if (kind === 35) {
        const close = src.indexOf('#}', open);
        if (close < 0) return this.fail('unclosed comment {#: add #}', j, j + 2);
        this.trimNext = close > open && src.charCodeAt(close - 1) === 45;
        this.pos = close + 2;
        continue;
      }
      this.mode = kind === 123 ? 'var' : 'block';
      this.depth = 0;
      this.tagStart = j;
      this.pos = open;
      return { type: this.mode === 'var' ? 'varStart' : 'blockStart', value: src.slice(j, open), start: j, end: open };
    }
  }

  private inTag(): Token {
    const src = this.src;
    while (this.pos < src.length && isSpace(src.charCodeAt(this.pos))) this.pos++;
    const start = this.pos;
    if (this.mode === 'expr' && start >= src.length) return { type: 'eof', value: '', start, end: start };
    const [opener, closer] = this.mode === 'expr' ? ['', ''] : DELIMITERS[this.mode as 'var' | 'block'];
    if (start >= src.length) {
      return this.fail(`unclosed ${opener} opened at ${this.describe(this.tagStart)}: add ${closer}`, this.tagStart, this.tagStart + 2);
    }
    const c = src.charCodeAt(start);
    if (this.depth === 0 && this.mode !== 'expr') {
      const dash = c === 45 && src.startsWith(closer, start + 1);
      if (dash || src.startsWith(closer, start)) {
        const end = start + (dash ? 3 : 2);
        const type = this.mode === 'var' ? 'varEnd' : 'blockEnd';
        this.mode = 'data';
        this.pos = end;
        this.trimNext = dash;
        return { type, value: src.slice(start, end), start, end };
      }
    }
    if (isNameStart(c)) {
      let p = start + 1;
      while (p < src.length && isNameChar(src.charCodeAt(p))) p++;
      this.pos = p;
      return { type: 'name', value: src.slice(start, p), start, end: p };
    }
    if (isDigit(c)) {
      let p = start + 1;
      while (p < src.length && isDigit(src.charCodeAt(p))) p++;
      if (src.charCodeAt(p) === 46 && isDigit(src.charCodeAt(p + 1))) {
        p += 2;
        while (p < src.length && isDigit(src.charCodeAt(p))) p++;
      }
      // An exponent (1e3, 2.5E-4), as Python writes floats.
      const e = src.charCodeAt(p);
      if (e === 101 || e === 69) {
        let q = p + 1;
        if (src.charCodeAt(q) === 43 || src.charCodeAt(q) === 45) q++;
        if (isDigit(src.charCodeAt(q))) {
          p = q + 1;
          while (p < src.length && isDigit(src.charCodeAt(p))) p++;
        }
      }
      this.pos = p;
      return { type: 'number', value: src.slice(start, p), start, end: p };
    }
    if (c === 39 || c === 34) return this.string(start, c);
    const two = src.slice(start, start + 2);
    const op = TWO_CHAR_OPS.has(two) ? two : ONE_CHAR_OPS.has(src[start]) ? src[start] : '';
    if (op === '') {
      const ch = String.fromCodePoint(src.codePointAt(start)!);
      const where = this.mode === 'expr' ? 'in the expression' : `inside ${opener} ${closer}`;
      return this.fail(`unexpected character "${ch}" ${where}`, start, start + ch.length);
    }
    if (op === '(' || op === '[' || op === '{') this.depth++;
    else if ((op === ')' || op === ']' || op === '}') && this.depth > 0) this.depth--;
    this.pos = start + op.length;
    return { type: 'op', value: op, start, end: this.pos };
  }

  private string(start: number, quoteChar: number): Token {
    const src = this.src;
    let out = '';
    let p = start + 1;
    let chunk = p;
    for (;;) {
      if (p >= src.length) {
        const q = String.fromCharCode(quoteChar);
        return this.fail(`unclosed string: add the closing ${q}`, start, start + 1);
      }
      const c = src.charCodeAt(p);
      if (c === quoteChar) break;
      if (c !== 92) {
        p++;
        continue;
      }
      out += src.slice(chunk, p);
      const e = src.charCodeAt(p + 1);
      p += 2;
      switch (e) {
        case 110: out += '\n'; break; // n
        case 116: out += '\t'; break; // t
        case 114: out += '\r'; break; // r
        case 98: out += '\b'; break; // b
        case 102: out += '\f'; break; // f
        case 118: out += '\v'; break; // v
        case 48: out += '\0'; break; // 0
        case 92: out += '\\'; break;
        case 39: out += "'"; break;
        case 34: out += '"'; break;
        case 10: break; // a backslash before a line break joins the lines
        case 120: case 117: case 85: { // \xHH \uHHHH \UHHHHHHHH
          const digits = e === 120 ? 2 : e === 117 ? 4 : 8;
          let code = 0;
          for (let k = 0; k < digits; k++) {
            const h = hexValue(src.charCodeAt(p + k));
            if (h < 0) return this.fail(`\\${String.fromCharCode(e)} needs ${digits} hexadecimal digits`, p - 2, p + k);
            code = code * 16 + h;
          }
          if (code > 0x10ffff) return this.fail('escape beyond the last Unicode character (\\U0010FFFF)', p - 2, p + digits);
          out += String.fromCodePoint(code);
          p += digits;
          break;
        }
        default:
          // Python keeps an unknown escape as written: "\d" stays backslash-d.
          if (Number.isNaN(e)) continue; // a backslash at the very end: the unclosed-string error follows
          out += src.slice(p - 2, p);
      }
      chunk = p;
    }
    out += src.slice(chunk, p);
    this.pos = p + 1;
    return { type: 'string', value: out, start, end: p + 1 };
  }
}
