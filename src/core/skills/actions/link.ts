import { RecordsError } from '../../records/errors';
import { LINK_RELATIONS } from '../../records/schema';
import { checkRelation } from '../../records/validate';
import { defineAction, existingRef, refParam, single, str, writeFor } from './plan';

const RELATIONS = Object.keys(LINK_RELATIONS);

/**
 * Relates two records with a relation of the controlled vocabulary LINK_RELATIONS: works_at
 * (person → company), interviewed_for (person, interview or diagnosis → position, application or
 * company), referred_by (application, position or person → person), applied_to (person,
 * application or resume version → position or company), attended (person → event or interview),
 * participant (a person and an event or interview, either way round, as the spec writes
 * Link(source=event, target=person, relation="participant")), mentions (a note, event, document,
 * diagnosis, interview or attachment → anything) and related_to (anything, either direction).
 * Another relation, or other kinds, is an input error listing what is allowed. Dedupe: the same two
 * records and relation is one link; for related_to and participant also the other way round.
 */
export const link = defineAction({
  name: 'link',
  description: `Relate two records with one of: ${RELATIONS.join(', ')} (e.g. a person works_at a company, an event has a participant).`,
  params: {
    type: 'object',
    properties: {
      source: refParam('The record the relation starts from (the person of "works_at", the event of "participant").'),
      target: refParam('The record the relation points to (the company of "works_at", the person of "participant").'),
      relation: { type: 'string', enum: RELATIONS, description: `The relation: ${RELATIONS.map((r) => `${r} (${LINK_RELATIONS[r].description})`).join('; ')}.` },
      notes: str('Free notes about the relation.'),
    },
    required: ['source', 'target', 'relation'],
  },
  plan(p, view) {
    const source = existingRef(view, p.source, 'source');
    const target = existingRef(view, p.target, 'target');
    const relation = String(p.relation);
    checkRelation(relation, source.kind, target.kind);
    if (source.kind === target.kind && source.id === target.id) throw new RecordsError('invalid', 'a record cannot be linked to itself');
    const key = { source_kind: source.kind, source_id: source.id, relation, target_kind: target.kind, target_id: target.id };
    const rule = LINK_RELATIONS[relation];
    const existing = view.find('link', key)[0]
      ?? (rule.symmetric || rule.eitherDirection
        ? view.find('link', { source_kind: target.kind, source_id: target.id, relation, target_kind: source.kind, target_id: source.id })[0] : undefined);
    return single(writeFor(view, 'link', existing, existing ? { notes: p.notes } : { ...key, notes: p.notes }));
  },
});
