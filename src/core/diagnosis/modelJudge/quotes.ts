/**
 * Quotes a model gives must be what the candidate said. Models paraphrase, translate and tidy
 * quotes, and sometimes invent them; a quote that is not in the answer is dropped and counted, so
 * evidence in a report is always something the candidate can find in their own transcript. A
 * quote must also say something: "the" is in every answer, and a judge (or an answer that talks
 * to the judge) must not be able to back a key point with it.
 */

const CJK = /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/;

const QUOTE_MARKS = new Set(['"', '“', '”', "'", '‘', '’', '「', '」', '『', '』']);

/** Quote marks off both ends (a loop: a pattern anchored at the end rescans every run of them). */
function trimQuoteMarks(t: string): string {
  let start = 0;
  let end = t.length;
  while (start < end && QUOTE_MARKS.has(t[start])) start++;
  while (end > start && QUOTE_MARKS.has(t[end - 1])) end--;
  return t.slice(start, end);
}

/**
 * What a fair comparison ignores: Unicode width forms (NFKC: "，" is ","), case, runs of
 * whitespace, the spaces models put between Chinese and Latin words ("用 Redis 做缓存"), and the
 * quote marks and ellipses they add at the ends.
 */
export function normalizeQuoted(text: string): string {
  let t = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  t = trimQuoteMarks(t);
  t = t.replace(/^(?:\.\.\.|…) ?/, '').replace(/ ?(?:\.\.\.|…)$/, '');
  // A space next to a CJK character or a punctuation mark is layout, not a word boundary.
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === ' ') {
      const before = out[out.length - 1] ?? '';
      const after = t[i + 1] ?? '';
      if (CJK.test(before) || CJK.test(after) || /[,.;:!?()]/.test(before) || /[,.;:!?()]/.test(after)) continue;
    }
    out += c;
  }
  return out.trim();
}

/** Content of a quote: Latin words plus half the CJK characters (so 3 words or 6 characters is 3). */
function substance(normalized: string): number {
  const words = normalized.match(/[a-z0-9]+/g)?.length ?? 0;
  const cjk = normalized.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  return words + cjk / 2;
}

/** Least substance of a quote that can count as evidence. */
export const MIN_QUOTE_SUBSTANCE = 3;

const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);

/** Checks quotes against one answer. */
export class QuoteChecker {
  private readonly answer: string;
  dropped = 0;
  kept = 0;

  constructor(answer: string) {
    this.answer = normalizeQuoted(answer);
  }

  /**
   * Whether the quote is in the answer, starts and ends on word boundaries, and says enough to be
   * evidence (counted either way).
   */
  check(quote: string): boolean {
    const found = this.find(normalizeQuoted(quote));
    if (found) this.kept++;
    else this.dropped++;
    return found;
  }

  private find(q: string): boolean {
    if (q.length === 0 || substance(q) < MIN_QUOTE_SUBSTANCE) return false;
    for (let at = this.answer.indexOf(q); at >= 0; at = this.answer.indexOf(q, at + 1)) {
      const startsInsideWord = isWordChar(q[0]) && isWordChar(this.answer[at - 1]);
      const endsInsideWord = isWordChar(q[q.length - 1]) && isWordChar(this.answer[at + q.length]);
      if (!startsInsideWord && !endsInsideWord) return true;
    }
    return false;
  }
}
