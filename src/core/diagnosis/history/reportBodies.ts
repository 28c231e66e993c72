import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { writeFileAtomic, type WriteOps } from '../../store/atomicWrite';

/**
 * Report bodies as gzip files beside the history index, one per report. Saving a report then
 * writes its own few kilobytes plus a small index, instead of re-exporting every report ever
 * stored (sql.js can only save a database whole).
 */
export class ReportBodies {
  constructor(readonly dir: string, private readonly writeOps?: WriteOps) {}

  /** Compresses a report body; the size is what counts against the history limit. */
  static pack(json: string): Buffer {
    return gzipSync(json, { level: 6 });
  }

  /** A fresh file name for a report id: never reuses a name, so a failed save cannot clobber an earlier body. */
  static nameFor(id: string): string {
    const h = createHash('sha256').update(id).digest('hex').slice(0, 24);
    return `${h}-${randomBytes(4).toString('hex')}.json.gz`;
  }

  write(name: string, packed: Buffer): void {
    writeFileAtomic(path.join(this.dir, name), packed, this.writeOps);
  }

  /** The report JSON, or null when the file is gone (pruned by another process since the index was read). */
  read(name: string): string | null {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(this.dir, ReportBodies.safe(name)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return gunzipSync(bytes).toString('utf8');
  }

  remove(name: string): void {
    fs.rmSync(path.join(this.dir, ReportBodies.safe(name)), { force: true });
  }

  /** Whether the folder holds temp files or bodies no index row points at (checked without the lock). */
  hasLeftovers(referenced: ReadonlySet<string>): boolean {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return false;
    }
    return names.some((n) => (n.startsWith('.') && n.endsWith('.tmp')) || (n.endsWith('.json.gz') && !referenced.has(n)));
  }

  /** Deletes bodies no index row points at and temp files of interrupted writes; call under the lock. */
  removeUnreferenced(referenced: ReadonlySet<string>): number {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const n of names) {
      const isTemp = n.startsWith('.') && n.endsWith('.tmp');
      const isBody = n.endsWith('.json.gz');
      if (isTemp || (isBody && !referenced.has(n))) {
        fs.rmSync(path.join(this.dir, n), { force: true });
        removed++;
      }
    }
    return removed;
  }

  // Names come from our own index, but the index is a file on disk: never let one reach outside the folder.
  private static safe(name: string): string {
    if (!/^[0-9a-f]{24}-[0-9a-f]{8}\.json\.gz$/.test(name)) throw new Error(`invalid report file name in the history index: ${name.slice(0, 60)}`);
    return name;
  }
}
