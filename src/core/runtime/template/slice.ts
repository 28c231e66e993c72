// `value[lower:upper:step]` as Python slices: text by characters (code points), lists by items,
// bounds clamped to the length, negative bounds counted from the end, a negative step walking
// backwards. Slicing undefined or none gives undefined, as reading a member of it does.

import { TemplateValueError } from './errors';
import type { Budget } from './limits';
import { characters, describeType, listItems } from './values';

function bound(value: unknown, part: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TemplateValueError(`the ${part} of a slice must be a whole number or left out, got ${describeType(value)}`);
  }
  return value;
}

/** The indexes a slice of a sequence of `length` items picks, in order. */
export function sliceIndexes(length: number, lower: number | undefined, upper: number | undefined, step: number): number[] {
  const out: number[] = [];
  const clamp = (i: number, low: number, high: number) => (i < 0 ? Math.max(low, i + length) : Math.min(i, high));
  if (step > 0) {
    const from = lower === undefined ? 0 : clamp(lower, 0, length);
    const to = upper === undefined ? length : clamp(upper, 0, length);
    for (let i = from; i < to; i += step) out.push(i);
  } else {
    const from = lower === undefined ? length - 1 : clamp(lower, -1, length - 1);
    const to = upper === undefined ? -1 : clamp(upper, -1, length - 1);
    for (let i = from; i > to; i += step) out.push(i);
  }
  return out;
}

export function sliceOf(value: unknown, lower: unknown, upper: unknown, step: unknown, budget: Budget): unknown {
  const l = bound(lower, 'start');
  const u = bound(upper, 'stop');
  const s = bound(step, 'step') ?? 1;
  if (s === 0) throw new TemplateValueError('the step of a slice must not be 0');
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    budget.spend(value.length);
    const chars = characters(value);
    return sliceIndexes(chars.length, l, u, s).map((i) => chars[i]).join('');
  }
  if (Array.isArray(value)) {
    const items = listItems(value, budget);
    return sliceIndexes(items.length, l, u, s).map((i) => items[i]);
  }
  throw new TemplateValueError(`cannot slice ${describeType(value)}: only text and lists can be sliced`);
}
