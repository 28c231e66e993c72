import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
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

/** JSON.parse with an error that names the line (found with jsonc-parser, only when parsing failed). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    const e = errors[0];
    throw new TranscriptError(`the JSON is malformed (${e ? printParseErrorCode(e.error) : 'not valid JSON'}): fix the file or export it again`, e ? lineAt(text, e.offset) : 1);
  }
}
