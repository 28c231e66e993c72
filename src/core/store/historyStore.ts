import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import { loadSql } from './sqlite';
import type { Report } from '../report/model';
import { writeFileAtomic, type WriteOps } from './atomicWrite';

/** Where a stored report came from and how it scored, without the full body. */
export interface HistoryRow {
  id: string;
  userId: string;
  createdAt: string;
  source: string;
  overallScore: number;
}

/** Reports kept between sessions; `HistoryStore` is the sql.js file-backed implementation. */
export interface ReportHistory {
  save(report: Report): void;
  last(userId: string, options?: { excludeId?: string }): Report | null;
  list(userId: string, limit?: number): HistoryRow[];
  get(id: string): Report | null;
}

/** A stored database that cannot be read; says which file and what to do. */
export class HistoryError extends Error {}

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

async function openSql(wasmPath?: string): Promise<SqlJsStatic> {
  try {
    return await loadSql(wasmPath);
  } catch (err) {
    throw new HistoryError((err as Error).message);
  }
}

/** History of reports in one SQLite file; every change is persisted atomically before returning. */
export class HistoryStore implements ReportHistory {
  private constructor(
    private readonly db: Database,
    readonly file: string,
    private readonly writeOps?: WriteOps,
  ) {}

  /** Opens (or creates) the database file. A corrupt file is reported, never overwritten. */
  static async open(file: string, options: { wasmPath?: string; writeOps?: WriteOps } = {}): Promise<HistoryStore> {
    const SQL = await openSql(options.wasmPath);
    let db: Database;
    if (fs.existsSync(file)) {
      try {
        db = new SQL.Database(fs.readFileSync(file));
        db.exec('SELECT count(*) FROM sqlite_master');
      } catch (err) {
        throw new HistoryError(`history database ${file} cannot be read (${(err as Error).message}); move it aside to start a new history`);
      }
    } else {
      db = new SQL.Database();
    }
    db.exec(SCHEMA);
    return new HistoryStore(db, file, options.writeOps);
  }

  save(report: Report): void {
    this.db.exec('BEGIN');
    try {
      this.db.run('INSERT OR REPLACE INTO reports (id, user_id, created_at, source, overall, body) VALUES (?, ?, ?, ?, ?, ?)', [
        report.id, report.userId, report.createdAt, report.source, report.summary.overallScore, JSON.stringify(report),
      ]);
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
    try {
      writeFileAtomic(this.file, this.db.export(), this.writeOps);
    } catch (err) {
      // Keep memory and disk in step: what could not be persisted is not kept either.
      this.db.run('DELETE FROM reports WHERE id = ?', [report.id]);
      throw err;
    }
  }

  last(userId: string, options: { excludeId?: string } = {}): Report | null {
    const stmt = this.db.prepare(
      'SELECT body FROM reports WHERE user_id = ? AND id != ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    );
    try {
      stmt.bind([userId, options.excludeId ?? '']);
      return stmt.step() ? (JSON.parse(String(stmt.get()[0])) as Report) : null;
    } finally {
      stmt.free();
    }
  }

  get(id: string): Report | null {
    const stmt = this.db.prepare('SELECT body FROM reports WHERE id = ?');
    try {
      stmt.bind([id]);
      return stmt.step() ? (JSON.parse(String(stmt.get()[0])) as Report) : null;
    } finally {
      stmt.free();
    }
  }

  list(userId: string, limit = 50): HistoryRow[] {
    const stmt = this.db.prepare(
      'SELECT id, user_id, created_at, source, overall FROM reports WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
    );
    const rows: HistoryRow[] = [];
    try {
      stmt.bind([userId, limit]);
      while (stmt.step()) {
        const [id, user, createdAt, source, overall] = stmt.get();
        rows.push({ id: String(id), userId: String(user), createdAt: String(createdAt), source: String(source), overallScore: Number(overall) });
      }
    } finally {
      stmt.free();
    }
    return rows;
  }

  close(): void {
    this.db.close();
  }
}
