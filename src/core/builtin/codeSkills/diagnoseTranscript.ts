import { REFERENCE_THRESHOLD } from '../../diagnosis/knowledge/confidence';
import { lensTitle } from '../../diagnosis/report/lens';
import type { Language } from '../../text/language';
import { mapLimit, throwIfAborted, yieldToEventLoop } from '../../runtime/abort';
import { redactStrings } from '../../runtime/redact';
import type { Report } from '../../diagnosis/report/model';
import type { FormatChoice, SplitResult } from '../../diagnosis/transcript/model';
import type { CustomLabels } from '../../diagnosis/transcript/speakers';
import type { DeliveryReport } from '../../diagnosis/speech/delivery';
import type { AnalysedPair } from '../tools/generateReport';
import { JUDGE_PROMPT_VERSION } from '../../diagnosis/modelJudge/promptVersion';
import type { Skill, SkillContext, SkillResult } from '../../calls/skill';
import { call, SkillStepError } from '../../calls/callSkill';
import { judgePair } from './judgePair';
import { reportOrigin } from '../../diagnosis/history/reportOrigin';

export { call, SkillStepError };

/** Input of the diagnose-transcript skill. */
export interface DiagnoseInput {
  text: string;
  source?: string;
  userId?: string;
  concurrency?: number;
  /** Store the report in history (default true when a store is available). */
  persist?: boolean;
  /** Force a transcript format instead of detecting it. */
  format?: FormatChoice;
  /** Extra speaker labels with a known role. */
  labels?: CustomLabels;
  /** Swap interviewer and candidate (the user said the guess was wrong). */
  swapRoles?: boolean;
  /** The file's URI, stored with the report so that the editor can show it again while the text is unchanged. */
  sourceKey?: string;
  /**
   * The language the report is written in: `transcript` (default) follows the transcript; `zh` or
   * `en` writes every label, explanation and plan step in that language, with knowledge-base text
   * in it where the entry has it. What was said is quoted as spoken.
   */
  reportLanguage?: Language | 'transcript';
  /** The answers were typed (a mock interview), not spoken: the report says so instead of asking for timestamps. */
  typedAnswers?: boolean;
  /** The id of a stored report to compare with, instead of the latest earlier run of this interview. */
  compareWith?: string;
}

/** Questions judged at once by a model engine (setting interviewLens.llm.concurrency). */
export const DEFAULT_MODEL_CONCURRENCY = 6;

/** Most questions one run diagnoses; a bigger file is almost always several interviews in one. */
export const MAX_QUESTIONS = 300;

/**
 * Below this confidence a knowledge-base hit shares a word or two with the question, not its
 * topic; comparing with a wrong reference is worse than saying there is none.
 */
export const MIN_REFERENCE_CONFIDENCE = REFERENCE_THRESHOLD;

/**
 * split -> for each pair (bounded concurrency): retrieve the reference, analyse the answer ->
 * build the report -> store it. Progress is reported per analysed question.
 */
export const diagnoseTranscript: Skill<DiagnoseInput, Report> = {
  name: 'diagnose-transcript',
  description: 'Diagnose an interview transcript question by question against the knowledge base and build a report.',
  triggers: ['diagnose', 'transcript', 'interview', '诊断', '面试', '复盘'],
  requiredTools: ['split_qa_pairs', 'find_reference', 'analyze_content', 'analyze_speech', 'generate_report'],
  priority: 10,
  promptVersion: JUDGE_PROMPT_VERSION,
  askInput: (request) => (request.attachment
    ? { text: request.attachment.text, source: request.attachment.source, ...(request.attachment.sourceKey ? { sourceKey: request.attachment.sourceKey } : {}) }
    : undefined),
  askNeeds: 'a transcript: open one in the editor (VS Code) or pass --file FILE (CLI)',
  async execute(input: DiagnoseInput, ctx: SkillContext): Promise<SkillResult<Report>> {
    ctx.onProgress?.({ done: 0, total: 0, message: 'splitting', phase: 'splitting' });
    await yieldToEventLoop();
    throwIfAborted(ctx.signal);
    const split = await call<SplitResult>(ctx, 'split_qa_pairs', {
      text: input.text, format: input.format ?? 'auto', swapRoles: input.swapRoles ?? false,
      ...(input.labels ? { labels: input.labels } : {}),
    });
    const total = split.pairs.length;
    const reportLanguage: Language = input.reportLanguage === 'zh' || input.reportLanguage === 'en' ? input.reportLanguage : split.language;
    if (total > MAX_QUESTIONS) {
      throw new SkillStepError('split_qa_pairs', {
        code: 'input_error',
        message: `found ${total} questions; one run diagnoses at most ${MAX_QUESTIONS}: split the file into one interview per file`,
      });
    }
    let done = 0;
    ctx.onProgress?.({ done, total, message: `0/${total}`, phase: 'questions' });
    await yieldToEventLoop();
    // Cues the parser skipped: in the run's warnings, and in the report, where the user reads them.
    const warnings: string[] = (split.warnings ?? []).map((w) => `transcript ${w}`);
    // The first question that fails ends the run: the others stop taking questions and their
    // model requests in flight are aborted (a failed run must not go on paying for calls).
    const run = new AbortController();
    const onCancel = () => run.abort();
    ctx.signal.addEventListener('abort', onCancel, { once: true });
    const runCtx: SkillContext = { ...ctx, signal: run.signal };
    const stopOnFailure = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (err) {
        run.abort();
        throw err;
      }
    };
    let analysed: AnalysedPair[];
    try {
      // A model engine waits on the network: more questions in flight (the rate limiter keeps it polite).
      analysed = await mapLimit(split.pairs, input.concurrency ?? (ctx.llm ? DEFAULT_MODEL_CONCURRENCY : 4), (pair) => stopOnFailure(async (): Promise<AnalysedPair> => {
        throwIfAborted(runCtx.signal);
        const previous = split.pairs.filter((p) => p.index < pair.index).map((p) => p.question);
        const { analysis, reference } = await judgePair(runCtx, { question: pair.question, answer: pair.answer, language: split.language, reportLanguage, previous });
        if (analysis.scoredBy?.fallback) warnings.push(`Q${pair.index}: ${analysis.scoredBy.fallback}`);
        if (!reference) warnings.push(`Q${pair.index}: no reference answer matched with enough confidence; judged on relevance, explanation and concrete claims`);
        done++;
        ctx.onProgress?.({ done, total, message: `Q${pair.index} ${analysis.contentScore}/100`, phase: 'questions' });
        const { index, question, answer, startOffset, endOffset, answerStartS, answerEndS } = pair;
        return {
          index, question, answer, startOffset, endOffset, analysis,
          ...(answerStartS !== undefined ? { answerStartS } : {}), ...(answerEndS !== undefined ? { answerEndS } : {}),
        };
      }), run.signal);
    } finally {
      ctx.signal.removeEventListener('abort', onCancel);
    }
    throwIfAborted(ctx.signal);
    ctx.onProgress?.({ done, total, message: 'report', phase: 'report' });
    await yieldToEventLoop();
    throwIfAborted(ctx.signal);
    const delivery = split.timed
      ? await call<DeliveryReport>(ctx, 'analyze_speech', {
        turns: split.turns, pairs: split.pairs, language: reportLanguage, wordTimed: split.wordTimed, startOnly: split.startOnly,
      })
      : undefined;
    const userId = input.userId ?? 'default';
    // The report is stored and shown: it passes the same redaction as every message and log line.
    const report = redactStrings(await call<Report>(ctx, 'generate_report', {
      pairs: analysed, language: reportLanguage, transcriptLanguage: split.language, userId,
      source: input.source ?? 'transcript', engine: ctx.llm ? ctx.llm.engine : 'offline',
      ...(ctx.llm ? { model: ctx.llm.model } : {}), ...(ctx.usage && ctx.usage.calls.length ? { usage: ctx.usage.totals() } : {}),
      textHash: reportOrigin(input.sourceKey ?? '', input.text).textHash,
      ...(input.compareWith ? { compareWith: input.compareWith } : {}),
      transcript: {
        format: split.format, timed: split.timed, speakers: split.speakers, ...(input.swapRoles ? { swapped: true } : {}),
        ...(split.warnings ? { skipped: split.warnings } : {}), ...(input.typedAnswers && !split.timed ? { typed: true } : {}),
      },
      ...(delivery ? { delivery } : {}),
    }));
    const actions = [];
    if (ctx.store && input.persist !== false) {
      throwIfAborted(ctx.signal);
      const saved = await ctx.store.save(report, input.sourceKey ? reportOrigin(input.sourceKey, input.text) : undefined);
      actions.push({ kind: saved.saved ? 'history.save' : 'history.skip', target: report.id, detail: { ...saved } });
    }
    const lines = [`**${report.summary.headline}**`, ''];
    for (const r of report.perQuestion) lines.push(`- ${lensTitle(r, report.language)}`);
    return { summary_md: lines.join('\n'), actions, warnings, raw: report };
  },
};
