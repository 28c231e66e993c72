// What a template may see of a JavaScript value. This file is the safety boundary: a template
// reads only data — own, enumerable data properties of plain objects and arrays, and the
// characters of strings — and calls only functions the caller wrapped with templateFunction().
// It never reads a prototype, never runs a getter, a toString, a toJSON or a Symbol-keyed hook,
// so template text cannot reach Function, globalThis, process or require.

import { TemplateValueError } from './errors';
import type { Budget } from './limits';

const SAFE_FUNCTIONS = new WeakSet<object>();

/** Names that are never read, whatever object they are asked of. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const OBJECT_PROTOTYPE = Object.prototype;
const getPrototypeOf = Object.getPrototypeOf;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const objectKeys = Object.keys;
const isArray = Array.isArray;
const dateGetTime = Date.prototype.getTime;
const dateToISOString = Date.prototype.toISOString;

/**
 * Marks a function as callable from templates (`{{ now.date() }}`). Returns a new function that
 * calls `fn` with the template's arguments and no `this`; only such functions can be called.
 * Arguments are template values (data, or other values from the context), and whatever the
 * function returns is read by templates with the same rules as the context.
 */
export function templateFunction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const wrapped = (...args: A): R => fn(...args);
  SAFE_FUNCTIONS.add(wrapped);
  return wrapped;
}

/** Helper mappings that stand for a moment (`now`): printed, and read by date filters, as the text they give. */
const DATE_STAND_INS = new WeakMap<object, () => string>();

/** Marks `helper` as standing for the moment `text()` gives, so `{{ now }}` prints it and `now | days_before(3)` reads it. */
export function templateDateStandIn<T extends object>(helper: T, text: () => string): T {
  DATE_STAND_INS.set(helper, text);
  return helper;
}

export function isTemplateFunction(value: unknown): value is (...args: unknown[]) => unknown {
  return typeof value === 'function' && SAFE_FUNCTIONS.has(value);
}

/** An object whose prototype is Object.prototype or null: what JSON.parse and YAML produce. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || isArray(value)) return false;
  const proto = getPrototypeOf(value);
  return proto === OBJECT_PROTOTYPE || proto === null;
}

/** A real Date (checked through its internal slot, not its prototype or Symbol.toStringTag). */
function dateTime(value: object): number | undefined {
  if (!(value instanceof Date)) return undefined;
  try {
    return dateGetTime.call(value);
  } catch {
    return undefined;
  }
}

/** ISO text of a Date value, or undefined for anything else (or an invalid date). */
export function dateText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const standIn = DATE_STAND_INS.get(value);
  if (standIn) return standIn();
  const t = dateTime(value);
  if (t === undefined || Number.isNaN(t)) return undefined;
  return dateToISOString.call(value);
}

/** The value of an own, enumerable data property, or undefined (never a getter, never inherited). */
function ownData(object: object, key: string): unknown {
  if (FORBIDDEN_KEYS.has(key)) return undefined;
  const d = getOwnPropertyDescriptor(object, key);
  if (d === undefined || !d.enumerable || !('value' in d)) return undefined;
  return d.value;
}

/** Code points of a string (a surrogate pair is one character, as in Python). */
export function characters(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out.push(text.slice(i, i + 2));
        i++;
        continue;
      }
    }
    out.push(text[i]);
  }
  return out;
}

function index(length: number, key: unknown): number | undefined {
  if (typeof key !== 'number' || !Number.isInteger(key)) return undefined;
  const i = key < 0 ? length + key : key;
  return i >= 0 && i < length ? i : undefined;
}

/**
 * `object.key` and `object[key]` as templates see them: list items by integer index (negative
 * counts from the end), characters of a string by index, own data properties of plain objects.
 * Anything else — a missing key, a prototype member, a class instance, a function — is undefined.
 */
export function getMember(object: unknown, key: unknown, budget: Budget): unknown {
  if (object === null || object === undefined) return undefined;
  if (typeof object === 'string') {
    budget.spend(object.length);
    const chars = characters(object);
    const i = index(chars.length, key);
    return i === undefined ? undefined : chars[i];
  }
  if (isArray(object)) {
    const i = index(object.length, key);
    return i === undefined ? undefined : ownData(object, String(i));
  }
  if (!isPlainObject(object)) return undefined;
  if (typeof key === 'number' && Number.isFinite(key)) return ownData(object, String(key));
  if (typeof key !== 'string') return undefined;
  return ownData(object, key);
}

/** The items of a list, read as data (holes and accessors become undefined). */
export function listItems(list: unknown[], budget: Budget): unknown[] {
  const n = list.length;
  budget.spend(n);
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) out[i] = ownData(list, String(i));
  return out;
}

/** The readable keys of a plain object, in insertion order. */
export function mappingKeys(object: Record<string, unknown>, budget: Budget): string[] {
  const keys = objectKeys(object);
  budget.spend(keys.length);
  return keys.filter((k) => {
    if (FORBIDDEN_KEYS.has(k)) return false;
    const d = getOwnPropertyDescriptor(object, k);
    return d !== undefined && 'value' in d;
  });
}

/** What `{% for %}` walks over: list items, characters of text, keys of a mapping; nothing for undefined/none. */
export function iterate(value: unknown, budget: Budget): unknown[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    budget.spend(value.length);
    return characters(value);
  }
  if (isArray(value)) return listItems(value, budget);
  if (isPlainObject(value)) return mappingKeys(value, budget);
  throw new TemplateValueError(`cannot loop over ${describeType(value)}`);
}

/** Python's truthiness: none, false, 0, empty text, empty list and empty mapping are false. */
export function truthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'bigint') return value !== 0n;
  if (value instanceof TemplateFloat) return value.value !== 0;
  if (isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return objectKeys(value).length > 0;
  return true;
}

/** For messages: what kind of value this is. */
export function describeType(value: unknown): string {
  if (value === undefined) return 'an undefined value';
  if (value === null) return 'none';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number' || value instanceof TemplateFloat) return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  if (typeof value === 'function') return 'a function';
  if (isArray(value)) return 'a list';
  if (isPlainObject(value)) return 'a mapping';
  if (dateText(value) !== undefined) return 'a date';
  return 'an object';
}

/**
 * A float whose value is a whole number (`42.0`, `10 / 2`, `2.5 | round`): JavaScript has one
 * number type, so this is how a template keeps Python's difference between 42 and 42.0, which
 * shows when it prints. Other floats (0.5, inf, nan) are plain numbers: a number that is not
 * a whole number can only be a float. Only the template engine makes these; callers get plain
 * numbers back (plainValue).
 */
export class TemplateFloat {
  constructor(readonly value: number) {
    Object.freeze(this);
  }
}

/** `n` as a float: wrapped when it is a whole number, so that it keeps printing as a float. */
export function makeFloat(n: number): number | TemplateFloat {
  return Number.isInteger(n) ? new TemplateFloat(n) : n;
}

/** An int or a float (a plain number or a TemplateFloat). */
export function isNumeric(value: unknown): value is number | TemplateFloat {
  return typeof value === 'number' || value instanceof TemplateFloat;
}

/** The number a numeric value holds, or undefined for anything else. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof TemplateFloat) return value.value;
  return undefined;
}

/** True for Python floats: a TemplateFloat, or a plain number that is not a whole number (0.5, inf, nan). */
export function isFloat(value: unknown): boolean {
  return value instanceof TemplateFloat || (typeof value === 'number' && !Number.isInteger(value));
}

/** An int as Python prints it: every digit, even past 1e21 (where JavaScript switches to 1e+21). */
export function numberText(n: number): string {
  if (!Number.isInteger(n)) return floatText(n);
  if (Object.is(n, -0)) return '0';
  return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
}

/**
 * A float as Python's repr() writes it: the shortest digits that read back as the same number
 * (as JavaScript picks them), fixed notation from 1e-4 up to 1e16 with at least one decimal
 * (42.0), scientific outside it with a signed two-digit exponent (1e+16, 1e-05), inf and nan.
 */
export function floatText(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (n === Infinity) return 'inf';
  if (n === -Infinity) return '-inf';
  if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
  const [mantissa, exp] = Math.abs(n).toExponential().split('e');
  const e = Number(exp);
  const digits = mantissa.replace('.', '');
  const sign = n < 0 ? '-' : '';
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, '0');
  const fraction = digits.slice(e + 1);
  return `${sign}${whole}.${fraction === '' ? '0' : fraction}`;
}

/**
 * A template value as the caller sees it: floats that are whole numbers back to plain numbers,
 * in lists and mappings the template built too. Returns the value itself when nothing changes.
 */
export function plainValue(value: unknown, depth = 0): unknown {
  if (value instanceof TemplateFloat) return value.value;
  if (depth > 100 || typeof value !== 'object' || value === null) return value;
  if (isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = ownData(value, String(i));
      const plain = plainValue(item, depth + 1);
      if (plain !== item && !out) out = value.slice(0, i);
      if (out) out.push(plain);
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const k of objectKeys(value)) {
    if (FORBIDDEN_KEYS.has(k)) continue;
    const item = ownData(value, k);
    const plain = plainValue(item, depth + 1);
    if (plain !== item) changed = true;
    Object.defineProperty(copy, k, { value: plain, enumerable: true, writable: true, configurable: true });
  }
  return changed ? copy : value;
}

/**
 * A copy of `value` made only of JSON data, read with the rules of getMember: what `tojson` and
 * printing a list or mapping serialise. Functions and class instances are left out (as
 * JSON.stringify leaves out functions); dates become ISO text. Numbers stay as they are
 * (TemplateFloat, inf and nan too): jsonText decides how each style writes them.
 */
export function toData(value: unknown, budget: Budget): unknown {
  const seen = new Set<object>();
  let chars = 0;
  const copy = (v: unknown, depth: number): unknown => {
    budget.spend(1);
    switch (typeof v) {
      case 'string':
        chars += v.length;
        budget.text(chars);
        return v;
      case 'number':
        return v;
      case 'boolean':
        return v;
      case 'bigint':
        return String(v);
      case 'object':
        break;
      default:
        return undefined;
    }
    if (v === null) return null;
    if (v instanceof TemplateFloat) return v;
    const date = dateText(v);
    if (date !== undefined) return date;
    const list = isArray(v);
    if (!list && !isPlainObject(v)) return undefined;
    if (depth >= budget.limits.maxDataDepth) {
      throw new TemplateValueError(`the value is nested too deeply to print (more than ${budget.limits.maxDataDepth} levels)`);
    }
    if (seen.has(v)) throw new TemplateValueError('the value contains itself, so it cannot be printed');
    seen.add(v);
    let out: unknown;
    if (list) {
      out = listItems(v, budget).map((item) => {
        const d = copy(item, depth + 1);
        return d === undefined ? null : d;
      });
    } else {
      const o: Record<string, unknown> = Object.create(null);
      for (const k of mappingKeys(v, budget)) {
        const d = copy(ownData(v, k), depth + 1);
        if (d !== undefined) o[k] = d;
      }
      out = o;
    }
    seen.delete(v);
    return out;
  };
  return copy(value, 0);
}

/** How jsonText writes: compact JSON (printing a list), or as Jinja's tojson does. */
export interface JsonStyle {
  /** Spaces per level; undefined writes everything on one line. */
  indent?: number;
  /**
   * Jinja's tojson (Python's json.dumps with sort_keys): keys sorted, ", " and ": " between
   * items on one line, floats as Python writes them (2.0, Infinity), and <, >, & and ' escaped
   * (\u003c …) so the text is safe inside HTML and quoted attributes.
   */
  jinja?: boolean;
}

const HTML_ESCAPES: Readonly<Record<string, string | undefined>> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', "'": '\\u0027' };

function jsonNumber(n: number | TemplateFloat, jinja: boolean): string {
  const v = n instanceof TemplateFloat ? n.value : n;
  if (!Number.isFinite(v)) {
    if (!jinja) return 'null';
    return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  }
  return isFloat(n) ? floatText(v) : numberText(v);
}

/** JSON text of data made by toData. */
function jsonText(data: unknown, style: JsonStyle): string {
  const jinja = style.jinja === true;
  const indent = style.indent;
  const write = (v: unknown, level: number): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'string') {
      const s = JSON.stringify(v);
      if (!jinja) return s;
      let out = '';
      for (const c of s) out += HTML_ESCAPES[c] ?? c;
      return out;
    }
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'number' || v instanceof TemplateFloat) return jsonNumber(v, jinja);
    const entries: [string | undefined, unknown][] = isArray(v)
      ? v.map((item) => [undefined, item])
      : (jinja ? objectKeys(v as object).sort() : objectKeys(v as object)).map((k) => [k, (v as Record<string, unknown>)[k]]);
    const open = isArray(v) ? '[' : '{';
    const close = isArray(v) ? ']' : '}';
    if (entries.length === 0) return open + close;
    const colon = jinja || indent !== undefined ? ': ' : ':';
    const parts = entries.map(([k, item]) => (k === undefined ? '' : write(k, 0) + colon) + write(item, level + 1));
    if (indent === undefined) return open + parts.join(jinja ? ', ' : ',') + close;
    const pad = ' '.repeat(indent * (level + 1));
    return `${open}\n${pad}${parts.join(`,\n${pad}`)}\n${' '.repeat(indent * level)}${close}`;
  };
  return write(data, 0);
}

/** JSON text of a value, read as data only. */
export function toJson(value: unknown, budget: Budget, style: JsonStyle = {}): string {
  const data = toData(value, budget);
  const text = jsonText(data, style);
  budget.text(text.length);
  return text;
}

/**
 * How a value prints: text as is, numbers as JavaScript writes them, true/false, nothing for
 * undefined and none, lists and mappings as JSON, dates as ISO text, other objects as nothing.
 * A function cannot be printed (it was meant to be called).
 */
export function toText(value: unknown, budget: Budget): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return numberText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return String(value);
    case 'undefined':
      return '';
    case 'function':
      throw new TemplateValueError('a function cannot be printed: call it, as in now.date()');
    case 'symbol':
      return '';
    default:
      break;
  }
  if (value === null) return '';
  if (value instanceof TemplateFloat) return floatText(value.value);
  const date = dateText(value);
  if (date !== undefined) return date;
  if (isArray(value) || isPlainObject(value)) return toJson(value, budget);
  return '';
}

/** Python-like ==: deep for lists and mappings, none equal to undefined, no type coercion. */
export function equals(a: unknown, b: unknown, budget: Budget, depth = 0): boolean {
  budget.spend(1);
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (isNumeric(a) && isNumeric(b)) return numericValue(a) === numericValue(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (depth >= budget.limits.maxDataDepth) {
    throw new TemplateValueError(`the values are nested too deeply to compare (more than ${budget.limits.maxDataDepth} levels)`);
  }
  if (isArray(a) && isArray(b)) {
    if (a.length !== b.length) return false;
    const x = listItems(a, budget);
    const y = listItems(b, budget);
    return x.every((item, i) => equals(item, y[i], budget, depth + 1));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = mappingKeys(a, budget);
    const kb = mappingKeys(b, budget);
    if (ka.length !== kb.length) return false;
    const inB = new Set(kb);
    return ka.every((k) => inB.has(k) && equals(ownData(a, k), ownData(b, k), budget, depth + 1));
  }
  const da = dateText(a);
  return da !== undefined && da === dateText(b);
}

/** Ordering for < > <= >= and sort: numbers with numbers, text with text. */
export function compareValues(a: unknown, b: unknown): number {
  const x = numericValue(a);
  const y = numericValue(b);
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new TemplateValueError(`cannot compare ${describeType(a)} with ${describeType(b)}`);
}

/** `needle in haystack`: a substring of text, an item of a list (==), a key of a mapping. */
export function contains(haystack: unknown, needle: unknown, budget: Budget): boolean {
  if (haystack === undefined || haystack === null) return false;
  if (typeof haystack === 'string') {
    if (typeof needle !== 'string') throw new TemplateValueError(`"in" text needs text on its left, not ${describeType(needle)}`);
    budget.spend(haystack.length);
    return haystack.includes(needle);
  }
  if (isArray(haystack)) return listItems(haystack, budget).some((item) => equals(item, needle, budget));
  if (isPlainObject(haystack)) {
    const n = numericValue(needle);
    const key = n !== undefined ? String(n) : needle;
    return typeof key === 'string' && mappingKeys(haystack, budget).includes(key);
  }
  throw new TemplateValueError(`cannot look inside ${describeType(haystack)} with "in"`);
}
