import { textKey } from '../../records/normalize';
import { REMINDER_SOURCES } from '../../records/schema';
import { defineAction, existingRef, refParam, single, str, whenParam, when, writeFor } from './plan';

/**
 * Sets a reminder. Dedupe: the same title (as textKey), due at the same time, about the same
 * record (or none) is the same reminder; its notes (and source, when given) are updated and it is
 * never reopened (a reminder the user ticked stays done when the skill runs again). A new
 * reminder's source is `skill` unless given.
 */
export const createReminder = defineAction({
  name: 'create_reminder',
  description: 'Set a reminder due at a date or time, optionally about a record; due reminders surface in the editor.',
  params: {
    type: 'object',
    properties: {
      title: str('What to do.', { minLength: 1 }),
      due_at: whenParam('When it falls due; a date is due from the start of that day.'),
      target: refParam('The record it is about.'),
      source: { type: 'string', enum: [...REMINDER_SOURCES], description: 'Who sets it: skill (the default), auto_deadline (a reminder made from a deadline) or user.' },
      notes: str('Details.'),
    },
    required: ['title', 'due_at'],
  },
  plan(p, view) {
    const title = String(p.title).trim();
    const dueAt = when(p.due_at, 'due_at')!;
    const about = p.target === undefined ? undefined : existingRef(view, p.target, 'target');
    const existing = view.find('reminder', { title_key: textKey(title), due_at: dueAt, target_kind: about?.kind ?? null, target_id: about?.id ?? null })[0];
    return single(writeFor(view, 'reminder', existing, {
      title: existing ? undefined : title, due_at: dueAt, target_kind: about?.kind, target_id: about?.id,
      source: p.source ?? (existing ? undefined : 'skill'), notes: p.notes,
    }));
  },
});
