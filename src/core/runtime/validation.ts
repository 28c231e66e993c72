import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from './schema';
import { parseNumberLike } from './numbers';
import { linearRegExpEngine } from './linearRegExp';

// Code optimisation off: schemas compile once per process and the CLI pays compile time on every run.
// Built-in tool schemas are checked by a convention test, so compiling skips validating them against
// the meta-schema (which alone cost ~80 ms of CLI start-up).
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, coerceTypes: false, validateSchema: false, code: { optimize: false, regExp: linearRegExpEngine } });

/** A compiled input validator: normalises numbers, applies defaults, rejects unknown keys. */
export interface InputValidator {
  /** Returns the cleaned input, or a message naming the offending field. */
  (input: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; message: string };
}

/** Copies the schema with `additionalProperties: false` on every object that did not say otherwise. */
export function closeSchema(schema: JsonSchema): JsonSchema {
  const copy: JsonSchema = { ...schema };
  if (copy.type === 'object' || copy.properties) {
    if (copy.additionalProperties === undefined) copy.additionalProperties = false;
    if (copy.properties) {
      copy.properties = Object.fromEntries(
        Object.entries(copy.properties).map(([k, v]) => [k, closeSchema(v)]),
      );
    }
  }
  if (copy.items) copy.items = closeSchema(copy.items);
  return copy;
}

function wantsNumber(schema: JsonSchema): boolean {
  const t = schema.type;
  return t === 'number' || t === 'integer' || (Array.isArray(t) && (t.includes('number') || t.includes('integer')));
}

/**
 * Turns numeric strings ("一百", "500字左右") into numbers wherever the schema asks for one; with
 * `scalarsAsText`, also a number or boolean into its text where the schema asks for a string.
 */
export function normalizeScalars(value: unknown, schema: JsonSchema, scalarsAsText = false): unknown {
  if (scalarsAsText && (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string') && !wantsNumber(schema))) && ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')) return String(value);
  if (typeof value === 'string' && wantsNumber(schema)) {
    const n = parseNumberLike(value);
    if (n === null) return value;
    return schema.type === 'integer' && Number.isFinite(n) ? Math.round(n) : n;
  }
  if (Array.isArray(value) && schema.items) return value.map((v) => normalizeScalars(v, schema.items!, scalarsAsText));
  if (value && typeof value === 'object' && schema.properties) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [k, sub] of Object.entries(schema.properties)) {
      if (k in out) out[k] = normalizeScalars(out[k], sub, scalarsAsText);
    }
    return out;
  }
  return value;
}

function fieldPath(err: ErrorObject): string {
  const base = err.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return base;
}

/** The value at a JSON pointer of `data` (own properties only), or undefined. */
function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    v = v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, key) ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

/** One readable sentence per ajv error, naming the field and what it should be. */
export function describeError(err: ErrorObject, data?: unknown): string {
  const at = fieldPath(err);
  const where = (name: string) => (at ? `${at}.${name}` : name);
  switch (err.keyword) {
    case 'required':
      return `missing required field "${where(String(err.params.missingProperty))}"`;
    case 'additionalProperties':
      return `unknown field "${where(String(err.params.additionalProperty))}" (not in the tool's schema)`;
    case 'type':
      return `field "${at || '(input)'}" must be ${String(err.params.type)}`;
    case 'enum': {
      // The value given, so a templated parameter's rendered value is seen beside what is allowed.
      const given = valueAt(data, err.instancePath);
      const shown = typeof given === 'string' || typeof given === 'number' || typeof given === 'boolean' ? ` is ${JSON.stringify(given).slice(0, 60)}:` : '';
      return `field "${at}"${shown} must be one of ${JSON.stringify(err.params.allowedValues)}`;
    }
    default:
      return `field "${at || '(input)'}" ${err.message ?? 'is invalid'}`;
  }
}

/**
 * Compiles a tool's schema once; the validator is reused for every call. `scalarsAsText` is for
 * values a template rendered (a skill's action parameters): `"{{ out.count }}"` keeps the number's
 * type, where Jinja would have printed it, so a text field takes it as text. A model's or a
 * caller's JSON gets no such leniency.
 */
export function compileValidator(schema: JsonSchema, options: { scalarsAsText?: boolean } = {}): InputValidator {
  const closed = closeSchema(schema);
  const validate: ValidateFunction = ajv.compile(closed);
  return (input: unknown) => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      return { ok: false, message: 'input must be a JSON object' };
    }
    const value = normalizeScalars(structuredClone(input), closed, options.scalarsAsText) as Record<string, unknown>;
    if (validate(value)) return { ok: true, value };
    const messages = (validate.errors ?? []).map((e) => describeError(e, value));
    return { ok: false, message: [...new Set(messages)].join('; ') };
  };
}
