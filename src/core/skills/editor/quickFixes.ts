// Quick fixes for skill.yaml and *.chain.yaml, as text edits on the document: add the required
// keys a mapping lacks (with a value to start from), set `name` to the folder's name, change a
// misspelling to the accepted spelling, raise `version`, and add the "Not for …" sentence a
// description needs so the router can tell skills apart.

import { parseDocument } from 'yaml';
import { pointerSegments, type ManifestProblem } from '../manifest/problems';
import { legacyEdits } from '../manifest/specForm';
import { readOutline, type OutlineReader } from './outline';
import { propertiesOf, schemaAt, typesOf, type ManifestKind, type SchemaNode, type Segment } from './schemaNav';

/** Replace text[start, end) with newText. */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** One fix: a title for the menu and its edits. */
export interface QuickFix {
  /** Which fix it is (the editor words its title from this and `args`, in the UI language). */
  id: 'add-keys' | 'rename-to-folder' | 'use-suggestion' | 'bump-version' | 'add-not-for' | 'migrate-to-spec';
  args: string[];
  /** The title in English. */
  title: string;
  edits: TextEdit[];
  /** The problem code it fixes, when it answers a diagnostic. */
  fixes?: string;
  /** The best fix of its problem (VS Code applies it with "Fix all"/auto-fix). */
  preferred?: boolean;
}

/**
 * The code of the description linter's warning that the description does not say when not to
 * use the skill. Defined here until the linter's code list has it; the fix is also offered on
 * the description itself, diagnostic or not.
 */
export const DESCRIPTION_MISSING_NOT_FOR = 'description-missing-not-for';

/** The sentence the "Not for" fix adds; the author replaces the part in parentheses. */
export const NOT_FOR_SENTENCE = 'Not for … (name the inputs another skill should handle).';

const pad = (n: number) => ' '.repeat(Math.max(0, n));

/** Offset of a 1-based line and column. */
export function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return Math.min(text.length, offset + column - 1);
}

/** Offset of the end of a 0-based line (before its line break). */
function lineEnd(text: string, line: number): number {
  const start = offsetAt(text, line + 1, 1);
  const nl = text.indexOf('\n', start);
  const end = nl < 0 ? text.length : nl;
  return text[end - 1] === '\r' ? end - 1 : end;
}

const samePath = (a: readonly Segment[], b: readonly Segment[]) => a.length === b.length && a.every((s, i) => s === b[i]);
const startsWith = (a: readonly Segment[], prefix: readonly Segment[]) => a.length > prefix.length && prefix.every((s, i) => s === a[i]);

/** The value a new key starts with, as lines relative to the key's column (the first line follows "key:"). */
function starterValue(kind: ManifestKind, path: readonly Segment[], schema: SchemaNode | undefined, folderName: string | undefined, depth = 0): string[] {
  const key = path[path.length - 1];
  if (kind === 'skill' && path.length === 1) {
    switch (key) {
      case 'name': return [` ${folderName && /^[a-z][a-z0-9_]*$/.test(folderName) ? folderName : 'my_skill'}`];
      case 'version': return [' 1'];
      case 'description': return [` ${JSON.stringify('Extracts … from … (say what it does). Use it when …. ' + NOT_FOR_SENTENCE)}`];
      case 'prompt': return ['', '  user: |', '    {{ input.text }}'];
      case 'output_schema': return ['', '  type: object', '  required: [title]', '  properties:', '    title:', '      type: string', '      description: A one-line title of the input.'];
      case 'actions': return ['', '  - create_note:', '      title: "{{ out.title }}"', '      body_md: "{{ input.text }}"'];
      case 'match': return ['', '  inputs: [text]'];
    }
  }
  if (key === 'user') return [' "{{ input.text }}"'];
  if (kind === 'chain' && key === 'steps') return ['', '  - skill: my_skill'];
  const types = typesOf(schema, kind);
  if (schema?.enum?.length) return [` ${String(schema.enum[0])}`];
  if (schema?.default !== undefined && typeof schema.default !== 'object') return [` ${JSON.stringify(schema.default)}`];
  if (types.includes('integer') || types.includes('number')) return [` ${schema?.minimum ?? 0}`];
  if (types.includes('boolean')) return [' false'];
  if (types.includes('string')) return [' ""'];
  if (types.includes('array')) return [' []'];
  if (types.includes('object')) {
    const required = schema?.required ?? [];
    if (!required.length || depth > 3) return [' {}'];
    const props = new Map(propertiesOf(kind, schema));
    const lines = [''];
    for (const r of required) {
      const v = starterValue(kind, [...path, r], props.get(r), folderName, depth + 1);
      lines.push(`  ${r}:${v[0]}`, ...v.slice(1).map((x) => '  ' + x));
    }
    return lines;
  }
  return [' ""'];
}

/** Where the keys of the mapping at `segs` are written: their column and the last line of the mapping. */
function mappingExtent(outline: OutlineReader, segs: readonly Segment[]): { column: number; lastLine: number } | undefined {
  let column: number | undefined;
  let last = -1;
  outline.lines.forEach((l) => {
    if (!l) return;
    if (samePath(l.container, segs) && l.key) {
      column ??= l.key.column;
      last = Math.max(last, l.line);
    } else if (startsWith(l.path, segs) || l.items.some((i) => startsWith(i.path, segs))) {
      last = Math.max(last, l.line);
    }
  });
  for (const b of outline.blocks) if (startsWith(b.path, segs) && b.lastLine >= b.firstLine) last = Math.max(last, b.lastLine);
  if (column === undefined) {
    // An empty mapping: "prompt:" with nothing under it, or "- " with nothing after it.
    const owner = outline.lines.find((l) => l && samePath(l.path, segs));
    if (!owner || owner.value) return undefined;
    const item = owner.items.find((i) => samePath(i.path, segs));
    return { column: item ? owner.contentColumn : (owner.key?.column ?? 0) + 2, lastLine: owner.line };
  }
  return { column, lastLine: last };
}

/**
 * The last line of the key written before `key` in the schema's order (so a missing `version`
 * goes after `name`), or undefined when none of the keys before it is written.
 */
function afterKey(outline: OutlineReader, segs: readonly Segment[], order: readonly string[], key: string): number | undefined {
  const present = outline.keys.get(segs.join('/'));
  const index = order.indexOf(key);
  if (!present || index <= 0) return undefined;
  const before = [...order.slice(0, index)].reverse().find((k) => present.has(k));
  if (before === undefined) return undefined;
  const own = [...segs, before];
  let last = present.get(before)!;
  for (const l of outline.lines) if (l && l.line > last && (startsWith(l.path, own) || l.items.some((i) => startsWith(i.path, own)))) last = l.line;
  for (const b of outline.blocks) if ((samePath(b.path, own) || startsWith(b.path, own)) && b.lastLine > last) last = b.lastLine;
  return last;
}

/** Edits that add `keys` to the mapping at `pointer`. */
export function addKeysFix(text: string, kind: ManifestKind, pointer: string, keys: readonly string[], folderName?: string): TextEdit | undefined {
  const segs: Segment[] = pointerSegments(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const outline = readOutline(text);
  const blankDoc = text.trim() === '';
  const extent = blankDoc ? { column: 0, lastLine: -1 } : mappingExtent(outline, segs);
  if (!extent) return undefined;
  const mapping = schemaAt(kind, segs);
  const props = new Map(propertiesOf(kind, mapping));
  const block = keys.map((k) => {
    const v = starterValue(kind, [...segs, k], props.get(k), folderName);
    return [`${pad(extent.column)}${k}:${v[0]}`, ...v.slice(1).map((x) => pad(extent.column) + x)].join('\n');
  }).join('\n');
  if (extent.lastLine < 0) return { start: 0, end: 0, newText: block + '\n' };
  const at = lineEnd(text, afterKey(outline, segs, [...props.keys()], keys[0]) ?? extent.lastLine);
  return { start: at, end: at, newText: '\n' + block };
}

/** The root key's line, if written. */
function rootLine(text: string, key: string) {
  return readOutline(text).lines.find((l) => l?.key?.name === key && l.container.length === 0);
}

/** `version: n` → n + 1, when the cursor is on the version line (or anywhere when line is not given). */
export function bumpVersionFix(text: string, line?: number): QuickFix | undefined {
  const l = rootLine(text, 'version');
  if (!l?.value || (line !== undefined && l.line !== line)) return undefined;
  if (!/^[0-9]{1,9}$/.test(l.value.text)) return undefined;
  const next = Number(l.value.text) + 1;
  return { id: 'bump-version', args: [String(next)], title: `Raise version to ${next}`, edits: [{ start: l.start + l.value.column, end: l.start + l.value.end, newText: String(next) }] };
}

/** True when a description already says what it is not for. */
export function saysNotFor(description: string): boolean {
  const d = description.toLowerCase();
  return d.includes('not for') || d.includes('do not use') || d.includes("don't use") || d.includes('不适用') || d.includes('不要用') || d.includes('不用于');
}

/** Adds the "Not for …" sentence at the end of the root description. */
export function addNotForFix(text: string): QuickFix | undefined {
  const outline = readOutline(text);
  const l = outline.lines.find((x) => x?.key?.name === 'description' && x.container.length === 0);
  if (!l?.value) return undefined;
  const title = 'Add a "Not for …" sentence to the description';
  if (l.block) {
    const block = outline.blocks.find((b) => b.firstLine === l.line + 1);
    if (!block || block.lastLine < block.firstLine) return undefined;
    const lines = text.split('\n');
    const body = lines.slice(block.firstLine, block.lastLine + 1).join('\n');
    if (saysNotFor(body)) return undefined;
    const first = lines[block.firstLine];
    const indent = first.length - first.trimStart().length;
    const at = lineEnd(text, block.lastLine);
    const lastText = lines[block.lastLine].trimEnd();
    const stop = /[.!?。！？]$/.test(lastText) ? '' : '.';
    return { id: 'add-not-for', args: [], title, edits: [{ start: at, end: at, newText: `${stop}\n${pad(indent)}${NOT_FOR_SENTENCE}` }] };
  }
  const value = l.value.text;
  if (saysNotFor(value)) return undefined;
  const quoted = value.startsWith('"') || value.startsWith("'");
  const inner = quoted ? value.slice(1, -1) : value;
  const at = l.start + l.value.end - (quoted ? 1 : 0);
  const stop = /[.!?。！？]$/.test(inner.trimEnd()) ? '' : '.';
  const sentence = quoted && value[0] === "'" ? NOT_FOR_SENTENCE.replace(/'/g, "''") : NOT_FOR_SENTENCE;
  return { id: 'add-not-for', args: [], title, edits: [{ start: at, end: at, newText: `${stop} ${sentence}` }] };
}

/** The fixes of one problem reported for `text`. */
export function fixesFor(text: string, kind: ManifestKind, problem: Pick<ManifestProblem, 'code' | 'path' | 'data' | 'line' | 'column' | 'endLine' | 'endColumn'>, options: { folderName?: string } = {}): QuickFix[] {
  const out: QuickFix[] = [];
  const data = problem.data ?? {};
  const start = offsetAt(text, problem.line, problem.column);
  const end = offsetAt(text, problem.endLine, problem.endColumn);
  switch (problem.code) {
    case 'schema-required':
    case 'manifest-only-required':
    case 'not-a-mapping': {
      const missing = data.missing ?? [];
      if (!missing.length || (problem.code === 'not-a-mapping' && text.trim() !== '')) break;
      const edit = addKeysFix(text, kind, problem.path, missing, options.folderName);
      if (edit) out.push({ id: 'add-keys', args: [missing.join(', ')], title: `Add ${missing.map((k) => '`' + k + '`').join(', ')}`, edits: [edit], fixes: problem.code, preferred: true });
      break;
    }
    case 'name-folder-mismatch':
      if (data.expected) out.push({ id: 'rename-to-folder', args: [data.expected], title: `Change name to "${data.expected}" (the folder's name)`, edits: [{ start, end, newText: data.expected }], fixes: problem.code, preferred: true });
      break;
    case DESCRIPTION_MISSING_NOT_FOR: {
      const fix = addNotForFix(text);
      if (fix) out.push({ ...fix, fixes: problem.code, preferred: true });
      break;
    }
    case 'legacy-form': {
      // One fix for the whole file, as `skills migrate` writes it: every old part at once, comments and layout kept.
      if (kind !== 'skill') break;
      const { edits } = legacyEdits(text, parseDocument(text).contents);
      if (edits.length) out.push({ id: 'migrate-to-spec', args: [], title: 'Rewrite this skill in the spec\'s form (as skills migrate does)', edits: edits.map((e) => ({ start: e.start, end: e.end, newText: e.text })), fixes: problem.code, preferred: true });
      break;
    }
  }
  if (data.suggestion && typeof data.suggestion === 'string' && end > start && !out.length) {
    out.push({ id: 'use-suggestion', args: [data.suggestion], title: `Change to "${data.suggestion}"`, edits: [{ start, end, newText: data.suggestion }], fixes: problem.code, preferred: true });
  }
  return out;
}

/** Applies edits to a text (they must not overlap). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}
