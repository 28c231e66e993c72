/**
 * The canonical form of a recorded call, and its key: the one place the matching rule lives.
 *
 * Rule: a call's key is the sha256 (hex) of the canonical JSON of `[kind, name, request]`, where
 * - `kind` is 'llm' or 'tool'; `name` is the tool name, or the request's `purpose` for a model call;
 * - `request` is the tool's validated input, or the whole LlmRequest, after redaction (so the key
 *   of a stored request is the key of the request as written to the cassette);
 * - object keys are sorted, `undefined` values and functions are dropped (an absent optional field
 *   and one set to undefined are the same request), and array holes become null as in JSON.
 * Nothing in LlmRequest or a tool input is volatile today (tool_use ids come from recorded
 * responses, so a replayed run sends them back unchanged). A field that changes from run to run
 * for the same call (a timestamp, a nonce) must be dropped in `canonicalValue`, or every replay misses.
 */
import { createHash } from 'node:crypto';

/** What a recorded call is: a model call or a tool call. */
export type CallKind = 'llm' | 'tool';

/** A JSON-ready copy of `value` with object keys sorted and undefined values dropped. */
export function canonicalValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(): unknown }).toJSON();
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    return value.map((v) => (v === undefined || typeof v === 'function' ? null : canonicalValue(v)));
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function') continue;
    out[key] = canonicalValue(v);
  }
  return out;
}

/** Canonical JSON text of a value: compact for keys, indented (one value per line) for diffs. */
export function canonicalJson(value: unknown, pretty = false): string {
  return JSON.stringify(canonicalValue(value), null, pretty ? 2 : undefined) ?? 'null';
}

/** The key of a call (see the rule above); `request` must already be redacted. */
export function callKey(kind: CallKind, name: string, request: unknown): string {
  return createHash('sha256').update(canonicalJson([kind, name, request])).digest('hex');
}
