import * as fs from 'node:fs';
import * as path from 'node:path';

/** The file operations an atomic write uses; tests swap one out to simulate a crash. */
export interface WriteOps {
  writeFileSync: typeof fs.writeFileSync;
  fsyncSync: typeof fs.fsyncSync;
  renameSync: typeof fs.renameSync;
}

const realOps: WriteOps = { writeFileSync: fs.writeFileSync, fsyncSync: fs.fsyncSync, renameSync: fs.renameSync };

/**
 * Writes `data` to `file` so that a crash at any point leaves either the old file or the new one,
 * never a torn mix: write a temp file in the same folder, fsync it, then rename over the target.
 */
export function writeFileAtomic(file: string, data: Uint8Array | string, ops: WriteOps = realOps): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(tmp, 'w', 0o600);
    ops.writeFileSync(fd, data);
    ops.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    ops.renameSync(tmp, file);
  } catch (err) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  try {
    // Persist the rename itself; not every platform lets a directory be opened, so this is best effort.
    const dfd = fs.openSync(dir, 'r');
    fs.fsyncSync(dfd);
    fs.closeSync(dfd);
  } catch {
    /* directory fsync unsupported here */
  }
}
