import { analyzeAnswer, type AnswerAnalysis } from '../llm/offline';
import { detectLanguage, type Language } from '../transcript/language';
import { fail, ok, type Tool } from './types';

/** Scores one answer on the four dimensions against a reference entry, offline and explainably. */
export const analyzeContent: Tool<{ question: string; answer: string; referenceId?: string; language?: Language }, AnswerAnalysis> = {
  name: 'analyze_content',
  description:
    'Score an interview answer 0-100 on completeness, depth, accuracy and practicality against a knowledge-base reference; lists missing key points, wrong claims, strengths and improvements, each with its reason.',
  inputSchema: {
    type: 'object',
    properties: {
      question: { type: 'string', minLength: 1 },
      answer: { type: 'string' },
      referenceId: { type: 'string', description: 'Id of the knowledge-base entry to compare with; omit when none matched.' },
      language: { type: 'string', enum: ['zh', 'en'] },
    },
    required: ['question', 'answer'],
  },
  async execute(input, ctx) {
    let reference = null;
    if (input.referenceId !== undefined) {
      if (!ctx.knowledgeBase) return fail('service_error', 'the knowledge base is not loaded');
      reference = ctx.knowledgeBase.get(input.referenceId) ?? null;
      if (!reference) return fail('input_error', `referenceId "${input.referenceId}" is not in the knowledge base`);
    }
    const lang = input.language ?? detectLanguage(`${input.question}\n${input.answer}`);
    return ok(analyzeAnswer(input.question, input.answer, reference, lang));
  },
};
