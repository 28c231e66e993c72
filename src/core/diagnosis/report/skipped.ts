import { msg } from '../../text/i18n';
import type { Language } from '../../text/language';
import type { Report } from './model';

/** Most skipped blocks listed one by one; a file with more is broken throughout, and the rest are counted. */
const SHOWN = 10;

/**
 * What the parser skipped while reading the transcript (each names its line), as a heading and
 * its lines: a user whose file lost a cue must hear of it in the report, not only in a log.
 * Null when nothing was skipped. The parser's messages are English, as its errors are.
 */
export function skippedNote(report: Report, lang: Language): { title: string; items: string[] } | null {
  const skipped = report.transcript?.skipped;
  if (!skipped || skipped.length === 0) return null;
  const items = skipped.slice(0, SHOWN);
  if (skipped.length > SHOWN) items.push(msg(lang, 'report.skippedMore', skipped.length - SHOWN));
  return { title: msg(lang, 'report.skipped', skipped.length), items };
}
