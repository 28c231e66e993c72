import type { Database } from 'sql.js';
import { migrateToV3 } from './migrateV3';
import { BOOKKEEPING_COLUMNS, TABLES, type ColumnSpec, type TableSpec } from './schema';

/**
 * Layout version written to records_meta; raise it with a step in `prepareRecords` when a change
 * needs more than added columns. 2: interview.position_id became optional (the table is rebuilt
 * without its NOT NULL). 3: the skill spec's names and fields (see migrateToV3).
 */
export const RECORDS_SCHEMA_VERSION = 3;

/** The statuses an ingest_run may have. */
export const RUN_STATUSES = ['ok', 'invalid', 'failed', 'dry_run'] as const;

const INGEST_RUN = `
CREATE TABLE IF NOT EXISTS ingest_run (
  id TEXT PRIMARY KEY,
  skill TEXT NOT NULL,
  version INTEGER,
  prompt_hash TEXT,
  raw_output TEXT,
  validation TEXT,
  tokens TEXT,
  duration_ms INTEGER,
  status TEXT NOT NULL CHECK (status IN (${RUN_STATUSES.map((s) => `'${s}'`).join(', ')})),
  error TEXT,
  actions TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ingest_run_time ON ingest_run(created_at);
CREATE TABLE IF NOT EXISTS records_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** An identifier quoted for SQL (every name here comes from the specs, never from input). */
export function q(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function sqlType(c: ColumnSpec): string {
  return c.type === 'integer' || c.type === 'boolean' ? 'INTEGER' : c.type === 'real' ? 'REAL' : 'TEXT';
}

function sqlDefault(c: ColumnSpec): string {
  if (c.default === undefined) return '';
  if (c.type === 'json') return ` DEFAULT '${JSON.stringify(c.default).replace(/'/g, "''")}'`;
  if (c.type === 'boolean') return ` DEFAULT ${c.default ? 1 : 0}`;
  if (typeof c.default === 'number') return ` DEFAULT ${c.default}`;
  return ` DEFAULT '${String(c.default).replace(/'/g, "''")}'`;
}

function columnSql(c: ColumnSpec): string {
  return `${q(c.name)} ${sqlType(c)}${c.required ? ' NOT NULL' : ''}${sqlDefault(c)}`;
}

/** CREATE TABLE of one spec, under `name` (default its kind). */
function createTableSql(t: TableSpec, name: string = t.kind): string {
  const cols = [
    '"id" TEXT PRIMARY KEY', '"created_at" TEXT NOT NULL', '"updated_at" TEXT NOT NULL', '"created_by_run" TEXT', '"updated_by_run" TEXT',
    ...t.columns.map(columnSql),
  ];
  return `CREATE TABLE IF NOT EXISTS ${q(name)} (\n  ${cols.join(',\n  ')}\n);`;
}

/** CREATE TABLE and its indexes for one spec. */
export function tableDdl(t: TableSpec): string {
  const out = [createTableSql(t)];
  const col = (c: string) => (/^[a-z_]+$/.test(c) ? q(c) : c);
  for (const u of t.unique ?? []) {
    out.push(`CREATE UNIQUE INDEX IF NOT EXISTS ${q(u.name)} ON ${q(t.kind)} (${u.columns.map(col).join(', ')})${u.where ? ` WHERE ${u.where}` : ''};`);
  }
  for (const cols2 of t.indexes ?? []) {
    out.push(`CREATE INDEX IF NOT EXISTS ${q(`${t.kind}_${cols2.join('_')}`)} ON ${q(t.kind)} (${cols2.map(q).join(', ')});`);
  }
  out.push(`CREATE INDEX IF NOT EXISTS ${q(`${t.kind}_run`)} ON ${q(t.kind)} ("created_by_run");`);
  return out.join('\n');
}

/**
 * Rebuilds table `t` when a column its spec now leaves optional is still NOT NULL in the file
 * (SQLite cannot drop a constraint in place): copy the rows into a table made from the spec,
 * replace the old one, and create the indexes again. Runs in memory like the rest of prepareRecords.
 */
function relaxNotNull(db: Database, t: TableSpec): void {
  const info = db.exec(`PRAGMA table_info(${q(t.kind)})`)[0]?.values ?? [];
  const notNull = new Set(info.filter((r) => Number(r[3]) === 1).map((r) => String(r[1])));
  if (!t.columns.some((c) => !c.required && notNull.has(c.name))) return;
  const names = info.map((r) => String(r[1])).filter((n) => (BOOKKEEPING_COLUMNS as readonly string[]).includes(n) || t.columns.some((c) => c.name === n));
  const rebuilt = `${t.kind}__rebuilt`;
  const cols = names.map(q).join(', ');
  db.exec('SAVEPOINT relax_not_null');
  try {
    db.exec(createTableSql(t, rebuilt));
    db.exec(`INSERT INTO ${q(rebuilt)} (${cols}) SELECT ${cols} FROM ${q(t.kind)}`);
    db.exec(`DROP TABLE ${q(t.kind)}`);
    db.exec(`ALTER TABLE ${q(rebuilt)} RENAME TO ${q(t.kind)}`);
    db.exec(tableDdl(t));
    db.exec('RELEASE relax_not_null');
  } catch (err) {
    db.exec('ROLLBACK TO relax_not_null');
    db.exec('RELEASE relax_not_null');
    throw err;
  }
}

/**
 * Brings a records database up to date in memory; runs on every load (see SharedDatabase), and the
 * file changes only with the next write. New tables and indexes are created; a column added to a
 * spec later is added to the table (so it must be optional or have a default).
 */
export function prepareRecords(db: Database): void {
  db.exec(INGEST_RUN);
  const stored = Number(db.exec("SELECT value FROM records_meta WHERE key = 'schema_version'")[0]?.values[0]?.[0] ?? 0);
  if (stored > RECORDS_SCHEMA_VERSION) {
    throw new Error(`the records database was written by a newer Interview Lens (layout ${stored}, this one knows ${RECORDS_SCHEMA_VERSION}); update the extension`);
  }
  // Renames come before the specs' tables and indexes are made: those name the new columns.
  if (stored < 3) migrateToV3(db);
  for (const t of TABLES) {
    db.exec(tableDdl(t));
    const have = new Set((db.exec(`PRAGMA table_info(${q(t.kind)})`)[0]?.values ?? []).map((r) => String(r[1])));
    for (const c of t.columns) {
      if (have.has(c.name)) continue;
      if (c.required && c.default === undefined) throw new Error(`records column ${t.kind}.${c.name} was added as required without a default`);
      db.exec(`ALTER TABLE ${q(t.kind)} ADD COLUMN ${columnSql(c)}`);
    }
    relaxNotNull(db, t);
  }
  if (stored < RECORDS_SCHEMA_VERSION) db.run("INSERT OR REPLACE INTO records_meta (key, value) VALUES ('schema_version', ?)", [String(RECORDS_SCHEMA_VERSION)]);
}
