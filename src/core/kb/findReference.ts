import { REFERENCE_THRESHOLD } from './confidence';
import type { KnowledgeBase } from './knowledgeBase';
import type { Category, KnowledgeHit } from './types';

/** What is known about an interview turn when choosing its reference. */
export interface ReferenceContext { question: string; previous?: string[]; answer?: string; language?: 'zh' | 'en'; category?: Category }

/** The reference chosen for a question, or why there is none. */
export interface ReferenceChoice {
  hit: KnowledgeHit | null;
  confidence: number;
  related: KnowledgeHit[];
  via: 'question' | 'focus' | 'context' | 'answer';
}

export function findReference(kb: KnowledgeBase, ctx: ReferenceContext): ReferenceChoice {
  const hits = kb.search(ctx.question, { topK: 4, language: ctx.language, category: ctx.category });
  const top = hits[0];
  const hit = top && top.confidence >= REFERENCE_THRESHOLD ? top : null;
  return { hit, confidence: top?.confidence ?? 0, related: hits.filter((h) => h !== hit).slice(0, 3), via: 'question' };
}
