// Where the cursor is in a skill.yaml or *.chain.yaml, in the terms completion and hover need:
// typing a key (of which mapping), a value (of which key), or an expression inside a template
// ({{ … }}, {% … %}, or a bare `when:` condition). Works on half-typed text: the structure comes
// from the line outline (outline.ts), which does not need the document to parse.

import { keyColon, OutlineReader, readOutline, type BlockRegion, type OutlineLine } from './outline';
import type { ManifestKind, Segment } from './schemaNav';

/** Characters [start, end) of the text. */
export interface OffsetRange {
  start: number;
  end: number;
}

/** Which template a cursor is in: what the runtime puts in its context depends on it. */
export type TemplateSiteKind = 'prompt' | 'reduce' | 'offline' | 'action' | 'action-when' | 'step' | 'step-when';

/** The cursor is where a mapping key goes. */
export interface KeyContext {
  kind: 'key';
  /** The mapping the key belongs to. */
  container: Segment[];
  /** Column (0-based) the key starts at: the indentation of what is inserted. */
  column: number;
  /** What is typed of the key so far. */
  prefix: string;
  replace: OffsetRange;
  /** Keys the mapping already has (the one on the cursor's line left out). */
  present: Set<string>;
  /** The line already has "key:" after the cursor, so only the name is to be inserted. */
  hasColon: boolean;
  /** The container is a key just above with nothing after it: a list's first item may start here. */
  underEmptyKey: boolean;
  /** The line opened a list item ("- ") right before the cursor's word. */
  newItem: boolean;
  /** For a new item of a list of plain values: the values of the other items. */
  siblingValues?: string[];
}

/** The cursor is in a plain value after "key: " (or a list item's value). */
export interface ValueContext {
  kind: 'value';
  /** Path of the value. */
  path: Segment[];
  prefix: string;
  replace: OffsetRange;
  /** Nothing separates the cursor from the colon: what is inserted starts with a space. */
  needsSpace: boolean;
  /** Inside a flow list "[a, b, |": the items already there. */
  flowItems?: string[];
}

/** The cursor is inside a template expression. */
export interface TemplateContext {
  kind: 'template';
  /** Path of the string the template is. */
  path: Segment[];
  site: TemplateSiteKind;
  /** The expression text from its start ({{, {% or the bare condition) up to the cursor. */
  before: string;
  /** Offset of the cursor. */
  offset: number;
}

export type CursorContext = KeyContext | ValueContext | TemplateContext | { kind: 'none' };

/** Which template, if any, the string at `path` is. */
export function templateSiteOf(kind: ManifestKind, path: readonly Segment[]): TemplateSiteKind | undefined {
  if (kind === 'skill') {
    if (path[0] === 'prompt' && path.length === 2) return 'prompt';
    if (path[0] === 'chunking' && path[1] === 'reduce' && path.length === 3) return 'reduce';
    if (path[0] === 'prompt' && path[1] === 'reduce' && path.length === 3) return 'reduce';
    if (path[0] === 'offline' && path.length >= 2) return 'offline';
    if (path[0] === 'actions' && typeof path[1] === 'number') {
      if (path.length === 3 && path[2] === 'when') return 'action-when';
      // The spec's place: when: and as: inside the primitive's parameters.
      if (path.length === 4 && path[3] === 'when') return 'action-when';
      if (path.length === 4 && path[3] === 'as') return undefined;
      if (path.length >= 4 && path[2] !== 'as' && path[2] !== 'when') return 'action';
    }
    return undefined;
  }
  if (path[0] !== 'steps') return undefined;
  const args = path.indexOf('args');
  if (args > 0 && path.length > args + 1) return 'step';
  if (path[path.length - 1] === 'when' && typeof path[path.length - 2] === 'number') return 'step-when';
  return undefined;
}

/**
 * The expression a template text has open at its end: the text after the last "{{" or "{%" that
 * is not closed, or undefined when the end is in literal text. A bare condition is all expression.
 */
export function openExpression(textBefore: string, bare: boolean): string | undefined {
  const a = textBefore.lastIndexOf('{{');
  const b = textBefore.lastIndexOf('{%');
  const open = Math.max(a, b);
  if (open < 0) return bare ? textBefore : undefined;
  const rest = textBefore.slice(open + 2);
  if (rest.includes('}}') || rest.includes('%}')) return undefined;
  return rest;
}

const isWord = (c: string | undefined) => !!c && /[A-Za-z0-9_]/.test(c);

/** The line and column (0-based) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number; lineStart: number } {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart, lineStart };
}

/** The outline read up to (not including) a line, and that line's text. */
function readUpTo(text: string, line: number): { reader: OutlineReader; lineText: string } {
  const reader = new OutlineReader();
  const lines = text.split('\n');
  for (let i = 0; i < line && i < lines.length; i++) reader.feed(lines[i]);
  const raw = lines[line] ?? '';
  return { reader, lineText: raw.endsWith('\r') ? raw.slice(0, -1) : raw };
}

/** The block scalar whose text a line is part of, given the line's text and the cursor column. */
function blockAt(reader: OutlineReader, lineText: string, column: number): BlockRegion | undefined {
  const blankBefore = lineText.slice(0, column).trim() === '';
  return blankBefore && lineText.trim() === '' ? reader.inBlock(' '.repeat(column) + 'x', column) : reader.inBlock(lineText);
}

/** Where the cursor at `offset` is. */
export function cursorContext(text: string, offset: number, kind: ManifestKind): CursorContext {
  const { line, column, lineStart } = lineColumn(text, offset);
  const { reader, lineText } = readUpTo(text, line);
  const block = blockAt(reader, lineText, column);
  if (block) {
    const site = templateSiteOf(kind, block.path);
    if (!site) return { kind: 'none' };
    const before = openExpression(lineText.slice(0, column), site.endsWith('-when'));
    return before === undefined ? { kind: 'none' } : { kind: 'template', path: block.path, site, before, offset };
  }
  const prefixText = lineText.slice(0, column);
  const placement = reader.probe(prefixText);
  const indent = prefixText.length - prefixText.trimStart().length;
  let content = indent;
  for (const item of placement.items) content = Math.max(content, item.column + 1);
  while (lineText[content] === ' ' || lineText[content] === '\t') content++;
  if (content > column) content = column;
  if (lineText[indent] === '#') return { kind: 'none' };
  const colon = keyColon(lineText, content);
  if (colon >= 0 && colon < column) {
    let key = lineText.slice(content, colon).trim();
    if (key.startsWith('"') || key.startsWith("'")) key = key.slice(1, -1);
    const path = [...placement.container, key];
    let valueStart = colon + 1;
    while (valueStart < column && (lineText[valueStart] === ' ' || lineText[valueStart] === '\t')) valueStart++;
    const valueText = lineText.slice(valueStart, column);
    // A one-line flow mapping ("create_note: { title: "{{ out.| }}" }"): the value the cursor is in.
    const flow = flowValueAt(valueText);
    const valuePath = flow ? [...path, ...flow.path] : path;
    const text = flow ? flow.text : valueText;
    const site = templateSiteOf(kind, valuePath);
    if (site) {
      const unquoted = text.startsWith('"') || text.startsWith("'") ? text.slice(1) : text;
      const before = openExpression(unquoted, site.endsWith('-when'));
      if (before !== undefined) return { kind: 'template', path: valuePath, site, before, offset };
    }
    return valueContext(path, lineText, valueStart, column, lineStart, colon);
  }
  // A list item holding a plain value ("- text" in a block list): its value.
  const itemPath = placement.items.length ? placement.items[placement.items.length - 1].path : undefined;
  let start = column;
  while (start > content && isWord(lineText[start - 1])) start--;
  let end = column;
  while (isWord(lineText[end])) end++;
  if (start !== content) {
    // Something other than a key is before the word (a space inside a plain value): no key goes here.
    return itemPath ? valueContext(itemPath, lineText, content, column, lineStart, -1) : { kind: 'none' };
  }
  const full = readOutline(text);
  const present = new Set(full.keys.get(placement.container.join('/'))?.keys() ?? []);
  const own = full.lines[line] as OutlineLine | undefined;
  if (own?.key) present.delete(own.key.name);
  const siblingValues: string[] = [];
  if (placement.items.length && itemPath) {
    const list = itemPath.slice(0, -1).join('/');
    for (const l of full.lines) {
      const item = l?.items[l.items.length - 1];
      if (l && l.line !== line && item && item.path.slice(0, -1).join('/') === list && !l.key && l.value) siblingValues.push(l.value.text);
    }
  }
  return {
    kind: 'key',
    siblingValues,
    container: placement.container,
    column: start,
    prefix: lineText.slice(start, column),
    replace: { start: lineStart + start, end: lineStart + end },
    present,
    hasColon: keyColon(lineText, start) >= 0,
    underEmptyKey: placement.underEmptyKey && placement.items.length === 0,
    newItem: placement.items.length > 0,
  };
}

/**
 * Inside a flow collection written on one line ("{ title: "{{ x }}", tags: [a, b] }"), the path
 * of the value the end of `text` is in, relative to the key the collection belongs to, and that
 * value's text so far; undefined when `text` is not a flow collection or the end is at a key.
 */
export function flowValueAt(text: string): { path: Segment[]; text: string } | undefined {
  if (!/^[{[]/.test(text)) return undefined;
  type Frame = { list: boolean; key?: string; index: number; token: string; valueStart: number };
  const frames: Frame[] = [];
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = frames[frames.length - 1];
    if (quote) {
      if (c === quote && !(quote === '"' && text[i - 1] === '\\')) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    if (c === '{' || c === '[') {
      frames.push({ list: c === '[', index: 0, token: '', valueStart: i + 1 });
    } else if (c === '}' || c === ']') {
      frames.pop();
      if (frames.length === 0) return undefined;
    } else if (top && c === ',') {
      if (top.list) top.index++;
      top.key = undefined;
      top.token = '';
      top.valueStart = i + 1;
    } else if (top && !top.list && top.key === undefined && c === ':' && (i + 1 >= text.length || /\s/.test(text[i + 1]))) {
      top.key = top.token.trim().replace(/^["']|["']$/g, '');
      top.valueStart = i + 1;
    } else if (top && !top.list && top.key === undefined) {
      top.token += c;
    }
  }
  const top = frames[frames.length - 1];
  if (!top || (!top.list && top.key === undefined)) return undefined;
  const path: Segment[] = [];
  for (let f = 1; f <= frames.length; f++) {
    const frame = frames[f - 1];
    // An outer frame is entered through its current key (or item); the innermost is where the cursor is.
    if (frame.list) path.push(frame.index);
    else if (frame.key !== undefined) path.push(frame.key);
  }
  return { path, text: text.slice(top.valueStart).trimStart() };
}

function valueContext(path: Segment[], lineText: string, valueStart: number, column: number, lineStart: number, colon: number): ValueContext {
  const valueText = lineText.slice(valueStart, column);
  let start = column;
  while (start > valueStart && /[A-Za-z0-9_.-]/.test(lineText[start - 1])) start--;
  let end = column;
  while (/[A-Za-z0-9_.-]/.test(lineText[end] ?? '')) end++;
  const ctx: ValueContext = {
    kind: 'value', path, prefix: lineText.slice(start, column), replace: { start: lineStart + start, end: lineStart + end },
    needsSpace: colon >= 0 && column === colon + 1,
  };
  if (valueText.startsWith('[')) {
    const close = lineText.indexOf(']', valueStart);
    const inner = lineText.slice(valueStart + 1, close < 0 ? lineText.length : close);
    ctx.flowItems = inner.split(',').map((s) => s.trim().replace(/^["']|["']$/g, '')).filter((s) => s !== '' && s !== ctx.prefix);
  }
  return ctx;
}
