import type { SaveOutcome, SkillAction } from '../core';

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** One line for stderr when saving a report removed old ones or could not keep it (size limit), else null. */
export function historyNotice(actions: readonly SkillAction[]): string | null {
  const action = actions.find((a) => a.kind === 'history.save' || a.kind === 'history.skip');
  const outcome = action?.detail as SaveOutcome | undefined;
  if (!outcome) return null;
  if (!outcome.saved) {
    return `this report (${mb(outcome.reportBytes)} MB compressed) is larger than the history limit of ${mb(outcome.limitBytes)} MB, so it was not saved to history; raise INTERVIEW_LENS_HISTORY_MAX_MB to keep it`;
  }
  if (outcome.pruned > 0) {
    return `history reached its ${mb(outcome.limitBytes)} MB limit: removed the ${outcome.pruned} oldest reports (${mb(outcome.prunedBytes)} MB) to keep this one; raise INTERVIEW_LENS_HISTORY_MAX_MB to keep more`;
  }
  return null;
}

/** The history size limit from INTERVIEW_LENS_HISTORY_MAX_MB, or undefined for the default. */
export function historyLimitFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1 || n > 1024) {
    throw new RangeError(`INTERVIEW_LENS_HISTORY_MAX_MB must be a number of megabytes from 1 to 1024 (got "${value.slice(0, 20)}")`);
  }
  return n * 1024 * 1024;
}
