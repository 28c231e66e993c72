/**
 * Watches the skill folders of `interview-lens mcp`, including ones that do not exist yet: each
 * existing folder recursively, and the workspace root (and `.interview-lens`) without recursion,
 * so a `skills/` created after start-up is watched from then on and reported as a change, and one
 * deleted stops being watched. The root is not watched recursively: node_modules would cost more
 * than the skills.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** What the watcher calls. */
export interface SkillFolderEvents {
  /** Something under a skill folder changed, or a skill folder appeared or went away. */
  changed(): void;
  /** A folder that cannot be watched (some file systems): its skills are read only at start. */
  cannotWatch(dir: string): void;
}

/** A running watcher. */
export interface SkillFolderWatcher {
  close(): void;
  /** The skill folders watched now (tests read it). */
  readonly watched: readonly string[];
}

/** Watches `skillDirs` (absolute) and, for those under `root`, the folders they would be created in. */
export function watchSkillFolders(root: string, skillDirs: readonly string[], events: SkillFolderEvents): SkillFolderWatcher {
  const skillWatchers = new Map<string, fs.FSWatcher>();
  const parentWatchers = new Map<string, fs.FSWatcher>();
  const refused = new Set<string>();
  const rootAbs = path.resolve(root);
  // The folders between the root and each skill folder (root, root/.interview-lens): where it would appear.
  const parents = new Set<string>();
  for (const dir of skillDirs) {
    const rel = path.relative(rootAbs, path.resolve(dir));
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    let p = path.dirname(path.resolve(dir));
    for (;;) {
      parents.add(p);
      if (p === rootAbs || p === path.dirname(p)) break;
      p = path.dirname(p);
    }
  }
  let closed = false;

  const watch = (dir: string, recursive: boolean, onEvent: () => void): fs.FSWatcher | undefined => {
    try {
      const w = fs.watch(dir, { recursive }, onEvent);
      // A watched folder that is deleted errors on some platforms: treat it as a change.
      w.on('error', () => {
        w.close();
        onEvent();
      });
      return w;
    } catch {
      if (!refused.has(dir)) {
        refused.add(dir);
        events.cannotWatch(dir);
      }
      return undefined;
    }
  };

  /** Brings the watchers in line with what exists; true when a skill folder appeared or went away. */
  const sync = (): boolean => {
    if (closed) return false;
    let moved = false;
    for (const dir of skillDirs) {
      const exists = fs.existsSync(dir);
      const w = skillWatchers.get(dir);
      if (exists && !w) {
        const started = watch(dir, true, onSkillEvent);
        if (started) {
          skillWatchers.set(dir, started);
          moved = true;
        }
      } else if (!exists && w) {
        w.close();
        skillWatchers.delete(dir);
        moved = true;
      }
    }
    for (const p of parents) {
      const exists = fs.existsSync(p);
      const w = parentWatchers.get(p);
      if (exists && !w) {
        const started = watch(p, false, onParentEvent);
        if (started) parentWatchers.set(p, started);
      } else if (!exists && w) {
        w.close();
        parentWatchers.delete(p);
      }
    }
    return moved;
  };

  function onSkillEvent(): void {
    if (closed) return;
    // A deleted skill folder is noticed here too (its own watcher reports its removal).
    sync();
    events.changed();
  }

  function onParentEvent(): void {
    if (sync()) events.changed();
  }

  // Folders that exist at start-up are read by the first load: no change to report.
  sync();
  return {
    get watched() {
      return [...skillWatchers.keys()];
    },
    close() {
      closed = true;
      for (const w of [...skillWatchers.values(), ...parentWatchers.values()]) w.close();
      skillWatchers.clear();
      parentWatchers.clear();
    },
  };
}
