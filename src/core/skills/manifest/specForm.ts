// The skill spec's form of a manifest (shared/seeds/004, section 2), and the older form this project
// wrote before it: `as:`/`when:` beside the primitive instead of inside its parameters, the
// primitives' old parameter names (body, tags, entity, from/to…), `input.url`/`input.kind` in
// templates, and `chunking.reduce` as a mapping of prompts. The old form still loads (with a
// warning each) and runs; `specForm` turns its data into the spec's form for the runtime, and
// `legacyEdits` finds where the text differs, for the warnings, the quick fix and `skills migrate`.

import { isMap, isPair, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap } from 'yaml';
import { LEGACY_PARAMS, renameLegacyParams, type LegacyParam } from '../actions/legacyParams';
import { ACTION_PRIMITIVES } from './types';

/** What about a manifest is in the old form. */
export type LegacyReason = 'action-key' | 'param-name' | 'input-name' | 'reduce-mapping' | 'interview-when';

/** One place in the old form: what to highlight, what is there, and what the spec writes. */
export interface LegacyFinding {
  reason: LegacyReason;
  /** JSON pointer of the key or template. */
  pointer: string;
  /** Offsets of what to highlight in the text. */
  start: number;
  end: number;
  found: string;
  expected: string;
  message: string;
}

/** Replace text[start, end) with `text`; offsets are in the original text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

const PRIMITIVES: ReadonlySet<string> = new Set(ACTION_PRIMITIVES);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** Old template names of SkillInput fields and the spec's. */
const INPUT_RENAMES: Readonly<Record<string, string>> = { url: 'link', kind: 'source_kind' };
const INPUT_NAME = /\binput\.(url|kind)\b/g;

/** The expression of a string that is exactly `{{ … }}`, else undefined. */
function wholeExpression(value: string): string | undefined {
  const t = value.trim();
  if (!t.startsWith('{{') || !t.endsWith('}}')) return undefined;
  const inner = t.slice(2, -2);
  return inner.includes('{{') || inner.includes('}}') || inner.includes('{%') ? undefined : inner.trim();
}

/**
 * Whether `when:` inside create_interview's parameters is the old name of the interview's time
 * (`scheduled_at`) rather than the spec's condition: a date written out, text mixing template and
 * words (a condition is one expression), or a lone value whose name says it is a time. A condition
 * compares or tests (`is`, `and`, `==`, …).
 */
export function interviewWhenIsTime(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const t = value.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) return true;
  const expr = wholeExpression(t) ?? (t.includes('{{') || t.includes('{%') ? undefined : t);
  if (expr === undefined) return true;
  if (/\b(?:is|and|or|not|in)\b|==|!=|<|>/.test(expr)) return false;
  return /date|time|_at\b|_on\b|\bwhen\b|schedul|start|\bday\b|\bnow\b|\biso\b/i.test(expr);
}

/** The legacy renames that apply to one action's parameters, the create_interview `when` included. */
function legacyRenames(primitive: string, params: Record<string, unknown>): LegacyParam[] {
  const table = (Object.prototype.hasOwnProperty.call(LEGACY_PARAMS, primitive) ? LEGACY_PARAMS[primitive] : undefined) ?? [];
  return table.filter((l) => Object.prototype.hasOwnProperty.call(params, l.from) && !Object.prototype.hasOwnProperty.call(params, l.to)
    && (!l.conflictsWithCondition || interviewWhenIsTime(params[l.from])));
}

/**
 * One action's parameters in the spec's form: old names renamed, `as` and `when` inside. Returns
 * the parameters and what was moved or renamed.
 */
export function specActionParams(primitive: string, params: Record<string, unknown>, item: Record<string, unknown>): Record<string, unknown> {
  const { when, ...rest } = params;
  let out: Record<string, unknown> = rest;
  // `when` inside the parameters is the condition, unless it is create_interview's old name of its time.
  const timeWhen = when !== undefined && legacyRenames(primitive, params).some((l) => l.conflictsWithCondition);
  if (timeWhen) out.scheduled_at = when;
  out = { ...renameLegacyParams(primitive, out).params };
  if (when !== undefined && !timeWhen) out.when = when;
  if (item.as !== undefined && out.as === undefined) out.as = item.as;
  if (item.when !== undefined && out.when === undefined) out.when = item.when;
  return out;
}

/** Whether a manifest's data has any part in the form before the spec. */
function needsSpecForm(data: Record<string, unknown>): boolean {
  if (isObject(data.chunking) && isObject(data.chunking.reduce)) return true;
  if (!Array.isArray(data.actions)) return false;
  return data.actions.some((item) => {
    if (!isObject(item)) return false;
    if (item.as !== undefined || item.when !== undefined) return true;
    const primitive = Object.keys(item).find((k) => PRIMITIVES.has(k));
    const params = primitive ? item[primitive] : undefined;
    return isObject(params) && legacyRenames(primitive!, params).length > 0;
  });
}

/** A valid manifest's data in the spec's form (the runtime reads only this form). */
export function specForm(data: Record<string, unknown>): Record<string, unknown> {
  // Already in the spec's form: the data itself (callers that parsed it once keep one object).
  if (!needsSpecForm(data)) return data;
  const out: Record<string, unknown> = { ...data };
  if (Array.isArray(data.actions)) {
    out.actions = data.actions.map((item) => {
      if (!isObject(item)) return item;
      const primitive = Object.keys(item).find((k) => PRIMITIVES.has(k));
      if (!primitive || !isObject(item[primitive])) return item;
      return { [primitive]: specActionParams(primitive, item[primitive] as Record<string, unknown>, item) };
    });
  }
  if (isObject(data.chunking) && isObject(data.chunking.reduce)) {
    out.chunking = { ...data.chunking, reduce: true };
    if (isObject(data.prompt) && data.prompt.reduce === undefined) out.prompt = { ...data.prompt, reduce: data.chunking.reduce };
  }
  return out;
}

// ---- The text: where it is in the old form, and the edits that put it in the spec's. ----

function pairOf(map: YAMLMap, key: string): Pair<Node, Node | null> | undefined {
  return map.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key) as Pair<Node, Node | null> | undefined;
}

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
function lineEnd(text: string, offset: number): number {
  const i = text.indexOf('\n', offset);
  return i < 0 ? text.length : i;
}
/** Column of an offset (0-based). */
const columnOf = (text: string, offset: number) => offset - lineStart(text, offset);

/** The text of a value as written. */
function valueText(text: string, node: Node): string {
  return text.slice(node.range![0], node.range![1]).trimEnd();
}

/** The `when:` value in the spec's form: a template (a bare condition gets its braces). */
function whenAsTemplate(text: string, node: Node): string {
  const v = isScalar(node) ? String(node.value) : valueText(text, node);
  if (wholeExpression(v) !== undefined) return valueText(text, node);
  return JSON.stringify(`{{ ${v.trim()} }}`);
}

/** Edits that insert `lines` (already "key: value") into a mapping: first or last. */
function insertIntoMap(text: string, map: YAMLMap, entries: string[], where: 'first' | 'last'): TextEdit | undefined {
  if (!entries.length || !map.range) return undefined;
  if (map.flow) {
    const open = map.range[0];
    const close = text.lastIndexOf('}', map.range[1]);
    if (text[open] !== '{' || close < open) return undefined;
    const empty = map.items.length === 0;
    if (where === 'first') return { start: open + 1, end: open + 1, text: ` ${entries.join(', ')}${empty ? ' ' : text[open + 1] === ' ' ? ',' : ', '}` };
    let at = close;
    while (at > open && (text[at - 1] === ' ' || text[at - 1] === '\t')) at--;
    return { start: at, end: at, text: `${empty ? ' ' : ', '}${entries.join(', ')}` };
  }
  const first = map.items[0];
  if (!first || !isPair(first) || !(first.key as Node | null)?.range) return undefined;
  const keyStart = (first.key as Node).range![0];
  const indent = ' '.repeat(columnOf(text, keyStart));
  if (where === 'first') {
    const at = lineStart(text, keyStart);
    // The first key may share its line with the item's dash ("- title: …"): then insert before it on that line.
    if (text.slice(at, keyStart).trim() !== '') return { start: keyStart, end: keyStart, text: `${entries.join(`\n${indent}`)}\n${indent}` };
    return { start: at, end: at, text: entries.map((e) => `${indent}${e}\n`).join('') };
  }
  const last = map.items[map.items.length - 1] as Pair<Node, Node | null>;
  const tail = (last.value ?? last.key) as Node;
  let end = tail.range![1];
  // A block scalar or nested block ends after its newline: insert on the next line.
  if (text[end - 1] === '\n') return { start: end, end, text: entries.map((e) => `${indent}${e}\n`).join('') };
  end = lineEnd(text, end);
  return { start: end, end, text: entries.map((e) => `\n${indent}${e}`).join('') };
}

/** The edit that removes one pair of a block mapping (its whole lines), or of a flow one (with its comma). */
function removePair(text: string, map: YAMLMap, pair: Pair<Node, Node | null>): { edit: TextEdit; comment: string } {
  const key = pair.key as Node;
  const valueEnd = (pair.value ?? key).range![1];
  if (map.flow) {
    let start = key.range![0];
    let s = start;
    while (s > 0 && /\s/.test(text[s - 1])) s--;
    if (text[s - 1] === ',') start = s - 1;
    return { edit: { start, end: valueEnd, text: '' }, comment: '' };
  }
  const start = lineStart(text, key.range![0]);
  const eol = lineEnd(text, valueEnd > 0 && text[valueEnd - 1] === '\n' ? valueEnd - 1 : valueEnd);
  const rest = text.slice(valueEnd, eol);
  const comment = /^\s*#/.test(rest) ? rest.trimEnd() : '';
  // The item's dash may stand on this line ("- as: x" is not written by anyone, but keep it safe).
  if (text.slice(start, key.range![0]).trim() !== '') return { edit: { start: key.range![0], end: eol, text: '' }, comment };
  return { edit: { start, end: Math.min(text.length, eol + 1), text: '' }, comment };
}

/** Template strings of a manifest's data, with their pointers and nodes (prompts, offline, actions, when). */
function templateScalars(root: YAMLMap): Array<{ pointer: string; node: Node }> {
  const out: Array<{ pointer: string; node: Node }> = [];
  const walk = (node: unknown, pointer: string) => {
    if (isScalar(node) && typeof node.value === 'string') {
      out.push({ pointer, node });
    } else if (isMap(node)) {
      for (const p of node.items) {
        if (isPair(p) && isScalar(p.key)) walk(p.value, `${pointer}/${String(p.key.value).replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    } else if (isSeq(node)) {
      node.items.forEach((n, i) => walk(n, `${pointer}/${i}`));
    }
  };
  for (const key of ['prompt', 'offline', 'actions', 'chunking']) {
    const p = pairOf(root, key);
    if (p) walk(p.value, `/${key}`);
  }
  return out;
}

/** Where a skill.yaml text is in the old form, and the edits that rewrite it into the spec's, keeping comments and layout. */
export function legacyEdits(text: string, root: unknown): { findings: LegacyFinding[]; edits: TextEdit[] } {
  const findings: LegacyFinding[] = [];
  const edits: TextEdit[] = [];
  if (!isMap(root)) return { findings, edits };

  const actions = pairOf(root, 'actions')?.value;
  if (isSeq(actions)) {
    actions.items.forEach((item, i) => {
      if (!isMap(item)) return;
      const prim = item.items.find((p) => isPair(p) && isScalar(p.key) && PRIMITIVES.has(String(p.key.value))) as Pair<Node, Node | null> | undefined;
      if (!prim || !isMap(prim.value)) return;
      const primitive = String((prim.key as { value: unknown }).value);
      const params = prim.value;
      const at = `/actions/${i}/${primitive}`;
      // Old parameter names.
      const data = params.toJSON() as Record<string, unknown>;
      for (const l of legacyRenames(primitive, data)) {
        const pair = pairOf(params, l.from)!;
        const key = pair.key as Node;
        edits.push({ start: key.range![0], end: key.range![1], text: l.to });
        if (l.wrap === 'list' && pair.value && isScalar(pair.value)) {
          edits.push({ start: pair.value.range![0], end: pair.value.range![1], text: `[${valueText(text, pair.value)}]` });
        }
        const why = l.conflictsWithCondition ? ' (`when:` inside the parameters is now the action\'s condition; this one is the interview\'s time)' : l.wrap === 'list' ? ' (a list now: the value becomes its one item)' : '';
        findings.push({
          reason: l.conflictsWithCondition ? 'interview-when' : 'param-name', pointer: `${at}/${l.from}`, start: key.range![0], end: key.range![1], found: l.from, expected: l.to,
          message: `\`${l.from}\` is the old name of ${primitive}'s \`${l.to}\`${why}; rename it (the quick fix or \`interview-lens skills migrate\` rewrites the file)`,
        });
      }
      // `as:` / `when:` beside the primitive.
      const moved: { first: string[]; last: string[] } = { first: [], last: [] };
      for (const k of ['when', 'as'] as const) {
        const pair = pairOf(item, k);
        if (!pair || pairOf(params, k)) continue;
        const key = pair.key as Node;
        const value = pair.value as Node | null;
        if (!value) continue;
        const { edit, comment } = removePair(text, item, pair);
        edits.push(edit);
        const written = k === 'when' ? whenAsTemplate(text, value) : valueText(text, value);
        const entry = `${k}: ${written}${comment && !params.flow ? comment : ''}`;
        (k === 'when' ? moved.first : moved.last).push(entry);
        findings.push({
          reason: 'action-key', pointer: `/actions/${i}/${k}`, start: key.range![0], end: key.range![1], found: k, expected: `${primitive}.${k}`,
          message: `\`${k}:\` belongs inside \`${primitive}\`'s parameters in the spec's form${k === 'when' ? ', as a template such as "{{ out.deadline is not none }}"' : ''}; move it there (the quick fix or \`interview-lens skills migrate\` rewrites the file)`,
        });
      }
      const first = insertIntoMap(text, params, moved.first, 'first');
      const last = insertIntoMap(text, params, moved.last, 'last');
      if (first) edits.push(first);
      if (last) edits.push(last);
    });
  }

  // `input.url` / `input.kind` in templates.
  for (const { pointer, node } of templateScalars(root)) {
    const source = text.slice(node.range![0], node.range![1]);
    for (const m of source.matchAll(INPUT_NAME)) {
      const start = node.range![0] + m.index!;
      const next = INPUT_RENAMES[m[1]];
      edits.push({ start, end: start + m[0].length, text: `input.${next}` });
      findings.push({
        reason: 'input-name', pointer, start, end: start + m[0].length, found: m[0], expected: `input.${next}`,
        message: `\`${m[0]}\` is the old name of \`input.${next}\` (the spec's SkillInput); it still works, but rename it (the quick fix or \`interview-lens skills migrate\`)`,
      });
    }
  }

  // chunking.reduce as a mapping of prompts.
  const chunking = pairOf(root, 'chunking')?.value;
  const reducePair = isMap(chunking) ? pairOf(chunking, 'reduce') : undefined;
  const promptPair = pairOf(root, 'prompt');
  if (reducePair && isMap(reducePair.value) && !reducePair.value.flow) {
    const key = reducePair.key as Node;
    const block = reducePair.value;
    const firstKey = (block.items[0] as Pair<Node, Node | null> | undefined)?.key as Node | undefined;
    const prompt = promptPair?.value;
    const finding: LegacyFinding = {
      reason: 'reduce-mapping', pointer: '/chunking/reduce', start: key.range![0], end: key.range![1], found: 'reduce', expected: 'reduce: true',
      message: '`chunking.reduce` is a boolean in the spec\'s form (true: one more call over the partial results); its prompts go under `prompt.reduce` (the quick fix or `interview-lens skills migrate` moves them)',
    };
    findings.push(finding);
    if (firstKey && isMap(prompt) && !prompt.flow && !pairOf(prompt, 'reduce') && prompt.items.length) {
      const blockStart = lineStart(text, firstKey.range![0]);
      let blockEnd = block.range![1];
      if (text[blockEnd - 1] !== '\n') blockEnd = Math.min(text.length, lineEnd(text, blockEnd) + 1);
      const lines = text.slice(blockStart, blockEnd).replace(/\n$/, '').split('\n');
      const oldKeyCol = columnOf(text, key.range![0]);
      const oldChildCol = columnOf(text, firstKey.range![0]);
      const promptFirst = (prompt.items[0] as Pair<Node, Node | null>).key as Node;
      const newKeyCol = columnOf(text, promptFirst.range![0]);
      const shift = newKeyCol + (oldChildCol - oldKeyCol) - oldChildCol;
      const moved = lines.map((l) => (l.trim() === '' ? '' : shift >= 0 ? ' '.repeat(shift) + l : l.slice(Math.min(-shift, l.length - l.trimStart().length))));
      // chunking.reduce: <block>  →  chunking.reduce: true
      edits.push({ start: key.range![1], end: blockEnd, text: ': true\n' });
      // insertIntoMap indents the first line (the key); the block's lines carry their own indentation.
      const ins = insertIntoMap(text, prompt, [`reduce:\n${moved.join('\n')}`], 'last');
      if (ins) edits.push(ins);
    }
  }

  return { findings, edits: normalise(edits) };
}

/** Edits sorted, with overlapping ones dropped (the later of two that overlap). */
function normalise(edits: TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: TextEdit[] = [];
  for (const e of sorted) {
    const prev = out[out.length - 1];
    if (prev && e.start < prev.end) continue;
    out.push(e);
  }
  return out;
}

/** Applies edits (offsets in `text`, non-overlapping). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * A skill.yaml text rewritten into the spec's form, comments and layout kept (only the old parts
 * are edited). `findings` is what the original had; the text is unchanged when there was none.
 */
export function migrateSkillText(text: string): { text: string; findings: LegacyFinding[] } {
  const first = legacyEdits(text, parseDocument(text).contents);
  let out = text;
  let edits = first.edits;
  // Edits that touched the same spot are left for another pass (each pass starts from the new text).
  for (let pass = 0; pass < 4 && edits.length; pass++) {
    out = applyEdits(out, edits);
    edits = legacyEdits(out, parseDocument(out).contents).edits;
  }
  return { text: out, findings: first.findings };
}
