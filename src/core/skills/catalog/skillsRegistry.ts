// The live set of skills and chains an editor works with. Skills are edited while they are in
// use, so the registry keeps the last good version of each skill running when an edit breaks it
// (the entry carries both: the version that runs and the new one's problems), forgets a skill
// whose folder is deleted, and re-reads only the entries that changed: one saved skill.yaml
// costs one skill's validation, not a hundred.

import * as path from 'node:path';
import { loadSkillFolder, loadSkillFolders, type LoadedChain, type LoadedSkill, type LoadedSkills, type LoadSkillsOptions } from '../manifest/loadSkills';
import type { ManifestProblem } from '../manifest/problems';
import { entryStamp, skillEntries } from './entryStamp';

/** One skill folder as the registry knows it. */
export interface RegistrySkill {
  /** The latest load of the folder, valid or not (its problems say why not). */
  latest: LoadedSkill;
  /** The version that runs: the latest when it is valid, else the last good one, if there was one. */
  running?: LoadedSkill;
}

/** One chain file as the registry knows it. */
export interface RegistryChain {
  latest: LoadedChain;
  running?: LoadedChain;
}

/** What a reload changed, by skill or chain name. */
export interface RegistryChange {
  /** Everything was read again (Reload Skills, a folder list that changed, a name clash). */
  full: boolean;
  added: string[];
  removed: string[];
  /** Read again (their content may or may not differ). */
  changed: string[];
}

export interface SkillsRegistryOptions {
  /** The skills folders to scan, built-in first; asked at every full reload and refresh. */
  folders: () => readonly string[];
  /** Passed to the loader (builtInDirs, checks, size cap). */
  load?: LoadSkillsOptions;
}

/** One entry of a skills folder: a skill folder or a chain file, and what was loaded from it. */
interface Entry {
  root: string;
  name: string;
  stamp: string | undefined;
  skills: RegistrySkill[];
  chains: RegistryChain[];
  problems: ManifestProblem[];
}

type Listener = (change: RegistryChange) => void;

const inside = (p: string, root: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** The registry. Reloads run one at a time, in the order asked. */
export class SkillsRegistry {
  private entries = new Map<string, Entry>();
  private rootProblems: ManifestProblem[] = [];
  private dirs: string[] = [];
  private loaded = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<Listener>();

  constructor(private readonly options: SkillsRegistryOptions) {}

  /** Calls `listener` after every reload that changed something. */
  onDidChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Whether a first load has happened. */
  get isLoaded(): boolean {
    return this.loaded;
  }

  /** Every skill folder found, in folder then name order. */
  skills(): RegistrySkill[] {
    return [...this.entries.values()].flatMap((e) => e.skills);
  }

  chains(): RegistryChain[] {
    return [...this.entries.values()].flatMap((e) => e.chains);
  }

  /** Problems with the folders themselves (unreadable, a link leading out). */
  problems(): ManifestProblem[] {
    return [...this.rootProblems, ...[...this.entries.values()].flatMap((e) => e.problems)];
  }

  /**
   * What runs now, shaped as the loader's result: each skill's running version (the last good
   * one when its latest edit is broken), or the broken one when it never had a good version.
   */
  snapshot(): LoadedSkills {
    return {
      skills: this.skills().map((s) => s.running ?? s.latest),
      chains: this.chains().map((c) => c.running ?? c.latest),
      problems: this.problems(),
    };
  }

  /** Reads every skill again. */
  reloadAll(): Promise<RegistryChange> {
    return this.serial(() => this.doReloadAll());
  }

  /**
   * Reads again the entries the paths are in (a saved skill.yaml, a created or deleted folder, a
   * chain file). `texts` stands in for files on disk (unsaved editor buffers). A path that is a
   * skills folder itself, or above one, reads everything again; a path outside them is ignored.
   */
  reload(paths: readonly string[], texts?: ReadonlyMap<string, string>): Promise<RegistryChange> {
    return this.serial(async () => {
      if (!this.loaded || !sameList(this.dirs, this.currentFolders())) return this.doReloadAll();
      const wanted = new Map<string, { root: string; name: string }>();
      for (const raw of paths) {
        const p = path.resolve(raw);
        const root = this.dirs.filter((d) => inside(p, d)).sort((a, b) => b.length - a.length)[0];
        if (!root) {
          if (this.dirs.some((d) => inside(d, p))) return this.doReloadAll();
          continue;
        }
        if (p === root) return this.doReloadAll();
        const name = path.relative(root, p).split(path.sep)[0];
        wanted.set(path.join(root, name), { root, name });
      }
      return this.reloadEntries([...wanted.values()], texts);
    });
  }

  /**
   * Finds what changed on disk since the last load without reading any manifest (a stat of each
   * file), and reads again only that. For callers that cannot wait for a file watcher.
   */
  refresh(): Promise<RegistryChange> {
    return this.serial(async () => {
      if (!this.loaded || !sameList(this.dirs, this.currentFolders())) return this.doReloadAll();
      const stale: Array<{ root: string; name: string }> = [];
      const present = new Set<string>();
      for (const { root, name, stamp } of await this.stampAll(this.dirs)) {
        const key = path.join(root, name);
        present.add(key);
        if (!this.entries.has(key) || this.entries.get(key)!.stamp !== stamp) stale.push({ root, name });
      }
      for (const [key, e] of this.entries) if (!present.has(key)) stale.push({ root: e.root, name: e.name });
      return stale.length ? this.reloadEntries(stale) : { full: false, added: [], removed: [], changed: [] };
    });
  }

  /** Every entry of the folders with its stamp, in folder then name order (stat calls run side by side). */
  private async stampAll(dirs: readonly string[]): Promise<Array<{ root: string; name: string; stamp: string | undefined }>> {
    const listed = await Promise.all(dirs.map(async (root) => (await skillEntries(root)).map((name) => ({ root, name }))));
    return Promise.all(listed.flat().map(async (e) => ({ ...e, stamp: await entryStamp(path.join(e.root, e.name)) })));
  }

  private currentFolders(): string[] {
    return [...new Set(this.options.folders().map((d) => path.resolve(d)))];
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private emit(change: RegistryChange): RegistryChange {
    if (change.full || change.added.length || change.removed.length || change.changed.length) {
      for (const l of [...this.listeners]) l(change);
    }
    return change;
  }

  private async doReloadAll(): Promise<RegistryChange> {
    const dirs = this.currentFolders();
    const before = namesOf([...this.entries.values()]);
    const previous = this.entries;
    // Stamps first: a file saved while the loader reads is then seen as changed by the next refresh.
    const next = new Map<string, Entry>();
    for (const { root, name, stamp } of await this.stampAll(dirs)) {
      const key = path.join(root, name);
      if (!next.has(key)) next.set(key, { root, name, stamp, skills: [], chains: [], problems: [] });
    }
    const loaded = await loadSkillFolders(dirs, this.options.load);
    const entryOf = (p: string) => next.get(p);
    this.rootProblems = [];
    for (const s of loaded.skills) {
      const e = entryOf(s.dir);
      if (e) e.skills.push(keepGood(s, previous.get(s.dir)?.skills.find((x) => x.latest.dir === s.dir)));
    }
    for (const c of loaded.chains) {
      const key = dirs.includes(c.dir) ? c.file : c.dir;
      const e = entryOf(key);
      if (e) e.chains.push(keepGood(c, previous.get(key)?.chains.find((x) => x.latest.file === c.file)));
    }
    for (const p of loaded.problems) {
      const e = entryOf(p.file);
      if (e) e.problems.push(p);
      else this.rootProblems.push(p);
    }
    this.entries = next;
    this.dirs = dirs;
    this.loaded = true;
    const after = namesOf([...next.values()]);
    return this.emit({ full: true, ...diffNames(before, after) });
  }

  private async reloadEntries(targets: ReadonlyArray<{ root: string; name: string }>, texts?: ReadonlyMap<string, string>): Promise<RegistryChange> {
    const before: Entry[] = [];
    const after: Entry[] = [];
    for (const { root, name } of targets) {
      const key = path.join(root, name);
      const old = this.entries.get(key);
      const stamp = await entryStamp(key);
      // The others' keywords, so a keyword this skill now shares is still warned about.
      const otherSkills = [...this.entries].filter(([k]) => k !== key).flatMap(([, e]) => e.skills)
        .map((s) => ({ name: s.latest.name, file: s.latest.file, keywords: s.latest.manifest?.match?.keywords ?? s.running?.manifest?.match?.keywords ?? [] }));
      const loaded = stamp === undefined ? { skills: [], chains: [], problems: [] } : await loadSkillFolder(root, name, { ...this.options.load, ...(texts ? { texts } : {}), otherSkills });
      // A name shared with another entry (now or before) is judged across all skills: read everything.
      if (this.clashes(key, old, loaded)) return this.doReloadAll();
      if (old) before.push(old);
      if (stamp === undefined) {
        this.entries.delete(key);
        continue;
      }
      const entry: Entry = {
        root, name, stamp,
        skills: loaded.skills.map((s) => keepGood(s, old?.skills.find((x) => x.latest.dir === s.dir))),
        chains: loaded.chains.map((c) => keepGood(c, old?.chains.find((x) => x.latest.file === c.file))),
        problems: loaded.problems,
      };
      this.entries.set(key, entry);
      after.push(entry);
    }
    this.entries = sortEntries(this.entries, this.dirs);
    return this.emit({ full: false, ...diffNames(namesOf(before), namesOf(after)) });
  }

  /** Whether reloading `key` touches a name another entry has, or had a duplicate problem. */
  private clashes(key: string, old: Entry | undefined, loaded: LoadedSkills): boolean {
    const dup = (p: ManifestProblem) => p.code === 'duplicate-skill' || p.code === 'duplicate-chain';
    if (old && [...old.skills, ...old.chains].some((x) => x.latest.problems.some(dup))) return true;
    const skillNames = new Set([...loaded.skills.map((s) => s.name), ...(old?.skills.map((s) => s.latest.name) ?? [])]);
    const chainNames = new Set([...loaded.chains.map((c) => c.name), ...(old?.chains.map((c) => c.latest.name) ?? [])]);
    for (const [k, e] of this.entries) {
      if (k === key) continue;
      if (e.skills.some((s) => skillNames.has(s.latest.name)) || e.chains.some((c) => chainNames.has(c.latest.name))) return true;
    }
    return false;
  }
}

/** The registry's record of a fresh load: valid, it runs; broken, the previous good version keeps running. */
function keepGood<T extends LoadedSkill | LoadedChain>(latest: T, previous: { latest: T; running?: T } | undefined): { latest: T; running?: T } {
  if (latest.valid) return { latest, running: latest };
  return previous?.running ? { latest, running: previous.running } : { latest };
}

function namesOf(entries: readonly Entry[]): Set<string> {
  return new Set(entries.flatMap((e) => [...e.skills.map((s) => s.latest.name), ...e.chains.map((c) => c.latest.name)]));
}

function diffNames(before: Set<string>, after: Set<string>): Omit<RegistryChange, 'full'> {
  return {
    added: [...after].filter((n) => !before.has(n)),
    removed: [...before].filter((n) => !after.has(n)),
    changed: [...after].filter((n) => before.has(n)),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Entries in folder order, then name order, as the loader lists them. */
function sortEntries(entries: Map<string, Entry>, dirs: readonly string[]): Map<string, Entry> {
  const order = (e: Entry) => dirs.indexOf(e.root);
  return new Map([...entries].sort(([, a], [, b]) => order(a) - order(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
}
