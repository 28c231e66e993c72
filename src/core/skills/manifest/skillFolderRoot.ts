// Folders and files below one skills root, never leaving it: the root opened by its real path,
// its skill folders and chain files listed, and each file read with a size cap, as text or as
// the problem that kept it from being read.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { FILE_START, problem, type ManifestProblem, type ProblemData } from './problems';

export const inside = (p: string, root: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** A file's text, or the problem that kept it from being read. */
export type Read = { text: string } | { problem: Omit<ManifestProblem, 'file'> };

export const fileProblem = (message: string, code: ManifestProblem['code'], data: ProblemData): { problem: Omit<ManifestProblem, 'file'> } => ({
  problem: { ...FILE_START, message, code, severity: 'error', path: '', data },
});

/** Folders and files below one root, never leaving it. */
export class Root {
  private constructor(readonly shown: string, readonly real: string, readonly builtIn: boolean) {}

  static async open(dir: string, builtIn: boolean): Promise<Root | ManifestProblem | undefined> {
    const shown = path.resolve(dir);
    let real: string;
    try {
      real = await fs.promises.realpath(shown);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // a skills folder that does not exist is normal
      return problem(shown, FILE_START, `the skills folder could not be read (${(err as Error).message})`, 'file-unreadable', '', { data: { reason: 'folder', detail: (err as Error).message } });
    }
    const st = await fs.promises.stat(real);
    if (!st.isDirectory()) return problem(shown, FILE_START, 'a skills path must be a folder; this is a file', 'file-unreadable', '', { data: { reason: 'not-a-folder' } });
    return new Root(shown, real, builtIn);
  }

  /**
   * The real path of `p` (a path under this root) if it stays inside the root. A link is judged
   * by where it points before anything outside is touched.
   */
  async resolve(p: string): Promise<string | undefined> {
    const st = await fs.promises.lstat(p);
    if (st.isSymbolicLink()) {
      const target = path.resolve(path.dirname(p), await fs.promises.readlink(p));
      if (!inside(target, this.real) && !inside(target, this.shown)) return undefined;
    }
    const real = await fs.promises.realpath(p);
    return inside(real, this.real) ? real : undefined;
  }

  /** Directory entries, sorted, as paths under the root's real path. */
  async list(realDir: string): Promise<fs.Dirent[]> {
    const entries = await fs.promises.readdir(realDir, { withFileTypes: true });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The path users see for a real path under the root. */
  shownPath(real: string): string {
    return path.join(this.shown, path.relative(this.real, real));
  }

  /** Reads a UTF-8 text file under the root, up to maxBytes. */
  async read(p: string, maxBytes: number): Promise<Read> {
    let real: string | undefined;
    try {
      real = await this.resolve(p);
    } catch (err) {
      return fileProblem(`could not be read (${(err as Error).message})`, 'file-unreadable', { reason: 'file', found: path.basename(p), detail: (err as Error).message });
    }
    if (!real) return fileProblem(`${path.basename(p)} is a link to a file outside ${this.shown}; it was not read (copy the file here instead)`, 'file-outside', { reason: 'file', found: path.basename(p) });
    let handle: fs.promises.FileHandle | undefined;
    try {
      // O_NOFOLLOW: a link swapped in after the check above is refused rather than followed;
      // O_NONBLOCK: a FIFO in the folder does not block the open (it is refused as not a regular file).
      handle = await fs.promises.open(real, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOCTTY ?? 0));
      const st = await handle.stat();
      if (!st.isFile()) return fileProblem(`${path.basename(p)} is not a regular file`, 'file-unreadable', { reason: 'not-a-file', found: path.basename(p) });
      if (st.size > maxBytes) return fileProblem(`${path.basename(p)} is ${Math.ceil(st.size / 1024)} KB; the limit is ${Math.floor(maxBytes / 1024)} KB, so it was not read`, 'file-too-large', { found: path.basename(p), limit: Math.floor(maxBytes / 1024) });
      const buf = Buffer.alloc(Math.min(st.size, maxBytes + 1));
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      if (bytesRead > maxBytes) return fileProblem(`${path.basename(p)} is larger than the limit of ${Math.floor(maxBytes / 1024)} KB, so it was not read`, 'file-too-large', { found: path.basename(p), limit: Math.floor(maxBytes / 1024) });
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, bytesRead));
        return { text: text.replace(/^\uFEFF/, '') };
      } catch {
        return fileProblem(`${path.basename(p)} is not UTF-8 text; save it as UTF-8`, 'file-encoding', { found: path.basename(p) });
      }
    } catch (err) {
      return fileProblem(`${path.basename(p)} could not be read (${(err as Error).message})`, 'file-unreadable', { reason: 'file', found: path.basename(p), detail: (err as Error).message });
    } finally {
      await handle?.close();
    }
  }
}
