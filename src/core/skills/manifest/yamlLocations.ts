// YAML parsed with its source positions kept, so that every problem found in the data (by ajv or
// by a semantic check) can be shown at the characters it is about. The rules, shared by every
// check: a missing key is shown at the key of the mapping that lacks it, an unknown key at that
// key, a wrong value at the value.

import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node, type Pair, type YAMLError } from 'yaml';
import { yamlProblems } from '../../runtime/yamlProblems';
import { FILE_START, pointerSegments, type ProblemData, type SourceRange } from './problems';

/** A 1-based line and column (UTF-16 code units). */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A YAML syntax problem with its range. */
export interface YamlSyntaxProblem {
  range: SourceRange;
  message: string;
  severity: 'error' | 'warning';
  /** Which mistake it is when it was recognised (`reason`, with the key in `found`), else the parser's words (`detail`). */
  data: ProblemData;
}

/**
 * Where a string value sits in the file, for checks that look inside it (templates): the value,
 * and the file position of any offset in it. Exact for plain and quoted one-line strings and for
 * block scalars (`|`, `>`); in double-quoted strings an escape sequence can shift the columns
 * after it by a character or two.
 */
export interface ScalarSite {
  /** The string value as the program sees it. */
  text: string;
  /** JSON pointer of the value. */
  path: string;
  /** 'plain', 'single-quoted', 'double-quoted', 'literal' (`|`) or 'folded' (`>`). */
  style: 'plain' | 'single-quoted' | 'double-quoted' | 'literal' | 'folded';
  /** Position of the first character of the value (for a block scalar: on its first content line). */
  start: SourcePosition;
  /** File position of the character at `offset` in `text` (`text.length` gives the end). */
  position(offset: number): SourcePosition;
  /** File range of text.slice(start, end). */
  range(start: number, end: number): SourceRange;
}

/** What a pointer reached: the node (if the path exists all the way) and the pair holding it. */
interface Reached {
  node: Node | undefined;
  pair: Pair | undefined;
  /** True when every segment of the pointer was found. */
  complete: boolean;
  /** The deepest node found (the node itself when complete). */
  deepest: Node | undefined;
  /** The pair holding the deepest node, if it is a map value. */
  deepestPair: Pair | undefined;
}

const BLANK = new Set([' ', '\t', '\n', '\r']);

function keyString(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  return String(key);
}

/** Offset of the line start at or before `offset`. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
}

/**
 * The offset of the last bracket of this kind left open in text[from, to), reading the line as
 * YAML flow text: quotes hide what they hold ({{ }} in "…" does not count), # starts a comment.
 */
function openBracket(text: string, from: number, to: number, open: '{' | '['): number {
  const stack: number[] = [];
  let quote = '';
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
      continue;
    }
    const before = i === from ? ' ' : text[i - 1];
    if ((c === '"' || c === "'") && ' \t[{,:'.includes(before)) quote = c;
    else if (c === '#' && (before === ' ' || i === from)) break;
    else if (c === '{' || c === '[') stack.push(i);
    else if ((c === '}' || c === ']') && stack.length) stack.pop();
  }
  for (let k = stack.length - 1; k >= 0; k--) if (text[stack[k]] === open) return stack[k];
  return -1;
}

const COMPACT_KEY = /^( *)(?:- +)?([^\s:#'"][^:#]*?):[ \t]+(\S.*)$/;

/**
 * Tells the yaml library's terse messages in words that say what to do, at the mistake; `data`
 * says which mistake was recognised (so the message can be said in another language too).
 */
function reword(text: string, e: YAMLError): { error: YAMLError; data: ProblemData } {
  let message = e.message;
  let pos = e.pos;
  let code = e.code as string;
  let data: ProblemData = { detail: e.message.split('\n')[0] };
  if (e.code === 'DUPLICATE_KEY') {
    const key = /^[^:\n]*/.exec(text.slice(pos[0], pos[0] + 200))![0].trim();
    message = `\`${key}\` appears twice in the same mapping; keep one of them`;
    pos = [pos[0], pos[0] + Math.max(1, key.length)];
    data = { reason: 'duplicate-key', found: key };
  } else if (e.code === 'TAB_AS_INDENT') {
    message = 'a tab indents this line; YAML indents with spaces only';
    data = { reason: 'tab-indent' };
  } else if (e.code === 'MULTIPLE_DOCS') {
    message = 'this file holds more than one YAML document (a second "---"); remove the "---" line so it is one document';
    pos = [pos[0], pos[0] + 3];
    data = { reason: 'multiple-documents' };
  } else if (e.code === 'BLOCK_AS_IMPLICIT_KEY') {
    // "description: Use it: not for X" - the second ": " makes YAML read a key inside the value.
    const start = lineStart(text, pos[0]);
    const end = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
    const m = COMPACT_KEY.exec(text.slice(start, end));
    if (m && /:\s/.test(m[3]) && !/^[|>'"[{]/.test(m[3])) {
      const valueStart = start + text.slice(start, end).lastIndexOf(m[3]);
      message = `the value of \`${m[2].trim()}\` contains ": ", which YAML reads as the start of another key; put the whole value in quotes ("…") or write it as a block (|)`;
      // A trailing " # comment" is not part of the value (indexOf: the line is the user's).
      const comment = m[3].search(/\s#/);
      pos = [valueStart, valueStart + (comment >= 0 ? m[3].slice(0, comment) : m[3]).trimEnd().length];
      code = 'COLON_IN_VALUE';
      data = { reason: 'colon-in-value', found: m[2].trim() };
    }
  } else if (e.code === 'BAD_INDENT' && /^Flow (map|sequence)/.test(e.message)) {
    // The parser notices an unclosed { or [ where the next line starts; the mistake is the bracket.
    const open = e.message.startsWith('Flow map') ? '{' : '[';
    for (let lineFrom = lineStart(text, pos[0]), to = pos[0], n = 0; n < 50; n++) {
      const at = openBracket(text, lineFrom, to, open);
      if (at >= 0) {
        message = `this "${open}" is never closed; end the ${open === '{' ? 'mapping' : 'list'} with "${open === '{' ? '}' : ']'}"`;
        pos = [at, at + 1];
        data = { reason: 'unclosed-flow', found: open };
        break;
      }
      if (lineFrom === 0) break;
      to = lineFrom - 1;
      lineFrom = lineStart(text, to);
    }
  }
  return { error: Object.assign(Object.create(Object.getPrototypeOf(e) as object) as YAMLError, e, { message, pos, code }), data };
}

/**
 * A YAML text parsed with positions. `data` is the plain value (undefined when the text has
 * syntax errors or unresolvable aliases); `syntaxProblems` says why.
 */
export class YamlLocations {
  readonly doc: Document.Parsed;
  readonly lineCounter = new LineCounter();
  readonly syntaxProblems: YamlSyntaxProblem[] = [];
  readonly data: unknown;
  /** False when the text could not be turned into data. */
  readonly ok: boolean;

  constructor(readonly text: string) {
    this.doc = parseDocument(text, { lineCounter: this.lineCounter, prettyErrors: false, uniqueKeys: true });
    // Only the first error: after a syntax error the parser recovers by guessing, and what it
    // reports next is mostly the same mistake seen again (an unclosed "{" or a tab makes the
    // following lines look wrong). A real second mistake shows up once the first is fixed.
    const reworded = this.doc.errors.slice(0, 1).map((e) => reword(text, e));
    const first = yamlProblems(text, reworded.map((r) => r.error))[0];
    if (first) {
      // yamlProblems words an over-indented key itself, at that key.
      const own = first.message !== `YAML: ${reworded[0].error.message.split('\n')[0]}`;
      const data = own ? { reason: 'over-indented', found: text.slice(first.start, first.end) } : reworded[0].data;
      this.syntaxProblems.push({ range: this.range(first.start, first.end), message: `YAML: ${first.message.replace(/^YAML: /, '')}`, severity: 'error', data });
    }
    for (const w of this.doc.warnings) {
      this.syntaxProblems.push({ range: this.range(w.pos[0], w.pos[1]), message: `YAML: ${w.message.split('\n')[0]}`, severity: 'warning', data: { detail: w.message.split('\n')[0] } });
    }
    let data: unknown;
    let ok = this.doc.errors.length === 0;
    if (ok) {
      try {
        // The default alias limit stops "billion laughs" expansion.
        data = this.doc.toJS();
      } catch (err) {
        ok = false;
        this.syntaxProblems.push({ range: this.aliasProblemRange(), message: `YAML: ${(err as Error).message}; define the anchor (&name) before using *name, and do not nest aliases deeply`, severity: 'error', data: { reason: 'alias', detail: (err as Error).message } });
      }
    }
    this.ok = ok;
    this.data = data;
  }

  private aliasProblemRange(): SourceRange {
    let found: SourceRange | undefined;
    visit(this.doc, {
      Alias: (_key, node) => {
        if (!found && node.range && node.resolve(this.doc) === undefined) found = this.range(node.range[0], node.range[1]);
      },
    });
    return found ?? FILE_START;
  }

  /** File position of a character offset. */
  position(offset: number): SourcePosition {
    const { line, col } = this.lineCounter.linePos(Math.max(0, Math.min(offset, this.text.length)));
    return { line, column: col };
  }

  /** File range of the characters [start, end) (at least one character wide when the text has one). */
  range(start: number, end: number): SourceRange {
    const s = this.position(start);
    const e = this.position(Math.max(end, start));
    if (e.line === s.line && e.column === s.column && start < this.text.length && this.text[start] !== '\n') e.column += 1;
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }

  private readonly pairIndex = new WeakMap<object, Map<string, Pair>>();

  /** The pairs of a mapping by key, built once per mapping (lookups stay constant-time in big files). */
  private pairsOf(map: { items: Pair[] }): Map<string, Pair> {
    let index = this.pairIndex.get(map);
    if (!index) {
      index = new Map();
      for (const p of map.items) if (!index.has(keyString(p.key))) index.set(keyString(p.key), p);
      this.pairIndex.set(map, index);
    }
    return index;
  }

  private reach(pointer: string): Reached {
    let node: unknown = this.doc.contents ?? undefined;
    let pair: Pair | undefined;
    let deepest = node as Node | undefined;
    let deepestPair: Pair | undefined;
    const segs = pointerSegments(pointer);
    for (let i = 0; i < segs.length; i++) {
      if (isAlias(node)) node = node.resolve(this.doc);
      let next: unknown;
      pair = undefined;
      if (isMap(node)) {
        pair = this.pairsOf(node).get(segs[i]);
        next = pair ? (pair.value ?? undefined) : undefined;
        if (pair && next === undefined) {
          // `key:` with nothing after it has no value node; the key stands for it.
          return { node: undefined, pair, complete: i === segs.length - 1, deepest, deepestPair: pair };
        }
      } else if (isSeq(node) && /^\d+$/.test(segs[i])) {
        next = node.items[Number(segs[i])];
      }
      if (next === undefined || next === null) return { node: undefined, pair: undefined, complete: false, deepest, deepestPair };
      node = next;
      deepest = node as Node;
      deepestPair = pair;
    }
    return { node: node as Node | undefined, pair, complete: true, deepest, deepestPair };
  }

  /** The YAML node at a JSON pointer, or undefined. */
  nodeAt(pointer: string): Node | undefined {
    const r = this.reach(pointer);
    return r.complete ? r.node : undefined;
  }

  /** True when the pointer names something written in the file. */
  has(pointer: string): boolean {
    return this.reach(pointer).complete;
  }

  /** Where a node's text ends, leaving out trailing blanks and comments after a block collection. */
  private contentEnd(node: Node): number {
    if ((isMap(node) || isSeq(node)) && !node.flow && node.items.length) {
      const last = node.items[node.items.length - 1] as unknown;
      const tail = isPair(last) ? ((last.value as Node | null) ?? (last.key as Node)) : (last as Node);
      if (tail && (tail as Node).range) return this.contentEnd(tail as Node);
    }
    let end = node.range ? node.range[1] : 0;
    const start = node.range ? node.range[0] : 0;
    while (end > start && BLANK.has(this.text[end - 1])) end--;
    return end;
  }

  private nodeRange(node: Node): SourceRange | undefined {
    if (!node.range) return undefined;
    const start = node.range[0];
    const end = this.contentEnd(node);
    if (end <= start) return undefined;
    return this.range(start, end);
  }

  /** The first line of a document with nothing in it, or its first key. */
  private rootKeyRange(): SourceRange {
    const root = this.doc.contents;
    if (isMap(root) && root.items.length) {
      const k = root.items[0].key as Node | null;
      if (k && k.range) return this.nodeRange(k) ?? FILE_START;
    }
    if (root && (root as Node).range) {
      const firstLineEnd = this.text.indexOf('\n', (root as Node).range![0]);
      const start = (root as Node).range![0];
      return this.range(start, firstLineEnd < 0 ? this.text.length : firstLineEnd);
    }
    return FILE_START;
  }

  /** The range that stands for a node as a "key": its key in a mapping, its first key as a list item. */
  private keyRangeOf(node: Node | undefined, pair: Pair | undefined): SourceRange | undefined {
    if (pair && pair.key && (pair.key as Node).range) return this.nodeRange(pair.key as Node);
    if (isAlias(node)) node = node.resolve(this.doc) as Node | undefined;
    if (isMap(node) && node.items.length) {
      const k = node.items[0].key as Node | null;
      if (k && k.range) return this.nodeRange(k);
    }
    if (node) return this.nodeRange(node);
    return undefined;
  }

  /**
   * The range of the KEY under which the pointer's node is written: for a missing key pass the
   * pointer of the mapping that lacks it (its own key is shown; for a list item, its first key;
   * for the document, its first key); for an unknown key pass the pointer of that key.
   * A pointer that does not exist falls back to the nearest part of it that does.
   */
  keyRange(pointer: string): SourceRange {
    if (pointer === '') return this.rootKeyRange();
    const r = this.reach(pointer);
    const target = r.complete ? r.node : r.deepest;
    const pair = r.complete ? r.pair : r.deepestPair;
    if (!r.complete && !r.deepestPair && r.deepest === this.doc.contents) return this.rootKeyRange();
    return this.keyRangeOf(target, pair) ?? this.rootKeyRange();
  }

  /**
   * The range of the VALUE at the pointer (for a wrong type or value). An empty value
   * (`key:` and nothing) is shown at its key; a missing one at the nearest part that exists.
   */
  valueRange(pointer: string): SourceRange {
    const r = this.reach(pointer);
    if (r.complete && r.node) {
      const own = this.nodeRange(r.node);
      if (own) return own;
      // An empty list item ("-" and nothing): the dash.
      if (!r.pair && r.node.range) {
        let i = r.node.range[0];
        while (i > 0 && BLANK.has(this.text[i - 1])) i--;
        if (i > 0 && this.text[i - 1] === '-') return this.range(i - 1, i);
      }
    }
    if (r.complete && r.pair) return this.keyRangeOf(undefined, r.pair) ?? this.rootKeyRange();
    return this.keyRange(pointer);
  }

  /** The position information of a string value, or undefined when the pointer is not a string scalar. */
  scalarSite(pointer: string): ScalarSite | undefined {
    let node = this.nodeAt(pointer) as unknown;
    if (isAlias(node)) node = node.resolve(this.doc);
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
    const value = node.value;
    const [from, to] = node.range;
    const type = node.type ?? 'PLAIN';
    const style: ScalarSite['style'] =
      type === 'BLOCK_LITERAL' ? 'literal' : type === 'BLOCK_FOLDED' ? 'folded' : type === 'QUOTE_DOUBLE' ? 'double-quoted' : type === 'QUOTE_SINGLE' ? 'single-quoted' : 'plain';
    let contentStart = from;
    let contentEnd = to;
    if (style === 'literal' || style === 'folded') {
      const nl = this.text.indexOf('\n', from);
      contentStart = nl < 0 || nl >= to ? to : nl + 1;
    } else if (style !== 'plain') {
      contentStart = from + 1;
      contentEnd = Math.max(contentStart, to - 1);
    }
    let offsets: Int32Array | undefined;
    const offsetsOf = (): Int32Array => (offsets ??= this.alignScalar(value, contentStart, contentEnd, style));
    const position = (offset: number): SourcePosition => {
      const map = offsetsOf();
      return this.position(map[Math.max(0, Math.min(offset, value.length))]);
    };
    return {
      text: value,
      path: pointer,
      style,
      start: position(0),
      position,
      range: (start: number, end: number) => {
        const map = offsetsOf();
        const a = map[Math.max(0, Math.min(start, value.length))];
        // The end is one past the last character's source position (escapes make it wider).
        const lastChar = Math.max(start, Math.min(end, value.length) - 1);
        const b = end > start ? map[lastChar] + 1 : a;
        return this.range(a, Math.max(a, b));
      },
    };
  }

  /**
   * Source offset of every character of a scalar's value. Characters of the value appear in the
   * source in order; what lies between them is indentation, folded line breaks, quotes and
   * escapes, which are stepped over. Linear: each source character is passed once, plus a
   * lookahead of at most 10 for an escape sequence.
   */
  private alignScalar(value: string, start: number, end: number, style: ScalarSite['style']): Int32Array {
    const map = new Int32Array(value.length + 1);
    const text = this.text;
    const skippable = (ch: string) => BLANK.has(ch) || (style === 'double-quoted' && ch === '\\') || (style === 'single-quoted' && ch === "'");
    let s = start;
    for (let v = 0; v < value.length; v++) {
      const c = value[v];
      while (s < end && text[s] !== c && skippable(text[s])) s++;
      if (s < end && text[s] === c) {
        map[v] = s++;
        continue;
      }
      const ahead = text.slice(s, Math.min(end, s + 10)).indexOf(c);
      if (ahead >= 0) {
        map[v] = s + ahead;
        s += ahead + 1;
      } else {
        map[v] = Math.min(s, end);
      }
    }
    map[value.length] = Math.min(s, end);
    return map;
  }
}

/** Parses YAML keeping positions. */
export function parseYamlWithLocations(text: string): YamlLocations {
  return new YamlLocations(text);
}
