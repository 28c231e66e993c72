import { OFFER_STATUSES } from '../records/schema';
import { defineAction, idParam, single, str, when, whenParam, writeFor } from './plan';
import { positionTarget } from './target';

/** Records an offer. Dedupe: one offer per position; a revised offer updates it with the given fields. */
export const createOffer = defineAction({
  name: 'create_offer',
  description: 'Record an offer for a position or application (one per position: a revised offer updates it).',
  params: {
    type: 'object',
    properties: {
      position_id: idParam('position', 'The position offered (or give application_id).'),
      application_id: idParam('application', 'The application it answers; its position is used when position_id is absent.'),
      base_salary: { type: 'number', minimum: 0, description: 'Base salary per year, in `currency`.' },
      currency: str('Currency code, e.g. CNY or USD.'),
      bonus: str('Bonus terms as offered.'),
      equity: str('Equity terms as offered.'),
      deadline: whenParam('Date to answer by.'),
      status: { type: 'string', enum: [...OFFER_STATUSES], description: `Where it stands: ${OFFER_STATUSES.join(', ')}. New offers are "pending".` },
      notes: str('Free notes; replace the stored notes.'),
    },
  },
  plan(p, view) {
    const { positionId, applicationId } = positionTarget(view, p);
    const existing = view.find('offer', { position_id: positionId })[0];
    return single(writeFor(view, 'offer', existing, {
      position_id: positionId, application_id: applicationId, base_salary: p.base_salary, currency: p.currency,
      bonus: p.bonus, equity: p.equity, deadline: when(p.deadline, 'deadline'), status: p.status, notes: p.notes,
    }));
  },
});
