import { RecordsError } from '../../records/errors';
import { legacyAssetId } from '../../records/migrateV3';
import { sha256 } from '../../records/normalize';
import { DOCUMENT_KINDS } from '../../records/schema';
import { idOf } from '../../records/validate';
import { defineAction, existingId, existingRef, idParam, refParam, single, str, writeFor } from './plan';
import type { PlanView } from './types';

/**
 * The asset a version belongs to: `asset_id` as given, or the asset of the version it names (the
 * id of an earlier version); without one (the old form), the kind and record, as versions were
 * numbered before assets existed.
 */
function assetOf(view: PlanView, p: Record<string, unknown>, owner: { kind: string; id: string } | undefined): string {
  if (p.asset_id !== undefined) {
    const given = String(p.asset_id).trim();
    const version = view.get('document_version', idOf(given, 'document_version', 'asset_id'));
    return version ? String(version.asset_id) : given;
  }
  if (p.kind === undefined) throw new RecordsError('invalid', 'asset_id is required: name the document this is a version of, e.g. resume-en (or the id of an earlier version)');
  return legacyAssetId(String(p.kind), owner?.kind, owner?.id);
}

/**
 * Keeps a version of a document (a resume, a cover letter, a job description…), optionally
 * belonging to a record. Versions of one asset are numbered 1, 2, …; text identical to the
 * latest version is `unchanged` (its title and source are updated if given), any other text is the
 * next version. The kind is the given one, else the asset's latest, else other.
 */
export const createDocumentVersion = defineAction({
  name: 'create_document_version',
  description: 'Keep a new version of a document (resume, cover letter, job description…); identical text to the latest version is not stored twice.',
  params: {
    type: 'object',
    properties: {
      asset_id: str('The document this is a version of: a stable name such as resume-en, or the id of an earlier version. Old skills that give none version by kind (and entity).', { minLength: 1 }),
      source_content: str('The full text of this version.', { minLength: 1 }),
      based_on: idParam('document_version', 'The version this one was derived from.'),
      kind: { type: 'string', enum: [...DOCUMENT_KINDS], description: `What document it is: ${DOCUMENT_KINDS.join(', ')}.` },
      title: str('Title of this version.'),
      source: str('Where the text came from (a file, a URL).'),
      entity: refParam('The record the document is for (an application for a tailored resume); leave out for the user\'s own documents.'),
    },
    required: ['source_content'],
  },
  plan(p, view) {
    const owner = p.entity === undefined ? undefined : existingRef(view, p.entity, 'entity');
    const asset = assetOf(view, p, owner);
    const text = String(p.source_content);
    const basedOn = p.based_on === undefined ? undefined : existingId(view, p.based_on, 'document_version', 'based_on');
    const latest = view.find('document_version', { asset_id: asset }, { orderBy: 'version', descending: true, limit: 1 })[0];
    if (latest && latest.content_hash === sha256(text)) {
      return single(writeFor(view, 'document_version', latest, { title: p.title, source: p.source }));
    }
    return single(writeFor(view, 'document_version', undefined, {
      asset_id: asset, entity_kind: owner?.kind, entity_id: owner?.id, kind: p.kind ?? latest?.kind ?? 'other',
      version: Number(latest?.version ?? 0) + 1, based_on: basedOn, title: p.title, source_content: text, source: p.source,
    }));
  },
});
