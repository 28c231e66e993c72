import { sha256, textKey } from '../records/normalize';
import { defineAction, existingRef, refParam, respelled, single, str, writeFor } from './plan';

/**
 * Keeps a piece of text. Dedupe: the same title (as textKey) and the same trimmed body are the same
 * note, whose source and subject are then updated if given; any other text is a new note.
 */
export const createNote = defineAction({
  name: 'create_note',
  description: 'Keep a piece of text as a note, optionally about a record (the same title and text twice is one note).',
  params: {
    type: 'object',
    properties: {
      title: str('Short title.'),
      body: str('The text to keep.', { minLength: 1 }),
      source: str('Where it came from: a file, a URL, "chat"…'),
      about: refParam('The record the note is about.'),
    },
    required: ['body'],
  },
  plan(p, view) {
    const title = typeof p.title === 'string' ? p.title.trim() : undefined;
    const body = String(p.body);
    const about = p.about === undefined ? undefined : existingRef(view, p.about, 'about');
    const existing = view.find('note', { content_key: sha256(`${textKey(title)}\n${body.trim()}`) })[0];
    return single(writeFor(view, 'note', existing, {
      title: respelled(existing, 'title', title, textKey), body: existing ? undefined : body, source: p.source, entity_kind: about?.kind, entity_id: about?.id,
    }));
  },
});
