import { fail, ok, type Tool } from './types';

/** One retrieval hit as tools and skills see it. */
export interface KnowledgeHitSummary { id: string; score: number; confidence: number; question: string; topic: string; language: 'zh' | 'en' }

/** Finds the reference entries closest to a question. */
export const queryKnowledgeBase: Tool<{ query: string; topK: number; language?: 'zh' | 'en' }, { hits: KnowledgeHitSummary[] }> = {
  name: 'query_knowledge_base',
  description: 'Find the knowledge-base entries (questions with expert and novice reference answers) closest to a question. Each hit has a BM25 score (ranking) and a 0-1 confidence that it is the same question.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, description: 'The interview question, as asked.' },
      topK: { type: 'integer', minimum: 1, maximum: 20, default: 3 },
      language: { type: 'string', enum: ['zh', 'en'], description: 'Only entries in this language.' },
    },
    required: ['query'],
  },
  async execute(input, ctx) {
    if (!ctx.knowledgeBase) return fail('service_error', 'the knowledge base is not loaded');
    const hits = ctx.knowledgeBase.search(input.query, { topK: input.topK, language: input.language });
    return ok({
      hits: hits.map((h) => ({ id: h.entry.id, score: h.score, confidence: h.confidence, question: h.entry.question, topic: h.entry.topic, language: h.entry.language })),
    });
  },
};
