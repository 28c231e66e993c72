import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { writeFileAtomic } from '../../store/atomicWrite';
import { decodeModels, encodeModels, type CachedModels, type ModelFile } from './workspaceModelFile';
import type { KnowledgeEntry } from './types';

export type { CachedModels } from './workspaceModelFile';

/** 3: the binary file of workspaceModelFile.ts (2 was JSON with base64 floats). */
const VERSION = 3;

/**
 * The channel models of workspace entries, kept between sessions so that a window reopened on
 * the same knowledge files does not tokenise, weigh and fold 10,000 entries into the models again. Each entry is
 * keyed by the hash of its content and of its other-language version (what its models are built
 * from); the whole file is bound to the shipped models it was folded into (`base`), and forgotten
 * when they change. Written atomically: a crash leaves the old file or the new one. Only a cache:
 * an unreadable file is ignored and rewritten.
 */
export class WorkspaceModelCache {
  private models = new Map<string, CachedModels>();
  /** Entries read from the file (their position in it), decoded when first asked for. */
  private stored = new Map<string, number>();
  private read: ModelFile | undefined;
  /** Keys looked up or stored this session: what the next save keeps (stale entries drop out). */
  private readonly used = new Set<string>();
  private base: string | undefined;
  private changed = false;

  private constructor(readonly file: string | undefined) {}

  /** Opens the cache file (or none: in memory only). */
  static open(file?: string): WorkspaceModelCache {
    const cache = new WorkspaceModelCache(file);
    if (!file) return cache;
    try {
      const read = decodeModels(fs.readFileSync(file), VERSION);
      if (!read) return cache;
      cache.read = read;
      cache.base = read.base;
      read.keys.forEach((k, i) => cache.stored.set(k, i));
    } catch {
      // Missing or unreadable: start empty, the next save replaces it.
    }
    return cache;
  }

  /** Ties the cache to the models entries are folded into; what was folded into others is dropped. */
  bind(base: string): void {
    if (this.base === base) return;
    this.base = base;
    this.models.clear();
    this.stored.clear();
    this.changed = true;
  }

  /** The key of an entry's models: its content and its sibling's (the other language version). */
  static keyOf(entry: KnowledgeEntry, sibling: KnowledgeEntry | undefined): string {
    return createHash('sha256').update(JSON.stringify([entry, sibling ?? null])).digest('base64');
  }

  get(key: string): CachedModels | undefined {
    const at = this.stored.get(key);
    if (at !== undefined) {
      this.models.set(key, this.read!.decode(at));
      this.stored.delete(key);
    }
    const hit = this.models.get(key);
    if (hit) this.used.add(key);
    return hit;
  }

  set(key: string, models: CachedModels): void {
    this.models.set(key, models);
    this.used.add(key);
    this.changed = true;
  }

  get size(): number {
    return this.models.size + this.stored.size;
  }

  /** Writes what this session used, if anything changed (atomically). */
  save(): void {
    if (!this.file || !this.changed || this.base === undefined) return;
    const rows = [...this.used].filter((k) => this.models.has(k)).map((k): [string, CachedModels] => [k, this.models.get(k)!]);
    writeFileAtomic(this.file, encodeModels(VERSION, this.base, rows));
    this.changed = false;
  }
}
