import { count, formatDate, msg } from '../../text/i18n';
import type { Language } from '../../text/language';
import type { Report } from './model';

/** What a report says about its comparison before any number: each renderer shows the same sentences. */
export interface ComparisonLead {
  /** Which report it is compared with, and when that one was made. */
  compared?: string;
  /** Nothing is compared, said plainly (no number follows). */
  none?: string;
  /** A report saved before issue 28 that was a re-run: it says so, as it did then. */
  legacyRerun?: string;
}

/**
 * The lead of a report's comparison section, in its language: "Compared with the run of 2 Dec
 * 2026, 14:05 of this interview (4 questions)", the report the user picked, or "Not compared".
 */
export function comparisonLead(report: Pick<Report, 'comparedToLast' | 'rerunOf'>, lang: Language): ComparisonLead {
  const c = report.comparedToLast;
  if (!c) {
    // Before issue 28 a re-run was left uncompared; from then on a re-run is always compared with its earlier run.
    return report.rerunOf
      ? { legacyRerun: msg(lang, 'report.rerun', formatDate(report.rerunOf.createdAt, lang)) }
      : { none: msg(lang, 'report.noPrevious') };
  }
  const when = formatDate(c.previousCreatedAt, lang);
  const questions = count(lang, c.previousQuestions ?? 0, 'question');
  if (c.basis === 'earlier-run') return { compared: msg(lang, 'compare.withRun', when, questions) };
  if (c.basis === 'picked') return { compared: msg(lang, 'compare.withPicked', c.previousSource ?? '—', when, questions) };
  // Saved before issue 28: compared with the user's previous other interview, which it now says.
  const legacy = report.rerunOf ? { legacyRerun: msg(lang, 'report.rerun', formatDate(report.rerunOf.createdAt, lang)) } : {};
  return c.relation === undefined ? legacy : { ...legacy, compared: msg(lang, 'compare.with', c.previousSource ?? '—', when, questions) };
}
