import { RecordsError } from '../../records/errors';
import { textKey } from '../../records/normalize';
import { DEFAULT_TAG_NAMESPACE } from '../../records/schema';
import { defineAction, existingRef, refParam, str, writeFor } from './plan';
import type { PlannedWrite, PlanView } from './types';

/** A tag as shown: its name, after its namespace unless that is the default one ("skill:python", "remote"). */
export function tagLabel(namespace: unknown, name: unknown): string {
  return namespace && namespace !== DEFAULT_TAG_NAMESPACE ? `${String(namespace)}:${String(name)}` : String(name);
}

/** A namespace as stored: trimmed, lower case, one word without ':' (which separates it from the name when shown). */
function namespaceOf(value: unknown): string {
  if (value === undefined) return DEFAULT_TAG_NAMESPACE;
  const ns = String(value).trim().toLowerCase();
  if (!ns || /[\s:]/.test(ns)) throw new RecordsError('invalid', `namespace: ${JSON.stringify(value)} must be one word without ":", e.g. skill or general`);
  return ns;
}

/** The labels of the tags a record carries now. */
function tagsOf(view: PlanView, kind: string, id: string): string[] {
  const out: string[] = [];
  for (const link of view.find('entity_tag', { entity_kind: kind, entity_id: id })) {
    const tag = view.get('tag', String(link.tag_id));
    if (tag) out.push(tagLabel(tag.namespace, tag.name));
  }
  return out;
}

/**
 * Puts tags on a record. A tag is its namespace and its name: the name is compared as textKey
 * ("Remote", "remote " and "ＲＥＭＯＴＥ" are one tag), and "python" under `skill` is another tag than
 * "python" under `general`. A tag that does not exist is created; one the record already carries
 * is left alone. The action's target is the tagged record: `update` when a tag is added,
 * `unchanged` when it had them all (or `names` is empty: a model that found no skills).
 */
export const addTags = defineAction({
  name: 'add_tags',
  description: 'Put tags (labels such as "remote" or, under the namespace skill, "python") on a record, creating the tags that do not exist yet.',
  params: {
    type: 'object',
    properties: {
      entity: refParam('The record to tag.'),
      namespace: str(`The group the tags belong to, one word such as skill; ${DEFAULT_TAG_NAMESPACE} when absent.`),
      names: { type: 'array', items: str('A tag name.'), description: 'Tag names; case, width and spacing do not matter. An empty list adds nothing.' },
    },
    required: ['entity', 'names'],
  },
  plan(p, view) {
    const target = existingRef(view, p.entity, 'entity');
    const namespace = namespaceOf(p.namespace);
    const writes: PlannedWrite[] = [];
    const before = tagsOf(view, target.kind, target.id);
    const after = [...before];
    const seen = new Set<string>();
    for (const raw of p.names as string[]) {
      const name = raw.trim();
      const key = textKey(name);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const tag = view.find('tag', { namespace, name_key: key })[0];
      if (tag && view.find('entity_tag', { tag_id: tag.id, entity_kind: target.kind, entity_id: target.id }).length > 0) continue;
      const created = tag ? undefined : writeFor(view, 'tag', undefined, { namespace, name });
      if (created) writes.push(created);
      writes.push(writeFor(view, 'entity_tag', undefined, { tag_id: tag?.id ?? created!.id, entity_kind: target.kind, entity_id: target.id }));
      after.push(tagLabel(namespace, tag ? tag.name : name));
    }
    const changed = after.length > before.length;
    return {
      op: changed ? 'update' : 'unchanged', kind: target.kind, id: target.id, existing: target.row,
      changes: changed ? [{ field: 'tags', before, after }] : [], writes,
      warnings: [],
    };
  },
});
