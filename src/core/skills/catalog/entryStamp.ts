// What a skills-folder entry looks like on disk without reading it: names, sizes and times of
// its files. Two equal stamps mean nothing the loader reads has changed, so a registry can
// check 100 skills for changes with a few stat calls instead of parsing them all again.

import * as fs from 'node:fs';
import * as path from 'node:path';

const CHAIN_SUFFIX = '.chain.yaml';

/** The entries of a skills folder that the loader looks at: folders (or links) and chain files. */
export async function skillEntries(skillsDir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(skillsDir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isDirectory() || e.isSymbolicLink() || (e.isFile() && e.name.endsWith(CHAIN_SUFFIX)))
    .map((e) => e.name)
    .sort();
}

const stampOf = (name: string, st: fs.Stats) => `${name}:${st.isDirectory() ? 'd' : st.size}:${st.mtimeMs}`;

/**
 * A stamp of one entry (a skill folder: its direct files, which is all the loader reads; a chain
 * file: the file itself), or undefined when it is gone.
 */
export async function entryStamp(entryPath: string): Promise<string | undefined> {
  let st: fs.Stats;
  try {
    st = await fs.promises.stat(entryPath);
  } catch {
    return undefined;
  }
  if (!st.isDirectory()) return stampOf('', st);
  let names: string[];
  try {
    names = (await fs.promises.readdir(entryPath)).sort();
  } catch {
    return stampOf('', st);
  }
  const parts = await Promise.all(names.map(async (n) => {
    try {
      return stampOf(n, await fs.promises.stat(path.join(entryPath, n)));
    } catch {
      return `${n}:?`;
    }
  }));
  return parts.join('|');
}
