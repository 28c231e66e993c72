import { positionFingerprint, textKey } from '../../records/normalize';
import { APPLY_METHODS, JOB_FAMILIES, POSITION_STATUSES, REQUIREMENT_KINDS, SOURCE_KINDS, VISA_SPONSORSHIP, WORK_MODES } from '../../records/schema';
import { defineAction, existingId, idParam, listOf, respelled, single, str, when, whenParam, writeFor } from './plan';

const oneOf = (values: readonly string[], description: string) => ({ type: 'string' as const, enum: [...values], description: `${description} One of ${values.join(', ')}.` });

/** A requirement as stored: its text trimmed, its kind when given. */
function requirement(r: { text: string; kind?: string | null }): { text: string; kind?: string } {
  return { text: r.text.trim(), ...(r.kind ? { kind: r.kind } : {}) };
}

/**
 * Finds or creates a position by its fingerprint: the company, the title and the location, each
 * compared as textKey (case, width, spacing, dashes, brackets and separators ignored; see
 * positionFingerprint). The same title in another city is another position. On a match the given
 * fields replace the stored ones, title and location keeping their stored spelling (leave `status`
 * out unless the input says where it stands, or a re-run would move it back). A null or empty
 * `requirements` leaves the stored ones.
 */
export const upsertPosition = defineAction({
  name: 'upsert_position',
  description: 'Find a job opening by company, title and location (its fingerprint), or create it; given fields update it.',
  params: {
    type: 'object',
    properties: {
      company_id: idParam('company', 'The company offering it.'),
      title: str('Job title as posted.', { minLength: 1 }),
      job_family: oneOf(JOB_FAMILIES, 'Job family.'),
      location: str('City, office or "remote"; part of the identity.'),
      work_mode: oneOf(WORK_MODES, 'Where the work happens.'),
      visa_sponsorship: oneOf(VISA_SPONSORSHIP, 'Whether a visa is sponsored.'),
      requirements: {
        type: 'array', description: 'What the posting asks for, each a must or nice to have.',
        items: {
          type: 'object', description: 'One requirement.', required: ['text'],
          properties: {
            text: str('The requirement, e.g. "3+ years of Python".', { minLength: 1 }),
            kind: { type: ['string', 'null'], enum: [...REQUIREMENT_KINDS, null], description: 'must (required) or nice (nice to have).' },
          },
        },
      },
      apply_method: oneOf(APPLY_METHODS, 'How to apply.'),
      apply_url: str('Where to apply (a portal page, a mailto: address).'),
      deadline_at: whenParam('Last day (or moment) to apply.'),
      source_kind: oneOf(SOURCE_KINDS, 'What the input was ({{ input.source_kind }}).'),
      source_url: str('Where the posting is ({{ input.link }}).'),
      interest_level: { type: 'integer', minimum: 1, maximum: 5, description: "The user's interest, 1 (low) to 5 (high)." },
      personal_comment_md: str("The user's own comment on the position (Markdown)."),
      status: { type: 'string', enum: [...POSITION_STATUSES], description: `Where it stands in the search: ${POSITION_STATUSES.join(', ')}. New positions are "saved".` },
      salary: str('Pay as posted, e.g. "30-50k·15薪".'),
      employment_type: str('Full-time, contract, internship…'),
      description_md: str('The posting text or a summary of it (Markdown).'),
      source: str('Where the posting was found, in words (a site, a person).'),
    },
    required: ['company_id', 'title'],
  },
  plan(p, view) {
    const companyId = existingId(view, p.company_id, 'company', 'company_id');
    const title = String(p.title).trim();
    const location = typeof p.location === 'string' ? p.location.trim() : undefined;
    const existing = view.find('position', { fingerprint: positionFingerprint(companyId, title, location) })[0];
    const requirements = listOf<{ text: string; kind?: string | null }>(p.requirements)?.map(requirement);
    return single(writeFor(view, 'position', existing, {
      company_id: companyId, title: respelled(existing, 'title', title, textKey), location: respelled(existing, 'location', location, textKey),
      job_family: p.job_family, work_mode: p.work_mode, visa_sponsorship: p.visa_sponsorship, requirements,
      apply_method: p.apply_method, apply_url: p.apply_url, deadline_at: when(p.deadline_at, 'deadline_at'),
      source_kind: p.source_kind, source_url: p.source_url, interest_level: p.interest_level, personal_comment_md: p.personal_comment_md,
      status: p.status, salary: p.salary, employment_type: p.employment_type, description_md: p.description_md, source: p.source,
    }));
  },
});
