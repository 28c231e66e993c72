import { createHash } from 'node:crypto';

/**
 * Legal-form words dropped from the end of a company name (after punctuation became spaces), as
 * long as a word remains: "Acme, Inc." and "ACME Co., Ltd." are both "acme".
 */
export const COMPANY_SUFFIX_WORDS: readonly string[] = [
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'llc', 'llp',
  'plc', 'gmbh', 'ag', 'sa', 'bv', 'nv', 'pte', 'pty', 'kk',
];

/**
 * Legal forms written without spaces in Chinese and Japanese names, dropped from the end (and
 * 株式会社 from the start too) while something remains: "腾讯公司" is "腾讯", "阿里巴巴(中国)有限公司" is
 * "阿里巴巴中国". Longest first, so 股份有限公司 goes as a whole.
 */
export const COMPANY_SUFFIXES_CJK: readonly string[] = ['股份有限公司', '有限责任公司', '有限責任公司', '有限公司', '株式会社', '公司'];

const SUFFIX_WORDS = new Set(COMPANY_SUFFIX_WORDS);

/** Punctuation, symbols and invisible format characters (zero-width spaces, BOM). */
const PUNCTUATION = /[\p{P}\p{S}\p{Cf}]/gu;
const WHITESPACE = /\s+/u;

function words(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().replace(PUNCTUATION, ' ').split(WHITESPACE).filter(Boolean);
}

/**
 * The key two spellings of one company share: NFKC (full-width letters and digits become ASCII),
 * lower case, punctuation and symbols removed, trailing legal-form words (COMPANY_SUFFIX_WORDS)
 * dropped, all whitespace removed, then CJK legal forms (COMPANY_SUFFIXES_CJK) dropped from the end
 * (株式会社 also from the start). Nothing is dropped that would leave the key empty.
 */
export function companyKey(name: string): string {
  const all = words(name);
  const kept = [...all];
  while (kept.length > 1 && SUFFIX_WORDS.has(kept[kept.length - 1])) kept.pop();
  let key = kept.join('');
  for (let changed = true; changed;) {
    changed = false;
    // Only the longest suffix that fits counts: 有限公司 alone is a name, not 有限 + 公司.
    const s = COMPANY_SUFFIXES_CJK.find((x) => key.endsWith(x));
    if (s && key.length > s.length) {
      key = key.slice(0, key.length - s.length);
      changed = true;
    }
    if (key.length > 4 && key.startsWith('株式会社')) {
      key = key.slice(4);
      changed = true;
    }
  }
  return key || all.join('') || name.normalize('NFKC').toLowerCase().trim();
}

/** Separators that do not change what a title or place means: dashes, brackets, quotes, , ; : / | · 、. */
const TEXT_SEPARATORS = /[\p{Z}\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Cf},;:/|·•、，；：]/gu;

/**
 * A title or location for comparison: NFKC, lower case, separators (TEXT_SEPARATORS) as spaces,
 * runs of whitespace as one space, trimmed. "Senior Engineer – Agents (Beijing)" and
 * "senior engineer agents beijing" are the same; "C# Engineer" and "C Engineer" are not.
 */
export function textKey(text: string | null | undefined): string {
  if (!text) return '';
  return text.normalize('NFKC').toLowerCase().replace(TEXT_SEPARATORS, ' ').split(WHITESPACE).filter(Boolean).join(' ');
}

/**
 * A position's identity: sha256 of company id, title key and location key (one per line), first
 * 32 hex digits. Two postings of one job at one place are one position; another city is another.
 */
export function positionFingerprint(companyId: string | null | undefined, title: string, location?: string | null): string {
  return createHash('sha256').update(`${companyId ?? ''}\n${textKey(title)}\n${textKey(location)}`).digest('hex').slice(0, 32);
}

/**
 * A person's slug from their name: NFKC, Latin accents removed (José is jose), lower case, every
 * run of characters other than letters and digits as one '-'. Chinese names stay as they are
 * (张三 is 张三); a name with no letters or digits gives "person".
 */
export function slugify(text: string): string {
  const plain = text.normalize('NFKC').normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').toLowerCase();
  return plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean).join('-') || 'person';
}

/** An email address as compared: trimmed and lower case. */
export function emailKey(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
}

/** True for something shaped like an address (one @, no spaces); whether it exists is not ours to know. */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(email.trim());
}

/** sha256 hex of a text, for content keys and document versions. */
export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A date or a moment as stored: "2026-03-01" stays a date (a deadline is a day); a date-time
 * ("2026-03-01T10:00", "2026-03-01 10:00+08:00", …) becomes UTC ISO ("2026-03-01T02:00:00.000Z"),
 * read in the local time zone when it names none. Anything else (including "next Friday") is null.
 */
export function normalizeWhen(value: string): string | null {
  const s = value.trim();
  if (!isCalendarDate(s.slice(0, 10))) return null;
  if (s.length === 10) return s;
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s)) return null;
  const t = Date.parse(s.replace(' ', 'T'));
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** YYYY-MM-DD naming a real day (Date.parse would roll 2026-02-30 over to March). */
function isCalendarDate(s: string): boolean {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!date) return false;
  const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The local calendar day of a moment as YYYY-MM-DD: date-only reminders fall due on that day. */
export function localDay(moment: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${p(moment.getMonth() + 1)}-${p(moment.getDate())}`;
}
