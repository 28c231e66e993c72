import type { KnowledgeEntry } from '../../src/core/diagnosis/knowledge/types';

/**
 * A synthetic knowledge base of `n` entries built from real ones (for the benchmark's 10,000-entry
 * workspace and the equivalence test), the same for the same seed: each synthetic item takes a
 * real item's language versions and adds a few words drawn from other questions to its question
 * and paraphrases, so items differ from each other the way real ones do, not only by id.
 */
export function syntheticEntries(entries: readonly KnowledgeEntry[], n: number, seed = 1): KnowledgeEntry[] {
  let state = seed >>> 0 || 1;
  const rand = () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const words = entries.flatMap((e) => e.question.split(/\s+|(?=[\u3400-\u9fff]{2})/)).filter(Boolean);
  const items = new Map<string, KnowledgeEntry[]>();
  for (const e of entries) items.set(e.itemId, [...(items.get(e.itemId) ?? []), e]);
  const groups = [...items.values()];
  const out: KnowledgeEntry[] = [];
  for (let item = 0; out.length < n; item++) {
    const versions = pick(groups);
    const mix = Array.from({ length: 6 }, () => pick(words)).join(' ');
    const itemId = `syn-${seed}-${item}`;
    for (const base of versions) {
      if (out.length >= n) break;
      out.push({
        ...base, id: `${base.language}-${itemId}`, itemId,
        question: `${base.question} ${mix}`,
        aliases: base.aliases.map((a) => `${a} ${pick(words)}`),
      });
    }
  }
  return out;
}
