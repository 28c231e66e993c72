import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import { writeFileAtomic, type WriteOps } from './atomicWrite';
import { withFileLock, LockTimeoutError } from './fileLock';
import { loadSql } from './sqlite';
import { StoreError } from './storeError';

/** Hooks a write transaction can register: side files to delete once committed, or to undo on failure. */
export interface WriteTransaction {
  onCommit(fn: () => void): void;
  onRollback(fn: () => void): void;
  /** Rebuild the file after this commit (VACUUM) because much was deleted. */
  compactAfterCommit(): void;
}

/** Options of a shared database file. */
export interface SharedDatabaseOptions {
  wasmPath?: string;
  /** Swapped by tests to simulate a crash in the middle of a write. */
  writeOps?: WriteOps;
  /** A writer's lock older than this is taken over (a writer that was killed); tests shorten it. */
  lockStaleMs?: number;
  /** Brings a database loaded from disk up to date (CREATE IF NOT EXISTS, added columns); runs on every load. */
  prepare: (db: Database) => void;
}

/** Identity of the file a database was loaded from: any rename-over or rewrite changes it. */
function identityOf(file: string): string | null {
  try {
    const s = fs.statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/** Temp files of atomic writes to `file` ("." + name + "." … ".tmp"), whoever left them. */
export function tempFilesOf(file: string): string[] {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  try {
    return fs.readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.tmp')).map((n) => path.join(dir, n));
  } catch {
    return [];
  }
}

/**
 * A sql.js database in one file that any number of processes (CLI runs, VS Code windows) read and
 * write without losing each other's changes. sql.js holds the database in memory and can only save
 * the whole file, so a writer: takes the cross-process lock, re-reads the file if another process
 * replaced it, applies its transaction, writes the file atomically, and releases. Readers re-read
 * when the file's identity changed, so they see what other processes saved.
 */
export class SharedDatabase {
  private db: Database;
  private loadedIdentity: string | null;

  private constructor(
    private readonly SQL: SqlJsStatic,
    readonly file: string,
    private readonly options: SharedDatabaseOptions,
  ) {
    this.loadedIdentity = null;
    this.db = this.load();
  }

  /** Opens (or starts) the database. A corrupt file is reported and never overwritten. */
  static async open(file: string, options: SharedDatabaseOptions): Promise<SharedDatabase> {
    let SQL: SqlJsStatic;
    try {
      SQL = await loadSql(options.wasmPath);
    } catch (err) {
      throw new StoreError((err as Error).message);
    }
    return new SharedDatabase(SQL, file, options);
  }

  /** Options a lock is taken with, for the side files a caller keeps beside the database. */
  get lockOptions(): { staleMs?: number } {
    return { staleMs: this.options.lockStaleMs };
  }

  /** Runs a read against the latest committed state on disk. */
  read<T>(fn: (db: Database) => T): T {
    this.refresh();
    return fn(this.db);
  }

  /**
   * Runs `fn` as one transaction under the cross-process lock and persists it before resolving.
   * If anything fails, nothing is written, the rollback hooks run, and memory is reloaded from disk.
   */
  async write<T>(fn: (db: Database, tx: WriteTransaction) => T): Promise<T> {
    try {
      return await withFileLock(this.file, (stillHeld) => this.writeLocked(fn, stillHeld), { staleMs: this.options.lockStaleMs });
    } catch (err) {
      if (err instanceof LockTimeoutError) throw new StoreError(err.message);
      throw err;
    }
  }

  /**
   * Removes what killed writers left: temp files of interrupted atomic writes. Only a lock holder
   * writes temp files, so any found while holding the lock belong to a writer that is gone.
   */
  async cleanUp(extra?: () => void): Promise<number> {
    return withFileLock(this.file, () => {
      const temps = tempFilesOf(this.file);
      for (const t of temps) fs.rmSync(t, { force: true });
      extra?.();
      return temps.length;
    }, { staleMs: this.options.lockStaleMs });
  }

  close(): void {
    this.db.close();
  }

  private writeLocked<T>(fn: (db: Database, tx: WriteTransaction) => T, stillHeld: () => boolean): T {
    this.refresh();
    const commits: Array<() => void> = [];
    const rollbacks: Array<() => void> = [];
    let compact = false;
    const tx: WriteTransaction = {
      onCommit: (f) => commits.push(f),
      onRollback: (f) => rollbacks.push(f),
      compactAfterCommit: () => {
        compact = true;
      },
    };
    let result: T;
    try {
      this.db.exec('BEGIN');
      result = fn(this.db, tx);
      this.db.exec('COMMIT');
      if (compact) this.db.exec('VACUUM');
      if (!stillHeld()) throw new StoreError(`lost the lock on ${this.file} while writing (was the machine asleep?); nothing was saved, try again`);
      const data = this.db.export();
      // Compare and swap: a writer that took the lock over while this one was stalled (a loaded
      // machine can stop a process for seconds) may have replaced the file since it was read;
      // writing over it would drop that writer's saves.
      if (identityOf(this.file) !== this.loadedIdentity) throw new StoreError(`another process wrote ${this.file} while this write was stalled; nothing was saved, try again`);
      writeFileAtomic(this.file, data, this.options.writeOps);
    } catch (err) {
      // Memory must not keep what the disk does not have: undo side files and reload the last commit.
      for (const r of rollbacks) {
        try {
          r();
        } catch {
          /* best effort: the next cleanUp removes leftovers */
        }
      }
      this.loadedIdentity = null;
      this.db.close();
      this.db = this.load();
      throw err;
    }
    this.loadedIdentity = identityOf(this.file);
    for (const c of commits) {
      try {
        c();
      } catch {
        /* leftovers are removed by the next cleanUp */
      }
    }
    return result;
  }

  /** Re-reads the file when another process replaced it since it was loaded. */
  private refresh(): void {
    const now = identityOf(this.file);
    if (now === this.loadedIdentity) return;
    const next = this.load();
    this.db.close();
    this.db = next;
  }

  private load(): Database {
    const identity = identityOf(this.file);
    let db: Database;
    if (identity === null) {
      db = new this.SQL.Database();
    } else {
      try {
        db = new this.SQL.Database(fs.readFileSync(this.file));
        db.exec('SELECT count(*) FROM sqlite_master');
      } catch (err) {
        throw new StoreError(`database ${this.file} cannot be read (${(err as Error).message}); move it aside to start a new one`);
      }
    }
    this.options.prepare(db);
    this.loadedIdentity = identity;
    return db;
  }
}
