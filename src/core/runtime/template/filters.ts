// The built-in filters (`{{ value | name(args) }}`). Each has a one-line description and its
// parameters, which the editor shows in completion and hover. A filter reads its input with the
// rules of values.ts and throws TemplateValueError for a wrong input; the evaluator adds where.

import { TemplateValueError } from './errors';
import type { Budget } from './limits';
import { pythonRound } from './pythonRound';
import {
  TemplateFloat, characters, compareValues, dateText, describeType, isFloat, isNumeric, isPlainObject, listItems, makeFloat,
  mappingKeys, getMember, numericValue, numberText, toJson, toText, truthy,
} from './values';

export interface FilterParameter {
  name: string;
  description: string;
  optional?: boolean;
}

/** A filter passed by the caller: gets the input value and the arguments written in the template. */
export type TemplateFilter = (value: unknown, ...args: unknown[]) => unknown;

export interface BuiltinFilter {
  name: string;
  /** One line, shown in completion and hover. */
  description: string;
  parameters: readonly FilterParameter[];
  apply(value: unknown, args: unknown[], budget: Budget): unknown;
}

// ---- argument helpers -------------------------------------------------------------------------

function text(value: unknown, filter: string, budget: Budget): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object' && !(value instanceof TemplateFloat) && dateText(value) === undefined) {
    throw new TemplateValueError(`${filter} expects text, got ${describeType(value)}`);
  }
  return toText(value, budget);
}

function integer(value: unknown, filter: string, parameter: string, min: number, max: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : numericValue(value) ?? value;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw new TemplateValueError(`${filter}(${parameter}) needs a whole number, got ${describeType(value)}${typeof value === 'number' ? ` ${numberText(value)}` : ''}`);
  }
  if (n < min || n > max) throw new TemplateValueError(`${filter}(${parameter}) must be between ${min} and ${max}, got ${n}`);
  return n;
}

function list(value: unknown, filter: string, budget: Budget): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return listItems(value, budget);
  throw new TemplateValueError(`${filter} expects a list, got ${describeType(value)}`);
}

/** A decimal number written as text ("42", "-3.5", "1e3"), or undefined. No hex, no "Infinity". */
function parseDecimal(raw: string): number | undefined {
  const s = raw.trim();
  let i = 0;
  if (s[i] === '+' || s[i] === '-') i++;
  const digitsFrom = i;
  while (i < s.length && s[i] >= '0' && s[i] <= '9') i++;
  let digits = i - digitsFrom;
  if (s[i] === '.') {
    i++;
    const f = i;
    while (i < s.length && s[i] >= '0' && s[i] <= '9') i++;
    digits += i - f;
  }
  if (digits === 0) return undefined;
  if (s[i] === 'e' || s[i] === 'E') {
    i++;
    if (s[i] === '+' || s[i] === '-') i++;
    const e = i;
    while (i < s.length && s[i] >= '0' && s[i] <= '9') i++;
    if (i === e) return undefined;
  }
  return i === s.length ? Number(s) : undefined;
}

function toNumber(value: unknown): number | undefined {
  if (value instanceof TemplateFloat) return value.value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return parseDecimal(value);
  return undefined;
}

/** "inf", "-Infinity", "nan" as Python's float() reads them (any case, spaces around). */
function nonFinite(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  let s = value.trim().toLowerCase();
  const sign = s.startsWith('-') ? -1 : 1;
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  if (s === 'inf' || s === 'infinity') return sign * Infinity;
  return s === 'nan' ? NaN : undefined;
}

// ---- dates --------------------------------------------------------------------------------------

function digitsAt(s: string, at: number, count: number): number | undefined {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i);
    if (!(c >= 48 && c <= 57)) return undefined;
    n = n * 10 + c - 48;
  }
  return n;
}

function daysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

/** The calendar date of an ISO date (2025-03-10) or date-time (2025-03-10T09:30:00+08:00), as written. */
export function parseIsoDate(s: string): { year: number; month: number; day: number } | undefined {
  const year = digitsAt(s, 0, 4);
  const month = digitsAt(s, 5, 2);
  const day = digitsAt(s, 8, 2);
  if (year === undefined || month === undefined || day === undefined || s[4] !== '-' || s[7] !== '-') return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (s.length === 10) return { year, month, day };
  if (s[10] !== 'T' && s[10] !== 't' && s[10] !== ' ') return undefined;
  const hour = digitsAt(s, 11, 2);
  const minute = digitsAt(s, 14, 2);
  if (hour === undefined || minute === undefined || s[13] !== ':' || hour > 23 || minute > 59) return undefined;
  let i = 16;
  if (s[i] === ':') {
    const second = digitsAt(s, i + 1, 2);
    if (second === undefined || second > 60) return undefined;
    i += 3;
    if (s[i] === '.' || s[i] === ',') {
      const f = ++i;
      while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
      if (i === f) return undefined;
    }
  }
  if (i === s.length) return { year, month, day };
  if ((s[i] === 'Z' || s[i] === 'z') && i + 1 === s.length) return { year, month, day };
  if (s[i] !== '+' && s[i] !== '-') return undefined;
  const oh = digitsAt(s, i + 1, 2);
  const colon = s[i + 3] === ':' ? 1 : 0;
  const om = digitsAt(s, i + 3 + colon, 2);
  if (oh === undefined || om === undefined || oh > 23 || om > 59 || i + 5 + colon !== s.length) return undefined;
  return { year, month, day };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function daysBefore(value: unknown, args: unknown[]): unknown {
  if (value === undefined || value === null) return undefined;
  const n = integer(args[0], 'days_before', 'n', -1_000_000, 1_000_000);
  const raw = typeof value === 'string' ? value.trim() : dateText(value);
  const date = raw === undefined ? undefined : parseIsoDate(raw);
  if (!date) {
    const shown = typeof value === 'string' ? `"${characters(value).slice(0, 40).join('')}"` : describeType(value);
    throw new TemplateValueError(`days_before expects an ISO date such as 2025-03-10 or 2025-03-10T09:30:00Z, got ${shown}`);
  }
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day - n);
  const year = d.getUTCFullYear();
  if (year < 0 || year > 9999) throw new TemplateValueError(`days_before(${n}) gives a date outside the years 0000-9999`);
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

// ---- text ---------------------------------------------------------------------------------------

function isCjk(cp: number): boolean {
  return (cp >= 0x3040 && cp <= 0x30ff) // Hiragana, Katakana
    || (cp >= 0x31f0 && cp <= 0x31ff) // Katakana phonetic extensions
    || cp === 0x3005 || cp === 0x3007 // 々 〇
    || (cp >= 0x3400 && cp <= 0x4dbf) // CJK extension A
    || (cp >= 0x4e00 && cp <= 0x9fff) // CJK unified ideographs
    || (cp >= 0xac00 && cp <= 0xd7af) // Hangul syllables
    || (cp >= 0xf900 && cp <= 0xfaff) // CJK compatibility ideographs
    || (cp >= 0x20000 && cp <= 0x323af); // CJK extensions B-H
}

const LATIN_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd', ı: 'i' };

/** Lowercase ASCII letters and digits and CJK characters, everything else one "-" between words. */
export function slugify(input: string): string {
  const folded = input.toLowerCase().normalize('NFKD');
  let stripped = '';
  for (const ch of folded) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x300 && cp <= 0x36f) continue; // accents: é → e
    stripped += LATIN_LETTERS[ch] ?? ch;
  }
  let out = '';
  let dash = false;
  for (const ch of stripped.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    const keep = (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57) || isCjk(cp);
    if (keep) {
      if (dash && out !== '') out += '-';
      out += ch;
      dash = false;
    } else {
      dash = true;
    }
  }
  return out;
}

function isLetter(ch: string): boolean {
  return ch.toLowerCase() !== ch.toUpperCase();
}

function title(s: string): string {
  let out = '';
  let wordStart = true;
  for (const ch of characters(s)) {
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '-' || ch === '(' || ch === '[' || ch === '{' || ch === '<') {
      out += ch;
      wordStart = true;
    } else {
      out += wordStart ? ch.toUpperCase() : ch.toLowerCase();
      if (isLetter(ch) || (ch >= '0' && ch <= '9')) wordStart = false;
    }
  }
  return out;
}

function replace(s: string, from: string, to: string, count: number | undefined, budget: Budget): string {
  if (from === '') throw new TemplateValueError('replace needs non-empty text to look for');
  budget.spend(s.length);
  const parts: string[] = [];
  let at = 0;
  let done = 0;
  let length = 0;
  while (count === undefined || done < count) {
    const hit = s.indexOf(from, at);
    if (hit < 0) break;
    parts.push(s.slice(at, hit), to);
    length += hit - at + to.length;
    budget.text(length);
    at = hit + from.length;
    done++;
  }
  parts.push(s.slice(at));
  budget.text(length + s.length - at);
  return parts.join('');
}

/** A boolean argument: true or false only (Jinja would take any value, but 1 for true is a likely slip). */
function flag(value: unknown, filter: string, parameter: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    // truncate(n, '…') set the end marker before this engine followed Jinja's order of arguments.
    const hint = filter === 'truncate' && typeof value === 'string' ? `: the end marker is the third argument, or write end=${JSON.stringify(value)}` : '';
    throw new TemplateValueError(`${filter}(${parameter}) must be true or false, got ${describeType(value)}${hint}`);
  }
  return value;
}

/**
 * Jinja's truncate: text longer than length + leeway is cut to length characters counting the
 * end marker, at the last space (killwords=false) or anywhere (killwords=true).
 */
function truncate(s: string, length: number, killwords: boolean, end: string, leeway: number): string {
  const chars = characters(s);
  const endLength = characters(end).length;
  if (length < endLength) throw new TemplateValueError(`truncate(length) must be at least the length of end (${endLength}), got ${length}`);
  if (chars.length <= length + leeway) return s;
  const kept = chars.slice(0, length - endLength).join('');
  if (killwords) return kept + end;
  const space = kept.lastIndexOf(' ');
  return (space < 0 ? kept : kept.slice(0, space)) + end;
}

// ---- lists --------------------------------------------------------------------------------------

/**
 * Reads `attribute` of an item as Jinja's attribute= does: a dotted path, where a part made of
 * digits is a list index (`address.city`, `0`, `jobs.0.title`).
 */
function attributeOf(item: unknown, attribute: unknown, filter: string, budget: Budget): unknown {
  if (attribute === undefined || attribute === null) return item;
  if (typeof attribute === 'number' && Number.isInteger(attribute)) return getMember(item, attribute, budget);
  if (typeof attribute !== 'string') throw new TemplateValueError(`${filter}(attribute) must be text such as "name" or "address.city", got ${describeType(attribute)}`);
  let v = item;
  for (const part of attribute.split('.')) {
    const isIndex = part !== '' && [...part].every((c) => c >= '0' && c <= '9');
    v = getMember(v, isIndex ? Number(part) : part, budget);
  }
  return v;
}

/** What sort, unique, min and max compare: the attribute, lowercased text unless case-sensitive, numbers as numbers. */
function keyOf(item: unknown, caseSensitive: boolean, attribute: unknown, filter: string, budget: Budget): unknown {
  const v = attributeOf(item, attribute, filter, budget);
  if (typeof v === 'string') return caseSensitive ? v : v.toLowerCase();
  return numericValue(v) ?? v;
}

function sortableKeys(items: unknown[], filter: string, caseSensitive: boolean, attribute: unknown, budget: Budget): unknown[] {
  const keys = items.map((x) => keyOf(x, caseSensitive, attribute, filter, budget));
  if (keys.length === 0) return keys;
  const kind = typeof keys[0];
  const bad = keys.findIndex((k) => typeof k !== kind || (kind !== 'string' && kind !== 'number'));
  if (bad >= 0) {
    const what = attribute === undefined || attribute === null ? 'this one holds' : `the attribute ${JSON.stringify(String(attribute))} of one item is`;
    throw new TemplateValueError(`${filter} needs a list of texts or of numbers, and ${what} ${describeType(attributeOf(items[bad], attribute, filter, budget))}`);
  }
  return keys;
}

/** Jinja's sort: stable, by key; reverse=true puts the largest first and keeps equal items in their order. */
function sort(items: unknown[], reverse: boolean, caseSensitive: boolean, attribute: unknown, budget: Budget): unknown[] {
  const keys = sortableKeys(items, 'sort', caseSensitive, attribute, budget);
  budget.spend(items.length * Math.ceil(Math.log2(items.length + 1)));
  return items
    .map((value, i) => ({ value, key: keys[i], i }))
    .sort((a, b) => (reverse ? -compareValues(a.key, b.key) : compareValues(a.key, b.key)) || a.i - b.i)
    .map((x) => x.value);
}

function unique(items: unknown[], caseSensitive: boolean, attribute: unknown, budget: Budget): unknown[] {
  const seen = new Set<unknown>();
  const out: unknown[] = [];
  for (const item of items) {
    const k = keyOf(item, caseSensitive, attribute, 'unique', budget);
    // Lists and mappings compare by content, through their JSON text.
    const key = k !== null && typeof k === 'object' ? `\u0000${toJson(k, budget)}` : k;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** The smallest (or largest) item by key, or undefined for an empty list. */
function extreme(items: unknown[], filter: 'min' | 'max', caseSensitive: boolean, attribute: unknown, budget: Budget): unknown {
  const keys = sortableKeys(items, filter, caseSensitive, attribute, budget);
  let best = -1;
  for (let i = 0; i < items.length; i++) {
    if (best < 0 || (filter === 'min' ? compareValues(keys[i], keys[best]) < 0 : compareValues(keys[i], keys[best]) > 0)) best = i;
  }
  return best < 0 ? undefined : items[best];
}

/** Jinja's round: method common (Python's round(), halves to even), ceil or floor; ints stay ints only with common. */
function round(value: unknown, precisionArg: unknown, methodArg: unknown): unknown {
  const n = isNumeric(value) ? numericValue(value)! : toNumber(value);
  if (n === undefined) throw new TemplateValueError(`round expects a number, got ${describeType(value)}`);
  const precision = precisionArg === undefined ? 0 : integer(precisionArg, 'round', 'precision', -300, 300);
  const method = methodArg === undefined ? 'common' : methodArg;
  if (method !== 'common' && method !== 'ceil' && method !== 'floor') {
    throw new TemplateValueError(`round(method) must be "common", "ceil" or "floor", got ${typeof method === 'string' ? JSON.stringify(method) : describeType(method)}`);
  }
  // Python: round(int, p) is an int; a float (or text read as a number) gives a float.
  const float = isFloat(value) || typeof value !== 'number';
  if (method === 'common') {
    if (!Number.isFinite(n)) return n;
    const r = pythonRound(n, precision);
    return float ? makeFloat(r) : r;
  }
  const f = 10 ** precision;
  return makeFloat((method === 'ceil' ? Math.ceil(n * f) : Math.floor(n * f)) / f);
}

function sum(items: unknown[], attribute: unknown, start: unknown, budget: Budget): unknown {
  let total = numericValue(start ?? 0);
  if (total === undefined) throw new TemplateValueError(`sum(start) must be a number, got ${describeType(start)}`);
  let float = isFloat(start);
  for (const item of items) {
    const v = attributeOf(item, attribute, 'sum', budget);
    const n = numericValue(v);
    if (n === undefined) throw new TemplateValueError(`sum needs numbers, and this list holds ${describeType(v)}`);
    float = float || isFloat(v);
    total += n;
  }
  return float ? makeFloat(total) : total;
}

function lengthOf(v: unknown, budget: Budget): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'string') return characters(v).length;
  if (Array.isArray(v)) return v.length;
  if (isPlainObject(v)) return mappingKeys(v, budget).length;
  throw new TemplateValueError(`length expects a list, text or a mapping, got ${describeType(v)}`);
}

// ---- the table ------------------------------------------------------------------------------------

const p = (name: string, description: string, optional = false): FilterParameter => (optional ? { name, description, optional } : { name, description });

const defaultFilter = (name: string): BuiltinFilter => ({
  name,
  description: name === 'd'
    ? 'Short for default.'
    : 'The value, or default_value (empty text if not given) when the value is undefined; with boolean=true, also when it is none, false, 0 or empty (as Jinja\'s default).',
  parameters: [p('default_value', 'What to use instead (empty text by default).', true), p('boolean', 'true: any false-like value (none, false, 0, empty) takes the default too.', true)],
  apply: (v, a) => {
    const fallback = a[0] === undefined ? '' : a[0];
    if (v === undefined) return fallback;
    if (flag(a[1], name, 'boolean', false) && !truthy(v)) return fallback;
    return v;
  },
});

const CASE = p('case_sensitive', 'true: "a" and "A" differ (they are the same by default).', true);
const ATTRIBUTE = p('attribute', 'Compare this attribute of each item ("name", "address.city", "0").', true);

const TABLE: BuiltinFilter[] = [
  {
    name: 'abs',
    description: 'The number without its sign.',
    parameters: [],
    apply: (v) => {
      const n = numericValue(v);
      if (n === undefined) throw new TemplateValueError(`abs expects a number, got ${describeType(v)}`);
      return v instanceof TemplateFloat ? makeFloat(Math.abs(n)) : Math.abs(n);
    },
  },
  {
    name: 'capitalize',
    description: 'The text with its first character in uppercase and the rest in lowercase.',
    parameters: [],
    apply: (v, _a, b) => {
      const chars = characters(text(v, 'capitalize', b));
      return chars.length === 0 ? '' : chars[0].toUpperCase() + chars.slice(1).join('').toLowerCase();
    },
  },
  {
    name: 'count',
    description: 'Short for length.',
    parameters: [],
    apply: (v, a, b) => lengthOf(v, b),
  },
  defaultFilter('d'),
  {
    name: 'days_before',
    description: 'The date n days before an ISO date or date-time, as YYYY-MM-DD (undefined stays undefined).',
    parameters: [p('n', 'Number of days (negative for days after).')],
    apply: (v, a) => daysBefore(v, a),
  },
  defaultFilter('default'),
  {
    name: 'first',
    description: 'The first item of a list or the first character of text.',
    parameters: [],
    apply: (v, _a, b) => (typeof v === 'string' ? characters(v)[0] : list(v, 'first', b)[0]),
  },
  {
    name: 'float',
    description: 'The value as a float (decimal text is read; anything else gives default, 0.0 if not given).',
    parameters: [p('default', 'Result when the value is not a number.', true)],
    apply: (v, a) => {
      const n = toNumber(v) ?? nonFinite(v);
      if (n !== undefined) return makeFloat(n);
      return a[0] === undefined ? makeFloat(0) : a[0];
    },
  },
  {
    name: 'int',
    description: 'The value as a whole number, cut towards zero (anything that is not a number gives default, 0 if not given).',
    parameters: [p('default', 'Result when the value is not a number.', true)],
    apply: (v, a) => {
      const n = toNumber(v);
      return n === undefined ? (a[0] === undefined ? 0 : a[0]) : Math.trunc(n) || 0;
    },
  },
  {
    name: 'items',
    description: 'The [key, value] pairs of a mapping, to loop over with {% for key, value in x | items %}.',
    parameters: [],
    apply: (v, _a, b) => {
      if (v === undefined || v === null) return [];
      if (!isPlainObject(v)) throw new TemplateValueError(`items expects a mapping, got ${describeType(v)}`);
      return mappingKeys(v, b).map((k) => [k, getMember(v, k, b)]);
    },
  },
  {
    name: 'join',
    description: 'The items of a list printed one after another, with the separator d between them.',
    parameters: [p('d', 'Put between items (nothing by default).', true), p('attribute', 'Join this attribute of each item.', true)],
    apply: (v, a, b) => {
      const sep = a[0] === undefined ? '' : text(a[0], 'join', b);
      const parts = list(v, 'join', b).map((x) => toText(attributeOf(x, a[1], 'join', b), b));
      b.text(parts.reduce((n, x) => n + x.length + sep.length, 0));
      return parts.join(sep);
    },
  },
  {
    name: 'last',
    description: 'The last item of a list or the last character of text.',
    parameters: [],
    apply: (v, _a, b) => {
      const xs = typeof v === 'string' ? characters(v) : list(v, 'last', b);
      return xs[xs.length - 1];
    },
  },
  {
    name: 'length',
    description: 'The number of items in a list, characters in text or keys in a mapping (0 for undefined).',
    parameters: [],
    apply: (v, _a, b) => lengthOf(v, b),
  },
  {
    name: 'list',
    description: 'A list: the characters of text, the keys of a mapping, or a copy of a list.',
    parameters: [],
    apply: (v, _a, b) => {
      if (typeof v === 'string') return characters(v);
      if (isPlainObject(v)) return mappingKeys(v, b);
      return list(v, 'list', b);
    },
  },
  {
    name: 'lower',
    description: 'The text in lowercase.',
    parameters: [],
    apply: (v, _a, b) => text(v, 'lower', b).toLowerCase(),
  },
  {
    name: 'max',
    description: 'The largest item of a list (texts compared ignoring case unless case_sensitive=true).',
    parameters: [CASE, ATTRIBUTE],
    apply: (v, a, b) => extreme(list(v, 'max', b), 'max', flag(a[0], 'max', 'case_sensitive', false), a[1], b),
  },
  {
    name: 'min',
    description: 'The smallest item of a list (texts compared ignoring case unless case_sensitive=true).',
    parameters: [CASE, ATTRIBUTE],
    apply: (v, a, b) => extreme(list(v, 'min', b), 'min', flag(a[0], 'min', 'case_sensitive', false), a[1], b),
  },
  {
    name: 'replace',
    description: 'The text with every occurrence of one text replaced by another (or only the first count).',
    parameters: [p('old', 'Text to look for.'), p('new', 'Text to put instead.'), p('count', 'Replace at most this many.', true)],
    apply: (v, a, b) => replace(text(v, 'replace', b), text(a[0], 'replace', b), text(a[1], 'replace', b),
      a[2] === undefined || a[2] === null ? undefined : integer(a[2], 'replace', 'count', 0, Number.MAX_SAFE_INTEGER), b),
  },
  {
    name: 'reverse',
    description: 'The list, or the text, in reverse order.',
    parameters: [],
    apply: (v, _a, b) => (typeof v === 'string' ? characters(v).reverse().join('') : list(v, 'reverse', b).reverse()),
  },
  {
    name: 'round',
    description: 'The number rounded to precision decimal places (0 by default): method "common" (halves to even, as Python\'s round), "ceil" or "floor".',
    parameters: [p('precision', 'Decimal places (negative rounds to tens, hundreds, …).', true), p('method', '"common" (default), "ceil" or "floor".', true)],
    apply: (v, a) => round(v, a[0], a[1]),
  },
  {
    name: 'slugify',
    description: 'Lowercase ASCII letters and digits (accents removed) and CJK characters, joined by "-": a name for files and ids.',
    parameters: [],
    apply: (v, _a, b) => slugify(text(v, 'slugify', b)),
  },
  {
    name: 'sort',
    description: 'The list sorted (texts ignoring case unless case_sensitive=true, or numbers); reverse=true for largest first.',
    parameters: [p('reverse', 'true for largest first.', true), CASE, ATTRIBUTE],
    apply: (v, a, b) => sort(list(v, 'sort', b), flag(a[0], 'sort', 'reverse', false), flag(a[1], 'sort', 'case_sensitive', false), a[2], b),
  },
  {
    name: 'string',
    description: 'The value as text, as it would print.',
    parameters: [],
    apply: (v, _a, b) => toText(v, b),
  },
  {
    name: 'sum',
    description: 'The sum of a list of numbers (or of their attribute), plus start.',
    parameters: [ATTRIBUTE, p('start', 'Added to the sum (0 by default).', true)],
    apply: (v, a, b) => sum(list(v, 'sum', b), a[0], a[1], b),
  },
  {
    name: 'title',
    description: 'The text with each word capitalised.',
    parameters: [],
    apply: (v, _a, b) => title(text(v, 'title', b)),
  },
  {
    name: 'tojson',
    description: 'The value as JSON text, as Jinja writes it: keys sorted, <, >, & and \' escaped; indent spaces per level if given.',
    parameters: [p('indent', 'Spaces per level.', true)],
    apply: (v, a, b) => toJson(v, b, { jinja: true, indent: a[0] === undefined || a[0] === null ? undefined : integer(a[0], 'tojson', 'indent', 0, 10) }),
  },
  {
    name: 'trim',
    description: 'The text without whitespace (or the given characters) at either end.',
    parameters: [p('chars', 'Characters to remove instead of whitespace.', true)],
    apply: (v, a, b) => {
      const s = text(v, 'trim', b);
      if (a[0] === undefined || a[0] === null) return s.trim();
      const strip = new Set(characters(text(a[0], 'trim', b)));
      const chars = characters(s);
      let from = 0;
      let to = chars.length;
      while (from < to && strip.has(chars[from])) from++;
      while (to > from && strip.has(chars[to - 1])) to--;
      return chars.slice(from, to).join('');
    },
  },
  {
    name: 'truncate',
    description: 'The text cut to length characters (255 by default) when it is longer than length + leeway, at a space unless killwords=true, ending in end ("...").',
    parameters: [
      p('length', 'Maximum length, end included (255 by default).', true),
      p('killwords', 'true: cut inside a word instead of at the last space.', true),
      p('end', 'What marks the cut ("..." by default).', true),
      p('leeway', 'Text at most this much longer than length is kept whole (5 by default).', true),
    ],
    apply: (v, a, b) => truncate(
      text(v, 'truncate', b),
      a[0] === undefined ? 255 : integer(a[0], 'truncate', 'length', 0, Number.MAX_SAFE_INTEGER),
      flag(a[1], 'truncate', 'killwords', false),
      a[2] === undefined ? '...' : text(a[2], 'truncate', b),
      a[3] === undefined || a[3] === null ? 5 : integer(a[3], 'truncate', 'leeway', 0, Number.MAX_SAFE_INTEGER),
    ),
  },
  {
    name: 'unique',
    description: 'The list without repeated items (the first of each is kept, in order; texts ignoring case unless case_sensitive=true).',
    parameters: [CASE, ATTRIBUTE],
    apply: (v, a, b) => unique(list(v, 'unique', b), flag(a[0], 'unique', 'case_sensitive', false), a[1], b),
  },
  {
    name: 'upper',
    description: 'The text in uppercase.',
    parameters: [],
    apply: (v, _a, b) => text(v, 'upper', b).toUpperCase(),
  },
  {
    name: 'wordcount',
    description: 'The number of words in the text.',
    parameters: [],
    apply: (v, _a, b) => {
      // Jinja counts runs of word characters (\\w+): letters, digits and _.
      let words = 0;
      let inWord = false;
      for (const ch of characters(text(v, 'wordcount', b))) {
        const word = isLetter(ch) || (ch >= '0' && ch <= '9') || ch === '_';
        if (word && !inWord) words++;
        inWord = word;
      }
      return words;
    },
  },
];

export const FILTERS: readonly BuiltinFilter[] = Object.freeze(TABLE.map((f) => Object.freeze({ ...f, parameters: Object.freeze([...f.parameters]) })));

export const BUILTIN_FILTERS: ReadonlyMap<string, BuiltinFilter> = new Map(FILTERS.map((f) => [f.name, f]));
