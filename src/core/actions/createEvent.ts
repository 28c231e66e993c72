import { RecordsError } from '../records/errors';
import { textKey } from '../records/normalize';
import { defineAction, existingId, idParam, respelled, single, str, when, whenParam, writeFor } from './plan';

/**
 * Puts something on the calendar. Dedupe: the same title (as textKey) at the same start is the
 * same event, updated with the given fields; its people are merged, never dropped.
 */
export const createEvent = defineAction({
  name: 'create_event',
  description: 'Put a coffee chat, call or meetup on the calendar with the people in it (same title and start time is one event).',
  params: {
    type: 'object',
    properties: {
      title: str('What it is.', { minLength: 1 }),
      starts_at: whenParam('When it starts.'),
      ends_at: whenParam('When it ends.'),
      location: str('Place or meeting link.'),
      person_ids: { type: 'array', items: idParam('person', 'Someone taking part.'), description: 'The people taking part (person ids).' },
      description: str('Details.'),
    },
    required: ['title', 'starts_at'],
  },
  plan(p, view) {
    const title = String(p.title).trim();
    const startsAt = when(p.starts_at, 'starts_at')!;
    const endsAt = when(p.ends_at, 'ends_at');
    if (endsAt && endsAt.length === startsAt.length && endsAt < startsAt) throw new RecordsError('invalid', `ends_at (${endsAt}) is before starts_at (${startsAt})`);
    const people = (p.person_ids as string[] | undefined)?.map((x) => existingId(view, x, 'person', 'person_ids'));
    const existing = view.find('event', { title_key: textKey(title), starts_at: startsAt })[0];
    return single(writeFor(view, 'event', existing, {
      title: respelled(existing, 'title', title, textKey), starts_at: startsAt, ends_at: endsAt, location: p.location, description: p.description,
      person_ids: people ? [...new Set([...((existing?.person_ids as string[]) ?? []), ...people])] : undefined,
    }));
  },
});
