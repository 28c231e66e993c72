import { ENTITY_KINDS } from '../../records/schema';
import { cleanFields } from '../../records/validate';
import { defineAction, existingRef, refParam, single, writeFor } from './plan';

/**
 * Changes fields of an existing record, checked as RecordsStore.update checks them (cleanFields:
 * editable columns only, types, dates, ids that exist; '' or null clears an optional field).
 * Unchanged when every field already has that value.
 */
export const updateEntity = defineAction({
  name: 'update_entity',
  description: 'Change fields of an existing record, e.g. move an application to "interviewing" or mark a reminder done.',
  params: {
    type: 'object',
    properties: {
      entity: refParam(`The record to change (kind one of ${ENTITY_KINDS.join(', ')}).`),
      patch: {
        type: 'object', additionalProperties: true,
        description: 'Field names and their new values, as the record kind defines them; null or "" clears an optional field.',
      },
    },
    required: ['entity', 'patch'],
  },
  plan(p, view) {
    const target = existingRef(view, p.entity, 'entity');
    const fields = cleanFields(target.kind, p.patch as Record<string, unknown>, view, target.row);
    return single(writeFor(view, target.kind, target.row, fields));
  },
});
