/**
 * Parameter names the action primitives had before they took the spec's names
 * (shared/seeds/004: `body_md`, `names`, `target`, `source`/`target`, …). Skills written before
 * still run: the manifest loader renames them (with a warning), and `skills migrate` rewrites the
 * file. `wrap: 'list'` means the old value was one item of what is now a list (role → roles).
 */
import type { ActionName } from './registry';

export interface LegacyParam {
  from: string;
  to: string;
  wrap?: 'list';
  /** `when` inside the parameters is now the action's condition: the old name is told apart by its value. */
  conflictsWithCondition?: boolean;
}

export const LEGACY_PARAMS: Readonly<Partial<Record<ActionName, readonly LegacyParam[]>>> = {
  upsert_position: [{ from: 'deadline', to: 'deadline_at' }, { from: 'url', to: 'source_url' }, { from: 'description', to: 'description_md' }],
  upsert_person: [{ from: 'name', to: 'display_name' }, { from: 'role', to: 'roles', wrap: 'list' }],
  create_interview: [{ from: 'round', to: 'round_no' }, { from: 'when', to: 'scheduled_at', conflictsWithCondition: true }],
  create_offer: [{ from: 'base_salary', to: 'base' }],
  create_note: [{ from: 'body', to: 'body_md' }],
  create_event: [{ from: 'starts_at', to: 'occurred_at' }, { from: 'description', to: 'body_md' }],
  create_reminder: [{ from: 'entity', to: 'target' }],
  add_tags: [{ from: 'tags', to: 'names' }],
  link: [{ from: 'from', to: 'source' }, { from: 'to', to: 'target' }],
  update_entity: [{ from: 'fields', to: 'patch' }],
  create_document_version: [{ from: 'text', to: 'source_content' }],
};

/** Old names renamed to new ones (wrap applied), plus what was renamed; params without old names come back as they are. */
export function renameLegacyParams(primitive: string, params: Record<string, unknown>): { params: Record<string, unknown>; renamed: LegacyParam[] } {
  const table = LEGACY_PARAMS[primitive as ActionName] ?? [];
  const renamed: LegacyParam[] = [];
  let out = params;
  for (const legacy of table) {
    if (legacy.conflictsWithCondition || !Object.prototype.hasOwnProperty.call(params, legacy.from) || Object.prototype.hasOwnProperty.call(params, legacy.to)) continue;
    if (out === params) out = { ...params };
    const value = out[legacy.from];
    delete out[legacy.from];
    out[legacy.to] = legacy.wrap === 'list' && !Array.isArray(value) ? [value] : value;
    renamed.push(legacy);
  }
  return { params: out, renamed };
}
