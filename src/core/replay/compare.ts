/**
 * Compares a recorded tool result with today's, ignoring what differs on every run by design:
 * identifiers, UUIDs, timestamps and timings. Numbers are compared exactly unless the cassette
 * declares an absolute tolerance.
 */
import { canonicalJson } from '../runtime/canonical';
import { formatDiff } from './diff';

/** Fields whose values differ on every run (ids, request ids, creation times, timings). */
const VOLATILE_FIELD = /^(id|requestId|previousId|createdAt|updatedAt|previousCreatedAt|durationMs|ms)$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;
/** What a masked value reads as in a diff. */
export const MASK = '<masked>';

/**
 * `value` as canonical JSON data (canonical.ts: keys sorted, undefined dropped) with volatile
 * fields, UUIDs and ISO timestamps replaced by MASK. One walk does both: replay compares every
 * result twice over, and a second walk was a third of its cost.
 */
export function maskVolatile(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(): unknown }).toJSON();
  }
  if (typeof value === 'string') {
    // Cheap tests first: most strings hold neither shape.
    let s = value;
    if (s.length >= 36 && s.includes('-')) s = s.replace(UUID, MASK);
    if (s.length >= 16 && s.includes('T')) s = s.replace(ISO_TIME, MASK);
    return s;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => (v === undefined || typeof v === 'function' ? null : maskVolatile(v)));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined || typeof v === 'function') continue;
    out[k] = VOLATILE_FIELD.test(k) && v !== null && typeof v !== 'object' ? MASK : maskVolatile(v);
  }
  return out;
}

/**
 * `actual` with each number that is within `tolerance` of the number at the same place in
 * `expected` replaced by that number, so the two compare (and diff) equal there.
 */
function alignNumbers(expected: unknown, actual: unknown, tolerance: number): unknown {
  if (typeof actual === 'number' && typeof expected === 'number') return Math.abs(actual - expected) <= tolerance ? expected : actual;
  if (Array.isArray(actual) && Array.isArray(expected)) return actual.map((v, i) => alignNumbers(expected[i], v, tolerance));
  if (actual && expected && typeof actual === 'object' && typeof expected === 'object' && !Array.isArray(actual) && !Array.isArray(expected)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(actual)) out[k] = alignNumbers((expected as Record<string, unknown>)[k], v, tolerance);
    return out;
  }
  return actual;
}

/** The outcome of comparing one recorded result with today's. */
export interface ResultComparison {
  equal: boolean;
  /** `- recorded` / `+ today` lines when they differ. */
  diff?: string;
  /** When they differ: the recorded and today's result as the masked canonical pretty JSON the diff was taken of (an editor shows them side by side). */
  expected?: string;
  actual?: string;
}

/** The volatile field names, as a reader sees them in a note. */
const VOLATILE_NAMES = VOLATILE_FIELD.source.slice(2, -2).split('|');

/**
 * One line saying how results were normalised before comparing, for a reader wondering why a
 * value shows as MASK or why two numbers that differ still pass.
 */
export function normalisationNote(tolerance?: number): string {
  const numbers = tolerance !== undefined && tolerance > 0 ? `numbers within ±${tolerance} of the recorded one count as equal (header "tolerance")` : 'numbers compared exactly (no header "tolerance")';
  return `compared as canonical JSON (keys sorted) with ${MASK} in place of the fields ${VOLATILE_NAMES.join(', ')}, of UUIDs and of ISO timestamps; ${numbers}`;
}

/** Compares two results after masking volatile values; `tolerance` is an absolute tolerance for numbers. */
export function compareResults(recorded: unknown, today: unknown, tolerance?: number): ResultComparison {
  const expected = maskVolatile(recorded);
  let actual = maskVolatile(today);
  if (tolerance !== undefined && tolerance > 0) actual = alignNumbers(expected, actual, tolerance);
  const left = JSON.stringify(expected);
  const right = JSON.stringify(actual);
  if (left === right) return { equal: true };
  const expectedText = canonicalJson(expected, true);
  const actualText = canonicalJson(actual, true);
  return { equal: false, diff: formatDiff(expectedText, actualText), expected: expectedText, actual: actualText };
}
