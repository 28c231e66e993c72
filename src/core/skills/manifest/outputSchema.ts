// output_schema is a JSON Schema the model's reply is validated against at run time; a broken
// one would only show up as every run failing. So it is checked here as ajv would compile it,
// in strict mode (unknown keywords, required keys that are not defined, keywords without their
// type), and each mistake is shown at the key or value inside output_schema that causes it.

import { schemaPatterns, unsafePatternReason } from '../../runtime/safePattern';
import { linearRegExpEngine } from '../../runtime/linearRegExp';
import Ajv from 'ajv';
import { isMap, isSeq, isScalar, type Node } from 'yaml';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { closest, problem, toPointer, type ManifestProblem, type ProblemData, type SourceRange } from './problems';
import { schemaProblems } from './schemaErrors';
import type { YamlLocations } from './yamlLocations';

const KEYWORDS = [
  '$id', '$schema', '$ref', '$comment', 'title', 'description', 'default', 'readOnly', 'writeOnly', 'examples',
  'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'additionalItems', 'items', 'maxItems', 'minItems', 'uniqueItems', 'contains', 'maxProperties', 'minProperties',
  'required', 'additionalProperties', 'definitions', 'properties', 'patternProperties', 'dependencies',
  'propertyNames', 'const', 'enum', 'type', 'format', 'contentMediaType', 'contentEncoding', 'if', 'then', 'else',
  'allOf', 'anyOf', 'oneOf', 'not',
];

/** Keywords whose value is a mapping of names (not of keywords). */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);

let strictAjv: Ajv | undefined;

function ajv(): Ajv {
  // Formats are not validated at run time either (no ajv-formats), so they are not an error here.
  strictAjv ??= new Ajv({
    strict: true, allErrors: true, verbose: true, allowUnionTypes: true, validateFormats: false,
    validateSchema: false, addUsedSchema: false, logger: false, code: { optimize: false, regExp: linearRegExpEngine },
  });
  return strictAjv;
}

/** Keywords whose value is data, not schema: nothing inside them is a keyword. */
const DATA_KEYS = new Set(['default', 'examples', 'const', 'enum']);

/**
 * Path of the first key named `key` (with that scalar value, if given) in a schema's YAML, not
 * counting property names under properties & co nor anything inside data such as default.
 */
function findKey(node: unknown, key: string, path: Array<string | number>, value?: string): Array<string | number> | undefined {
  const parent = path.length ? String(path[path.length - 1]) : '';
  if (DATA_KEYS.has(parent)) return undefined;
  if (isMap(node)) {
    const keyOf = (k: unknown) => (isScalar(k) ? String(k.value) : String(k));
    if (!NAME_MAPS.has(parent)) {
      for (const pair of node.items) {
        const v = pair.value as Node | null;
        if (keyOf(pair.key) === key && (value === undefined || (isScalar(v) && String(v.value) === value))) return [...path, key];
      }
    }
    for (const pair of node.items) {
      const found = findKey(pair.value, key, [...path, keyOf(pair.key)], value);
      if (found) return found;
    }
  } else if (isSeq(node)) {
    for (let i = 0; i < node.items.length; i++) {
      const found = findKey(node.items[i], key, [...path, i], value);
      if (found) return found;
    }
  }
  return undefined;
}

/** A pointer inside the schema from ajv's `at "#/properties/a"` (URI-fragment encoded). */
function fragmentPointer(message: string): string | undefined {
  const m = /at (?:path )?"#([^"]*)"/.exec(message);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** output_schemas (as JSON) that compiled without error, oldest first. */
const compiledSchemas = new Set<string>();
const COMPILED_SCHEMAS_KEPT = 500;

/**
 * Checks that `schema`, found at `pointer` in the file, is a JSON Schema ajv compiles in strict
 * mode. Problems are errors at the offending key or value (or at the output_schema key when
 * ajv does not say where), plus a warning when the schema does not describe an object.
 */
export function checkOutputSchema(schema: unknown, pointer: string, file: string, locations: YamlLocations): ManifestProblem[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const prefix = 'output_schema is not a valid JSON Schema: ';
  const at = (range: SourceRange, message: string, path: string, data: ProblemData) => problem(file, range, prefix + message, 'output-schema-invalid', path, { data });
  const a = ajv();
  const root = schema as Record<string, unknown>;
  if (root.$schema !== undefined && root.$schema !== 'http://json-schema.org/draft-07/schema#' && root.$schema !== 'http://json-schema.org/draft-07/schema') {
    return [at(locations.valueRange(`${pointer}/$schema`), `\`$schema\` must be draft-07 ("http://json-schema.org/draft-07/schema#"), or be left out; found ${JSON.stringify(root.$schema)}`, `${pointer}/$schema`, { reason: 'draft', found: root.$schema })];
  }
  let metaValid: boolean;
  try {
    metaValid = a.validateSchema(root) as boolean;
  } catch (err) {
    return [at(locations.keyRange(pointer), (err as Error).message, pointer, { detail: (err as Error).message })];
  }
  if (!metaValid) {
    return schemaProblems(a.errors ?? [], {
      file, locations, rootSchema: draft07, basePointer: pointer, whole: '`output_schema`', prefix, code: 'output-schema-invalid',
    });
  }
  const problems: ManifestProblem[] = [];
  // A pattern runs on model output in a backtracking engine: a nested repetition could hang the editor.
  for (const { pattern, pointer: where } of schemaPatterns(root, pointer)) {
    const why = unsafePatternReason(pattern);
    if (why) problems.push(at(locations.has(where) ? locations.valueRange(where) : locations.keyRange(pointer), `the pattern "${pattern.slice(0, 60)}" is refused: ${why} (patterns run in a linear-time engine, RE2, which has no backreferences or lookarounds)`, where, { reason: 'unsafe-pattern', found: pattern, detail: why }));
  }
  if (problems.length) return problems;
  try {
    // The editor validates on every pause in typing: an output_schema already compiled is not
    // compiled again, and ajv forgets each one it compiles (its cache would otherwise keep every
    // version typed, for the life of the window).
    const key = JSON.stringify(root);
    if (!compiledSchemas.has(key)) {
      a.compile(root);
      a.removeSchema(root);
      if (compiledSchemas.size >= COMPILED_SCHEMAS_KEPT) compiledSchemas.delete(compiledSchemas.values().next().value!);
      compiledSchemas.add(key);
    }
  } catch (err) {
    const message = (err as Error).message;
    const node = locations.nodeAt(pointer);
    const inSchema = (p: Array<string | number> | undefined) => (p ? pointer + toPointer(p) : undefined);
    let m: RegExpExecArray | [string, string, string] | null;
    if ((m = /unknown keyword: "([^"]+)"/.exec(message))) {
      const where = inSchema(findKey(node, m[1], []));
      const guess = closest(m[1], KEYWORDS);
      problems.push(at(where ? locations.keyRange(where) : locations.keyRange(pointer), `\`${m[1]}\` is not a JSON Schema keyword; ${guess ? `did you mean \`${guess}\`?` : 'remove it (put notes in `description`)'}`, where ?? pointer, { reason: 'unknown-keyword', found: m[1], suggestion: guess }));
    } else if ((m = /required property "([^"]+)" is not defined/.exec(message))) {
      const base = pointer + (fragmentPointer(message) ?? '');
      const list = locations.nodeAt(`${base}/required`);
      const index = isSeq(list) ? list.items.findIndex((it) => isScalar(it) && String(it.value) === m![1]) : -1;
      const where = index >= 0 ? `${base}/required/${index}` : `${base}/required`;
      problems.push(at(locations.valueRange(where), `\`${m[1]}\` is listed in \`required\` but not defined under \`properties\`; add it to properties or correct the name`, where, { reason: 'required-undefined', found: m[1] }));
    } else if ((m = /missing type "([^"]+)" for keyword "([^"]+)"/.exec(message))) {
      const where = `${pointer}${fragmentPointer(message) ?? ''}/${m[2]}`;
      const types = m[1].split(',');
      problems.push(at(locations.keyRange(where), `\`${m[2]}\` applies only to ${types.join(' or ')} values; add \`type: ${types[0]}\` beside it`, where, { reason: 'missing-type', found: m[2], allowed: types }));
    } else if ((m = /can't resolve reference (\S+)/.exec(message))) {
      const where = inSchema(findKey(node, '$ref', [], m[1]));
      const local = m[1].startsWith('#');
      problems.push(at(where ? locations.valueRange(where) : locations.keyRange(pointer), local ? `\`$ref\` "${m[1]}" points at nothing in output_schema; define it under \`definitions\` or correct the reference` : `\`$ref\` "${m[1]}" refers outside output_schema, which is not supported; copy the definition under \`definitions\``, where ?? pointer, { reason: local ? 'ref-unresolved' : 'ref-outside', found: m[1] }));
    } else if ((m = invalidPattern(message))) {
      const where = inSchema(findKey(node, 'pattern', [], m[1]));
      problems.push(at(where ? locations.valueRange(where) : locations.keyRange(pointer), `the pattern "${m[1]}" is not a valid regular expression (${m[2]})`, where ?? pointer, { reason: 'invalid-pattern', found: m[1], detail: m[2] }));
    } else {
      const fragment = fragmentPointer(message);
      const where = fragment !== undefined && locations.has(pointer + fragment) ? pointer + fragment : pointer;
      problems.push(at(locations.keyRange(where), message.replace(/^strict mode: /, ''), where, { detail: message.replace(/^strict mode: /, '') }));
    }
  } finally {
    a.removeSchema(root);
  }
  if (!problems.length && root.type !== 'object' && !(Array.isArray(root.type) && root.type.includes('object'))) {
    const where = root.type === undefined ? pointer : `${pointer}/type`;
    problems.push(problem(file, root.type === undefined ? locations.keyRange(where) : locations.valueRange(where), 'output_schema should describe an object (`type: object` with properties), so that actions can use out.<field>', 'output-schema-not-object', where, { severity: 'warning' }));
  }
  return problems;
}

/**
 * The pattern and the reason of V8's "Invalid regular expression: /P/flags: reason" message (the
 * pattern is the user's: read with indexOf, not a backtracking pattern).
 */
function invalidPattern(message: string): [string, string, string] | null {
  const head = 'Invalid regular expression: /';
  const at = message.indexOf(head);
  if (at < 0) return null;
  const sep = message.lastIndexOf(': ');
  const close = message.lastIndexOf('/', sep);
  if (sep < 0 || close < at + head.length) return null;
  return [message, message.slice(at + head.length, close), message.slice(sep + 2)];
}
