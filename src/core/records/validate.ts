import { compileValidator, type InputValidator } from '../runtime/validation';
import { RecordsError } from './errors';
import { looksLikeEmail, normalizeWhen, slugify } from './normalize';
import type { RecordRow, RowFilter, ListOptions } from './rows';
import { ENTITY_KINDS, LINK_RELATIONS, editableColumns, fieldsSchema, isEntityKind, tableOf, type EntityKind } from './schema';

/** Read access to records: the store, a transaction, or the scratch copy a plan runs against. */
export interface RecordsView {
  get(kind: EntityKind, id: string): RecordRow | undefined;
  find(kind: EntityKind, where?: RowFilter, options?: ListOptions): RecordRow[];
}

/** A record reference as parameters give it: "kind:id". */
export interface EntityRef {
  kind: EntityKind;
  id: string;
}

/** Reads "kind:id"; anything else is an input error saying what is expected. */
export function parseRef(value: unknown, field: string): EntityRef {
  const s = typeof value === 'string' ? value.trim() : '';
  const i = s.indexOf(':');
  const kind = i > 0 ? s.slice(0, i) : '';
  const id = i > 0 ? s.slice(i + 1) : '';
  if (!isEntityKind(kind) || !id) {
    throw new RecordsError('invalid', `${field} must be a record reference "kind:id" (an alias's .ref, e.g. {{ company.ref }}), where kind is one of ${ENTITY_KINDS.join(', ')}; got ${JSON.stringify(value)}`);
  }
  return { kind, id };
}

/** An id of a record of `kind`, given bare or as "kind:id". */
export function idOf(value: unknown, kind: EntityKind, field: string): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (!s) throw new RecordsError('invalid', `${field} must be the id of a ${kind}`);
  if (s.startsWith(`${kind}:`)) return s.slice(kind.length + 1);
  const i = s.indexOf(':');
  if (i > 0 && isEntityKind(s.slice(0, i))) throw new RecordsError('invalid', `${field} must name a ${kind}, not a ${s.slice(0, i)}`);
  return s;
}

/** The record a reference names; a missing one is an input error. */
export function mustExist(view: RecordsView, kind: EntityKind, id: string, field: string): RecordRow {
  const row = view.get(kind, id);
  if (!row) throw new RecordsError('not_found', `${field}: there is no ${kind} with id ${id}`);
  return row;
}

/** Checks a relation and the kinds it joins against LINK_RELATIONS. */
export function checkRelation(relation: string, from: EntityKind, to: EntityKind): void {
  const rule = LINK_RELATIONS[relation];
  if (!rule || !Object.prototype.hasOwnProperty.call(LINK_RELATIONS, relation)) {
    throw new RecordsError('invalid', `unknown relation "${relation}"; the allowed relations are ${Object.keys(LINK_RELATIONS).join(', ')}`);
  }
  const fits = (allowed: readonly string[], k: string) => allowed.includes('*') || allowed.includes(k);
  const forward = fits(rule.from, from) && fits(rule.to, to);
  if (!forward && !(rule.eitherDirection && fits(rule.from, to) && fits(rule.to, from))) {
    const either = rule.eitherDirection ? ' (either way round)' : '';
    throw new RecordsError('invalid', `relation "${relation}" goes from ${rule.from.join('|')} to ${rule.to.join('|')}${either}, not from ${from} to ${to}`);
  }
}

const validators = new Map<EntityKind, InputValidator>();

function validatorFor(kind: EntityKind): InputValidator {
  let v = validators.get(kind);
  if (!v) {
    v = compileValidator(fieldsSchema(kind));
    validators.set(kind, v);
  }
  return v;
}

/**
 * Checks and normalises fields a user or `update_entity` sets on a record: only editable columns,
 * of the right type; '' clears an optional column; dates normalised (see normalizeWhen); ids must
 * name existing records; an entity pair names an existing record or is empty as a whole; a slug is
 * slugified; an email looks like one; a link keeps to its vocabulary. `before` is the row changed.
 */
export function cleanFields(kind: EntityKind, fields: Record<string, unknown>, view: RecordsView, before?: RecordRow): Record<string, unknown> {
  const spec = tableOf(kind);
  // fromEntries defines own properties: a "__proto__" key stays a (rejected) field, never a prototype.
  const input = Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => {
    const col = spec.columns.find((c) => c.name === k);
    if (col?.derived) throw new RecordsError('invalid', `${kind}.${k} is computed from the other fields and cannot be set`);
    return [k, typeof v === 'string' && v.trim() === '' && col && !col.required ? null : v];
  }));
  const checked = validatorFor(kind)(input);
  if (!checked.ok) throw new RecordsError('invalid', `${kind} fields: ${checked.message}`);
  const out = checked.value;
  for (const c of editableColumns(kind)) {
    const v = out[c.name];
    if (v === undefined || v === null) continue;
    if (c.type === 'when') {
      const w = normalizeWhen(String(v));
      if (!w) throw new RecordsError('invalid', `${kind}.${c.name}: ${JSON.stringify(v)} is not a date; write 2026-03-01 or 2026-03-01T10:00 (with +08:00 or Z for another time zone)`);
      out[c.name] = w;
    }
    if (c.ref) out[c.name] = mustExist(view, c.ref, idOf(v, c.ref, `${kind}.${c.name}`), `${kind}.${c.name}`).id;
    if (c.refList) out[c.name] = [...new Set((v as unknown[]).map((x) => mustExist(view, c.refList!, idOf(x, c.refList!, `${kind}.${c.name}`), `${kind}.${c.name}`).id))];
  }
  if (typeof out.email === 'string' && kind === 'person') {
    out.email = out.email.trim();
    if (!looksLikeEmail(out.email as string)) throw new RecordsError('invalid', `person.email: ${JSON.stringify(out.email)} is not an email address`);
  }
  if (typeof out.slug === 'string' && kind === 'person') out.slug = slugify(out.slug);
  const merged: Record<string, unknown> = { ...(before ?? {}), ...out };
  for (const pair of spec.entityRefs ?? []) {
    const k = merged[pair.kindColumn];
    const id = merged[pair.idColumn];
    if ((k === null || k === undefined) !== (id === null || id === undefined)) {
      throw new RecordsError('invalid', `${kind}.${pair.kindColumn} and ${kind}.${pair.idColumn} are set together (or cleared together)`);
    }
    if (k && id) mustExist(view, k as EntityKind, String(id), `${kind}.${pair.idColumn}`);
  }
  if (kind === 'link') checkRelation(String(merged.relation), merged.source_kind as EntityKind, merged.target_kind as EntityKind);
  return out;
}
