// Hover in skill.yaml and *.chain.yaml: a key's documentation from the schema, an action
// primitive's description and parameters, and for a name inside a template where its value
// comes from (the input, a field of output_schema, an earlier action's alias, a filter).

import { FILTERS, TESTS } from '../../runtime/template';
import { describePrimitive, entryAt, trailingPath } from './completion';
import { lineColumn, openExpression, templateSiteOf, type OffsetRange } from './cursorContext';
import { readOutline, type OutlineLine } from './outline';
import { primitiveInfos, primitiveOfPath, schemaAt, type ManifestKind } from './schemaNav';
import { describeSchema } from './schemaDocs';
import { templateScope } from './templateScope';

/** What hover shows, and the characters it is about. */
export interface HoverResult {
  markdown: string;
  range: OffsetRange;
}

const isWordChar = (c: string | undefined) => !!c && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');

/** Words of the template language, not names. */
const KEYWORDS = new Set(['and', 'or', 'not', 'is', 'in', 'if', 'elif', 'else', 'endif', 'for', 'endfor', 'set', 'endset', 'none', 'None', 'true', 'false', 'True', 'False']);

/** Whether a `{% set name = … %}` (or `{% set a, name = … %}`, `{% set name %}`) in the text assigns `name`. */
function assignedBySet(text: string, name: string): boolean {
  for (let at = text.indexOf('{%'); at >= 0; at = text.indexOf('{%', at + 2)) {
    let i = at + 2;
    if (text[i] === '-') i++;
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (!text.startsWith('set', i) || isWordChar(text[i + 3])) continue;
    const close = text.indexOf('%}', i);
    const equals = text.indexOf('=', i);
    const end = close < 0 ? text.length : equals >= 0 && equals < close ? equals : close;
    const names = text.slice(i + 3, end).split(',').map((n) => {
      const t = n.trim();
      return (t.endsWith('-') ? t.slice(0, -1) : t).trim(); // the dash of {%- set x -%}
    });
    if (names.includes(name)) return true;
  }
  return false;
}

/** Hover for a name in the template text of `line`, where `column` is. */
function templateHover(kind: ManifestKind, text: string, l: { path: Array<string | number>; lineText: string; lineStart: number; valueColumn: number; line: number }, column: number): HoverResult | undefined {
  const site = templateSiteOf(kind, l.path);
  if (!site) return undefined;
  let start = column;
  while (start > 0 && isWordChar(l.lineText[start - 1])) start--;
  let end = column;
  while (isWordChar(l.lineText[end])) end++;
  if (start === end) return undefined;
  const before = l.lineText.slice(Math.max(l.valueColumn, 0), start);
  const unquoted = before.startsWith('"') || before.startsWith("'") ? before.slice(1) : before;
  const expression = openExpression(unquoted, site.endsWith('-when'));
  if (expression === undefined) return undefined;
  const word = l.lineText.slice(start, end);
  if (KEYWORDS.has(word)) return undefined;
  const range = { start: l.lineStart + start, end: l.lineStart + end };
  // A filter ("| name") or a test ("is name").
  let k = expression.length;
  while (k > 0 && expression[k - 1] === ' ') k--;
  if (expression[k - 1] === '|') {
    const f = FILTERS.find((x) => x.name === word);
    if (f) return { markdown: `**${word}** (filter) — ${f.description}${f.parameters.length ? '\n\n' + f.parameters.map((p) => `- \`${p.name}\`${p.optional ? ' (optional)' : ''}: ${p.description}`).join('\n') : ''}`, range };
  }
  const test = TESTS.find((t) => t.name === word);
  if (test && trailingPath(expression).operator === 'is') return { markdown: `**${word}** (test) — ${test.description}`, range };
  // A name path: the names before the word, joined by dots.
  let j = start;
  while (j > 0 && (isWordChar(l.lineText[j - 1]) || l.lineText[j - 1] === '.')) j--;
  const path = l.lineText.slice(j, end).split('.').filter((s) => s !== '');
  const outline = readOutline(text);
  const scope = templateScope(site, l.path, text, outline, l.line);
  const entry = entryAt(scope, path);
  const shown = path.join('.');
  if (!entry) {
    if (path.length === 1 && assignedBySet(text, path[0])) return { markdown: `\`${shown}\` is a variable this template assigns with {% set %}.`, range };
    if (path.length === 1) return { markdown: `\`${shown}\` is not provided here: a template at this place can use ${scope.map((e) => '`' + e.name + '`').join(', ')}.`, range };
    return undefined;
  }
  return { markdown: [`\`${shown}\` — ${entry.origin}`, entry.documentation ?? ''].filter(Boolean).join('\n\n'), range };
}

/** The hover at `offset`, or undefined when there is nothing to say there. */
export function hoverAt(text: string, offset: number, kind: ManifestKind): HoverResult | undefined {
  const { line, column, lineStart } = lineColumn(text, offset);
  const outline = readOutline(text);
  const lineText = text.slice(lineStart, text.indexOf('\n', lineStart) < 0 ? text.length : text.indexOf('\n', lineStart)).replace(/\r$/, '');
  const block = outline.blocks.find((b) => line >= b.firstLine && line <= b.lastLine);
  if (block) return templateHover(kind, text, { path: block.path, lineText, lineStart, valueColumn: 0, line }, column);
  const l = outline.lines[line] as OutlineLine | undefined;
  if (!l) return undefined;
  if (l.key && column >= l.key.column && column <= l.key.end) {
    const range = { start: lineStart + l.key.column, end: lineStart + l.key.end };
    const prim = primitiveOfPath(kind, l.path);
    if (prim && l.path.length === 3) return { markdown: describePrimitive(prim.name), range };
    const schema = schemaAt(kind, l.path);
    const doc = describeSchema(kind, l.path, schema);
    return doc ? { markdown: doc, range } : undefined;
  }
  if (l.value && column >= l.value.column && column <= l.value.end) {
    const t = templateHover(kind, text, { path: l.path, lineText, lineStart, valueColumn: l.value.column, line }, column);
    if (t) return t;
    if (primitiveInfos().has(l.value.text)) return undefined;
    const schema = schemaAt(kind, l.path);
    const doc = describeSchema(kind, l.path, schema);
    return doc ? { markdown: doc, range: { start: lineStart + l.value.column, end: lineStart + l.value.end } } : undefined;
  }
  return undefined;
}
