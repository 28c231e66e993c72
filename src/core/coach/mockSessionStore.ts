/**
 * Where mock interviews wait between runs (a reload of VS Code, a closed terminal): a sql.js file
 * beside the history (mock-sessions.sqlite), shared by every VS Code window and CLI run through
 * SharedDatabase, so it is written atomically under the cross-process lock. The session is saved
 * after every answer and removed once it is diagnosed into the history, so whatever is in the store
 * is unfinished. A saved session that this
 * version cannot read is reported with what to do, never overwritten silently.
 */
import type { Database } from 'sql.js';
import { SharedDatabase } from '../store/sharedDatabase';
import { StoreError } from '../store/storeError';
import { MOCK_SESSION_FORMAT, type MockSession } from './mockSession';

/** A saved session that cannot be used (its id, so it can be discarded), or a store that cannot be read. */
export class MockSessionError extends Error {
  constructor(message: string, readonly sessionId?: string) {
    super(message);
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS mock_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  status TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS mock_sessions_user ON mock_sessions(user_id, status, updated_at);
`;

/** The session in `text`, checked for the fields resuming needs; `where` names it in the error. */
export function parseMockSession(text: string, where: string, id?: string): MockSession {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MockSessionError(`the saved mock interview ${where} is not valid JSON; discard it (start a new interview) to go on`, id);
  }
  const s = value as Partial<MockSession> | null;
  const turnsOk = Array.isArray(s?.turns) && s!.turns.every((t) => t && typeof t.entryId === 'string' && typeof t.question === 'string' && (t.kind === 'question' || t.kind === 'follow-up'));
  if (!s || typeof s !== 'object' || s.format !== MOCK_SESSION_FORMAT || typeof s.id !== 'string' || !turnsOk || !Array.isArray(s.queue)
    || (s.language !== 'zh' && s.language !== 'en') || !s.options || (s.status !== 'active' && s.status !== 'finished' && s.status !== 'ended')) {
    throw new MockSessionError(`the saved mock interview ${where} is not one this version can resume; discard it (start a new interview) to go on`, id);
  }
  return s as MockSession;
}

/** The mock interviews in progress, per user; one file for every window and CLI run. */
export class MockSessionStore {
  private constructor(private readonly shared: SharedDatabase) {}

  get file(): string {
    return this.shared.file;
  }

  /** Opens (or starts) the store. A file that is not a database is reported and left as it is. */
  static async open(file: string, options: { wasmPath?: string; lockStaleMs?: number } = {}): Promise<MockSessionStore> {
    try {
      return new MockSessionStore(await SharedDatabase.open(file, { ...options, prepare: (db: Database) => db.exec(SCHEMA) }));
    } catch (err) {
      if (err instanceof StoreError) throw new MockSessionError(err.message);
      throw err;
    }
  }

  /**
   * The user's newest session not yet diagnosed into the history: one waiting for an answer, or
   * one that ended but whose diagnosis did not finish (resuming it diagnoses it). Undefined when none.
   */
  unfinished(userId: string): MockSession | undefined {
    const row = this.shared.read((db) => db.exec(
      'SELECT id, body FROM mock_sessions WHERE user_id = ? ORDER BY updated_at DESC, rowid DESC LIMIT 1', [userId],
    )[0]?.values[0]);
    return row ? parseMockSession(String(row[1]), `${String(row[0])} in ${this.file}`, String(row[0])) : undefined;
  }

  /** The session `id`, whatever its status; undefined when it is not (or no longer) saved. */
  get(id: string): MockSession | undefined {
    const row = this.shared.read((db) => db.exec('SELECT body FROM mock_sessions WHERE id = ?', [id])[0]?.values[0]);
    return row ? parseMockSession(String(row[0]), `${id} in ${this.file}`, id) : undefined;
  }

  /** Saves the session of `userId` (replacing its previous state) in one atomic write. */
  async save(session: MockSession, userId: string): Promise<void> {
    await this.write((db) => db.run('INSERT OR REPLACE INTO mock_sessions (id, user_id, status, updated_at, body) VALUES (?, ?, ?, ?, ?)', [
      session.id, userId, session.status, session.updatedAt, JSON.stringify(session),
    ]));
  }

  /** Forgets the session `id` (diagnosed into the history, or discarded by the user). */
  async remove(id: string): Promise<void> {
    await this.write((db) => db.run('DELETE FROM mock_sessions WHERE id = ?', [id]));
  }

  close(): void {
    this.shared.close();
  }

  private async write(fn: (db: Database) => void): Promise<void> {
    try {
      await this.shared.write((db) => fn(db));
    } catch (err) {
      if (err instanceof StoreError) throw new MockSessionError(err.message);
      throw err;
    }
  }
}
