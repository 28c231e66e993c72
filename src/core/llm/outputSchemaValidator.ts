/**
 * The validator of a skill's output_schema, as the spec writes schemas: `nullable: true` (the value
 * may also be null, an enum included) and `format: date-time` / `date` checked (ajv-formats, by
 * ajv's authors, rather than hand-written date checks).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../runtime/schema';
import { linearRegExpEngine } from '../runtime/linearRegExp';

let ajv: Ajv | undefined;

function instance(): Ajv {
  if (!ajv) {
    // Patterns from skills and model replies run in the linear-time engine (re2js): no ReDoS.
    ajv = new Ajv({ allErrors: true, strict: false, code: { regExp: linearRegExpEngine } });
    addFormats(ajv, ['date', 'date-time', 'time', 'email', 'uri']);
  }
  return ajv;
}

/**
 * `nullable: true` said the JSON Schema way: null added to `type` and to `enum`. Ajv reads
 * `nullable` but leaves an enum without null, so `{enum: [a, b], nullable: true}` refused null.
 */
export function withNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    // Property names and data are not schemas: copy them as they are, their values converted.
    if (k === 'properties' || k === 'patternProperties' || k === 'definitions' || k === '$defs') {
      out[k] = v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([n, s]) => [n, withNullable(s)])) : v;
    } else if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') out[k] = v;
    else out[k] = withNullable(v);
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

/** A compiled validator for an output_schema. */
export function compileOutputSchema(schema: JsonSchema): ValidateFunction {
  return instance().compile(withNullable(schema) as JsonSchema);
}
