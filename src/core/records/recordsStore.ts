import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import type { WriteOps } from '../store/atomicWrite';
import { SharedDatabase, tempFilesOf } from '../store/sharedDatabase';
import { loadSql } from '../store/sqlite';
import { StoreError } from '../store/storeError';
import { RecordsError } from './errors';
import { prepareRecords, RUN_STATUSES } from './migrations';
import { localDay } from './normalize';
import {
  deleteRow, insertRow, rowsListing, rowsReferencing, selectRow, selectRows, updateRow,
  type ListOptions, type RecordRow, type RowFilter, type WriteStamp,
} from './rows';
import { TABLES, refOf, tableOf, type EntityKind } from './schema';
import { cleanFields, type RecordsView } from './validate';

/** How an ingest run ended: applied, model output invalid, failed (nothing written), or only planned. */
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What the runtime knows about a skill run, recorded as its ingest_run. */
export interface RunInfo {
  /** Id of the run; a new UUID when absent. */
  id?: string;
  skill: string;
  version?: number;
  /** sha256 of the rendered prompts. */
  promptHash?: string;
  /** The model's output as received. */
  rawOutput?: string;
  /** The validation result of the output (errors, repairs). */
  validation?: unknown;
  /** Token counts of the run's model calls. */
  tokens?: unknown;
  durationMs?: number;
}

/** One audited skill run (the ingest_run table), JSON columns parsed. */
export interface IngestRun {
  id: string;
  skill: string;
  version: number | null;
  prompt_hash: string | null;
  raw_output: string | null;
  validation: unknown;
  tokens: unknown;
  duration_ms: number | null;
  status: RunStatus;
  /** Why it failed, for failed and invalid runs. */
  error: string | null;
  /** What it did: one entry per action (primitive, op, kind, id). */
  actions: unknown;
  created_at: string;
}

/** What a delete removed and which rows only lost their reference to it. */
export interface DeleteOutcome {
  deleted: Array<{ kind: EntityKind; id: string }>;
  detached: Array<{ kind: EntityKind; id: string; field: string }>;
}

/** Writes inside one records transaction; everything is undone if the transaction fails. */
export interface RecordsTransaction extends RecordsView {
  /** The ingest_run this transaction belongs to (null for the user's own edits). */
  readonly runId: string | null;
  /** Time stamped on every row written. */
  readonly now: string;
  insert(kind: EntityKind, id: string, fields: Record<string, unknown>): RecordRow;
  update(kind: EntityKind, id: string, fields: Record<string, unknown>): RecordRow;
}

/**
 * What a skill run reads and writes: the records file (RecordsStore) or, for a chain's dry run, an
 * in-memory copy of it (ScratchRecords) that the earlier steps' plans were written to.
 */
export interface SkillRecords extends RecordsView {
  /** The time stamped on rows written. */
  now(): Date;
  /** A private copy of the records for planning; the caller closes it. */
  snapshot(): Database;
  list(kind: EntityKind, filter?: RowFilter, options?: ListOptions): RecordRow[];
  /** Audits a run that wrote no records; returns its id. */
  recordRun(info: RunInfo, status: RunStatus, extra?: { error?: string; actions?: unknown }): Promise<string>;
  /** Runs `fn` as one transaction with its ingest_run row (status ok); nothing is kept if it throws. */
  transaction<T>(info: RunInfo, fn: (tx: RecordsTransaction) => T, summary?: (result: T) => unknown): Promise<{ runId: string; result: T }>;
}

/** Options of a records file. */
export interface RecordsStoreOptions {
  wasmPath?: string;
  /** Swapped by tests to simulate a crash (see SharedDatabase). */
  writeOps?: WriteOps;
  lockStaleMs?: number;
  /** Time of the writes; tests pass a fixed clock. */
  clock?: () => Date;
}

/** The records file the extension and the CLI keep beside a history file. */
export function recordsFileBeside(historyFile: string): string {
  return path.join(path.dirname(historyFile), 'records.sqlite');
}

/** Reads and writes against one sql.js database (the shared one inside a lock, or a scratch copy). */
export class DatabaseTransaction implements RecordsTransaction {
  constructor(readonly db: Database, readonly runId: string | null, readonly now: string) {}

  get(kind: EntityKind, id: string): RecordRow | undefined {
    return selectRow(this.db, kind, id);
  }

  find(kind: EntityKind, where: RowFilter = {}, options: ListOptions = {}): RecordRow[] {
    return selectRows(this.db, kind, where, options);
  }

  insert(kind: EntityKind, id: string, fields: Record<string, unknown>): RecordRow {
    return insertRow(this.db, kind, id, fields, this.stamp);
  }

  update(kind: EntityKind, id: string, fields: Record<string, unknown>): RecordRow {
    return updateRow(this.db, kind, id, fields, this.stamp);
  }

  private get stamp(): WriteStamp {
    return { now: this.now, runId: this.runId };
  }
}

function json(v: unknown): string | null {
  return v === undefined ? null : JSON.stringify(v);
}

/** Inserts a run's audit row (ingest_run) into `db`, created at `createdAt`. */
export function insertIngestRun(db: Database, info: RunInfo & { id: string }, status: RunStatus, extra: { error?: string; actions?: unknown }, createdAt: string): void {
  db.run(
    `INSERT INTO ingest_run (id, skill, version, prompt_hash, raw_output, validation, tokens, duration_ms, status, error, actions, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      info.id, info.skill, info.version ?? null, info.promptHash ?? null, info.rawOutput ?? null, json(info.validation), json(info.tokens),
      info.durationMs ?? null, status, extra.error ?? null, json(extra.actions), createdAt,
    ],
  );
}

/**
 * The body of a run's transaction over `db`: its ingest_run (status ok), `fn`'s writes stamped with
 * the run, and the run's `actions` from `summary`. The caller makes it one transaction (commit or
 * roll back); RecordsStore and ScratchRecords share it so a scratch run is written as a real one.
 */
export function writeRun<T>(db: Database, info: RunInfo & { id: string }, now: Date, fn: (tx: RecordsTransaction) => T, summary?: (result: T) => unknown): T {
  insertIngestRun(db, info, 'ok', {}, now.toISOString());
  const out = fn(new DatabaseTransaction(db, info.id, now.toISOString()));
  if (summary) db.run('UPDATE ingest_run SET actions = ? WHERE id = ?', [json(summary(out)), info.id]);
  return out;
}

function parseJson(v: SqlValue): unknown {
  if (v === null) return null;
  try {
    return JSON.parse(String(v));
  } catch {
    return v;
  }
}

/** A short name of a row for messages: its name or title, else its id. */
function labelOf(kind: EntityKind, row: RecordRow): string {
  const name = row.name ?? row.display_name ?? row.title ?? row.report_id;
  return name ? `${kind} "${String(name)}"` : `${kind} ${row.id}`;
}

/**
 * The user's job-search records (companies, positions, people, … see schema.ts) in one sql.js file
 * shared by every window and CLI run (SharedDatabase: cross-process lock, re-read on change, atomic
 * write). Skill actions write it through runActions, one transaction per run, each run audited as an
 * ingest_run; the user reads, edits and deletes every row through this class.
 */
export class RecordsStore implements SkillRecords {
  private readonly clock: () => Date;

  private constructor(private readonly shared: SharedDatabase, private readonly SQL: SqlJsStatic, options: RecordsStoreOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** Opens (or starts) the records file; it is created by the first write. A corrupt file is reported, never overwritten. */
  static async open(file: string, options: RecordsStoreOptions = {}): Promise<RecordsStore> {
    const shared = await SharedDatabase.open(file, { wasmPath: options.wasmPath, writeOps: options.writeOps, lockStaleMs: options.lockStaleMs, prepare: prepareRecords });
    const SQL = await loadSql(options.wasmPath);
    if (tempFilesOf(file).length > 0) {
      await shared.cleanUp().catch((err) => {
        // A busy lock only postpones the clean-up to the next open.
        if (!(err instanceof StoreError)) throw err;
      });
    }
    return new RecordsStore(shared, SQL, options);
  }

  /** Path of the records file. */
  get file(): string {
    return this.shared.file;
  }

  /** The current time as stamped on rows. */
  now(): Date {
    return this.clock();
  }

  /** Records of a kind matching an equality filter, oldest first unless `options` say otherwise. */
  list(kind: EntityKind, filter: RowFilter = {}, options: ListOptions = {}): RecordRow[] {
    tableOf(kind);
    return this.shared.read((db) => selectRows(db, kind, filter, options));
  }

  /** Same as list, for the RecordsView interface. */
  find(kind: EntityKind, filter: RowFilter = {}, options: ListOptions = {}): RecordRow[] {
    return this.list(kind, filter, options);
  }

  /** One record by kind and id, as stored now (another process's writes included). */
  get(kind: EntityKind, id: string): RecordRow | undefined {
    tableOf(kind);
    return this.shared.read((db) => selectRow(db, kind, id));
  }

  /**
   * Changes fields of a record by hand (validated as `cleanFields` says; derived keys follow).
   * The row's updated_by_run becomes null: the last change was the user's.
   */
  async update(kind: EntityKind, id: string, fields: Record<string, unknown>): Promise<RecordRow> {
    tableOf(kind);
    return this.shared.write((db) => {
      const tx = new DatabaseTransaction(db, null, this.clock().toISOString());
      const before = tx.get(kind, id);
      if (!before) throw new RecordsError('not_found', `no ${kind} with id ${id}`);
      return tx.update(kind, id, cleanFields(kind, fields, tx, before));
    });
  }

  /**
   * Deletes a record in one transaction. Rows that only describe it go with it: its tags
   * (entity_tag), links from or to it, attachments and document versions. Rows that merely point
   * at it lose the pointer (set to null, or taken out of an id list): a person's company, a note's
   * or reminder's subject, an application's referrer, an interview's application, an event's
   * people. Rows that cannot exist without it refuse the delete, naming them: a company's
   * positions, a position's applications, interviews and offers. With `cascade: true` those are
   * deleted too, and so on down. Deleting a tag removes it from every record.
   */
  async delete(kind: EntityKind, id: string, options: { cascade?: boolean } = {}): Promise<DeleteOutcome> {
    tableOf(kind);
    return this.shared.write((db, wtx) => {
      const tx = new DatabaseTransaction(db, null, this.clock().toISOString());
      const root = tx.get(kind, id);
      if (!root) throw new RecordsError('not_found', `no ${kind} with id ${id}`);
      const outcome = this.collectDelete(tx, kind, root, options.cascade === true);
      const gone = new Set(outcome.deleted.map((d) => refOf(d.kind, d.id)));
      for (const d of outcome.detached) {
        if (gone.has(refOf(d.kind, d.id))) continue;
        const row = tx.get(d.kind, d.id)!;
        const spec = tableOf(d.kind);
        const pair = spec.entityRefs?.find((p) => p.idColumn === d.field);
        const col = spec.columns.find((c) => c.name === d.field)!;
        if (pair) tx.update(d.kind, d.id, { [pair.kindColumn]: null, [pair.idColumn]: null });
        else if (col.refList) tx.update(d.kind, d.id, { [d.field]: (row[d.field] as string[]).filter((x) => !gone.has(refOf(col.refList!, x))) });
        else tx.update(d.kind, d.id, { [d.field]: null });
      }
      for (const d of outcome.deleted) deleteRow(db, d.kind, d.id);
      if (outcome.deleted.length > 50) wtx.compactAfterCommit();
      return { deleted: outcome.deleted, detached: outcome.detached.filter((d) => !gone.has(refOf(d.kind, d.id))) };
    });
  }

  private collectDelete(tx: DatabaseTransaction, kind: EntityKind, root: RecordRow, cascade: boolean): DeleteOutcome {
    const deleted: DeleteOutcome['deleted'] = [];
    const detached: DeleteOutcome['detached'] = [];
    const seen = new Set<string>();
    const refusals: string[] = [];
    const queue: Array<{ kind: EntityKind; row: RecordRow }> = [{ kind, row: root }];
    while (queue.length > 0) {
      const cur = queue.shift()!;
      const key = refOf(cur.kind, cur.row.id);
      if (seen.has(key)) continue;
      seen.add(key);
      deleted.push({ kind: cur.kind, id: cur.row.id });
      for (const t of TABLES) {
        for (const c of t.columns) {
          if (c.ref === cur.kind) {
            const rows = rowsReferencing(tx.db, t.kind, c.name, cur.row.id);
            if (rows.length === 0) continue;
            if (c.onDelete === 'set_null') {
              for (const r of rows) detached.push({ kind: t.kind, id: r.id, field: c.name });
            } else if (c.onDelete === 'cascade' || cascade) {
              for (const r of rows) queue.push({ kind: t.kind, row: r });
            } else {
              refusals.push(`${labelOf(cur.kind, cur.row)} has ${rows.length} ${t.kind}${rows.length > 1 ? 's' : ''} (${rows.slice(0, 3).map((r) => labelOf(t.kind, r)).join(', ')}${rows.length > 3 ? ', …' : ''})`);
            }
          }
          if (c.refList === cur.kind) {
            for (const r of rowsListing(tx.db, t.kind, c.name, cur.row.id)) detached.push({ kind: t.kind, id: r.id, field: c.name });
          }
        }
        for (const pair of t.entityRefs ?? []) {
          for (const r of selectRows(tx.db, t.kind, { [pair.kindColumn]: cur.kind, [pair.idColumn]: cur.row.id })) {
            if (pair.onDelete === 'cascade') queue.push({ kind: t.kind, row: r });
            else detached.push({ kind: t.kind, id: r.id, field: pair.idColumn });
          }
        }
      }
    }
    if (refusals.length > 0) {
      throw new RecordsError('restricted', `cannot delete ${labelOf(kind, root)}: ${refusals.join('; ')}. Delete those first, or delete with cascade to remove them too`);
    }
    return { deleted, detached };
  }

  /** Reminders not done that are due at `now`: a date-only reminder from the start of its local day. */
  dueReminders(now: Date): RecordRow[] {
    const iso = now.toISOString();
    const today = localDay(now);
    return this.shared.read((db) => {
      const ids = (db.exec(
        `SELECT id FROM reminder WHERE done = 0 AND ((length(due_at) = 10 AND due_at <= ?) OR (length(due_at) > 10 AND due_at <= ?))
         ORDER BY due_at, rowid`, [today, iso],
      )[0]?.values ?? []).map((r) => String(r[0]));
      return ids.map((id) => selectRow(db, 'reminder', id)!);
    });
  }

  /** The newest audited runs first. */
  runs(limit = 50): IngestRun[] {
    return this.shared.read((db) => this.readRuns(db, 'SELECT * FROM ingest_run ORDER BY created_at DESC, rowid DESC LIMIT ?', [limit]));
  }

  /** One audited run by id. */
  run(id: string): IngestRun | undefined {
    return this.shared.read((db) => this.readRuns(db, 'SELECT * FROM ingest_run WHERE id = ?', [id])[0]);
  }

  /**
   * Deletes a run's audit row (its raw model output may hold text the user wants gone). The records
   * it wrote stay; their created_by_run then names a run that no longer exists.
   */
  async deleteRun(id: string): Promise<boolean> {
    return this.shared.write((db) => {
      db.run('DELETE FROM ingest_run WHERE id = ?', [id]);
      return db.getRowsModified() > 0;
    });
  }

  /**
   * Records a run that wrote no records (status invalid, failed or dry_run) in its own small write;
   * returns its id. A dry run that wants no trace at all simply does not call this.
   */
  async recordRun(info: RunInfo, status: RunStatus, extra: { error?: string; actions?: unknown } = {}): Promise<string> {
    const id = info.id ?? randomUUID();
    await this.shared.write((db) => insertIngestRun(db, { ...info, id }, status, extra, this.clock().toISOString()));
    return id;
  }

  /**
   * Runs `fn` as ONE transaction together with its ingest_run row (status ok), written atomically
   * when `fn` returns; if `fn` throws, nothing is written and the file is untouched. `summary`
   * turns the result into the run's `actions` column.
   */
  async transaction<T>(info: RunInfo, fn: (tx: RecordsTransaction) => T, summary?: (result: T) => unknown): Promise<{ runId: string; result: T }> {
    const runId = info.id ?? randomUUID();
    const result = await this.shared.write((db) => writeRun(db, { ...info, id: runId }, this.clock(), fn, summary));
    return { runId, result };
  }

  /**
   * A private copy of the records as they are on disk now, for planning (dry runs): writes to it
   * never reach the file. The caller closes it.
   */
  snapshot(): Database {
    let bytes: Uint8Array | undefined;
    try {
      bytes = fs.readFileSync(this.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const db = new this.SQL.Database(bytes);
    prepareRecords(db);
    return db;
  }

  /** Frees the in-memory database; the store cannot be used afterwards. */
  close(): void {
    this.shared.close();
  }

  private readRuns(db: Database, sql: string, params: SqlValue[]): IngestRun[] {
    const res = db.exec(sql, params)[0];
    if (!res) return [];
    return res.values.map((v) => {
      const r = Object.fromEntries(res.columns.map((c, i) => [c, v[i]])) as Record<string, SqlValue>;
      return {
        id: String(r.id), skill: String(r.skill), version: r.version === null ? null : Number(r.version),
        prompt_hash: r.prompt_hash as string | null, raw_output: r.raw_output as string | null,
        validation: parseJson(r.validation), tokens: parseJson(r.tokens),
        duration_ms: r.duration_ms === null ? null : Number(r.duration_ms), status: r.status as RunStatus,
        error: r.error as string | null, actions: parseJson(r.actions), created_at: String(r.created_at),
      };
    });
  }
}
