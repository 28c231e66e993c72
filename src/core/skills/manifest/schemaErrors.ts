// ajv's errors turned into problems a person can act on: one problem per mistake, worded as
// "`field` must be …; found …", at the key or value it is about.

import type { ErrorObject } from 'ajv';
import { ACTION_PRIMITIVES } from './types';
import { andList, closest, describeValue, fieldName, orList, pointerSegments, problem, typeNoun, type ManifestProblem, type ManifestProblemCode } from './problems';
import type { YamlLocations } from './yamlLocations';

/** Where the validated data sits and how to talk about it. */
export interface SchemaErrorContext {
  file: string;
  locations: YamlLocations;
  /** The schema that was validated, to resolve `$ref`s of oneOf branches. */
  rootSchema: unknown;
  /** Pointer of the validated value in the file ('' for the document). */
  basePointer?: string;
  /** How the validated value as a whole is named ("this skill"). */
  whole: string;
  /** Put before every message (e.g. "output_schema is not a valid JSON Schema: "). */
  prefix?: string;
  /** Use this code for every problem instead of the keyword's own. */
  code?: ManifestProblemCode;
  /** The validated value: found values are read from it when ajv ran without `verbose`. */
  data?: unknown;
}

/** Friendly wording of the patterns our schemas use. */
const PATTERN_WORDS: Record<string, string> = {
  '^[a-z][a-z0-9_]*$': 'snake_case (lowercase letters, digits and _, starting with a letter)',
  '^[a-z][a-z0-9_-]*$': 'a skill name (lowercase letters, digits, _ and -, starting with a letter)',
  '^[A-Za-z0-9_][A-Za-z0-9_.-]*\\.(ts|js)$': 'a file name beside skill.yaml ending in .ts or .js (no folders)',
};

type Err = ErrorObject & { parentSchema?: Record<string, unknown>; schema?: unknown; data?: unknown };

function resolveRef(root: unknown, schema: unknown): unknown {
  let s = schema;
  for (let hops = 0; hops < 8 && s && typeof s === 'object' && typeof (s as { $ref?: unknown }).$ref === 'string'; hops++) {
    const ref = (s as { $ref: string }).$ref;
    if (!ref.startsWith('#')) return s;
    let target: unknown = root;
    for (const seg of pointerSegments(ref)) target = target && typeof target === 'object' ? (target as Record<string, unknown>)[seg] : undefined;
    s = target;
  }
  return s;
}

/** One alternative of a oneOf/anyOf, in words. */
function describeBranch(root: unknown, branch: unknown): string {
  const b = resolveRef(root, branch) as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object') return 'something else';
  if (typeof b.title === 'string') return b.title;
  if (Array.isArray(b.enum)) return `one of ${b.enum.map(String).join(', ')}`;
  if (typeof b.type === 'string') return typeNoun(b.type);
  if (Array.isArray(b.type)) return orList(b.type.map((t) => typeNoun(String(t))));
  return 'something else';
}

function enumValues(root: unknown, branches: unknown): string[] {
  if (!Array.isArray(branches)) return [];
  return branches.flatMap((br) => {
    const b = resolveRef(root, br) as { enum?: unknown[] } | undefined;
    return Array.isArray(b?.enum) ? b!.enum.map(String) : [];
  });
}

function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const seg of pointerSegments(pointer)) {
    if (!v || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

const isActionSchema = (schema: unknown) =>
  !!schema && typeof schema === 'object' && !!(schema as { properties?: Record<string, unknown> }).properties?.upsert_company;

const under = (path: string, parent: string) => path.startsWith(parent + '/');
const parentSchemaPath = (schemaPath: string) => schemaPath.slice(0, schemaPath.lastIndexOf('/'));

/**
 * Problems from ajv errors (ajv compiled with allErrors and verbose). One mistake gives one
 * problem: a oneOf that failed is reported once (or as the deeper errors of the branch that fits),
 * the missing keys of one mapping are reported together, a typo of a required key is reported as
 * the unknown key only, and the same message at the same place is reported once.
 */
export function schemaProblems(errors: readonly ErrorObject[], ctx: SchemaErrorContext): ManifestProblem[] {
  const base = ctx.basePointer ?? '';
  const errs = (errors as Err[])
    .filter((e) => e.keyword !== 'if')
    .map((e) => ('data' in e || ctx.data === undefined ? e : { ...e, data: valueAt(ctx.data, e.instancePath) }));
  const dropped = new Set<Err>();
  const out: ManifestProblem[] = [];
  const at = (p: string) => base + p;
  const name = (p: string) => fieldName(at(p), ctx.whole);
  const say = (m: string) => (ctx.prefix ?? '') + m;
  const push = (range: ReturnType<YamlLocations['keyRange']>, message: string, code: ManifestProblemCode, path: string, data?: ManifestProblem['data']) => {
    // Under a code of its own (output-schema-invalid), the keyword's code stays known as the reason.
    const facts = ctx.code ? { ...data, reason: code } : data;
    out.push(problem(ctx.file, range, say(message), ctx.code ?? code, at(path), facts ? { data: facts } : {}));
  };

  // Indexes, so a file with thousands of errors costs linear time, not errors x errors.
  const atPath = new Map<string, Err[]>();
  const aboveSomeError = new Set<string>(); // instance paths that have an error strictly below them
  for (const e of errs) {
    const list = atPath.get(e.instancePath);
    if (list) list.push(e);
    else atPath.set(e.instancePath, [e]);
    for (let i = e.instancePath.lastIndexOf('/'); i >= 0; i = e.instancePath.lastIndexOf('/', i - 1)) {
      const above = e.instancePath.slice(0, i);
      if (aboveSomeError.has(above)) break;
      aboveSomeError.add(above);
      if (i === 0) break;
    }
  }

  // oneOf / anyOf first: they decide which of the errors before them stand.
  errs.forEach((e, k) => {
    if (e.keyword !== 'oneOf' && e.keyword !== 'anyOf') return;
    const P = e.instancePath;
    const S = e.schemaPath;
    const sameLevel = atPath.get(P) ?? [];
    for (const other of sameLevel) if (other !== e && under(other.schemaPath, S)) dropped.add(other);
    // Branches that are a $ref report their errors with the referenced schema's path: the
    // errors just before this one at the same place, from outside this schema's own keywords.
    for (let j = k - 1; j >= 0 && errs[j].instancePath === P; j--) {
      if (!under(errs[j].schemaPath, parentSchemaPath(S))) dropped.add(errs[j]);
    }
    dropped.add(e);

    // A branch whose shape fits reported errors inside the value: those are the mistakes (an
    // inner oneOf among them reports itself).
    if (aboveSomeError.has(P)) return;
    const alternatives = Array.isArray(e.schema) ? e.schema.map((b) => describeBranch(ctx.rootSchema, b)) : [];
    const values = enumValues(ctx.rootSchema, e.schema);
    const guess = typeof e.data === 'string' ? closest(e.data, values) : undefined;
    push(
      ctx.locations.valueRange(at(P)),
      `${name(P)} must be ${alternatives.some((a) => a.includes(' or ')) ? alternatives.join(', or ') : orList(alternatives)}; found ${describeValue(e.data)}${guess ? `; did you mean "${guess}"?` : ''}`,
      'schema-one-of',
      P,
      { found: e.data, allowed: values.length ? values : undefined, suggestion: guess },
    );
  });

  const live = errs.filter((e) => !dropped.has(e));

  // A misspelt required key is one mistake: report the unknown key, with the right spelling.
  const explainedMissing = new Set<string>();
  const suggestions = new Map<Err, string | undefined>();
  for (const e of live) {
    if (e.keyword !== 'additionalProperties') continue;
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    const allowed = Object.keys((e.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
    const guess = closest(key, allowed);
    suggestions.set(e, guess);
    if (guess) explainedMissing.add(`${e.instancePath}\u0000${guess}`);
  }

  const missingByObject = new Map<string, string[]>();
  for (const e of live) {
    const P = e.instancePath;
    switch (e.keyword) {
      case 'required': {
        const key = String((e.params as { missingProperty: string }).missingProperty);
        if (explainedMissing.has(`${P}\u0000${key}`)) break;
        const list = missingByObject.get(P) ?? [];
        if (!list.includes(key)) list.push(key);
        missingByObject.set(P, list);
        break;
      }
      case 'additionalProperties': {
        const key = String((e.params as { additionalProperty: string }).additionalProperty);
        const allowed = Object.keys((e.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
        const guess = suggestions.get(e);
        const keyPath = `${P}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        const isAction = isActionSchema(e.parentSchema);
        const message = isAction
          ? `\`${key}\` is not an action primitive${guess ? `; did you mean \`${guess}\`?` : `; use one of ${ACTION_PRIMITIVES.join(', ')} (and optionally as, when)`}`
          : `unknown key \`${key}\` in ${name(P)}${guess ? `; did you mean \`${guess}\`?` : allowed.length ? `; remove it, or use one of ${allowed.join(', ')}` : '; remove it'}`;
        push(ctx.locations.keyRange(at(keyPath)), message, 'schema-unknown-key', keyPath, { found: key, allowed, suggestion: guess });
        break;
      }
      case 'type': {
        const want = String((e.params as { type: string | string[] }).type).split(',');
        push(ctx.locations.valueRange(at(P)), `${name(P)} must be ${orList(want.map(typeNoun))}; found ${describeValue(e.data)}`, 'schema-type', P, { found: e.data, expected: want.join(',') });
        break;
      }
      case 'enum': {
        const allowed = ((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String);
        const guess = typeof e.data === 'string' ? closest(e.data, allowed) : undefined;
        push(
          ctx.locations.valueRange(at(P)),
          `${name(P)} must be one of ${allowed.join(', ')}; found ${describeValue(e.data)}${guess ? `; did you mean "${guess}"?` : ''}`,
          'schema-enum',
          P,
          { found: e.data, allowed, suggestion: guess },
        );
        break;
      }
      case 'const':
        push(ctx.locations.valueRange(at(P)), `${name(P)} must be ${describeValue((e.params as { allowedValue: unknown }).allowedValue)}; found ${describeValue(e.data)}`, 'schema-enum', P, { found: e.data });
        break;
      case 'pattern': {
        const pattern = String((e.params as { pattern: string }).pattern);
        const words = PATTERN_WORDS[pattern] ?? `text matching the pattern ${pattern}`;
        push(ctx.locations.valueRange(at(P)), `${name(P)} must be ${words}; found ${describeValue(e.data)}`, 'schema-pattern', P, { found: e.data, expected: pattern });
        break;
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum': {
        const { comparison, limit } = e.params as { comparison: string; limit: number };
        const words = comparison === '>=' ? 'at least' : comparison === '<=' ? 'at most' : comparison === '>' ? 'more than' : 'less than';
        push(ctx.locations.valueRange(at(P)), `${name(P)} must be ${words} ${limit}; found ${describeValue(e.data)}`, 'schema-range', P, { found: e.data, limit, reason: comparison });
        break;
      }
      case 'minLength':
      case 'maxLength': {
        const limit = (e.params as { limit: number }).limit;
        const message = e.keyword === 'minLength' && limit === 1 ? `${name(P)} must not be empty` : `${name(P)} must be ${e.keyword === 'minLength' ? 'at least' : 'at most'} ${limit} characters long`;
        push(ctx.locations.valueRange(at(P)), message, 'schema-length', P, { found: e.data, limit, reason: e.keyword });
        break;
      }
      case 'minItems':
      case 'maxItems': {
        const limit = (e.params as { limit: number }).limit;
        const message = e.keyword === 'minItems' && limit === 1 ? `${name(P)} must not be empty; add at least one item` : `${name(P)} must have ${e.keyword === 'minItems' ? 'at least' : 'at most'} ${limit} items`;
        push(ctx.locations.valueRange(at(P)), message, 'schema-length', P, { found: e.data, limit, reason: e.keyword });
        break;
      }
      case 'uniqueItems': {
        const { i, j } = e.params as { i: number; j: number };
        const later = Math.max(i, j);
        const value = Array.isArray(e.data) ? e.data[later] : undefined;
        push(ctx.locations.valueRange(at(`${P}/${later}`)), `${name(P)} lists ${describeValue(value)} twice (items ${Math.min(i, j) + 1} and ${later + 1}); remove one`, 'schema-unique', `${P}/${later}`, { found: value, index: later + 1 });
        break;
      }
      default:
        push(ctx.locations.valueRange(at(P)), `${name(P)} ${e.message ?? 'is not valid'}`, 'schema-invalid', P, { found: e.data, detail: e.message ?? 'is not valid' });
    }
  }

  for (const [P, keys] of missingByObject) {
    const list = keys.map((k) => '`' + k + '`');
    const message = `${name(P)} is missing ${andList(list)}; add ${keys.length > 1 ? 'them' : `\`${keys[0]}:\``}`;
    push(ctx.locations.keyRange(at(P)), message, 'schema-required', P, { missing: keys });
  }

  const seen = new Set<string>();
  return out.filter((p) => {
    const key = `${p.line}:${p.column}:${p.endLine}:${p.endColumn}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
