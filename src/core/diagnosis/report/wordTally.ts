import { msg } from '../../text/i18n';
import type { Language } from '../../text/language';

/** One line of a word tally: a quoted word (or "others") and how often it was said. */
export interface TallyLine { label: string; n: number; others: boolean }

/**
 * The most frequent words and, when some are left out, one "others" line with the rest, so a
 * list shown to the user always adds up to the total it claims (issue 28: "5 of 8 words" listed
 * with nothing said about the other 3).
 */
export function tally(lang: Language, byWord: Record<string, number> | ReadonlyMap<string, number>, top: number): TallyLine[] {
  const entries = [...(byWord instanceof Map ? byWord.entries() : Object.entries(byWord))].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  // Naming "others (1)" instead of the one word would hide it for no space saved.
  const shown = entries.length <= top + 1 ? entries : entries.slice(0, top);
  const lines: TallyLine[] = shown.map(([w, n]) => ({ label: `“${w}”`, n, others: false }));
  const rest = entries.slice(shown.length).reduce((s, [, n]) => s + n, 0);
  if (rest > 0) lines.push({ label: msg(lang, 'unit.others'), n: rest, others: true });
  return lines;
}

/** The tally as "“um” (3), “like” (2), others (3)" in the report's language. */
export function tallyText(lang: Language, byWord: Record<string, number> | ReadonlyMap<string, number>, top: number): string[] {
  return tally(lang, byWord, top).map((l) => msg(lang, 'unit.times', l.label, l.n));
}
