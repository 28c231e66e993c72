import { RecordsError } from '../../records/errors';
import { OFFER_STATUSES } from '../../records/schema';
import { defineAction, idParam, single, str, when, whenParam, writeFor } from './plan';
import { positionTarget } from './target';

const amount = (description: string) => ({ type: 'number' as const, minimum: 0, description: `${description}, in \`currency\`.` });

/** A currency code as stored (upper case); anything but three letters is an input error. */
function currencyCode(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const c = String(value).trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(c)) throw new RecordsError('invalid', `currency: ${JSON.stringify(value)} is not a currency code; write three letters such as CNY, USD or HKD`);
  return c;
}

/**
 * Records an offer, its pay broken down (base, bonus, equity, sign-on, in one currency per a
 * period). Dedupe: one offer per position; a revised offer updates it with the given fields.
 */
export const createOffer = defineAction({
  name: 'create_offer',
  description: 'Record an offer for an application or position with its pay broken down (one per position: a revised offer updates it).',
  params: {
    type: 'object',
    properties: {
      application_id: idParam('application', 'The application it answers; its position is used when position_id is absent.'),
      position_id: idParam('position', 'The position offered (or give application_id).'),
      base: amount('Base pay per `period`'),
      bonus: amount('Bonus per `period`'),
      equity: amount('Equity value per `period`'),
      sign_on: amount('Sign-on bonus, once'),
      currency: str('Currency code of the amounts, e.g. CNY or USD.'),
      period: str('What the amounts are per: year, month or total.'),
      bonus_terms: str('Bonus terms in words when they are not an amount, e.g. "3 months of base".'),
      equity_terms: str('Equity terms in words, e.g. "10k RSU vesting over 4 years".'),
      deadline: whenParam('Date to answer by.'),
      status: { type: 'string', enum: [...OFFER_STATUSES], description: `Where it stands: ${OFFER_STATUSES.join(', ')}. New offers are "pending".` },
      notes: str('Free notes; replace the stored notes.'),
    },
  },
  plan(p, view) {
    const { positionId, applicationId } = positionTarget(view, p);
    const existing = view.find('offer', { position_id: positionId })[0];
    return single(writeFor(view, 'offer', existing, {
      position_id: positionId, application_id: applicationId, base: p.base, bonus: p.bonus, equity: p.equity, sign_on: p.sign_on,
      currency: currencyCode(p.currency), period: typeof p.period === 'string' ? p.period.trim() : undefined,
      bonus_terms: p.bonus_terms, equity_terms: p.equity_terms, deadline: when(p.deadline, 'deadline'), status: p.status, notes: p.notes,
    }));
  },
});
