// Errors of the template engine and the mapping from offsets in the template text to positions in
// its file. Every error a template can cause is a TemplateError with a 1-based line and column in
// file coordinates, so the editor can put a squiggle on it and the CLI can name the place.

/** A place in the file: 1-based line and column (columns count UTF-16 code units, as VS Code does). */
export interface TemplatePosition {
  line: number;
  column: number;
}

/** A range in the file; the end is exclusive (the column just after the last character). */
export interface TemplateSpan extends TemplatePosition {
  endLine?: number;
  endColumn?: number;
}

/**
 * A template that cannot be parsed or rendered. `reason` says what is wrong and what to write
 * instead; `message` is the same text prefixed with where (`name:line:column: reason`).
 */
export class TemplateError extends Error {
  readonly reason: string;
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** The template's name given to compileTemplate (for example `prompt.user`), if any. */
  readonly template?: string;

  constructor(reason: string, span: TemplateSpan, template?: string, options?: { cause?: unknown }) {
    super(`${template ? `${template}:` : ''}${span.line}:${span.column}: ${reason}`, options);
    this.name = 'TemplateError';
    this.reason = reason;
    this.line = span.line;
    this.column = span.column;
    if (span.endLine !== undefined) this.endLine = span.endLine;
    if (span.endColumn !== undefined) this.endColumn = span.endColumn;
    if (template !== undefined) this.template = template;
  }
}

/**
 * Thrown by filters, tests and value helpers, which do not know where they were called from;
 * the evaluator turns it into a TemplateError at the position of the expression.
 */
export class TemplateValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateValueError';
  }
}

/**
 * Turns offsets in the template text into file positions. `line` and `column` say where the
 * text starts in its file; the column offset applies to every line, which is right for a YAML
 * block scalar (each of its lines is indented by the same amount) and for a one-line scalar.
 */
export class Locator {
  private readonly lineStarts: number[] = [0];

  constructor(source: string, private readonly baseLine = 1, private readonly baseColumn = 1) {
    for (let i = 0; i < source.length; i++) {
      const c = source.charCodeAt(i);
      if (c === 10) this.lineStarts.push(i + 1);
      else if (c === 13 && source.charCodeAt(i + 1) !== 10) this.lineStarts.push(i + 1);
    }
  }

  at(offset: number): TemplatePosition {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: this.baseLine + lo, column: this.baseColumn + offset - this.lineStarts[lo] };
  }

  span(start: number, end: number): Required<TemplateSpan> {
    const a = this.at(start);
    const b = this.at(Math.max(start, end));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  /** "3:5", for messages that point at another place (where a block was opened). */
  describe(offset: number): string {
    const p = this.at(offset);
    return `${p.line}:${p.column}`;
  }
}

/** Quotes user text in a message, cut short so a message stays one short line. */
export function quote(text: string, max = 40): string {
  let s = '';
  for (const ch of text) {
    if (s.length >= max) return `"${s}…"`;
    s += ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : ch;
  }
  return `"${s}"`;
}

/** Throws a TemplateError for the text between two offsets of the template. */
export type Fail = (reason: string, start: number, end?: number) => never;

export function failAt(locator: Locator, template?: string): Fail {
  return (reason, start, end) => {
    throw new TemplateError(reason, locator.span(start, end ?? start), template);
  };
}
