import { REFERENCE_THRESHOLD } from '../../diagnosis/knowledge/confidence';
import { CATEGORIES, type Category } from '../../diagnosis/knowledge/types';
import { fail, ok, type Tool } from '../../calls/tool';

/** One retrieval hit as tools and skills see it. */
export interface KnowledgeHitSummary {
  id: string;
  score: number;
  confidence: number;
  similarity: number;
  question: string;
  topic: string;
  language: 'zh' | 'en';
  /** Concepts of the lexicon the question and the entry share (why the concept channel matched). */
  concepts: string[];
}

/** Finds the reference entries closest to a question. */
export const queryKnowledgeBase: Tool<{ query: string; topK: number; language?: 'zh' | 'en'; dimension?: Category }, { hits: KnowledgeHitSummary[] }> = {
  name: 'query_knowledge_base',
  description:
    'Find the knowledge-base entries (questions with expert and novice reference answers) closest to a question: full-text (BM25), character n-gram, latent-semantic and bilingual concept channels merged by reciprocal-rank fusion, one hit per entry. Each hit has a rank score, a 0-1 similarity to the closest phrasing of the entry, the concepts it shares with the question, and a 0-1 confidence that it is the same question ' +
    `(use a hit at ${REFERENCE_THRESHOLD} or more).`,
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, description: 'The interview question, as asked.' },
      topK: { type: 'integer', minimum: 1, maximum: 20, default: 3 },
      language: { type: 'string', enum: ['zh', 'en'], description: 'Only entries in this language.' },
      dimension: { type: 'string', enum: [...CATEGORIES], description: 'Only entries of this dimension (rag, safety, …).' },
    },
    required: ['query'],
  },
  async execute(input, ctx) {
    if (!ctx.knowledgeBase) return fail('service_error', 'the knowledge base is not loaded');
    let queryVector: Float32Array | undefined;
    if (ctx.embedder && ctx.knowledgeBase.embeddingModel?.() === ctx.embedder.model) {
      try {
        [queryVector] = await ctx.embedder.embed([input.query], ctx.signal);
      } catch (err) {
        // Retrieval still works on the offline channels; say so once per call, without the key.
        ctx.logger.warn(`embeddings unavailable, searching without them: ${(err as Error).message}`);
      }
    }
    const hits = ctx.knowledgeBase.search(input.query, { topK: input.topK, language: input.language, category: input.dimension, queryVector });
    return ok({
      hits: hits.map((h) => ({
        id: h.entry.id, score: h.score, confidence: h.confidence, similarity: h.similarity,
        question: h.entry.question, topic: h.entry.topic, language: h.entry.language, concepts: h.concepts ?? [],
      })),
    });
  },
};
