/**
 * The results of a skill's chunks, merged into one: arrays are concatenated with the same entity
 * kept once (two chunks that both mention "Acme Corp." give one company), scalar fields keep the
 * first value that is set. What counts as the same entity is a key built from its identifying
 * fields, normalised for case, width, spacing and punctuation.
 */

/** Fields that identify an entity, tried in order; an object without any is never merged with another. */
const IDENTITY_FIELDS = ['id', 'email', 'url', 'slug', 'name', 'title', 'company', 'question'];

/** Text as a key: width-folded (NFKC), lower case, punctuation and spacing removed. */
export function identityText(value: string): string {
  let out = '';
  // Letters of every script (Hangul and kana too), digits, and "+" / "#" (C, C# and C++ differ).
  for (const ch of value.normalize('NFKC').toLowerCase()) if (LETTER_OR_DIGIT.test(ch) || ch === '+' || ch === '#') out += ch;
  return out;
}
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Whether two items are the same entity: every identifying field both have agrees, so "Li Wei"
 * and "li wei, li@acme.dev" are one person, while two people at one company, or one title at two
 * companies, stay two.
 */
function sameEntity(a: unknown, b: unknown, fields: readonly string[]): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    const k = identityText(a);
    return k !== '' && k === identityText(b);
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  // Every identifying field both have must agree (a title alone does not make two positions one
  // when their companies differ), and at least one must be shared.
  let shared = 0;
  for (const f of fields) {
    const x = typeof a[f] === 'string' ? identityText(a[f] as string) : '';
    const y = typeof b[f] === 'string' ? identityText(b[f] as string) : '';
    if (x === '' || y === '') continue;
    if (x !== y) return false;
    shared++;
  }
  return shared > 0;
}

/** Most items one merged list compares one by one; beyond it, items are appended (chunk outputs are small). */
const MAX_COMPARED = 2000;

/** Fills what `into` lacks from `from` (nested objects merged the same way). */
function mergeObjects(into: Record<string, unknown>, from: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...into };
  for (const [k, v] of Object.entries(from)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    const have = out[k];
    if (have === undefined || have === null || have === '') out[k] = v;
    else if (Array.isArray(have) && Array.isArray(v)) out[k] = mergeArrays(have, v, fields);
    else if (isPlain(have) && isPlain(v)) out[k] = mergeObjects(have, v, fields);
  }
  return out;
}

function isPlain(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function mergeArrays(a: unknown[], b: unknown[], fields: readonly string[]): unknown[] {
  const out = [...a];
  for (const x of b) {
    const same = out.length <= MAX_COMPARED ? out.findIndex((y) => sameEntity(y, x, fields)) : -1;
    if (same < 0) out.push(x);
    else if (isPlain(out[same]) && isPlain(x)) out[same] = mergeObjects(out[same] as Record<string, unknown>, x, fields);
  }
  return out;
}

/**
 * Merges the outputs of several chunks (objects of the same output schema) into one. `key` names
 * fields that identify an item before the usual ones (a script's `ctx.merge(parts, { key })`).
 */
export function mergeChunkOutputs(outputs: readonly unknown[], options: { key?: string | readonly string[] } = {}): unknown {
  const keys = options.key === undefined ? [] : typeof options.key === 'string' ? [options.key] : options.key;
  const fields = keys.length ? [...keys, ...IDENTITY_FIELDS.filter((f) => !keys.includes(f))] : IDENTITY_FIELDS;
  let merged: unknown;
  for (const o of outputs) {
    if (merged === undefined) merged = o;
    else if (isPlain(merged) && isPlain(o)) merged = mergeObjects(merged, o, fields);
    else if (Array.isArray(merged) && Array.isArray(o)) merged = mergeArrays(merged, o, fields);
  }
  return merged;
}
