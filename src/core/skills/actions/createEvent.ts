import { RecordsError } from '../../records/errors';
import { textKey } from '../../records/normalize';
import { defineAction, existingId, idParam, listOf, respelled, single, str, union, when, whenParam, writeFor } from './plan';

/** The title of an event given none: its kind in words ("coffee_chat" is "Coffee chat"). */
export function titleFromKind(kind: string): string {
  const words = kind.trim().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Puts something on the timeline. Dedupe: the same title (as textKey; the kind in words when no
 * title is given) at the same occurred_at is the same event, updated with the given fields; its
 * people are merged, never dropped.
 */
export const createEvent = defineAction({
  name: 'create_event',
  description: 'Put a coffee chat, call, meeting or deadline on the timeline with the people in it (same title and time is one event).',
  params: {
    type: 'object',
    properties: {
      kind: str('What it is, in a word: coffee_chat, call, meeting, interview, deadline…', { minLength: 1 }),
      occurred_at: whenParam('When it happens (or starts).'),
      body_md: str('Details (Markdown).'),
      structured: { type: 'object', additionalProperties: true, description: 'Structured data of the event (any JSON object), e.g. what the model extracted.' },
      title: str('What it is called; the kind in words when absent ("Coffee chat").'),
      ends_at: whenParam('When it ends.'),
      location: str('Place or meeting link.'),
      person_ids: { type: 'array', items: idParam('person', 'Someone taking part.'), description: 'The people taking part (person ids).' },
    },
    required: ['kind', 'occurred_at'],
  },
  plan(p, view) {
    const kind = String(p.kind).trim();
    const title = typeof p.title === 'string' && p.title.trim() ? p.title.trim() : titleFromKind(kind);
    const at = when(p.occurred_at, 'occurred_at')!;
    const endsAt = when(p.ends_at, 'ends_at');
    if (endsAt && endsAt.length === at.length && endsAt < at) throw new RecordsError('invalid', `ends_at (${endsAt}) is before occurred_at (${at})`);
    const people = listOf<string>(p.person_ids)?.map((x) => existingId(view, x, 'person', 'person_ids'));
    const existing = view.find('event', { title_key: textKey(title), occurred_at: at })[0];
    return single(writeFor(view, 'event', existing, {
      kind, title: respelled(existing, 'title', title, textKey), occurred_at: at, ends_at: endsAt, location: p.location, body_md: p.body_md, structured: p.structured,
      person_ids: people ? union((existing?.person_ids as string[]) ?? [], people) : undefined,
    }));
  },
});
