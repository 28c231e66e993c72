import { sha256, textKey } from '../../records/normalize';
import { defineAction, existingRef, refParam, respelled, single, str, when, writeFor } from './plan';

/** The day a date or date-time names, as written (a note's occurred_on is a day). */
function dayOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const w = when(value, 'occurred_on')!;
  return w.length === 10 ? w : String(value).trim().slice(0, 10);
}

/**
 * Keeps a piece of text. Dedupe: the same title (as textKey) and the same trimmed body_md are the
 * same note, whose kind, day, structured data, source and subject are then updated if given; any
 * other text is a new note.
 */
export const createNote = defineAction({
  name: 'create_note',
  description: 'Keep a piece of text as a note (an insight, a todo, a feeling…), optionally about a record (the same title and text twice is one note).',
  params: {
    type: 'object',
    properties: {
      body_md: str('The text to keep (Markdown).', { minLength: 1 }),
      kind: str('What kind of note, in a word: insight, todo, feeling, idea, meeting, interview…'),
      occurred_on: { type: 'string', description: 'The day it is about: a date (2026-03-01); of a date-time, its day as written.' },
      structured: { type: 'object', additionalProperties: true, description: 'Structured data of the note (any JSON object), e.g. what the model extracted.' },
      title: str('Short title.'),
      source: str('Where it came from: a file, a URL, "chat"…'),
      about: refParam('The record the note is about.'),
    },
    required: ['body_md'],
  },
  plan(p, view) {
    const title = typeof p.title === 'string' ? p.title.trim() : undefined;
    const body = String(p.body_md);
    const about = p.about === undefined ? undefined : existingRef(view, p.about, 'about');
    const existing = view.find('note', { content_key: sha256(`${textKey(title)}\n${body.trim()}`) })[0];
    return single(writeFor(view, 'note', existing, {
      title: respelled(existing, 'title', title, textKey), body_md: existing ? undefined : body,
      kind: typeof p.kind === 'string' ? p.kind.trim() : undefined, occurred_on: dayOf(p.occurred_on), structured: p.structured,
      source: p.source, entity_kind: about?.kind, entity_id: about?.id,
    }));
  },
});
