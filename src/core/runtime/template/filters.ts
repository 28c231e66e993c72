// The built-in filters (`{{ value | name(args) }}`). Each has a one-line description and its
// parameters, which the editor shows in completion and hover. A filter reads its input with the
// rules of values.ts and throws TemplateValueError for a wrong input; the evaluator adds where.

import { TemplateValueError } from './errors';
import type { Budget } from './limits';
import {
  characters, compareValues, dateText, describeType, isPlainObject, listItems, mappingKeys,
  getMember, numberText, toJson, toText, truthy,
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
  if (typeof value === 'object' && dateText(value) === undefined) {
    throw new TemplateValueError(`${filter} expects text, got ${describeType(value)}`);
  }
  return toText(value, budget);
}

function integer(value: unknown, filter: string, parameter: string, min: number, max: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
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
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return parseDecimal(value);
  return undefined;
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

function truncate(s: string, n: number, end: string): string {
  const chars = characters(s);
  if (chars.length <= n) return s;
  const endChars = characters(end);
  if (n <= endChars.length) return chars.slice(0, n).join('');
  const keep = n - endChars.length;
  let cut = chars.slice(0, keep);
  // Prefer to cut between words when the text has spaces (CJK text has none and is cut anywhere).
  const space = cut.lastIndexOf(' ');
  if (chars[keep] !== ' ' && space > 0) cut = cut.slice(0, space);
  while (cut.length > 0 && cut[cut.length - 1] === ' ') cut.pop();
  return cut.join('') + end;
}

// ---- lists --------------------------------------------------------------------------------------

function sortKey(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

function sort(items: unknown[], reverse: boolean, budget: Budget): unknown[] {
  if (items.length === 0) return items;
  const kind = typeof items[0];
  if ((kind !== 'string' && kind !== 'number') || items.some((x) => typeof x !== kind)) {
    const bad = items.find((x) => typeof x !== kind || (kind !== 'string' && kind !== 'number'));
    throw new TemplateValueError(`sort needs a list of texts or of numbers, and this one holds ${describeType(bad)}`);
  }
  budget.spend(items.length * Math.ceil(Math.log2(items.length + 1)));
  const sorted = items
    .map((value, i) => ({ value, key: sortKey(value), i }))
    .sort((a, b) => compareValues(a.key, b.key) || compareValues(a.value, b.value) || a.i - b.i)
    .map((x) => x.value);
  return reverse ? sorted.reverse() : sorted;
}

function unique(items: unknown[], budget: Budget): unknown[] {
  const seen = new Set<unknown>();
  const out: unknown[] = [];
  for (const item of items) {
    // Lists and mappings compare by content, through their JSON text.
    const key = item !== null && typeof item === 'object' ? `\u0000${toJson(item, budget)}` : item;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

function round(value: unknown, args: unknown[]): number {
  const n = toNumber(value);
  if (n === undefined) throw new TemplateValueError(`round expects a number, got ${describeType(value)}`);
  const digits = args.length > 0 ? integer(args[0], 'round', 'n', -15, 15) : 0;
  const f = 10 ** Math.abs(digits);
  const scaled = digits >= 0 ? Math.abs(n) * f : Math.abs(n) / f;
  const r = Math.round(scaled);
  const back = digits >= 0 ? r / f : r * f;
  return n < 0 ? -back : back;
}

// ---- the table ------------------------------------------------------------------------------------

const p = (name: string, description: string, optional = false): FilterParameter => (optional ? { name, description, optional } : { name, description });

const TABLE: BuiltinFilter[] = [
  {
    name: 'days_before',
    description: 'The date n days before an ISO date or date-time, as YYYY-MM-DD (undefined stays undefined).',
    parameters: [p('n', 'Number of days (negative for days after).')],
    apply: (v, a) => daysBefore(v, a),
  },
  {
    name: 'default',
    description: 'The value, or the given fallback when the value is undefined, none or empty text; with true as second argument, also when it is false, 0 or an empty list or mapping (as Jinja\'s default(v, true)).',
    parameters: [p('fallback', 'What to use instead.'), p('boolean', 'true: any false-like value takes the fallback too.', true)],
    apply: (v, a) => {
      if (v === undefined || v === null || v === '') return a[0];
      if (a[1] === true && !truthy(v)) return a[0];
      return v;
    },
  },
  {
    name: 'first',
    description: 'The first item of a list or the first character of text.',
    parameters: [],
    apply: (v, _a, b) => (typeof v === 'string' ? characters(v)[0] : list(v, 'first', b)[0]),
  },
  {
    name: 'float',
    description: 'The value as a number (decimal text is read; anything else gives the fallback, 0 by default).',
    parameters: [p('fallback', 'Result when the value is not a number.', true)],
    apply: (v, a) => toNumber(v) ?? (a.length > 0 ? a[0] : 0),
  },
  {
    name: 'int',
    description: 'The value as a whole number, cut towards zero (anything that is not a number gives the fallback, 0 by default).',
    parameters: [p('fallback', 'Result when the value is not a number.', true)],
    apply: (v, a) => {
      const n = toNumber(v);
      return n === undefined ? (a.length > 0 ? a[0] : 0) : Math.trunc(n) || 0;
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
    description: 'The items of a list printed one after another, with the separator between them.',
    parameters: [p('separator', 'Put between items (nothing by default).', true)],
    apply: (v, a, b) => {
      const sep = a.length > 0 ? text(a[0], 'join', b) : '';
      const parts = list(v, 'join', b).map((x) => toText(x, b));
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
    apply: (v, _a, b) => {
      if (v === undefined || v === null) return 0;
      if (typeof v === 'string') return characters(v).length;
      if (Array.isArray(v)) return v.length;
      if (isPlainObject(v)) return mappingKeys(v, b).length;
      throw new TemplateValueError(`length expects a list, text or a mapping, got ${describeType(v)}`);
    },
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
    name: 'replace',
    description: 'The text with every occurrence of one text replaced by another (or only the first count).',
    parameters: [p('old', 'Text to look for.'), p('new', 'Text to put instead.'), p('count', 'Replace at most this many.', true)],
    apply: (v, a, b) => replace(text(v, 'replace', b), text(a[0], 'replace', b), text(a[1], 'replace', b),
      a.length > 2 ? integer(a[2], 'replace', 'count', 0, Number.MAX_SAFE_INTEGER) : undefined, b),
  },
  {
    name: 'round',
    description: 'The number rounded to n decimal places (0 by default), halves away from zero.',
    parameters: [p('n', 'Decimal places (negative rounds to tens, hundreds, …).', true)],
    apply: (v, a) => round(v, a),
  },
  {
    name: 'slugify',
    description: 'Lowercase ASCII letters and digits (accents removed) and CJK characters, joined by "-": a name for files and ids.',
    parameters: [],
    apply: (v, _a, b) => slugify(text(v, 'slugify', b)),
  },
  {
    name: 'sort',
    description: 'The list sorted (texts ignoring case, or numbers); pass true to sort in reverse.',
    parameters: [p('reverse', 'true for largest first.', true)],
    apply: (v, a, b) => sort(list(v, 'sort', b), a[0] === true, b),
  },
  {
    name: 'string',
    description: 'The value as text, as it would print.',
    parameters: [],
    apply: (v, _a, b) => toText(v, b),
  },
  {
    name: 'title',
    description: 'The text with each word capitalised.',
    parameters: [],
    apply: (v, _a, b) => title(text(v, 'title', b)),
  },
  {
    name: 'tojson',
    description: 'The value as JSON text (its data only), optionally indented.',
    parameters: [p('indent', 'Spaces per level.', true)],
    apply: (v, a, b) => toJson(v, b, a.length > 0 ? integer(a[0], 'tojson', 'indent', 0, 10) : undefined),
  },
  {
    name: 'trim',
    description: 'The text without whitespace at either end.',
    parameters: [],
    apply: (v, _a, b) => text(v, 'trim', b).trim(),
  },
  {
    name: 'truncate',
    description: 'The text cut to at most n characters (255 by default), ending in "..." when cut.',
    parameters: [p('n', 'Maximum length.', true), p('end', 'What marks the cut ("..." by default).', true)],
    apply: (v, a, b) => truncate(text(v, 'truncate', b), a.length > 0 ? integer(a[0], 'truncate', 'n', 0, Number.MAX_SAFE_INTEGER) : 255,
      a.length > 1 ? text(a[1], 'truncate', b) : '...'),
  },
  {
    name: 'unique',
    description: 'The list without repeated items (the first of each is kept, in order).',
    parameters: [],
    apply: (v, _a, b) => unique(list(v, 'unique', b), b),
  },
  {
    name: 'upper',
    description: 'The text in uppercase.',
    parameters: [],
    apply: (v, _a, b) => text(v, 'upper', b).toUpperCase(),
  },
];

export const FILTERS: readonly BuiltinFilter[] = Object.freeze(TABLE.map((f) => Object.freeze({ ...f, parameters: Object.freeze([...f.parameters]) })));

export const BUILTIN_FILTERS: ReadonlyMap<string, BuiltinFilter> = new Map(FILTERS.map((f) => [f.name, f]));
