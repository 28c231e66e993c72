/**
 * Which questions a mock interview asks: drawn from the knowledge base in the chosen dimensions
 * (categories) and difficulties, in the chosen language, never the same item twice in a session,
 * and not one asked in the recent sessions unless there are not enough others (then the oldest
 * asked come back first, and the caller is told). Dimensions take turns so a three-question
 * interview over three dimensions asks one of each.
 */
import type { KnowledgeBase } from '../diagnosis/knowledge/knowledgeBase';
import type { Category, KnowledgeEntry } from '../diagnosis/knowledge/types';
import type { Language } from '../text/language';

/** Difficulty of a knowledge-base item. */
export type Difficulty = KnowledgeEntry['difficulty'];

/** What a session asks for. */
export interface SampleOptions {
  count: number;
  language: Language;
  /** Categories to draw from; all when empty or absent. */
  categories?: readonly Category[];
  difficulties?: readonly Difficulty[];
  /** Item ids asked recently, most recent first: avoided, and reused oldest first only when needed. */
  recent?: readonly string[];
  /** A number in [0, 1); Math.random by default (tests pass a seeded one). */
  random?: () => number;
}

/** The drawn questions, and whether recent ones had to be reused. */
export interface Sample {
  entries: KnowledgeEntry[];
  /** How many of the entries were asked in a recent session (there were not enough others). */
  repeatedFromRecent: number;
  /** Fewer than asked: the filters leave only this many items. */
  shortBy: number;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Draws `options.count` distinct questions. */
export function sampleQuestions(kb: KnowledgeBase, options: SampleOptions): Sample {
  const random = options.random ?? Math.random;
  const categories = options.categories?.length ? new Set(options.categories) : undefined;
  const difficulties = options.difficulties?.length ? new Set(options.difficulties) : undefined;
  const recentRank = new Map((options.recent ?? []).map((id, i) => [id, i]));
  const fresh = new Map<Category, KnowledgeEntry[]>();
  const stale: KnowledgeEntry[] = [];
  for (const itemId of [...kb.itemIds()].sort()) {
    const entry = kb.get(`${options.language}-${itemId}`);
    if (!entry) continue;
    if (categories && !categories.has(entry.category)) continue;
    if (difficulties && !difficulties.has(entry.difficulty)) continue;
    if (recentRank.has(itemId)) stale.push(entry);
    else fresh.set(entry.category, [...(fresh.get(entry.category) ?? []), entry]);
  }
  // Dimensions take turns, each one's questions in random order.
  const queues = shuffle([...fresh.values()].map((q) => shuffle([...q], random)), random);
  const entries: KnowledgeEntry[] = [];
  while (entries.length < options.count && queues.some((q) => q.length)) {
    for (const q of queues) {
      if (entries.length >= options.count) break;
      const next = q.shift();
      if (next) entries.push(next);
    }
  }
  // Not enough fresh questions: the ones asked longest ago come back first.
  stale.sort((a, b) => recentRank.get(b.itemId)! - recentRank.get(a.itemId)!);
  let repeatedFromRecent = 0;
  while (entries.length < options.count && stale.length) {
    entries.push(stale.shift()!);
    repeatedFromRecent++;
  }
  return { entries, repeatedFromRecent, shortBy: Math.max(0, options.count - entries.length) };
}

/** A seeded random in [0, 1) (mulberry32), so a session can be drawn again the same way. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
