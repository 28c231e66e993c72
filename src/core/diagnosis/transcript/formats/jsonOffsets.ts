import { createScanner, ScanError, SyntaxKind } from 'jsonc-parser';
import { lineAt } from '../lines';
import { TranscriptError } from '../model';

/** Where a string value sits in the JSON source (the opening quote, and the length with quotes). */
export interface Span {
  offset: number;
  length: number;
}

function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q === -1) return text.length;
    let backslashes = 0;
    for (let b = q - 1; text.charCodeAt(b) === 92; b--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/**
 * Offsets of `valueKey` string values in the objects of the top-level array `arrayKey`, one entry
 * per element (undefined when an element has none). A single pass over the text that only
 * tracks nesting: JSON.parse already validated it, and a full syntax tree of a 20 MB Whisper
 * file costs seconds of garbage collection.
 */
export function elementStringSpans(text: string, arrayKey: string, valueKey: string): Array<Span | undefined> {
  const spans: Array<Span | undefined> = [];
  let depth = 0;
  let inArray = false;
  let arrayNext = false;
  let valueNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      let k = end;
      while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 10 || text.charCodeAt(k) === 13 || text.charCodeAt(k) === 9)) k++;
      const isKey = text.charCodeAt(k) === 58 /* : */;
      if (isKey) {
        const key = text.slice(i + 1, end - 1);
        if (depth === 1) arrayNext = key === arrayKey;
        else if (inArray && depth === 3) valueNext = key === valueKey;
        i = k;
      } else {
        if (valueNext && inArray && depth === 3) spans[spans.length - 1] = { offset: i, length: end - i };
        valueNext = false;
        i = end - 1;
      }
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth === 2 && arrayNext && c === 91) inArray = true;
      else if (inArray && depth === 3 && c === 123) spans.push(undefined);
      arrayNext = false;
      valueNext = false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      if (depth === 2 && inArray) inArray = false;
      depth--;
    } else if (c === 44 /* , */) {
      valueNext = false;
    }
  }
  return spans;
}

/**
 * The first syntax error of a JSON text and where it is, found with jsonc-parser's scanner and an
 * explicit stack of open brackets. Not jsonc-parser's parseTree: it recurses once per nesting
 * level, and 10 KB of unclosed "[[[[…" overflowed the call stack.
 */
export function firstJsonError(text: string): { code: string; offset: number } | undefined {
  const scanner = createScanner(text, false);
  const open: number[] = [];
  // What may come next: a value; a value or `]` (after `[`); a key or `}` (after `{`); a key; `:`; `,` or the closing bracket; the end.
  let expect: 'value' | 'valueOrClose' | 'keyOrClose' | 'key' | 'colon' | 'commaOrClose' | 'end' = 'value';
  const closeCode = () => (open[open.length - 1] === SyntaxKind.OpenBraceToken ? 'CloseBraceExpected' : 'CloseBracketExpected');
  for (;;) {
    const kind = scanner.scan();
    const offset = scanner.getTokenOffset();
    const scanError = scanner.getTokenError();
    if (scanError !== ScanError.None) {
      const codes: Record<number, string> = {
        [ScanError.UnexpectedEndOfComment]: 'UnexpectedEndOfComment', [ScanError.UnexpectedEndOfString]: 'UnexpectedEndOfString',
        [ScanError.UnexpectedEndOfNumber]: 'UnexpectedEndOfNumber', [ScanError.InvalidUnicode]: 'InvalidUnicode',
        [ScanError.InvalidEscapeCharacter]: 'InvalidEscapeCharacter', [ScanError.InvalidCharacter]: 'InvalidCharacter',
      };
      return { code: codes[scanError] ?? 'InvalidSymbol', offset };
    }
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) return { code: 'InvalidCommentToken', offset };
    if (kind === SyntaxKind.EOF) {
      if (open.length === 0 && expect === 'end') return undefined;
      return { code: expect === 'commaOrClose' ? closeCode() : expect === 'colon' ? 'ColonExpected' : expect === 'key' || expect === 'keyOrClose' ? 'PropertyNameExpected' : 'ValueExpected', offset };
    }
    const isValue = kind === SyntaxKind.StringLiteral || kind === SyntaxKind.NumericLiteral || kind === SyntaxKind.NullKeyword
      || kind === SyntaxKind.TrueKeyword || kind === SyntaxKind.FalseKeyword;
    const closes = (kind === SyntaxKind.CloseBraceToken && open[open.length - 1] === SyntaxKind.OpenBraceToken)
      || (kind === SyntaxKind.CloseBracketToken && open[open.length - 1] === SyntaxKind.OpenBracketToken);
    switch (expect) {
      case 'end':
        return { code: 'EndOfFileExpected', offset };
      case 'value':
      case 'valueOrClose':
        if (isValue) expect = open.length === 0 ? 'end' : 'commaOrClose';
        else if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
          open.push(kind);
          expect = kind === SyntaxKind.OpenBraceToken ? 'keyOrClose' : 'valueOrClose';
        } else if (expect === 'valueOrClose' && closes) {
          open.pop();
          expect = open.length === 0 ? 'end' : 'commaOrClose';
        } else return { code: kind === SyntaxKind.Unknown ? 'InvalidSymbol' : 'ValueExpected', offset };
        break;
      case 'key':
      case 'keyOrClose':
        if (kind === SyntaxKind.StringLiteral) expect = 'colon';
        else if (expect === 'keyOrClose' && closes) {
          open.pop();
          expect = open.length === 0 ? 'end' : 'commaOrClose';
        } else return { code: 'PropertyNameExpected', offset };
        break;
      case 'colon':
        if (kind !== SyntaxKind.ColonToken) return { code: 'ColonExpected', offset };
        expect = 'value';
        break;
      case 'commaOrClose':
        if (kind === SyntaxKind.CommaToken) expect = open[open.length - 1] === SyntaxKind.OpenBraceToken ? 'key' : 'value';
        else if (closes) {
          open.pop();
          expect = open.length === 0 ? 'end' : 'commaOrClose';
        } else return { code: 'CommaExpected', offset };
        break;
    }
  }
}

/** JSON.parse with an error that names the line (found by `firstJsonError`, only when parsing failed). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const e = firstJsonError(text);
    const unclosed = e?.offset === text.length && /Close(?:Brace|Bracket)Expected|ValueExpected|PropertyNameExpected/.test(e.code);
    const what = unclosed ? `the file ends before every [ and { is closed (${e!.code})` : e ? e.code : 'not valid JSON';
    throw new TranscriptError(`the JSON is malformed (${what}): fix the file or export it again`, e ? lineAt(text, e.offset) : 1);
  }
}
