import { isDeepStrictEqual } from 'node:util';
import { RecordsError } from '../../records/errors';
import { normalizeWhen } from '../../records/normalize';
import { completeRow, withDerived, type RecordRow } from '../../records/rows';
import { BOOKKEEPING_COLUMNS, tableOf, type EntityKind } from '../../records/schema';
import { idOf, mustExist, parseRef, type EntityRef } from '../../records/validate';
import type { JsonSchema } from '../../runtime/schema';
import {
  StalePlanError,
  type ActionAlias, type ActionDefinition, type ApplyContext, type FieldChange, type PlannedAction, type PlannedWrite, type PlanResult, type PlanView,
} from './types';

/** A string parameter with its description. */
export function str(description: string, extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: 'string', description, ...extra };
}

/** A record reference parameter ("kind:id"). */
export function refParam(description: string): JsonSchema {
  return str(`${description} A reference "kind:id", usually an earlier action's alias: {{ name.ref }}.`);
}

/** An id parameter of one kind (bare id or "kind:id"). */
export function idParam(kind: EntityKind, description: string): JsonSchema {
  return str(`${description} The ${kind}'s id ({{ name.id }} of an earlier action), or its "${kind}:id" reference.`, { minLength: 1 });
}

/** A date or date-time parameter. */
export function whenParam(description: string): JsonSchema {
  return str(`${description} A date (2026-03-01) or an ISO date-time (2026-03-01T10:00, +08:00 or Z for another zone).`);
}

/** The columns of `kind` that the parameters set, without those not given. */
export function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** A date parameter normalised (see normalizeWhen); an unreadable one is an input error. */
export function when(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const w = normalizeWhen(String(value));
  if (!w) throw new RecordsError('invalid', `${field}: ${JSON.stringify(value)} is not a date; write 2026-03-01 or 2026-03-01T10:00 (with +08:00 or Z for another time zone)`);
  return w;
}

/** The id of an existing record of `kind` named by a parameter (bare id or "kind:id"). */
export function existingId(view: PlanView, value: unknown, kind: EntityKind, field: string): string {
  return mustExist(view, kind, idOf(value, kind, field), field).id;
}

/** The record an entity parameter ("kind:id") names; it must exist. */
export function existingRef(view: PlanView, value: unknown, field: string): EntityRef & { row: RecordRow } {
  const ref = parseRef(value, field);
  return { ...ref, row: mustExist(view, ref.kind, ref.id, field) };
}

/**
 * A given value of an identity field (a title, a name, an email) unless the matched record already
 * holds the same value as compared (`key`): a re-run whose model wrote "coffee chat" instead of
 * "Coffee Chat" changes nothing.
 */
export function respelled(existing: RecordRow | undefined, field: string, given: unknown, key: (v: string) => unknown): unknown {
  if (!existing || typeof given !== 'string' || typeof existing[field] !== 'string') return given;
  return key(given) === key(existing[field] as string) ? undefined : given;
}

/** Drops what a template renders when it has no value: null, '' and blank strings, also inside lists of strings. */
export function cleanParams(params: Record<string, unknown>): Record<string, unknown> {
  const blank = (x: unknown) => x === null || x === undefined || (typeof x === 'string' && x.trim() === '');
  // fromEntries defines own properties: a "__proto__" key stays a (rejected) field, never a prototype.
  return Object.fromEntries(Object.entries(params ?? {})
    .filter(([, v]) => !blank(v))
    .map(([k, v]) => [k, Array.isArray(v) ? v.filter((x) => !blank(x)) : v]));
}

function changesBetween(kind: EntityKind, before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const c of tableOf(kind).columns) {
    const b = before[c.name] ?? null;
    const a = after[c.name] ?? null;
    if (!isDeepStrictEqual(b, a)) out.push({ field: c.name, before: b, after: a });
  }
  return out;
}

/**
 * The write that makes a record hold `fields`: a new row when nothing matched, else the columns
 * that differ (derived keys follow), or nothing when every given value is already there. Fields
 * not given (undefined) are left as they are.
 */
export function writeFor(view: PlanView, kind: EntityKind, existing: RecordRow | undefined, fields: Record<string, unknown>): PlannedWrite {
  const given = defined(fields);
  if (!existing) {
    const row = completeRow(kind, given);
    return { op: 'create', kind, id: view.newId(), fields: row, changes: changesBetween(kind, {}, row) };
  }
  const after = withDerived(kind, { ...existing, ...given });
  const changes = changesBetween(kind, existing, after);
  return {
    op: changes.length > 0 ? 'update' : 'unchanged', kind, id: existing.id, existing,
    fields: Object.fromEntries(changes.map((c) => [c.field, c.after])), changes,
  };
}

/** A plan with one write: the target itself. */
export function single(write: PlannedWrite, warnings: string[] = []): PlanResult {
  return {
    op: write.op, kind: write.kind, id: write.id, existing: write.existing, changes: write.changes,
    writes: write.op === 'unchanged' ? [] : [write], warnings,
  };
}

/** The columns that say when and by which run a row was written. */
const STAMPS: ReadonlySet<string> = new Set(BOOKKEEPING_COLUMNS.filter((c) => c !== 'id'));

/**
 * A row without its stamps (created_at, updated_at, created_by_run, updated_by_run): what the
 * user was shown and approved. A record an earlier step of a chain wrote was planned against a
 * scratch copy, whose stamps are the dry run's, not those of the step's real write.
 */
function contentOf(row: RecordRow | undefined): Record<string, unknown> | undefined {
  return row && Object.fromEntries(Object.entries(row).filter(([k]) => !STAMPS.has(k)));
}

function sameWrite(a: PlannedWrite, b: PlannedWrite, touched: ReadonlySet<string>): boolean {
  if (a.op !== b.op || a.kind !== b.kind || a.id !== b.id) return false;
  // Every column, not only updated_at: two writes within one millisecond share a stamp.
  if (a.existing && !touched.has(a.id) && !isDeepStrictEqual(contentOf(a.existing), contentOf(b.existing))) return false;
  return isDeepStrictEqual(a.fields, b.fields);
}

/**
 * The `apply` of every primitive: plan again inside the transaction (against the records as they
 * are now, with the run's earlier actions applied) and write only if that gives the same writes;
 * otherwise the records changed since the plan was shown (another window, a CLI run) and the
 * whole run stops, since the user approved a different change.
 */
export function applyPlanned(def: ActionDefinition, planned: PlannedAction, ctx: ApplyContext): ActionAlias {
  let again: PlanResult;
  try {
    again = def.plan(planned.params, ctx.view);
  } catch (err) {
    throw new StalePlanError(`it no longer applies: ${(err as Error).message}`);
  }
  const same = again.writes.length === planned.writes.length && again.writes.every((w, i) => sameWrite(planned.writes[i], w, ctx.touched))
    && again.id === planned.id;
  if (!same) {
    throw new StalePlanError('the records changed since this run was planned (another window or CLI run wrote them); plan it again');
  }
  for (const w of planned.writes) {
    if (w.op === 'create') ctx.tx.insert(w.kind, w.id, w.fields);
    else if (w.op === 'update') ctx.tx.update(w.kind, w.id, w.fields);
  }
  return planned.alias;
}

/**
 * The schema with every optional top-level parameter also taking null: a template of a value the
 * model left null renders null (typed rendering), which means "not given" (cleanParams drops it),
 * so the editor and the manifest check must accept it too.
 */
export function nullableOptional(schema: JsonSchema): JsonSchema {
  const required = new Set(schema.required ?? []);
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => {
    if (required.has(k) || v.type === undefined) return [k, v];
    const types = Array.isArray(v.type) ? v.type : [v.type];
    const out: JsonSchema = { ...v, type: types.includes('null') ? types : [...types, 'null'] };
    if (v.enum && !v.enum.includes(null)) out.enum = [...v.enum, null];
    return [k, out];
  }));
  return { ...schema, properties };
}

/** Parameter names the manifest keeps for itself inside an action's mapping (the spec form). */
export const RESERVED_PARAM_NAMES: readonly string[] = ['as', 'when'];

/**
 * A primitive from its name, description, parameters and plan; `apply` is applyPlanned. Optional
 * parameters take null (nullableOptional). A parameter named `as` or `when` is a programming error:
 * those keys are the manifest's own.
 */
export function defineAction(def: Omit<ActionDefinition, 'apply'> & Partial<Pick<ActionDefinition, 'apply'>>): ActionDefinition {
  const reserved = Object.keys(def.params.properties ?? {}).filter((k) => RESERVED_PARAM_NAMES.includes(k));
  if (reserved.length > 0) throw new Error(`action ${def.name}: a parameter may not be named ${reserved.join(', ')} (the manifest's own keys)`);
  const full: ActionDefinition = {
    ...def,
    params: nullableOptional(def.params),
    apply: def.apply ?? ((planned, ctx) => applyPlanned(full, planned, ctx)),
  };
  return full;
}

/** A list parameter: null or an empty list is "not given", so a model's empty answer erases nothing. */
export function listOf<T>(value: unknown): T[] | undefined {
  return Array.isArray(value) && value.length > 0 ? (value as T[]) : undefined;
}

/** `a` followed by the items of `b` it does not have yet (as compared by `key`). */
export function union<T>(a: readonly T[], b: readonly T[], key: (x: T) => unknown = (x) => x): T[] {
  const seen = new Set(a.map(key));
  const out = [...a];
  for (const x of b) {
    const k = key(x);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  }
  return out;
}
