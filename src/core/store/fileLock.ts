import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as LockfileModule from 'proper-lockfile';

/** How long a lock may go without being refreshed before another process may take it over. */
export const DEFAULT_STALE_MS = 10_000;

/** The lock of a shared file could not be taken; says which lock and what to do. */
export class LockTimeoutError extends Error {}

/** Options of `withFileLock`; tests shorten `staleMs` so a killed writer is recovered quickly. */
export interface FileLockOptions {
  /** A lock older than this (not refreshed by a live holder) is taken over; at least 2000. */
  staleMs?: number;
  /** How long to keep trying before giving up. */
  waitMs?: number;
}

// One queue per lock in this process: two saves in one window wait for each other here instead
// of polling the lock directory against themselves.
const localQueues = new Map<string, Promise<unknown>>();

// Loaded on the first write: proper-lockfile installs exit handlers (signal-exit) when it loads,
// which activation and read-only runs have no use for.
let lockfile: typeof LockfileModule | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadLockfile = (): typeof LockfileModule => (lockfile ??= require('proper-lockfile') as typeof LockfileModule);

/**
 * Runs `fn` while holding an exclusive cross-process lock on `target` (a `<target>.lock` directory
 * managed by proper-lockfile: created atomically with mkdir, refreshed while held, and taken over
 * when its holder died and it went stale). `fn` receives `stillHeld()`, to check just before
 * committing that the lock was not lost (a machine that slept past the stale time).
 */
export async function withFileLock<T>(target: string, fn: (stillHeld: () => boolean) => Promise<T> | T, options: FileLockOptions = {}): Promise<T> {
  const key = path.resolve(target);
  const previous = localQueues.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => lockAndRun(key, fn, options));
  const tail = run.catch(() => undefined);
  localQueues.set(key, tail);
  void tail.then(() => {
    if (localQueues.get(key) === tail) localQueues.delete(key);
  });
  return run;
}

async function lockAndRun<T>(target: string, fn: (stillHeld: () => boolean) => Promise<T> | T, options: FileLockOptions): Promise<T> {
  const stale = Math.max(2000, options.staleMs ?? DEFAULT_STALE_MS);
  const waitMs = options.waitMs ?? Math.max(30_000, stale * 3);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  let compromised = false;
  let release: () => Promise<void>;
  try {
    release = await loadLockfile().lock(target, {
      realpath: false,
      stale,
      // Waits grow from 15 ms to 250 ms with jitter, so many writers spread out instead of polling together.
      retries: { retries: Math.ceil(waitMs / 150), minTimeout: 15, maxTimeout: 250, factor: 1.4, randomize: true },
      onCompromised: () => {
        compromised = true;
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new LockTimeoutError(`${target} is locked by another Interview Lens process (waited ${Math.round(waitMs / 1000)} s); try again, or if none is running delete ${target}.lock`);
    }
    throw err;
  }
  const acquiredAt = Date.now();
  // The lock is refreshed by a timer, which cannot run while a holder does synchronous work: past
  // most of the stale time another process may already have taken it over, so a commit must not go on.
  const stillHeld = () => !compromised && Date.now() - acquiredAt < stale * 0.8;
  try {
    return await fn(stillHeld);
  } finally {
    await release().catch(() => undefined);
  }
}
