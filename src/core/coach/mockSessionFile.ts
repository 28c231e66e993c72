/**
 * Where an unfinished mock interview waits between runs (a reload of VS Code, a closed terminal):
 * one JSON file, written atomically after every answer, removed when the session is diagnosed. A
 * file that cannot be read is never overwritten silently: the error names it and what to do.
 */
import * as fs from 'node:fs';
import { writeFileAtomic } from '../store/atomicWrite';
import { MOCK_SESSION_FORMAT, type MockSession } from './mockSession';

/** A session file that cannot be used. */
export class MockSessionError extends Error {}

/** Reads the saved session; undefined when there is none. */
export function readMockSession(file: string): MockSession | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new MockSessionError(`cannot read the saved mock interview ${file}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MockSessionError(`the saved mock interview ${file} is not valid JSON; move it away (or delete it) to start a new one`);
  }
  const s = value as Partial<MockSession> | null;
  if (!s || typeof s !== 'object' || s.format !== MOCK_SESSION_FORMAT || typeof s.id !== 'string' || !Array.isArray(s.turns) || !Array.isArray(s.queue)
    || (s.language !== 'zh' && s.language !== 'en') || !s.options || (s.status !== 'active' && s.status !== 'finished' && s.status !== 'ended')) {
    throw new MockSessionError(`the saved mock interview ${file} is not one this version can resume; move it away (or delete it) to start a new one`);
  }
  return s as MockSession;
}

/** Saves the session atomically (a crash leaves the old file or the new one). */
export function writeMockSession(file: string, session: MockSession): void {
  writeFileAtomic(file, `${JSON.stringify(session, null, 2)}\n`);
}

/** Forgets the saved session. */
export function clearMockSession(file: string): void {
  fs.rmSync(file, { force: true });
}
