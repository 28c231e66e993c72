// The tests of `value is name` / `value is not name`. Like filters, each has a one-line
// description for the editor.

import { TemplateValueError } from './errors';
import type { FilterParameter } from './filters';
import { describeType, isFloat, isNumeric, isPlainObject, numericValue } from './values';

export interface BuiltinTest {
  name: string;
  description: string;
  parameters: readonly FilterParameter[];
  apply(value: unknown, args: unknown[]): boolean;
}

function wholeNumber(value: unknown, test: string): number {
  const n = numericValue(value);
  if (n === undefined || !Number.isInteger(n)) {
    throw new TemplateValueError(`"is ${test}" needs a whole number, got ${describeType(value)}`);
  }
  return n;
}

const TABLE: BuiltinTest[] = [
  { name: 'boolean', description: 'True for true and false.', parameters: [], apply: (v) => typeof v === 'boolean' },
  { name: 'defined', description: 'True when the value exists (none counts as defined; a missing key does not).', parameters: [], apply: (v) => v !== undefined },
  {
    name: 'divisibleby',
    description: 'True when the number is a multiple of n.',
    parameters: [{ name: 'n', description: 'The divisor.' }],
    apply: (v, a) => {
      const n = wholeNumber(a[0], 'divisibleby');
      if (n === 0) throw new TemplateValueError('"is divisibleby(0)": cannot divide by zero');
      return wholeNumber(v, 'divisibleby') % n === 0;
    },
  },
  { name: 'even', description: 'True for an even whole number.', parameters: [], apply: (v) => wholeNumber(v, 'even') % 2 === 0 },
  { name: 'false', description: 'True only for the value false.', parameters: [], apply: (v) => v === false },
  { name: 'float', description: 'True for a float (42.0, 0.5), not an int.', parameters: [], apply: (v) => isFloat(v) },
  { name: 'integer', description: 'True for an int (42), not a float.', parameters: [], apply: (v) => typeof v === 'number' && !isFloat(v) },
  { name: 'iterable', description: 'True for what {% for %} can loop over: a list, text or a mapping.', parameters: [], apply: (v) => typeof v === 'string' || Array.isArray(v) || isPlainObject(v) },
  { name: 'mapping', description: 'True for a mapping (an object of keys and values).', parameters: [], apply: (v) => isPlainObject(v) },
  { name: 'none', description: 'True when the value is none/null or undefined (missing).', parameters: [], apply: (v) => v === null || v === undefined },
  { name: 'number', description: 'True for a number (an int or a float).', parameters: [], apply: (v) => isNumeric(v) },
  { name: 'odd', description: 'True for an odd whole number.', parameters: [], apply: (v) => Math.abs(wholeNumber(v, 'odd') % 2) === 1 },
  { name: 'sequence', description: 'True for a list or text.', parameters: [], apply: (v) => typeof v === 'string' || Array.isArray(v) },
  { name: 'string', description: 'True for text.', parameters: [], apply: (v) => typeof v === 'string' },
  { name: 'true', description: 'True only for the value true.', parameters: [], apply: (v) => v === true },
  { name: 'undefined', description: 'True when the value does not exist (a missing variable or key).', parameters: [], apply: (v) => v === undefined },
];

export const TESTS: readonly BuiltinTest[] = Object.freeze(TABLE.map((t) => Object.freeze({ ...t, parameters: Object.freeze([...t.parameters]) })));

export const BUILTIN_TESTS: ReadonlyMap<string, BuiltinTest> = new Map(TESTS.map((t) => [t.name, t]));
