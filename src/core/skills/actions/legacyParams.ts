
/**
 * A parameter renamed to the skill spec's name (issue 26). `wrap: 'list'` turns the old single
 * value into a one-item list (upsert_person role → roles). `conflictsWithCondition`: the old name
 * is `when`, which inside the spec form's parameter mapping is the action's condition, so a
 * migration must not read it as this parameter there (create_interview when → scheduled_at).
 */
export interface LegacyParam {
  from: string;
  to: string;
  wrap?: 'list';
  conflictsWithCondition?: boolean;
}

/**
 * The old parameter names of every primitive that had some. The manifest code warns about them,
 * renames them at run time and rewrites them with `skills migrate`; the planner renames them too,
 * so an action built in code with an old name (a scripted skill) still plans.
 */
/** Keyed by primitive name (a plain string: this table sits below the registry and the manifest, which both read it). */
export const LEGACY_PARAMS: Readonly<Record<string, readonly LegacyParam[]>> = {
  upsert_position: [
    { from: 'deadline', to: 'deadline_at' },
    { from: 'url', to: 'source_url' },
    { from: 'description', to: 'description_md' },
  ],
  upsert_person: [
    { from: 'name', to: 'display_name' },
    { from: 'role', to: 'roles', wrap: 'list' },
  ],
  create_interview: [
    { from: 'round', to: 'round_no' },
    { from: 'when', to: 'scheduled_at', conflictsWithCondition: true },
  ],
  create_offer: [{ from: 'base_salary', to: 'base' }],
  create_note: [{ from: 'body', to: 'body_md' }],
  create_event: [
    { from: 'starts_at', to: 'occurred_at' },
    { from: 'description', to: 'body_md' },
  ],
  create_reminder: [{ from: 'entity', to: 'target' }],
  add_tags: [{ from: 'tags', to: 'names' }],
  link: [
    { from: 'from', to: 'source' },
    { from: 'to', to: 'target' },
  ],
  update_entity: [{ from: 'fields', to: 'patch' }],
  create_document_version: [{ from: 'text', to: 'source_content' }],
};

/**
 * Old names renamed to new ones (wrap applied), plus what was renamed; params without old names
 * come back as they are. When both an old name and its new one are given, the new one is kept and
 * the old one is left in place, so the validator refuses it as unknown (naming both) rather than
 * one silently winning.
 */
export function renameLegacyParams(primitive: string, params: Record<string, unknown>): { params: Record<string, unknown>; renamed: LegacyParam[] } {
  const table = Object.prototype.hasOwnProperty.call(LEGACY_PARAMS, primitive) ? LEGACY_PARAMS[primitive] : undefined;
  if (!table || !params) return { params, renamed: [] };
  const out: Record<string, unknown> = { ...params };
  const renamed: LegacyParam[] = [];
  for (const l of table) {
    if (!Object.prototype.hasOwnProperty.call(out, l.from) || Object.prototype.hasOwnProperty.call(out, l.to)) continue;
    const v = out[l.from];
    delete out[l.from];
    out[l.to] = l.wrap === 'list' && v !== null && v !== undefined && !Array.isArray(v) ? [v] : v;
    renamed.push(l);
  }
  return { params: renamed.length > 0 ? out : params, renamed };
}
