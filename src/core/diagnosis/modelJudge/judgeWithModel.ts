/**
 * One answer judged by a model: ask, validate (schema, then what the schema cannot say), send the
 * errors back for a repair at most twice, and turn the judgment into the engine-neutral analysis.
 * A model that cannot produce a valid judgment, or a call that fails after its retries, gives a
 * fallback outcome (the caller scores that question offline and says so); a problem only the user
 * can fix (no key, wrong model id, unreachable endpoint) or a cancel is thrown.
 */
import { parseJsonReply, schemaProblems } from '../../llm/structuredCall';
import type { KnowledgeEntry } from '../knowledge/types';
import { msg } from '../../text/i18n';
import { LlmError, responseText, type LlmMessage, type LlmProvider, type LlmRequest, type LlmUsage } from '../../llm/provider';
import { addUsage, ZERO_USAGE } from '../../llm/provider';
import type { AnswerAnalysis } from '../judge/analysis';
import { checkJudgment, JUDGMENT_SCHEMA, type Judgment } from './judgmentSchema';
import { judgmentRequest, keyPointIds, type JudgmentTask } from './prompt';
import { judgmentToAnalysis } from './toAnalysis';

/** Repairs asked for before the question falls back to the offline judge. */
export const MAX_REPAIRS = 2;
/** Most output tokens a repair of a cut-off reply may use. */
const MAX_REPAIR_TOKENS = 8000;

/** Errors the user must fix (or a cancel): falling back question by question would only hide them. */
const RUN_FATAL: ReadonlySet<LlmError['kind']> = new Set(['config', 'auth', 'unreachable', 'cancelled', 'replay_miss']);

/**
 * A 400 ends the run only when a setting fixes it (an unknown model id); a 400 about this one
 * request (a content filter, a context too long) falls back for this question alone.
 */
function endsRun(err: LlmError): boolean {
  return RUN_FATAL.has(err.kind) || (err.kind === 'bad_request' && !!err.details.fix);
}

/** A judgment's problems: parse, schema, then reference-specific checks. Empty when valid. */
export function judgmentProblems(text: string, reference: KnowledgeEntry | null): { judgment?: Judgment; problems: string[] } {
  const parsed = parseJsonReply(text);
  if ('error' in parsed) return { problems: [parsed.error] };
  const shape = schemaProblems(JUDGMENT_SCHEMA, parsed.value);
  if (shape.length) return { problems: shape };
  const judgment = parsed.value as Judgment;
  const problems = checkJudgment(judgment, keyPointIds(reference));
  return problems.length ? { problems } : { judgment, problems };
}

/** What one model judgment came to. */
export type ModelJudgeOutcome =
  | { ok: true; analysis: AnswerAnalysis; usage: LlmUsage; costUsd: number | null; repairs: number }
  | { ok: false; reason: string; usage: LlmUsage; costUsd: number | null; repairs: number };

/** The task plus what the analysis needs to show it. */
export interface ModelJudgeInput extends JudgmentTask {
  shownReference?: KnowledgeEntry | null;
}

function repairMessage(problems: readonly string[]): LlmMessage {
  return {
    role: 'user',
    content: [{ type: 'text', text: `Your reply is not a valid judgment:\n${problems.map((p) => `- ${p}`).join('\n')}\nReturn the corrected JSON object only, with every field the output section lists.` }],
  };
}

/** Judges one answer with the model. */
export async function judgeWithModel(input: ModelJudgeInput, llm: LlmProvider, signal: AbortSignal): Promise<ModelJudgeOutcome> {
  let request: LlmRequest = judgmentRequest(input);
  let usage = ZERO_USAGE;
  let cost: number | null = 0;
  let lastProblems: string[] = [];
  let model = llm.model;
  for (let repairs = 0; repairs <= MAX_REPAIRS; repairs++) {
    let text: string;
    let truncated = false;
    try {
      const response = await llm.complete(request, { signal });
      usage = addUsage(usage, response.usage);
      cost = cost === null || response.costUsd === null ? null : cost + response.costUsd;
      model = response.model || model;
      text = responseText(response);
      truncated = response.stopReason === 'max_tokens';
    } catch (err) {
      if (err instanceof LlmError && !endsRun(err)) {
        return { ok: false, reason: msg(input.reportLanguage, 'fallback.service', model, err.message), usage, costUsd: cost, repairs };
      }
      throw err;
    }
    const { judgment, problems } = judgmentProblems(text, input.reference);
    if (judgment) {
      const analysis = judgmentToAnalysis({
        judgment, answer: input.answer, reference: input.reference, shownReference: input.shownReference ?? null,
        reportLanguage: input.reportLanguage, related: input.related,
        ...(input.referenceConfidence !== undefined ? { referenceConfidence: input.referenceConfidence } : {}),
        scoredBy: {
          engine: llm.engine, model, repairs,
          usage: { ...usage, costUsd: cost === null ? null : Math.round(cost * 1e6) / 1e6 },
        },
      });
      return { ok: true, analysis, usage, costUsd: cost, repairs };
    }
    // A reply cut at the token limit is asked again shorter, with room to finish.
    lastProblems = truncated ? ['the reply was cut off at the token limit: return a shorter object (at most 6 evidence items, reasons under 25 words)', ...problems] : problems;
    request = {
      ...request,
      purpose: 'judge-repair',
      maxTokens: truncated ? Math.min(2 * request.maxTokens, MAX_REPAIR_TOKENS) : request.maxTokens,
      messages: [...request.messages, { role: 'assistant', content: [{ type: 'text', text: text || '(empty reply)' }] }, repairMessage(lastProblems)],
    };
  }
  return {
    ok: false,
    reason: msg(input.reportLanguage, 'fallback.invalidOutput', model, MAX_REPAIRS, lastProblems.slice(0, 2).join('; ')),
    usage, costUsd: cost, repairs: MAX_REPAIRS,
  };
}
