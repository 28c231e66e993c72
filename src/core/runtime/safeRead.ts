/**
 * Reads one text file of a folder someone else wrote (a skill folder, a SKILL.md's folder) without
 * leaving it. A skill's description.md that was a link to a file elsewhere was exported with it,
 * and one linked to /dev/zero grew the process to 16.9 GB: so links are resolved and the real file
 * must be inside the folder's real path, only a regular file is read (not a device, a FIFO that
 * would block the open, or a socket), and no more than a size cap is ever read. Each refusal
 * names the file and the reason, so the user knows what to fix.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Why a file was not read. */
export type SafeReadReason = 'missing' | 'outside' | 'not-a-file' | 'too-large' | 'not-utf8' | 'unreadable';

export class SafeReadError extends Error {
  constructor(readonly file: string, readonly reason: SafeReadReason, message: string) {
    super(message);
    this.name = 'SafeReadError';
  }
}

/** The default cap: far above any skill file or description, far below what hurts. */
export const SAFE_READ_MAX_BYTES = 1024 * 1024;

// O_NOFOLLOW: a link swapped in after the check is refused, not followed. O_NONBLOCK: a FIFO
// does not block the open (it is refused right after, as not a regular file). O_NOCTTY: a
// terminal never becomes ours. Windows has none of them (0); the checks before the open remain.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOCTTY ?? 0);

function inside(root: string, child: string): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The UTF-8 text of `file` (absolute, or relative to `root`), which must really be a regular file
 * inside `root` after every link is resolved, of at most `maxBytes`. A leading BOM is dropped.
 * Throws SafeReadError otherwise; `shown` is how the file is named in the message.
 */
export function readInsideSync(root: string, file: string, options: { maxBytes?: number; shown?: string } = {}): string {
  const maxBytes = options.maxBytes ?? SAFE_READ_MAX_BYTES;
  const wanted = path.resolve(root, file);
  const shown = options.shown ?? wanted;
  const refuse = (reason: SafeReadReason, message: string) => new SafeReadError(shown, reason, `${shown}: ${message}`);
  let realRoot: string;
  let real: string;
  try {
    realRoot = fs.realpathSync(root);
    real = fs.realpathSync(wanted);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw refuse('missing', 'does not exist');
    throw refuse('unreadable', `cannot be read (${(err as Error).message})`);
  }
  if (!inside(realRoot, real)) throw refuse('outside', `is a link to ${real}, outside ${root}; it was not read (copy the file into the folder instead)`);
  let fd: number;
  try {
    fd = fs.openSync(real, OPEN_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw refuse('outside', 'became a link while it was being read; it was not read');
    if (code === 'ENXIO' || code === 'ENODEV') throw refuse('not-a-file', 'is not a regular file (a device, FIFO or socket); it was not read');
    throw refuse('unreadable', `cannot be opened (${code ?? (err as Error).message})`);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw refuse('not-a-file', 'is not a regular file (a device, FIFO, socket or folder); it was not read');
    const named = fs.statSync(real);
    if (named.dev !== st.dev || named.ino !== st.ino) throw refuse('outside', 'changed while it was being read; it was not read');
    const limit = `${Math.floor(maxBytes / 1024).toLocaleString('en-US')} KB`;
    if (st.size > maxBytes) throw refuse('too-large', `is ${Math.ceil(st.size / 1024).toLocaleString('en-US')} KB, over the limit of ${limit}; it was not read`);
    // Read from the checked descriptor, never more than the cap (a file may grow after fstat).
    const buf = Buffer.allocUnsafe(maxBytes + 1);
    let total = 0;
    for (let n; total <= maxBytes && (n = fs.readSync(fd, buf, total, maxBytes + 1 - total, null)) > 0;) total += n;
    if (total > maxBytes) throw refuse('too-large', `is over the limit of ${limit}; it was not read`);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, total)).replace(/^\uFEFF/, '');
    } catch {
      throw refuse('not-utf8', 'is not UTF-8 text; save it as UTF-8');
    }
  } finally {
    fs.closeSync(fd);
  }
}
