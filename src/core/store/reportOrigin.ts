import { createHash } from 'node:crypto';
import type { ReportOrigin } from './historyStore';

/** The origin of a report diagnosed from `text` of the file `sourceKey`; the editor computes the same to find it again. */
export function reportOrigin(sourceKey: string, text: string): ReportOrigin {
  return { sourceKey, textHash: createHash('sha256').update(text).digest('hex') };
}
