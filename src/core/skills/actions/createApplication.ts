import { APPLICATION_STATUSES } from '../../records/schema';
import { defineAction, existingId, idParam, single, str, when, whenParam, writeFor } from './plan';

/**
 * Records the user's application to a position. Dedupe: one application per position; a second
 * one for the same position updates the first with the given fields.
 */
export const createApplication = defineAction({
  name: 'create_application',
  description: "Record the user's application to a position (one per position: a repeat updates it).",
  params: {
    type: 'object',
    properties: {
      position_id: idParam('position', 'The position applied to.'),
      status: { type: 'string', enum: [...APPLICATION_STATUSES], description: `Where it stands: ${APPLICATION_STATUSES.join(', ')}. New applications are "applied".` },
      applied_at: whenParam('When it was sent.'),
      channel: str('How: website, referral, recruiter, email…'),
      referrer_id: idParam('person', 'The person who referred the user.'),
      resume_version_id: idParam('document_version', 'The resume version sent (the id of a create_document_version).'),
      notes: str('Free notes; replace the stored notes.'),
    },
    required: ['position_id'],
  },
  plan(p, view) {
    const positionId = existingId(view, p.position_id, 'position', 'position_id');
    const existing = view.find('application', { position_id: positionId })[0];
    return single(writeFor(view, 'application', existing, {
      position_id: positionId, status: p.status, applied_at: when(p.applied_at, 'applied_at'), channel: p.channel,
      referrer_id: p.referrer_id === undefined ? undefined : existingId(view, p.referrer_id, 'person', 'referrer_id'),
      resume_version_id: p.resume_version_id === undefined ? undefined : existingId(view, p.resume_version_id, 'document_version', 'resume_version_id'), notes: p.notes,
    }));
  },
});
