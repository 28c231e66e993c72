import * as path from 'node:path';
import type { Database } from 'sql.js';
import type { Report } from '../report/model';
import type { WriteOps } from '../../store/atomicWrite';
import { ReportBodies } from './reportBodies';
import { SharedDatabase, tempFilesOf } from '../../store/sharedDatabase';
import { StoreError } from '../../store/storeError';

export { StoreError as HistoryError } from '../../store/storeError';

/** Where a stored report came from and how it scored, without the full body. */
export interface HistoryRow {
  id: string;
  userId: string;
  createdAt: string;
  source: string;
  overallScore: number;
  /** What it was computed from (a file's URI, a mock interview's key), when known. */
  sourceKey: string | null;
  /** sha256 of the text diagnosed, when known: whether the file still holds it. */
  textHash: string | null;
}

/** What changed in the history through this store (another process's changes are seen on the next read). */
export interface HistoryChange {
  kind: 'saved' | 'deleted';
  id: string;
}

/** What a save did: whether the report was kept and how many old reports made room for it. */
export interface SaveOutcome {
  saved: boolean;
  /** Oldest reports removed to stay under the limit. */
  pruned: number;
  prunedBytes: number;
  limitBytes: number;
  /** Compressed size of the report just saved (or refused). */
  reportBytes: number;
}

/** Which file and which text a report was computed from, so it can be shown again while they match. */
export interface ReportOrigin {
  /** The document's URI (editor) or file URL (CLI). */
  sourceKey: string;
  /** sha256 of the exact text diagnosed. */
  textHash: string;
}

/** Which of a user's reports `last` may return. */
export interface LastReportQuery {
  excludeId?: string;
  excludeIds?: readonly string[];
  /** Only reports computed from this exact text (sha256, see ReportOrigin). */
  textHash?: string;
  /** Not reports computed from this exact text. */
  excludeTextHash?: string;
  /** Only reports computed from this file (any text: see ReportOrigin). */
  sourceKey?: string;
}

/** Reports kept between sessions; `HistoryStore` is the file-backed implementation. */
export interface ReportHistory {
  save(report: Report, origin?: ReportOrigin): Promise<SaveOutcome>;
  /** The newest report computed from this file with exactly this text, if any. */
  latestFor(origin: ReportOrigin): Report | null;
  /** The user's newest report that matches the query. */
  last(userId: string, options?: LastReportQuery): Report | null;
  list(userId: string, limit?: number): HistoryRow[];
  get(id: string): Report | null;
}

/** Default size limit of the history (index plus compressed reports). */
export const DEFAULT_HISTORY_LIMIT_BYTES = 200 * 1024 * 1024;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS reports (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  source TEXT NOT NULL,
  overall INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS reports_user_time ON reports(user_id, created_at);
`;

/** Brings any earlier layout up to date in memory; the file changes only with the next write. */
function prepare(db: Database): void {
  db.exec(SCHEMA);
  const columns = new Set<string>();
  const info = db.exec('PRAGMA table_info(reports)');
  for (const row of info[0]?.values ?? []) columns.add(String(row[1]));
  // Version 1 kept every body inline in `body`; version 2 keeps '' there and the body in a gzip file.
  if (!columns.has('body_file')) db.exec('ALTER TABLE reports ADD COLUMN body_file TEXT');
  if (!columns.has('bytes')) db.exec('ALTER TABLE reports ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0');
  if (!columns.has('source_key')) db.exec('ALTER TABLE reports ADD COLUMN source_key TEXT');
  if (!columns.has('text_hash')) db.exec('ALTER TABLE reports ADD COLUMN text_hash TEXT');
  db.exec('CREATE INDEX IF NOT EXISTS reports_source ON reports(source_key, text_hash)');
}

function scalar(db: Database, sql: string, params: Array<string | number> = []): number {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    return stmt.step() ? Number(stmt.get()[0]) : 0;
  } finally {
    stmt.free();
  }
}

/** Bytes the history occupies: live database pages plus compressed bodies. */
function occupiedBytes(db: Database): number {
  const pageSize = scalar(db, 'PRAGMA page_size');
  const pages = scalar(db, 'PRAGMA page_count') - scalar(db, 'PRAGMA freelist_count');
  return pages * pageSize + scalar(db, 'SELECT COALESCE(SUM(bytes), 0) FROM reports');
}

/**
 * History of reports shared by every CLI run and VS Code window: an index in one sql.js file
 * (written under a cross-process lock, see SharedDatabase) and each report compressed in its own
 * file, kept under a size limit by removing the oldest reports.
 */
export class HistoryStore implements ReportHistory {
  /** Size limit in bytes; the extension updates it when the setting changes. */
  limitBytes: number;

  private readonly listeners = new Set<(change: HistoryChange) => void>();

  private constructor(
    private readonly shared: SharedDatabase,
    private readonly bodies: ReportBodies,
    limitBytes: number,
  ) {
    this.limitBytes = limitBytes;
  }

  /** Calls `listener` after each report this store saves or deletes; returns how to stop. */
  onDidChange(listener: (change: HistoryChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private changed(change: HistoryChange): void {
    // A listener's failure is its own: the save or delete has happened and stays reported as done.
    for (const l of [...this.listeners]) {
      try {
        l(change);
      } catch {
        /* ignored on purpose */
      }
    }
  }

  get file(): string {
    return this.shared.file;
  }

  /**
   * Opens (or creates) the history. A corrupt file is reported, never overwritten. Leftovers of
   * writers that were killed (temp files, bodies no index row points at) are removed.
   */
  static async open(
    file: string,
    options: { wasmPath?: string; writeOps?: WriteOps; lockStaleMs?: number; limitBytes?: number } = {},
  ): Promise<HistoryStore> {
    const shared = await SharedDatabase.open(file, { wasmPath: options.wasmPath, writeOps: options.writeOps, lockStaleMs: options.lockStaleMs, prepare });
    const bodies = new ReportBodies(reportBodiesDir(file), options.writeOps);
    const store = new HistoryStore(shared, bodies, options.limitBytes ?? DEFAULT_HISTORY_LIMIT_BYTES);
    // Only a look without the lock in the common case: opening must not wait for (or load the
    // lock library for) a writer in another window when there is nothing to clean.
    const referenced = () => new Set(
      shared.read((db) => db.exec('SELECT body_file FROM reports WHERE body_file IS NOT NULL')[0]?.values ?? []).map((r) => String(r[0])),
    );
    if (tempFilesOf(file).length > 0 || bodies.hasLeftovers(referenced())) {
      try {
        await shared.cleanUp(() => {
          bodies.removeUnreferenced(referenced());
        });
      } catch (err) {
        // A busy lock only postpones the clean-up to the next open; an unreadable file is the caller's problem.
        if (!(err instanceof StoreError)) throw err;
        if (/cannot be read/.test(err.message)) throw err;
      }
    }
    return store;
  }

  async save(report: Report, origin?: ReportOrigin): Promise<SaveOutcome> {
    const packed = ReportBodies.pack(JSON.stringify(report));
    const limit = this.limitBytes;
    if (packed.length > limit) {
      return { saved: false, pruned: 0, prunedBytes: 0, limitBytes: limit, reportBytes: packed.length };
    }
    const outcome = await this.shared.write((db, tx) => {
      let compact = this.moveInlineBodies(db, tx);
      const name = ReportBodies.nameFor(report.id);
      this.bodies.write(name, packed);
      tx.onRollback(() => this.bodies.remove(name));
      const replaced = db.exec('SELECT body_file FROM reports WHERE id = ?', [report.id])[0]?.values[0]?.[0];
      if (replaced) tx.onCommit(() => this.bodies.remove(String(replaced)));
      db.run('INSERT OR REPLACE INTO reports (id, user_id, created_at, source, overall, body, body_file, bytes, source_key, text_hash) VALUES (?, ?, ?, ?, ?, \'\', ?, ?, ?, ?)', [
        report.id, report.userId, report.createdAt, report.source, report.summary.overallScore, name, packed.length,
        origin?.sourceKey ?? null, origin?.textHash ?? null,
      ]);
      let pruned = 0;
      let prunedBytes = 0;
      let total = occupiedBytes(db);
      while (total > limit) {
        const oldest = db.exec('SELECT id, body_file, bytes FROM reports WHERE id != ? ORDER BY created_at ASC, rowid ASC LIMIT 1', [report.id])[0]?.values[0];
        if (!oldest) break;
        const [id, file, bytes] = oldest;
        db.run('DELETE FROM reports WHERE id = ?', [String(id)]);
        if (file) tx.onCommit(() => this.bodies.remove(String(file)));
        pruned++;
        prunedBytes += Number(bytes);
        total = occupiedBytes(db);
      }
      const pages = scalar(db, 'PRAGMA page_count');
      if (scalar(db, 'PRAGMA freelist_count') > Math.max(64, pages / 4)) compact = true;
      if (compact) tx.compactAfterCommit();
      return { saved: true, pruned, prunedBytes, limitBytes: limit, reportBytes: packed.length };
    });
    this.changed({ kind: 'saved', id: report.id });
    return outcome;
  }

  /**
   * Deletes a report: its index row and its body, in one locked write (the body file goes only
   * once the index no longer points at it). False when no such report was stored (already gone).
   */
  async delete(id: string): Promise<boolean> {
    const deleted = await this.shared.write((db, tx) => {
      const row = db.exec('SELECT body_file FROM reports WHERE id = ?', [id])[0]?.values[0];
      if (!row) return false;
      db.run('DELETE FROM reports WHERE id = ?', [id]);
      if (row[0]) tx.onCommit(() => this.bodies.remove(String(row[0])));
      return true;
    });
    if (deleted) this.changed({ kind: 'deleted', id });
    return deleted;
  }

  last(userId: string, options: LastReportQuery = {}): Report | null {
    const where = ['user_id = ?'];
    const params = [userId];
    const excluded = [...(options.excludeIds ?? []), ...(options.excludeId ? [options.excludeId] : [])];
    if (excluded.length) {
      where.push(`id NOT IN (${excluded.map(() => '?').join(', ')})`);
      params.push(...excluded);
    }
    if (options.textHash) {
      where.push('text_hash = ?');
      params.push(options.textHash);
    }
    if (options.excludeTextHash) {
      where.push('(text_hash IS NULL OR text_hash != ?)');
      params.push(options.excludeTextHash);
    }
    if (options.sourceKey) {
      where.push('source_key = ?');
      params.push(options.sourceKey);
    }
    return this.readBody(`SELECT body, body_file FROM reports WHERE ${where.join(' AND ')} ORDER BY created_at DESC, rowid DESC LIMIT 1`, params);
  }

  latestFor(origin: ReportOrigin): Report | null {
    return this.readBody('SELECT body, body_file FROM reports WHERE source_key = ? AND text_hash = ? ORDER BY created_at DESC, rowid DESC LIMIT 1', [
      origin.sourceKey, origin.textHash,
    ]);
  }

  get(id: string): Report | null {
    return this.readBody('SELECT body, body_file FROM reports WHERE id = ?', [id]);
  }

  list(userId: string, limit = 50): HistoryRow[] {
    return this.shared.read((db) => {
      const stmt = db.prepare('SELECT id, user_id, created_at, source, overall, source_key, text_hash FROM reports WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?');
      const rows: HistoryRow[] = [];
      try {
        stmt.bind([userId, limit]);
        while (stmt.step()) {
          const [id, user, createdAt, source, overall, sourceKey, textHash] = stmt.get();
          rows.push({
            id: String(id), userId: String(user), createdAt: String(createdAt), source: String(source), overallScore: Number(overall),
            sourceKey: sourceKey === null || sourceKey === undefined ? null : String(sourceKey), textHash: textHash === null || textHash === undefined ? null : String(textHash),
          });
        }
      } finally {
        stmt.free();
      }
      return rows;
    });
  }

  close(): void {
    this.shared.close();
  }

  private readBody(sql: string, params: string[]): Report | null {
    // A body can vanish between reading the index and the file when another process prunes it:
    // then the index has changed too, and one more read sees the new state.
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = this.shared.read((db) => db.exec(sql, params)[0]?.values[0]);
      if (!row) return null;
      const [inline, file] = row;
      if (!file) return JSON.parse(String(inline)) as Report;
      const json = this.bodies.read(String(file));
      if (json !== null) return JSON.parse(json) as Report;
    }
    return null;
  }

  /** Moves bodies a version-1 history kept inline into files; returns whether the file should be compacted. */
  private moveInlineBodies(db: Database, tx: { onRollback(fn: () => void): void }): boolean {
    const rows = db.exec("SELECT id, body FROM reports WHERE body != ''")[0]?.values ?? [];
    for (const [id, body] of rows) {
      const packed = ReportBodies.pack(String(body));
      const name = ReportBodies.nameFor(String(id));
      this.bodies.write(name, packed);
      tx.onRollback(() => this.bodies.remove(name));
      db.run("UPDATE reports SET body = '', body_file = ?, bytes = ? WHERE id = ?", [name, packed.length, String(id)]);
    }
    return rows.length > 0;
  }
}

/** Folder of the compressed report bodies of a history file. */
export function reportBodiesDir(file: string): string {
  return path.join(path.dirname(file), `${path.basename(file)}.reports`);
}
