/**
 * The records in memory: a copy of the records file (RecordsStore.snapshot) that runs read, plan
 * against and write to exactly as they do the file, except that nothing ever reaches the file. A
 * chain's dry run writes each step's plan here, so the next step is planned against the records as
 * the earlier steps would leave them (one company upserted by two steps is created once; a link to
 * the first step's note finds it) while the file stays as it was.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'sql.js';
import { loadedSql } from '../store/sqlite';
import { insertIngestRun, writeRun, type RecordsTransaction, type RunInfo, type RunStatus, type SkillRecords } from './recordsStore';
import { selectRow, selectRows, type ListOptions, type RecordRow, type RowFilter } from './rows';
import { tableOf, type EntityKind } from './schema';

/** An in-memory copy of some records; the caller closes it. */
export class ScratchRecords implements SkillRecords {
  private readonly db: Database;
  private closed = false;

  /** Copies `base` as it is now (the file, or another scratch); later changes to `base` are not seen. */
  constructor(private readonly base: SkillRecords) {
    this.db = base.snapshot();
  }

  /** The base's clock: rows written here carry the stamps a real write would. */
  now(): Date {
    return this.base.now();
  }

  /** A private copy of this scratch for planning (writes to it stay in it); the caller closes it. */
  snapshot(): Database {
    this.assertOpen();
    // A records store was opened to make the base, so sql.js is loaded.
    const SQL = loadedSql();
    if (!SQL) throw new Error('sql.js is not loaded: open a RecordsStore before copying its records');
    return new SQL.Database(this.db.export());
  }

  get(kind: EntityKind, id: string): RecordRow | undefined {
    this.assertOpen();
    tableOf(kind);
    return selectRow(this.db, kind, id);
  }

  find(kind: EntityKind, filter: RowFilter = {}, options: ListOptions = {}): RecordRow[] {
    return this.list(kind, filter, options);
  }

  list(kind: EntityKind, filter: RowFilter = {}, options: ListOptions = {}): RecordRow[] {
    this.assertOpen();
    tableOf(kind);
    return selectRows(this.db, kind, filter, options);
  }

  /** Audits a run in the copy. */
  async recordRun(info: RunInfo, status: RunStatus, extra: { error?: string; actions?: unknown } = {}): Promise<string> {
    this.assertOpen();
    const id = info.id ?? randomUUID();
    insertIngestRun(this.db, { ...info, id }, status, extra, this.now().toISOString());
    return id;
  }

  /** One transaction of the copy, written as RecordsStore writes one; if `fn` throws, the copy is as it was. */
  async transaction<T>(info: RunInfo, fn: (tx: RecordsTransaction) => T, summary?: (result: T) => unknown): Promise<{ runId: string; result: T }> {
    this.assertOpen();
    const runId = info.id ?? randomUUID();
    this.db.exec('SAVEPOINT scratch_run');
    try {
      const result = writeRun(this.db, { ...info, id: runId }, this.now(), fn, summary);
      this.db.exec('RELEASE scratch_run');
      return { runId, result };
    } catch (err) {
      this.db.exec('ROLLBACK TO scratch_run');
      this.db.exec('RELEASE scratch_run');
      throw err;
    }
  }

  /** Frees the copy; the file was never touched. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('these scratch records were closed');
  }
}
