import { textKey } from '../records/normalize';
import { defineAction, existingRef, refParam, single, str, when, whenParam, writeFor } from './plan';

/**
 * Sets a reminder. Dedupe: the same title (as textKey), due at the same time, about the same
 * record (or none) is the same reminder; its notes are updated if given and it is never reopened
 * (a reminder the user ticked stays done when the skill runs again).
 */
export const createReminder = defineAction({
  name: 'create_reminder',
  description: 'Set a reminder due at a date or time, optionally about a record; due reminders surface in the editor.',
  params: {
    type: 'object',
    properties: {
      title: str('What to do.', { minLength: 1 }),
      due_at: whenParam('When it falls due; a date is due from the start of that day.'),
      entity: refParam('The record it is about.'),
      notes: str('Details.'),
    },
    required: ['title', 'due_at'],
  },
  plan(p, view) {
    const title = String(p.title).trim();
    const dueAt = when(p.due_at, 'due_at')!;
    const about = p.entity === undefined ? undefined : existingRef(view, p.entity, 'entity');
    const existing = view.find('reminder', { title_key: textKey(title), due_at: dueAt, entity_kind: about?.kind ?? null, entity_id: about?.id ?? null })[0];
    return single(writeFor(view, 'reminder', existing, {
      title: existing ? undefined : title, due_at: dueAt, entity_kind: about?.kind, entity_id: about?.id, notes: p.notes,
    }));
  },
});
