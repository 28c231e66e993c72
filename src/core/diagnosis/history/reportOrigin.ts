import { createHash } from 'node:crypto';
import type { ReportOrigin } from './historyStore';

/** The origin of a report diagnosed from `text` of the file `sourceKey`; the editor computes the same to find it again. */
export function reportOrigin(sourceKey: string, text: string): ReportOrigin {
  return { sourceKey, textHash: createHash('sha256').update(text).digest('hex') };
}

/** The source key a finished mock interview is saved under ("mock-interview:<session id>", see coach/mockInterview). */
const MOCK_INTERVIEW_KEY = /^mock-interview:/;

/** Whether a stored report is a mock interview's (by the source key it was saved with). */
export function isMockInterviewKey(sourceKey: string | null | undefined): boolean {
  return !!sourceKey && MOCK_INTERVIEW_KEY.test(sourceKey);
}
