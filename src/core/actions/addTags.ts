import { textKey } from '../records/normalize';
import { defineAction, existingRef, refParam, str, writeFor } from './plan';
import type { PlannedWrite } from './types';

/**
 * Puts tags on a record. A tag is found by its name as textKey ("Remote", "remote " and "ＲＥＭＯＴＥ"
 * are one tag) or created; a tag the record already carries is left alone. The action's target is
 * the tagged record: `update` when a tag is added, `unchanged` when it had them all.
 */
export const addTags = defineAction({
  name: 'add_tags',
  description: 'Put tags (labels such as "remote" or "dream job") on a record, creating the tags that do not exist yet.',
  params: {
    type: 'object',
    properties: {
      entity: refParam('The record to tag.'),
      tags: { type: 'array', minItems: 1, items: str('A tag name.', { minLength: 1 }), description: 'Tag names; case, width and spacing do not matter.' },
    },
    required: ['entity', 'tags'],
  },
  plan(p, view) {
    const target = existingRef(view, p.entity, 'entity');
    const writes: PlannedWrite[] = [];
    const before: string[] = [];
    for (const link of view.find('entity_tag', { entity_kind: target.kind, entity_id: target.id })) {
      const tag = view.get('tag', String(link.tag_id));
      if (tag) before.push(String(tag.name));
    }
    const after = [...before];
    const seen = new Set<string>();
    for (const raw of p.tags as string[]) {
      const name = raw.trim();
      const key = textKey(name);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const tag = view.find('tag', { name_key: key })[0];
      if (tag && view.find('entity_tag', { tag_id: tag.id, entity_kind: target.kind, entity_id: target.id }).length > 0) continue;
      const created = tag ? undefined : writeFor(view, 'tag', undefined, { name });
      if (created) writes.push(created);
      writes.push(writeFor(view, 'entity_tag', undefined, { tag_id: tag?.id ?? created!.id, entity_kind: target.kind, entity_id: target.id }));
      after.push(tag ? String(tag.name) : name);
    }
    const changed = after.length > before.length;
    return {
      op: changed ? 'update' : 'unchanged', kind: target.kind, id: target.id, existing: target.row,
      changes: changed ? [{ field: 'tags', before, after }] : [], writes,
      warnings: [],
    };
  },
});

