import { positionFingerprint, textKey } from '../records/normalize';
import { POSITION_STATUSES } from '../records/schema';
import { defineAction, existingId, idParam, respelled, single, str, when, whenParam, writeFor } from './plan';

/**
 * Finds or creates a position by its fingerprint: the company, the title and the location, each
 * compared as textKey (case, width, spacing, dashes, brackets and separators ignored; see
 * positionFingerprint). The same title in another city is another position. On a match the given
 * fields replace the stored ones, title and location keeping their stored spelling (leave `status` out unless the input says where it stands, or a
 * re-run would move it back).
 */
export const upsertPosition = defineAction({
  name: 'upsert_position',
  description: 'Find a job opening by company, title and location (its fingerprint), or create it; given fields update it.',
  params: {
    type: 'object',
    properties: {
      company_id: idParam('company', 'The company offering it.'),
      title: str('Job title as posted.', { minLength: 1 }),
      location: str('City, office or "remote"; part of the identity.'),
      url: str('Where the posting is.'),
      status: { type: 'string', enum: [...POSITION_STATUSES], description: `Where it stands in the search: ${POSITION_STATUSES.join(', ')}. New positions are "saved".` },
      deadline: whenParam('Last day to apply.'),
      salary: str('Pay as posted, e.g. "30-50k·15薪".'),
      employment_type: str('Full-time, contract, internship…'),
      description: str('The posting text or a summary of it.'),
      source: str('Where the posting was found.'),
    },
    required: ['company_id', 'title'],
  },
  plan(p, view) {
    const companyId = existingId(view, p.company_id, 'company', 'company_id');
    const title = String(p.title).trim();
    const location = typeof p.location === 'string' ? p.location.trim() : undefined;
    const existing = view.find('position', { fingerprint: positionFingerprint(companyId, title, location) })[0];
    return single(writeFor(view, 'position', existing, {
      company_id: companyId, title: respelled(existing, 'title', title, textKey), location: respelled(existing, 'location', location, textKey), url: p.url, status: p.status, deadline: when(p.deadline, 'deadline'),
      salary: p.salary, employment_type: p.employment_type, description: p.description, source: p.source,
    }));
  },
});
