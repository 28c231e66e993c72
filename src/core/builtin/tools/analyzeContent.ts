import { JudgeCorpus } from '../../diagnosis/judge/corpus';
import { generalMisconceptionsOf, misconceptionsIn } from '../../diagnosis/knowledge/generalMisconceptions';
import { analyzeAnswer, type AnswerAnalysis } from '../../diagnosis/judge/offline';
import { judgeWithModel } from '../../diagnosis/modelJudge/judgeWithModel';
import { LlmError } from '../../llm/provider';
import { detectLanguage, type Language } from '../../text/language';
import { fail, ok, type Tool } from '../../calls/tool';

interface Input {
  question: string;
  answer: string;
  referenceId?: string;
  referenceConfidence?: number;
  related?: Array<{ id: string; question: string }>;
  nearby?: string[];
  noCloseReference?: boolean;
  previous?: string[];
  language?: Language;
  reportLanguage?: Language;
}

/**
 * Scores one answer on the four dimensions against a reference entry: with the run's model when
 * one is configured (falling back to the offline judge for a question the model cannot judge,
 * visibly), else offline. Both fill the same evidence structure.
 */
export const analyzeContent: Tool<Input, AnswerAnalysis> = {
  name: 'analyze_content',
  description:
    'Score an interview answer 0-100 on completeness, depth, accuracy and practicality against a knowledge-base reference, from evidence: each key point stated (with the answer sentence), only named, or missing; explanations that connect ideas; concrete claims; misconceptions asserted; whether the answer addresses the question asked. Without a reference, completeness and accuracy are not assessed (null). Returns a confidence with every score.',
  inputSchema: {
    type: 'object',
    properties: {
      question: { type: 'string', minLength: 1 },
      answer: { type: 'string' },
      referenceId: { type: 'string', description: 'Id of the knowledge-base entry to compare with; omit when none matched.' },
      referenceConfidence: { type: 'number', minimum: 0, maximum: 1, description: 'How sure retrieval is that the reference is the question asked.' },
      related: {
        type: 'array', maxItems: 5, description: 'Closest entries when there is no reference (shown to the user; they also tell the judge the subject).',
        items: { type: 'object', properties: { id: { type: 'string' }, question: { type: 'string' } }, required: ['id', 'question'] },
      },
      nearby: { type: 'array', maxItems: 5, items: { type: 'string' }, description: 'Ids of other entries close to the question: their known mistakes are checked too.' },
      noCloseReference: { type: 'boolean', description: 'Set when two entries competed too closely for one to be the reference (the confidence says so).' },
      previous: { type: 'array', maxItems: 5, items: { type: 'string' }, description: 'Earlier questions of the interview, for follow-ups (read by a model judge).' },
      language: { type: 'string', enum: ['zh', 'en'] },
      reportLanguage: { type: 'string', enum: ['zh', 'en'], description: 'Language of the explanations and of the knowledge-base text quoted in them (default: the answer\'s language).' },
    },
    required: ['question', 'answer'],
  },
  // A model judgment is one to three model calls, each with its own timeout and retries.
  timeoutMs: 10 * 60_000,
  async execute(input, ctx) {
    let reference = null;
    if (input.referenceId !== undefined) {
      if (!ctx.knowledgeBase) return fail('service_error', 'the knowledge base is not loaded');
      reference = ctx.knowledgeBase.get(input.referenceId) ?? null;
      if (!reference) return fail('input_error', `referenceId "${input.referenceId}" is not in the knowledge base`);
    }
    const corpus = ctx.knowledgeBase ? JudgeCorpus.of(ctx.knowledgeBase) : new JudgeCorpus([]);
    // An answer longer than anyone speaks in one go (20,000 characters is over half an hour) is a
    // transcript that was split wrong or pasted twice: judge its start, say so, and stay fast.
    const judged = judgedPart(input.answer);
    const language = input.language ?? detectLanguage(`${input.question}\n${judged}`);
    const offline = () => analyzeAnswer({
      question: input.question, answer: judged, reference, language, corpus,
      ...(input.reportLanguage ? { reportLanguage: input.reportLanguage } : {}),
      ...(input.referenceConfidence !== undefined ? { referenceConfidence: input.referenceConfidence } : {}),
      ...(input.related ? { related: input.related } : {}),
      ...(input.nearby?.length ? { nearby: input.nearby.map((id) => ctx.knowledgeBase?.get(id)).filter((e): e is NonNullable<typeof e> => !!e) } : {}),
      ...(input.noCloseReference ? { noCloseReference: true } : {}),
      generalMisconceptions: misconceptionsIn(generalMisconceptionsOf(ctx.knowledgeBase), language),
    });
    let analysis: AnswerAnalysis;
    if (ctx.llm) {
      const reportLanguage = input.reportLanguage ?? language;
      try {
        const outcome = await judgeWithModel({
          question: input.question, answer: judged, reference, reportLanguage,
          shownReference: reference ? corpus.entry(reference.itemId, reportLanguage) ?? reference : null,
          ...(input.referenceConfidence !== undefined ? { referenceConfidence: input.referenceConfidence } : {}),
          ...(input.related ? { related: input.related } : {}),
          ...(input.previous?.length ? { previous: input.previous } : {}),
        }, ctx.llm, ctx.signal);
        if (outcome.ok) {
          analysis = outcome.analysis;
        } else {
          analysis = offline();
          analysis.scoredBy = {
            engine: 'offline', fallback: outcome.reason, repairs: outcome.repairs,
            usage: { ...outcome.usage, costUsd: outcome.costUsd },
          };
        }
      } catch (err) {
        if (err instanceof LlmError) {
          return fail(err.kind === 'cancelled' ? 'cancelled' : 'service_error', err.message, err.details.fix);
        }
        throw err;
      }
    } else {
      analysis = offline();
      analysis.scoredBy = { engine: 'offline' };
    }
    if (judged.length < input.answer.length) analysis.flags.push('truncated');
    return ok(analysis);
  },
};

/** Most characters of one answer the judge reads. */
export const MAX_JUDGED_CHARS = 20_000;

/** The answer up to MAX_JUDGED_CHARS, cut at a space or a sentence end when there is one near. */
function judgedPart(answer: string): string {
  if (answer.length <= MAX_JUDGED_CHARS) return answer;
  const head = answer.slice(0, MAX_JUDGED_CHARS);
  const cut = Math.max(head.lastIndexOf(' '), head.lastIndexOf('。'), head.lastIndexOf('\n'));
  return cut > MAX_JUDGED_CHARS * 0.9 ? head.slice(0, cut) : head;
}
