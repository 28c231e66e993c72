import type { KnowledgeHit } from './types';

/**
 * One hit per item: the two language versions of a question are the same answer; the one in the
 * query's language is shown, with the better of the two confidences.
 */
export function onePerItem(hits: readonly KnowledgeHit[], queryLanguage: string, topK: number): KnowledgeHit[] {
  const best = new Map<string, KnowledgeHit>();
  const order: string[] = [];
  for (const h of hits) {
    const seen = best.get(h.entry.itemId);
    if (!seen) {
      best.set(h.entry.itemId, h);
      order.push(h.entry.itemId);
    } else if (seen.entry.language !== queryLanguage && h.entry.language === queryLanguage) {
      best.set(h.entry.itemId, { ...h, score: seen.score, confidence: Math.max(seen.confidence, h.confidence), similarity: Math.max(seen.similarity, h.similarity) });
    }
  }
  return order.map((id) => best.get(id)!).slice(0, topK);
}
