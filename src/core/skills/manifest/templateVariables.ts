// Template variables that nothing provides. A template reads its variables from what the runtime
// puts in its context (runManifestSkill.ts: input, chunk and now in prompts; out and parts in
// chunking.reduce; out and earlier actions' aliases in actions), and a name that is not there
// renders as nothing, silently: `{{ out.titel }}` makes an empty title. So each variable path is
// compared with what the place it is written in provides, and with output_schema for out.*.

import { compileExpression, compileTemplate, type TemplateReference } from '../../runtime/template';
import { andList, closest, type ManifestProblemCode, type ProblemData } from './problems';

/** What a variable provides below it. */
export type VariableShape =
  /** Anything: a parsed JSON input, an alias's record, the list of parts. */
  | { kind: 'open' }
  /** Exactly these fields; `elsewhere` explains a field that exists in other places only. */
  | { kind: 'fields'; fields: Readonly<Record<string, VariableShape>>; elsewhere?: Readonly<Record<string, string>> }
  /** The fields a JSON Schema declares (output_schema for `out`). */
  | { kind: 'schema'; schema: unknown };

/** What one place of a manifest (prompt, reduce, offline, actions, chain step) can read. */
export interface TemplateScope {
  /** How messages name the place: "a prompt", "an action". */
  where: string;
  names: ReadonlyMap<string, VariableShape>;
  /** Names that exist elsewhere but not here, with why (shown instead of "unknown"). */
  absent?: ReadonlyMap<string, string>;
}

/** A variable problem at text.slice(start, end) of the template. */
export interface VariableProblem {
  start: number;
  end: number;
  message: string;
  code: ManifestProblemCode;
  severity: 'error' | 'warning';
  data: ProblemData;
}

export const OPEN: VariableShape = { kind: 'open' };

/** The fields of a mapping, as a shape. */
export const fields = (f: Record<string, VariableShape>, elsewhere?: Record<string, string>): VariableShape => ({ kind: 'fields', fields: f, ...(elsewhere ? { elsewhere } : {}) });

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A local $ref ("#/definitions/x") resolved inside `root`; anything else as it is. */
function resolve(schema: unknown, root: unknown): unknown {
  let s = schema;
  for (let hops = 0; hops < 8 && isObject(s) && typeof s.$ref === 'string'; hops++) {
    const ref = s.$ref;
    if (!ref.startsWith('#')) return undefined;
    let target: unknown = root;
    for (const seg of ref.slice(1).split('/').slice(1)) {
      const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    s = target;
  }
  return s;
}

/**
 * The properties the schemas declare (a union over allOf/anyOf/oneOf/then/else), or 'open' when
 * any of them lets other names through: no properties at all, additionalProperties allowed
 * explicitly, patternProperties, or a list (a path stops at an index anyway).
 */
function declared(schemas: readonly unknown[], root: unknown, depth = 0): Map<string, unknown[]> | 'open' {
  // Most paths walk one schema, read by every reference to out.*: computed once per schema.
  const single = schemas.length === 1 && isObject(schemas[0]) ? schemas[0] : undefined;
  const known = single && declaredCache.get(single);
  if (known) return known;
  const found = declaredUncached(schemas, root, depth);
  if (single) declaredCache.set(single, found);
  return found;
}

const declaredCache = new WeakMap<object, Map<string, unknown[]> | 'open'>();

function declaredUncached(schemas: readonly unknown[], root: unknown, depth: number): Map<string, unknown[]> | 'open' {
  const out = new Map<string, unknown[]>();
  let any = false;
  for (const raw of schemas) {
    const s = resolve(raw, root);
    if (!isObject(s) || depth > 16) return 'open';
    const branches = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : [])).concat(['then', 'else'].flatMap((k) => (s[k] !== undefined ? [s[k]] : [])));
    if (branches.length) {
      const inner = declared(branches, root, depth + 1);
      if (inner === 'open') {
        if (!isObject(s.properties)) return 'open';
      } else {
        any = true;
        for (const [k, v] of inner) out.set(k, [...(out.get(k) ?? []), ...v]);
      }
    }
    if (isObject(s.properties)) {
      if (s.additionalProperties !== undefined && s.additionalProperties !== false) return 'open';
      if (s.patternProperties !== undefined) return 'open';
      any = true;
      for (const [k, v] of Object.entries(s.properties)) out.set(k, [...(out.get(k) ?? []), v]);
    } else if (!branches.length) {
      return 'open';
    }
  }
  return any ? out : 'open';
}

/** Offsets of each line start, as the template engine's Locator counts lines. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** The references a template reads, or undefined when it does not parse (its syntax check says why). */
function referencesOf(text: string, kind: 'template' | 'expression'): TemplateReference[] | undefined {
  try {
    return kind === 'expression' ? compileExpression(text).references() : compileTemplate(text).references();
  } catch {
    return undefined;
  }
}

/** End offset of the `upTo`-th name of a path (0-based), reading the source from `start`. */
function endOfSegment(text: string, start: number, end: number, path: readonly string[], upTo: number): number {
  let pos = start;
  for (let i = 0; i <= upTo; i++) {
    const at = text.indexOf(path[i], pos);
    if (at < 0 || at >= end) return end;
    pos = at + path[i].length;
  }
  // `out['a b']`: take the closing quote and bracket along.
  while (pos < end && (text[pos] === "'" || text[pos] === '"' || text[pos] === ']')) pos++;
  return pos;
}

const code = (s: string) => '`' + s + '`';

/** Problems with the variables `text` reads, given what its place provides. */
export function unknownVariables(text: string, kind: 'template' | 'expression', scope: TemplateScope): VariableProblem[] {
  if (!text.includes('{') && kind === 'template') return [];
  const refs = referencesOf(text, kind);
  if (!refs?.length) return [];
  const starts = lineStarts(text);
  const offset = (line: number, column: number) => Math.min(text.length, (starts[line - 1] ?? text.length) + column - 1);
  const problems: VariableProblem[] = [];
  for (const ref of refs) {
    const start = offset(ref.line, ref.column);
    const end = offset(ref.endLine, ref.endColumn);
    const [root, ...rest] = ref.path;
    const shape = scope.names.get(root);
    if (!shape) {
      const known = [...scope.names.keys()];
      const why = scope.absent?.get(root);
      const guess = why ? undefined : closest(root, known);
      problems.push({
        start, end: start + root.length, severity: 'error', code: 'template-unknown-variable',
        message: why ?? `${code(root)} is not a variable ${scope.where} can use (it would render as nothing); ${guess ? `did you mean ${code(guess)}? ` : ''}${scope.where} can use ${andList(known.map(code))}`,
        data: { found: root, allowed: known, ...(guess ? { suggestion: guess } : {}) },
      });
      continue;
    }
    let current: VariableShape = shape;
    let schemaRoot: unknown = shape.kind === 'schema' ? shape.schema : undefined;
    let schemas: unknown[] = shape.kind === 'schema' ? [shape.schema] : [];
    for (let i = 0; i < rest.length; i++) {
      const name = rest[i];
      const shown = [root, ...rest.slice(0, i + 1)].join('.');
      const parent = [root, ...rest.slice(0, i)].join('.');
      const segEnd = endOfSegment(text, start, end, ref.path, i + 1);
      if (current.kind === 'open') break;
      if (current.kind === 'fields') {
        const next: VariableShape | undefined = current.fields[name];
        if (next) {
          current = next;
          if (next.kind === 'schema') {
            schemaRoot = next.schema;
            schemas = [next.schema];
          }
          continue;
        }
        const known = Object.keys(current.fields);
        const why = current.elsewhere?.[name];
        const guess = why ? undefined : closest(name, known);
        problems.push({
          start, end: segEnd, severity: 'warning', code: 'template-unknown-field',
          message: why ?? `${code(shown)} is not provided in ${scope.where} (it would render as nothing); ${guess ? `did you mean ${code(`${parent}.${guess}`)}? ` : ''}${code(parent)} has ${andList(known.map(code))}`,
          data: { found: shown, allowed: known, ...(guess ? { suggestion: `${parent}.${guess}` } : {}) },
        });
        break;
      }
      // A schema: the property must be declared.
      const props = declared(schemas, schemaRoot);
      if (props === 'open') break;
      const next = props.get(name);
      if (next) {
        schemas = next;
        continue;
      }
      const known = [...props.keys()];
      const guess = closest(name, known);
      problems.push({
        start, end: segEnd, severity: 'warning', code: 'template-out-not-in-schema',
        message: `${code(shown)} is not declared in output_schema, so the model is never asked for it and it renders as nothing; ${guess ? `did you mean ${code(`${parent}.${guess}`)}? ` : ''}${known.length ? `${code(parent)} declares ${andList(known.map(code))}` : `declare it under ${code('properties')}`}`,
        data: { found: shown, allowed: known, ...(guess ? { suggestion: `${parent}.${guess}` } : {}) },
      });
      break;
    }
  }
  return problems;
}
