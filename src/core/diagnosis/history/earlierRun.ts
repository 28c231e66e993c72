import type { QuestionReport, Report } from '../report/model';
import type { ReportHistory } from './historyStore';

/** How many of the user's newest reports of other texts are read to find an edited copy of this interview. */
const EDITED_RUNS_SCANNED = 10;

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Whether two sessions are the same interview: most of their question-and-answer pairs are the
 * same words (a re-run after a typo fix, the same file copied elsewhere, an older report).
 */
export function sameInterview(a: ReadonlyArray<Pick<QuestionReport, 'question' | 'answer'>>, b: ReadonlyArray<Pick<QuestionReport, 'question' | 'answer'>>): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const before = new Set(b.map((q) => normalized(`${q.question}\n${q.answer}`)));
  const same = a.filter((q) => before.has(normalized(`${q.question}\n${q.answer}`))).length;
  return same / Math.max(a.length, b.length) >= 0.5;
}

/**
 * The latest earlier run of this interview among the user's reports: one of exactly this text
 * (`textHash`), or of an edited or copied version of it (most pairs the same). Null when the
 * interview was never diagnosed before: a report is compared only with a run of the same
 * interview, never with another one the user happened to diagnose last.
 */
export function latestEarlierRun(
  store: Pick<ReportHistory, 'last'>,
  userId: string,
  current: { textHash?: string; rows: ReadonlyArray<Pick<QuestionReport, 'question' | 'answer'>> },
): Report | null {
  const exact = current.textHash ? store.last(userId, { textHash: current.textHash }) : null;
  const skipped: string[] = [];
  let edited: Report | null = null;
  for (let i = 0; i < EDITED_RUNS_SCANNED; i++) {
    const candidate = store.last(userId, { excludeIds: skipped, ...(current.textHash ? { excludeTextHash: current.textHash } : {}) });
    if (!candidate) break;
    if (sameInterview(current.rows, candidate.perQuestion ?? [])) {
      edited = candidate;
      break;
    }
    skipped.push(candidate.id);
  }
  if (!exact || !edited) return exact ?? edited;
  return edited.createdAt > exact.createdAt ? edited : exact;
}
