import { sha256 } from '../records/normalize';
import { DOCUMENT_KINDS } from '../records/schema';
import { defineAction, existingRef, refParam, single, str, writeFor } from './plan';

/**
 * Keeps a version of a document (a resume, a cover letter, a job description…), optionally
 * belonging to a record. Versions of one document (same record, or none, and same kind) are
 * numbered 1, 2, …; text identical to the latest version is `unchanged` (its title and source are
 * updated if given), any other text is the next version.
 */
export const createDocumentVersion = defineAction({
  name: 'create_document_version',
  description: 'Keep a new version of a document (resume, cover letter, job description…); identical text to the latest version is not stored twice.',
  params: {
    type: 'object',
    properties: {
      entity: refParam('The record the document belongs to (an application for a tailored resume); leave out for the user\'s own documents.'),
      kind: { type: 'string', enum: [...DOCUMENT_KINDS], description: `What document it is: ${DOCUMENT_KINDS.join(', ')}.` },
      text: str('The full text of this version.', { minLength: 1 }),
      title: str('Title of this version.'),
      source: str('Where the text came from (a file, a URL).'),
    },
    required: ['kind', 'text'],
  },
  plan(p, view) {
    const owner = p.entity === undefined ? undefined : existingRef(view, p.entity, 'entity');
    const text = String(p.text);
    const latest = view.find('document_version', { entity_kind: owner?.kind ?? null, entity_id: owner?.id ?? null, kind: String(p.kind) }, { orderBy: 'version', descending: true, limit: 1 })[0];
    if (latest && latest.content_hash === sha256(text)) {
      return single(writeFor(view, 'document_version', latest, { title: p.title, source: p.source }));
    }
    return single(writeFor(view, 'document_version', undefined, {
      entity_kind: owner?.kind, entity_id: owner?.id, kind: p.kind, version: Number(latest?.version ?? 0) + 1, title: p.title, text, source: p.source,
    }));
  },
});
