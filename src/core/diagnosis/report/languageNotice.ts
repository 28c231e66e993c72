import type { Language } from '../../text/language';
import type { Report } from './model';

/**
 * The language a report written now would be in, when the stored one is in another: a report
 * keeps the language it was written in (its analysis is stored as text), so after the display
 * language or interviewLens.reportLanguage changed it would stay English with no hint (issue 28).
 * `wanted` is the setting resolved as for a new report: a language, or the transcript's.
 */
export function staleReportLanguage(report: Pick<Report, 'language' | 'transcriptLanguage'>, wanted: Language | 'transcript'): Language | undefined {
  const now = wanted === 'transcript' ? report.transcriptLanguage ?? report.language : wanted;
  return now !== report.language ? now : undefined;
}
