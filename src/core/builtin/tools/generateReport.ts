import { buildReport } from '../../diagnosis/report/generate';
import type { QuestionReport, Report } from '../../diagnosis/report/model';
import type { AnswerAnalysis } from '../../diagnosis/judge/analysis';
import type { Language } from '../../text/language';
import type { DeliveryReport } from '../../diagnosis/speech/delivery';
import { fail, ok, type Tool } from '../../calls/tool';
import { latestEarlierRun } from '../../diagnosis/history/earlierRun';

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
  pairs: AnalysedPair[]; language: Language; transcriptLanguage?: Language; userId: string; source: string; engine: string;
  model?: string; usage?: Report['usage'];
  delivery?: DeliveryReport; transcript?: Report['transcript'];
  /** sha256 of the diagnosed text: an earlier report of the same text is a run of the same interview. */
  textHash?: string;
  /** The id of a report in the history to compare with instead of the latest earlier run of this interview. */
  compareWith?: string;
}

export { sameInterview } from '../../diagnosis/history/earlierRun';

/**
 * Builds the report (summary, rows, three-horizon plan) and compares it with the latest earlier run
 * of the same interview, or with the report the user picked (`compareWith`).
 */
export const generateReport: Tool<Input, Report> = {
  name: 'generate_report',
  description:
    'Build an interview report from analysed Q&A pairs: overall and per-dimension scores, per-question rows, an improvement plan (immediate, short-term, long-term) and a comparison per dimension and knowledge topic with the latest earlier run of the same interview by the same user (none when it was never diagnosed; another interview only when `compareWith` names it). The report is written in `language`.',
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
      language: { type: 'string', enum: ['zh', 'en'], description: 'The language the report is written in (the analyses\' explanations were written in it).' },
      transcriptLanguage: { type: 'string', enum: ['zh', 'en'], description: 'The transcript\'s language, when it differs from the report\'s.' },
      textHash: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'sha256 of the diagnosed text, to find earlier runs of the same interview.' },
      compareWith: { type: 'string', minLength: 1, description: 'The id of a stored report to compare with instead of the latest earlier run of this interview.' },
      userId: { type: 'string', minLength: 1, default: 'default' },
      source: { type: 'string', default: 'transcript' },
      engine: { type: 'string', default: 'offline' },
      model: { type: 'string', description: 'The model of a model engine.' },
      usage: {
        type: 'object', additionalProperties: true, required: ['calls', 'usage', 'costUsd', 'cacheReadShare'],
        description: 'Tokens, cache hits and cost of the run\'s model calls.',
      },
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
      const matched = refId ? ctx.knowledgeBase?.get(refId) : undefined;
      if (refId && !matched) return fail('input_error', `pairs[${p.index}]: referenceId "${refId}" is not in the knowledge base`);
      // Shown in the report's language when the item has it; the id stays the entry the answer was judged against.
      const entry = matched ? ctx.knowledgeBase?.get(`${input.language}-${matched.itemId}`) ?? matched : undefined;
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
        reference: entry ? { id: matched!.id, question: entry.question, expertAnswer: entry.expertAnswer, topic: entry.topic } : null,
        ...(p.analysis.coverage ? { coverage: p.analysis.coverage } : {}),
        ...(p.analysis.relevance ? { relevance: p.analysis.relevance } : {}),
        ...(p.analysis.confidence ? { confidence: p.analysis.confidence } : {}),
        ...(p.analysis.flags ? { flags: p.analysis.flags } : {}),
        ...(p.analysis.related ? { related: p.analysis.related } : {}),
        ...(p.analysis.scoredBy ? { scoredBy: p.analysis.scoredBy } : {}),
        startOffset: p.startOffset,
        endOffset: p.endOffset,
        delivery: input.delivery?.perAnswer.find((d) => d.index === p.index) ?? null,
        ...(p.answerStartS !== undefined ? { answerStartS: p.answerStartS } : {}),
        ...(p.answerEndS !== undefined ? { answerEndS: p.answerEndS } : {}),
      });
    }
    // Compared with the latest earlier run of this interview (the progress view counts it as a
    // re-run), or with the report the user picked.
    const earlier = ctx.store ? latestEarlierRun(ctx.store, input.userId, { textHash: input.textHash, rows }) : null;
    const rerunOf: Report['rerunOf'] = earlier ? { id: earlier.id, createdAt: earlier.createdAt } : null;
    let previous: Report | null = earlier;
    if (input.compareWith) {
      previous = ctx.store?.get(input.compareWith) ?? null;
      if (!previous) return fail('input_error', `there is no report "${input.compareWith}" in the history to compare with: give the id of a saved report`);
    }
    return ok(buildReport({
      rows, language: input.language, transcriptLanguage: input.transcriptLanguage ?? input.language, userId: input.userId, source: input.source, engine: input.engine,
      ...(input.model ? { model: input.model } : {}), ...(input.usage ? { usage: input.usage } : {}),
      now: new Date(ctx.clock()), previous, basis: input.compareWith ? 'picked' : 'earlier-run', rerunOf, delivery: input.delivery ?? null, transcript: input.transcript,
    }));
  },
};
