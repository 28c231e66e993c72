import { buildReport } from '../report/generate';
import type { QuestionReport, Report } from '../report/model';
import type { AnswerAnalysis } from '../llm/offline';
import type { Language } from '../transcript/language';
import type { DeliveryReport } from '../speech/delivery';
import { fail, ok, type Tool } from './types';

/** A pair with its analysis, as the report generator takes it. */
export interface AnalysedPair {
  index: number;
  question: string;
  answer: string;
  startOffset: number;
  endOffset: number;
  answerStartS?: number;
  answerEndS?: number;
  analysis: AnswerAnalysis;
}

interface Input {
  pairs: AnalysedPair[]; language: Language; userId: string; source: string; engine: string;
  delivery?: DeliveryReport; transcript?: Report['transcript'];
}

/** Builds the report (summary, rows, three-horizon plan) and compares it with the user's last one. */
export const generateReport: Tool<Input, Report> = {
  name: 'generate_report',
  description:
    'Build an interview report from analysed Q&A pairs: overall and per-dimension scores, per-question rows, an improvement plan (immediate, short-term, long-term) and a comparison with the same user\'s previous report.',
  inputSchema: {
    type: 'object',
    properties: {
      pairs: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            index: { type: 'integer', minimum: 1 },
            question: { type: 'string' },
            answer: { type: 'string' },
            startOffset: { type: 'integer', minimum: 0 },
            endOffset: { type: 'integer', minimum: 0 },
            answerStartS: { type: 'number', minimum: 0 },
            answerEndS: { type: 'number', minimum: 0 },
            analysis: { type: 'object', additionalProperties: true, required: ['dimensions', 'contentScore', 'keyMissing'] },
          },
          required: ['index', 'question', 'answer', 'startOffset', 'endOffset', 'analysis'],
        },
      },
      language: { type: 'string', enum: ['zh', 'en'] },
      userId: { type: 'string', minLength: 1, default: 'default' },
      source: { type: 'string', default: 'transcript' },
      engine: { type: 'string', default: 'offline' },
      delivery: { type: 'object', additionalProperties: true, required: ['perAnswer', 'overall'], description: 'What analyze_speech returned, for timed transcripts.' },
      transcript: {
        type: 'object', additionalProperties: true, required: ['format', 'timed', 'speakers'],
        description: 'Format, timing and speaker roles from split_qa_pairs, shown in the report.',
      },
    },
    required: ['pairs', 'language'],
  },
  async execute(input, ctx) {
    const rows: QuestionReport[] = [];
    for (const p of input.pairs) {
      const refId = p.analysis.referenceId;
      const entry = refId ? ctx.knowledgeBase?.get(refId) : undefined;
      if (refId && !entry) return fail('input_error', `pairs[${p.index}]: referenceId "${refId}" is not in the knowledge base`);
      rows.push({
        index: p.index,
        question: p.question,
        answer: p.answer,
        contentScore: p.analysis.contentScore,
        dimensions: p.analysis.dimensions,
        keyMissing: p.analysis.keyMissing,
        inaccuracies: p.analysis.inaccuracies ?? [],
        strengths: p.analysis.strengths ?? [],
        improvements: p.analysis.improvements ?? [],
        explanations: p.analysis.explanations ?? [],
        reference: entry ? { id: entry.id, question: entry.question, expertAnswer: entry.expertAnswer, topic: entry.topic } : null,
        ...(p.analysis.coverage ? { coverage: p.analysis.coverage } : {}),
        ...(p.analysis.relevance ? { relevance: p.analysis.relevance } : {}),
        ...(p.analysis.confidence ? { confidence: p.analysis.confidence } : {}),
        ...(p.analysis.flags ? { flags: p.analysis.flags } : {}),
        ...(p.analysis.related ? { related: p.analysis.related } : {}),
        startOffset: p.startOffset,
        endOffset: p.endOffset,
        delivery: input.delivery?.perAnswer.find((d) => d.index === p.index) ?? null,
        ...(p.answerStartS !== undefined ? { answerStartS: p.answerStartS } : {}),
        ...(p.answerEndS !== undefined ? { answerEndS: p.answerEndS } : {}),
      });
    }
    const previous = ctx.store?.last(input.userId) ?? null;
    return ok(buildReport({
      rows, language: input.language, userId: input.userId, source: input.source, engine: input.engine,
      now: new Date(ctx.clock()), previous, delivery: input.delivery ?? null, transcript: input.transcript,
    }));
  },
};
