import { msg } from '../../text/i18n';
import type { Language } from '../../text/language';
import type { QuestionReport } from './model';

/**
 * A question's one-line summary, e.g. `Q3 · 72/100 · missing: idempotency key`, shared by the
 * CodeLens, the CLI summary and the skill's summary so that they say the same thing the same
 * way. What matters most comes first: an answer to another question, then the main missing
 * point, then a shaky score (low confidence, no reference).
 */
export function lensTitle(q: Pick<QuestionReport, 'index' | 'contentScore' | 'keyMissing' | 'relevance' | 'confidence' | 'reference'>, lang: Language): string {
  const parts = [`Q${q.index}`, `${q.contentScore}/100`];
  if (q.relevance?.offTopic) parts.push(msg(lang, 'lens.offTopic'));
  else if (q.keyMissing[0]) parts.push(msg(lang, 'lens.missing', q.keyMissing[0]));
  if (q.confidence?.level === 'low') parts.push(q.reference ? msg(lang, 'lens.lowConfidence') : msg(lang, 'lens.noReferenceLow'));
  else if (!q.reference) parts.push(msg(lang, 'lens.noReference'));
  return parts.join(' · ');
}
