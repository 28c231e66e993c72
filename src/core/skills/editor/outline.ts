// A line-by-line reading of a block-style YAML document that tolerates the half-typed text an
// editor holds while someone writes it ("  - up", "strategy:" with nothing after it, an unclosed
// quote). The yaml library parses the same text into an AST with ranges (used where the text is
// complete: values, templates, output_schema); this reading answers what the AST cannot while the
// line is being typed: under which key the cursor is, and which keys the mapping already has.

import type { Segment } from './schemaNav';

/** What one line of the document holds, as far as structure goes. */
export interface OutlineLine {
  /** 0-based line number. */
  line: number;
  /** Offset of the line's first character in the text. */
  start: number;
  /** The line's text (without its line break). */
  text: string;
  /** Column (0-based) of the line's content after indentation and "- " markers. */
  contentColumn: number;
  /** The list items a "- " on this line opens, with their paths. */
  items: Array<{ column: number; path: Segment[] }>;
  /** The mapping (or list item) the content belongs to. */
  container: Segment[];
  /** Column of the container's keys (its indentation). */
  containerColumn: number;
  /** The key on this line, when there is one: its text and columns [column, end). */
  key?: { name: string; column: number; end: number };
  /** The value written after "key:" or "- " on this line (comment left out), with its columns. */
  value?: { text: string; column: number; end: number };
  /** Path of this line's key (container + key), or of its list item when it has no key. */
  path: Segment[];
  /** True when the value is a block scalar (| or >): its text is on the following lines. */
  block?: boolean;
}

/** A block scalar's text lines. */
export interface BlockRegion {
  path: Segment[];
  /** Column of the key that owns it: its lines are indented further. */
  ownerColumn: number;
  /** First and last line (0-based, inclusive) with text of the block. */
  firstLine: number;
  lastLine: number;
}

interface Frame {
  column: number;
  kind: 'map' | 'seq';
  path: Segment[];
  count: number;
}

/** Where a key typed at some column of a line would go. */
export interface Placement {
  container: Segment[];
  containerColumn: number;
  /** The list items "- " markers on the probed text open. */
  items: Array<{ column: number; path: Segment[] }>;
  /**
   * True when the container is a key written just above with nothing after it ("match:"), so
   * what is typed here is that key's value: its first key, or its first "- " item.
   */
  underEmptyKey: boolean;
}

const isBlank = (s: string) => s.trim() === '';
const indentOf = (s: string) => s.length - s.trimStart().length;

/** The end of a value, before a " #" comment (a # inside quotes does not count). */
function valueEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if ((c === '"' || c === "'") && i === from) quote = c;
    else if (c === '#' && (i === from || text[i - 1] === ' ' || text[i - 1] === '\t')) {
      let end = i;
      while (end > from && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
      return end;
    }
  }
  let end = text.length;
  while (end > from && (text[end - 1] === ' ' || text[end - 1] === '\t' || text[end - 1] === '\r')) end--;
  return end;
}

/**
 * Where "key:" ends on a line's content (the index of the colon), or -1 when the content is not
 * a key: a colon followed by a blank or the end of the line, outside quotes, before any flow
 * bracket or comment.
 */
export function keyColon(text: string, from: number): number {
  const first = text[from];
  if (first === '"' || first === "'") {
    const close = text.indexOf(first, from + 1);
    if (close < 0) return -1;
    return text[close + 1] === ':' && (close + 2 >= text.length || text[close + 2] === ' ' || text[close + 2] === '\t') ? close + 1 : -1;
  }
  if (first === '{' || first === '[' || first === '#' || first === '|' || first === '>' || first === '&' || first === '*' || first === '!') return -1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === ':' && (i + 1 >= text.length || text[i + 1] === ' ' || text[i + 1] === '\t' || text[i + 1] === '\r')) return i;
    if (c === '#' && i > from && (text[i - 1] === ' ' || text[i - 1] === '\t')) return -1;
  }
  return -1;
}

/** Reads lines in order, keeping the open mappings and lists (the state a probe starts from). */
export class OutlineReader {
  private stack: Frame[] = [];
  /** The last key (or list item) whose value is still to come on later lines. */
  private pending: { column: number; path: Segment[] } | undefined = { column: -1, path: [] };
  private block: BlockRegion | undefined;
  readonly lines: Array<OutlineLine | undefined> = [];
  readonly blocks: BlockRegion[] = [];
  /** Keys seen in each mapping, by its path (joined with "/"), with the line of each. */
  readonly keys = new Map<string, Map<string, number>>();
  private lineNo = 0;
  private offset = 0;

  /** True when a line at this indentation (blank or deeper) is text of the block scalar being read. */
  inBlock(text: string, column = indentOf(text)): BlockRegion | undefined {
    if (!this.block) return undefined;
    return isBlank(text) || column > this.block.ownerColumn ? this.block : undefined;
  }

  private popTo(column: number): void {
    while (this.stack.length && this.stack[this.stack.length - 1].column > column) this.stack.pop();
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Opens the "- " items at the start of `text` (from column `from`); returns them and the content column. */
  private openItems(text: string, from: number): { items: Placement['items']; column: number } {
    const items: Placement['items'] = [];
    let pos = from;
    while (text[pos] === '-' && (pos + 1 >= text.length || text[pos + 1] === ' ' || text[pos + 1] === '\t')) {
      this.popTo(pos);
      let top = this.top();
      if (this.pending && pos >= this.pending.column && !(top && top.kind === 'seq' && top.column === pos)) {
        this.stack.push({ column: pos, kind: 'seq', path: this.pending.path, count: 0 });
      } else if (top && top.kind === 'seq' && top.column === pos) {
        top.count++;
      } else {
        this.stack.push({ column: pos, kind: 'seq', path: this.pending?.path ?? top?.path ?? [], count: 0 });
      }
      top = this.top()!;
      const itemPath = [...top.path, top.count];
      items.push({ column: pos, path: itemPath });
      pos++;
      while (text[pos] === ' ' || text[pos] === '\t') pos++;
      // The item's own mapping (if its content is a key) has its keys at this column.
      this.stack.push({ column: pos, kind: 'map', path: itemPath, count: 0 });
      // An item with nothing after its dash gets its value on the next lines.
      this.pending = pos >= text.trimEnd().length ? { column: items[items.length - 1].column, path: itemPath } : undefined;
    }
    return { items, column: pos };
  }

  /** The container of a key written at `column` now (after the items of the same line opened). */
  private placementAt(column: number, items: Placement['items']): Placement {
    if (items.length) {
      const top = this.top()!;
      return { container: top.path, containerColumn: top.column, items, underEmptyKey: false };
    }
    this.popTo(column);
    const top = this.top();
    if (this.pending && column > this.pending.column) {
      return { container: this.pending.path, containerColumn: column, items, underEmptyKey: this.pending.path.length > 0 || this.pending.column >= 0 };
    }
    if (top && top.kind === 'seq' && top.column === column) {
      // A key at the column of a list's dashes: the list ended; the key belongs to the mapping around it.
      this.stack.pop();
      return this.placementAt(column, items);
    }
    if (top) return { container: top.path, containerColumn: top.column, items, underEmptyKey: false };
    return { container: [], containerColumn: 0, items, underEmptyKey: false };
  }

  /** Where a key typed on a new line at `text` (the line up to the cursor) would go; changes nothing. */
  probe(text: string): Placement {
    const saved = { stack: this.stack.map((f) => ({ ...f })), pending: this.pending };
    try {
      const from = indentOf(text);
      const { items, column } = this.openItems(text, from);
      return this.placementAt(items.length ? column : from, items);
    } finally {
      this.stack = saved.stack;
      this.pending = saved.pending;
    }
  }

  /** Reads the next line. */
  feed(text: string): void {
    const lineNo = this.lineNo++;
    const start = this.offset;
    this.offset += text.length + 1;
    const clean = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (this.inBlock(clean)) {
      if (!isBlank(clean)) this.block!.lastLine = lineNo;
      this.lines.push(undefined);
      return;
    }
    this.block = undefined;
    const indent = indentOf(clean);
    if (isBlank(clean) || clean[indent] === '#' || clean.startsWith('---') || clean.startsWith('...')) {
      this.lines.push(undefined);
      return;
    }
    if (this.pending && indent <= this.pending.column && !(clean[indent] === '-' && indent === this.pending.column)) this.pending = undefined;
    const { items, column } = this.openItems(clean, indent);
    const placement = this.placementAt(items.length ? column : indent, items);
    const content = column;
    const colon = keyColon(clean, content);
    const line: OutlineLine = { line: lineNo, start, text: clean, contentColumn: content, items, container: placement.container, containerColumn: placement.containerColumn, path: items.length ? items[items.length - 1].path : placement.container };
    if (colon >= 0) {
      let name = clean.slice(content, colon).trim();
      if (name.startsWith('"') || name.startsWith("'")) name = name.slice(1, -1);
      const keyEnd = content + clean.slice(content, colon).trimEnd().length;
      line.key = { name, column: content, end: keyEnd };
      line.path = [...placement.container, name];
      if (!items.length && placement.underEmptyKey) this.stack.push({ column: content, kind: 'map', path: placement.container, count: 0 });
      const pointer = placement.container.join('/');
      const seen = this.keys.get(pointer) ?? new Map<string, number>();
      if (!seen.has(name)) seen.set(name, lineNo);
      this.keys.set(pointer, seen);
      let v = colon + 1;
      while (clean[v] === ' ' || clean[v] === '\t') v++;
      const end = valueEnd(clean, v);
      if (end > v) line.value = { text: clean.slice(v, end), column: v, end };
      this.pending = undefined;
      if (!line.value) this.pending = { column: content, path: line.path };
      else if (/^[|>][-+0-9]*$/.test(line.value.text)) {
        line.block = true;
        this.block = { path: line.path, ownerColumn: items.length ? content : indent, firstLine: lineNo + 1, lastLine: lineNo };
        this.blocks.push(this.block);
      }
    } else {
      const end = valueEnd(clean, content);
      if (end > content) line.value = { text: clean.slice(content, end), column: content, end };
      if (items.length) {
        this.pending = line.value ? undefined : this.pending;
        if (line.value && /^[|>][-+0-9]*$/.test(line.value.text)) {
          line.block = true;
          this.block = { path: line.path, ownerColumn: items[items.length - 1].column, firstLine: lineNo + 1, lastLine: lineNo };
          this.blocks.push(this.block);
        }
      }
    }
    this.lines.push(line);
  }
}

/** Splits a text into lines (a final line without a break included). */
export function splitLines(text: string): string[] {
  return text.split('\n');
}

/** Reads a whole text. */
export function readOutline(text: string): OutlineReader {
  const reader = new OutlineReader();
  for (const l of splitLines(text)) reader.feed(l);
  return reader;
}
