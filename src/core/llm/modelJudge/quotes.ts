/**
 * Quotes a model gives must be what the candidate said. Models paraphrase, translate and tidy
 * quotes, and sometimes invent them; a quote that is not in the answer is dropped and counted, so
 * evidence in a report is always something the candidate can find in their own transcript.
 */

/** Whitespace collapsed, curly quotes and the ellipsis models add at the ends removed: what a fair comparison ignores. */
function normalize(text: string): string {
  let t = text.replace(/\s+/g, ' ').trim();
  t = t.replace(/^["“”'‘’「」『』]+/, '').replace(/["“”'‘’「」『』]+$/, '');
  t = t.replace(/^(?:\.\.\.|…)\s*/, '').replace(/\s*(?:\.\.\.|…)$/, '');
  return t.trim().toLowerCase();
}

/** Checks quotes against one answer. */
export class QuoteChecker {
  private readonly answer: string;
  dropped = 0;
  kept = 0;

  constructor(answer: string) {
    this.answer = normalize(answer);
  }

  /** Whether the quote is in the answer (counted either way). An empty quote is never evidence. */
  check(quote: string): boolean {
    const q = normalize(quote);
    const found = q.length > 0 && this.answer.includes(q);
    if (found) this.kept++;
    else this.dropped++;
    return found;
  }
}
