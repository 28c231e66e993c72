import { RecordsError } from '../records/errors';
import { LINK_RELATIONS } from '../records/schema';
import { checkRelation } from '../records/validate';
import { defineAction, existingRef, refParam, single, str, writeFor } from './plan';

const RELATIONS = Object.keys(LINK_RELATIONS);

/**
 * Relates two records with a relation of the controlled vocabulary LINK_RELATIONS: works_at
 * (person → company), interviewed_for (person, interview or diagnosis → position, application or
 * company), referred_by (application, position or person → person), applied_to (person,
 * application or resume version → position or company), attended (person → event or interview),
 * mentions (a note, event, document, diagnosis, interview or attachment → anything) and related_to
 * (anything, either direction). Another relation, or other kinds, is an input error listing what is
 * allowed. Dedupe: the same two records and relation (related_to in either direction) is one link.
 */
export const link = defineAction({
  name: 'link',
  description: `Relate two records with one of: ${RELATIONS.join(', ')} (e.g. a person works_at a company).`,
  params: {
    type: 'object',
    properties: {
      from: refParam('The record the relation starts from (the person of "works_at").'),
      relation: { type: 'string', enum: RELATIONS, description: `The relation: ${RELATIONS.map((r) => `${r} (${LINK_RELATIONS[r].description})`).join('; ')}.` },
      to: refParam('The record the relation points to (the company of "works_at").'),
      notes: str('Free notes about the relation.'),
    },
    required: ['from', 'relation', 'to'],
  },
  plan(p, view) {
    const from = existingRef(view, p.from, 'from');
    const to = existingRef(view, p.to, 'to');
    const relation = String(p.relation);
    checkRelation(relation, from.kind, to.kind);
    if (from.kind === to.kind && from.id === to.id) throw new RecordsError('invalid', 'a record cannot be linked to itself');
    const key = { from_kind: from.kind, from_id: from.id, relation, to_kind: to.kind, to_id: to.id };
    const existing = view.find('link', key)[0]
      ?? (LINK_RELATIONS[relation].symmetric ? view.find('link', { from_kind: to.kind, from_id: to.id, relation, to_kind: from.kind, to_id: from.id })[0] : undefined);
    return single(writeFor(view, 'link', existing, existing ? { notes: p.notes } : { ...key, notes: p.notes }));
  },
});
