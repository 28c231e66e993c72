import type { Database, SqlValue } from 'sql.js';
import { RecordsError } from './errors';
import { q } from './migrations';
import { BOOKKEEPING_COLUMNS, tableOf, type ColumnSpec, type EntityKind, type TableSpec } from './schema';

/** A stored record as the API returns it: json columns parsed, booleans as booleans. */
export interface RecordRow {
  id: string;
  created_at: string;
  updated_at: string;
  /** The ingest_run that created it; null when the user created it by hand. */
  created_by_run: string | null;
  /** The ingest_run that last wrote it; null after a change by hand. */
  updated_by_run: string | null;
  [column: string]: unknown;
}

/** Who writes and when: stamped on every row written. */
export interface WriteStamp {
  now: string;
  runId: string | null;
}

/** Equality filter: column → value (null matches NULL). */
export type RowFilter = Readonly<Record<string, string | number | boolean | null>>;

/** Paging and order of a list. */
export interface ListOptions {
  limit?: number;
  offset?: number;
  /** A column of the kind; default created_at. */
  orderBy?: string;
  descending?: boolean;
}

function columnOf(spec: TableSpec, name: string): ColumnSpec | undefined {
  return spec.columns.find((c) => c.name === name);
}

function knownColumn(spec: TableSpec, name: string): boolean {
  return (BOOKKEEPING_COLUMNS as readonly string[]).includes(name) || columnOf(spec, name) !== undefined;
}

/** A JS value as stored in a column. */
export function encodeValue(c: ColumnSpec | undefined, v: unknown): SqlValue {
  if (v === undefined || v === null) return null;
  if (c?.type === 'json') return JSON.stringify(v);
  if (c?.type === 'boolean' || typeof v === 'boolean') return v ? 1 : 0;
  return v as SqlValue;
}

function decodeValue(c: ColumnSpec | undefined, v: SqlValue): unknown {
  if (v === null || !c) return v;
  if (c.type === 'json') {
    try {
      return JSON.parse(String(v));
    } catch {
      return v;
    }
  }
  if (c.type === 'boolean') return v === 1 || v === '1';
  return v;
}

function decodeRow(spec: TableSpec, names: string[], values: SqlValue[]): RecordRow {
  const row: Record<string, unknown> = {};
  names.forEach((n, i) => {
    row[n] = decodeValue(columnOf(spec, n), values[i]);
  });
  return row as RecordRow;
}

/** Rows of a kind matching the filter (columns checked against the spec, values bound). */
export function selectRows(db: Database, kind: EntityKind, where: RowFilter = {}, options: ListOptions = {}): RecordRow[] {
  const spec = tableOf(kind);
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  for (const [k, v] of Object.entries(where)) {
    if (!knownColumn(spec, k)) throw new RecordsError('invalid', `a ${kind} has no field "${k}"`);
    if (v === null) clauses.push(`${q(k)} IS NULL`);
    else {
      clauses.push(`${q(k)} = ?`);
      params.push(encodeValue(columnOf(spec, k), v));
    }
  }
  const orderBy = options.orderBy ?? 'created_at';
  if (!knownColumn(spec, orderBy)) throw new RecordsError('invalid', `a ${kind} has no field "${orderBy}" to order by`);
  const dir = options.descending ? 'DESC' : 'ASC';
  let sql = `SELECT * FROM ${q(kind)}${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''} ORDER BY ${q(orderBy)} ${dir}, rowid ${dir}`;
  if (options.limit !== undefined || options.offset !== undefined) {
    sql += ' LIMIT ? OFFSET ?';
    // SQLite reads a negative LIMIT as "no limit".
    params.push(options.limit === undefined ? -1 : Math.max(0, Math.floor(options.limit)), Math.max(0, Math.floor(options.offset ?? 0)));
  }
  const res = db.exec(sql, params)[0];
  return res ? res.values.map((v) => decodeRow(spec, res.columns, v)) : [];
}

/** One row by id. */
export function selectRow(db: Database, kind: EntityKind, id: string): RecordRow | undefined {
  return selectRows(db, kind, { id })[0];
}

/** The row with its derived columns recomputed (keys, fingerprints). */
export function withDerived(kind: EntityKind, row: Record<string, unknown>): Record<string, unknown> {
  const spec = tableOf(kind);
  return spec.derive ? { ...row, ...spec.derive(row) } : { ...row };
}

/** Every column of a new row: the given values, defaults for the rest, derived columns computed. */
export function completeRow(kind: EntityKind, fields: Record<string, unknown>): Record<string, unknown> {
  const spec = tableOf(kind);
  const row: Record<string, unknown> = {};
  for (const c of spec.columns) {
    const v = fields[c.name];
    row[c.name] = v !== undefined ? v : c.default !== undefined ? structuredClone(c.default) : null;
  }
  return withDerived(kind, row);
}

/** Turns SQLite's "UNIQUE constraint failed" into the sentence of the spec's constraint. */
function explain(err: unknown, spec: TableSpec): never {
  const msg = (err as Error).message ?? String(err);
  const m = /UNIQUE constraint failed: (.*)/.exec(msg);
  if (m) {
    const named = spec.unique?.find((u) => m[1].includes(u.name) || u.columns.every((c) => m[1].includes(`${spec.kind}.${c}`)));
    throw new RecordsError('conflict', `cannot write the ${spec.kind}: ${named?.message ?? msg}`);
  }
  if (/NOT NULL constraint failed: (.*)/.test(msg)) throw new RecordsError('invalid', `cannot write the ${spec.kind}: ${msg.replace('NOT NULL constraint failed: ', 'missing value for ')}`);
  throw err;
}

/** Inserts a new row; `fields` are completed with defaults and derived columns. */
export function insertRow(db: Database, kind: EntityKind, id: string, fields: Record<string, unknown>, stamp: WriteStamp): RecordRow {
  const spec = tableOf(kind);
  const row = completeRow(kind, fields);
  const names = ['id', 'created_at', 'updated_at', 'created_by_run', 'updated_by_run', ...spec.columns.map((c) => c.name)];
  const values: SqlValue[] = [id, stamp.now, stamp.now, stamp.runId, stamp.runId, ...spec.columns.map((c) => encodeValue(c, row[c.name]))];
  try {
    db.run(`INSERT INTO ${q(kind)} (${names.map(q).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`, values);
  } catch (err) {
    explain(err, spec);
  }
  return selectRow(db, kind, id)!;
}

/**
 * Sets the given columns of a row (derived columns follow) and stamps it. Returns the row after;
 * a row that does not exist is an error.
 */
export function updateRow(db: Database, kind: EntityKind, id: string, fields: Record<string, unknown>, stamp: WriteStamp): RecordRow {
  const spec = tableOf(kind);
  const before = selectRow(db, kind, id);
  if (!before) throw new RecordsError('not_found', `no ${kind} with id ${id}`);
  const merged = withDerived(kind, { ...before, ...fields });
  const sets = spec.columns.map((c) => c.name);
  try {
    db.run(
      `UPDATE ${q(kind)} SET ${sets.map((n) => `${q(n)} = ?`).join(', ')}, "updated_at" = ?, "updated_by_run" = ? WHERE "id" = ?`,
      [...spec.columns.map((c) => encodeValue(c, merged[c.name])), stamp.now, stamp.runId, id],
    );
  } catch (err) {
    explain(err, spec);
  }
  return selectRow(db, kind, id)!;
}

/** Deletes one row by id. */
export function deleteRow(db: Database, kind: EntityKind, id: string): void {
  db.run(`DELETE FROM ${q(kind)} WHERE "id" = ?`, [id]);
}

/** Rows whose `column` holds `id`, for references. */
export function rowsReferencing(db: Database, kind: EntityKind, column: string, id: string): RecordRow[] {
  return selectRows(db, kind, { [column]: id });
}

/** Rows whose json id-list `column` contains `id`. */
export function rowsListing(db: Database, kind: EntityKind, column: string, id: string): RecordRow[] {
  const spec = tableOf(kind);
  const res = db.exec(`SELECT * FROM ${q(kind)} WHERE EXISTS (SELECT 1 FROM json_each(${q(column)}) WHERE json_each.value = ?)`, [id])[0];
  return res ? res.values.map((v) => decodeRow(spec, res.columns, v)) : [];
}
