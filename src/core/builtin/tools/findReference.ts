import { REFERENCE_THRESHOLD } from '../../diagnosis/knowledge/confidence';
import { findReference as choose } from '../../diagnosis/knowledge/findReference';
import type { KnowledgeBase } from '../../diagnosis/knowledge/knowledgeBase';
import { CATEGORIES, type Category, type KnowledgeHit } from '../../diagnosis/knowledge/types';
import { fail, ok, type Tool } from '../../calls/tool';

/** One entry of a reference choice as tools and skills see it. */
export interface ReferenceEntrySummary {
  id: string;
  question: string;
  /** 0-1, on the reference scale (a reference is used at REFERENCE_THRESHOLD or more). */
  confidence: number;
  topic: string;
  language: 'zh' | 'en';
}

/** The reference chosen for one interview turn, in summary form. */
export interface ReferenceChoiceSummary {
  /** The entry to judge the answer against, or null when none is confident enough. */
  hit: ReferenceEntrySummary | null;
  /** Of the hit, or of the best candidate when there is none. */
  confidence: number;
  /** Up to 3 closest other entries: the "closest related entries" to show when there is no reference. */
  related: ReferenceEntrySummary[];
  /** What found it: the whole turn, its asking sentence, the earlier questions, or the answer breaking a tie. */
  via: 'question' | 'focus' | 'context' | 'answer';
  /** Set when the best entry was confident but another came too close, so none is used ("no close reference"). */
  contested?: boolean;
}

const summary = (h: KnowledgeHit): ReferenceEntrySummary => ({
  id: h.entry.id, question: h.entry.question, confidence: h.confidence, topic: h.entry.topic, language: h.entry.language,
});

/** Most searches a run keeps (a 300-question transcript makes about 1,200). */
const SEARCH_CACHE_SIZE = 2000;

/** The knowledge base with its searches remembered for the run (same text and options, same hits). */
function withSearchCache(kb: KnowledgeBase, cache: Map<string, KnowledgeHit[]>): KnowledgeBase {
  return Object.assign(Object.create(kb) as KnowledgeBase, {
    search(query: string, options?: Parameters<KnowledgeBase['search']>[1]): KnowledgeHit[] {
      if (options?.queryVector || options?.explain) return kb.search(query, options);
      const key = JSON.stringify([query, options?.topK, options?.language, options?.category, options?.channel]);
      let hits = cache.get(key);
      if (!hits) {
        hits = kb.search(query, options);
        if (cache.size >= SEARCH_CACHE_SIZE) cache.clear();
        cache.set(key, hits);
      }
      return hits;
    },
  });
}

/** Chooses the reference entry for an interview turn, reading the question with its preamble, the earlier questions and the answer. */
export const findReferenceTool: Tool<{ question: string; previous?: string[]; answer?: string; language?: 'zh' | 'en'; dimension?: Category }, ReferenceChoiceSummary> = {
  name: 'find_reference',
  description:
    'Choose the knowledge-base entry to judge an interview answer against, for questions as interviewers really ask them: ' +
    'a long turn is also read by its asking sentences, a follow-up that refers back ("And how would you test that?") with the previous question, ' +
    'and the answer only breaks a near tie between entries the question itself put forward (it never brings in an entry of its own). ' +
    `Returns the chosen entry when its confidence is ${REFERENCE_THRESHOLD} or more (else null), up to 3 related entries, and what found it.`,
  inputSchema: {
    type: 'object',
    properties: {
      question: { type: 'string', minLength: 1, description: "The interviewer's whole turn, as asked." },
      previous: { type: 'array', items: { type: 'string' }, maxItems: 20, description: 'Earlier questions of the interview, oldest first (the last one is what a follow-up refers to).' },
      answer: { type: 'string', description: "The candidate's answer (breaks near ties; never chooses an entry on its own)." },
      language: { type: 'string', enum: ['zh', 'en'], description: 'Only entries in this language.' },
      dimension: { type: 'string', enum: [...CATEGORIES], description: 'Only entries of this dimension (rag, safety, …).' },
    },
    required: ['question'],
  },
  async execute(input, ctx) {
    if (!ctx.knowledgeBase) return fail('service_error', 'the knowledge base is not loaded');
    const choice = choose(ctx.searchCache ? withSearchCache(ctx.knowledgeBase, ctx.searchCache) : ctx.knowledgeBase, {
      question: input.question, previous: input.previous, answer: input.answer, language: input.language, category: input.dimension,
    });
    return ok({
      hit: choice.hit ? summary(choice.hit) : null,
      confidence: choice.confidence,
      related: choice.related.map(summary),
      via: choice.via,
      ...(choice.contested ? { contested: true } : {}),
    });
  },
};
