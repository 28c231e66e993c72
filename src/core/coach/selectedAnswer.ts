/**
 * "Compare with the expert" on an answer selected in any file (a transcript not diagnosed yet,
 * notes, a draft): the question it answers is the one the transcript splitter puts it under, else
 * the nearest line above that asks something; the reference is chosen from that question with the
 * core's find_reference (from the selected text itself when no question is found), and the answer
 * is scored against it with analyze_content, the engine of the run.
 */
import type { AnswerAnalysis } from '../diagnosis/judge/analysis';
import type { ContextOptions, Core } from '../services';
import type { ReferenceChoiceSummary } from '../builtin/tools/findReference';
import { splitTranscript } from '../diagnosis/transcript/split';
import type { Language } from '../text/language';
import { comparisonFromAnalysis, type ExpertComparison } from './compareExpert';

/** Where the selected answer sits. */
export interface AnswerContext {
  /** The question it answers, when one was found. */
  question?: string;
  /** Earlier questions of the same transcript (for follow-ups such as "And how would you test that?"). */
  previous: string[];
}

/** A comparison that cannot be made, with what to do. */
export class CompareError extends Error {}

const QUESTION_LABEL = /^\s*(?:\[[\d:.,\s-]+\]\s*)?(?:interviewer|面试官|q|问)(?:\s*\d+)?\s*[:：]\s*/i;
const ANSWER_LABEL = /^\s*(?:\[[\d:.,\s-]+\]\s*)?(?:candidate|interviewee|me|候选人|应聘者|我|a|答)(?:\s*\d+)?\s*[:：]\s*/i;
/** How many lines above the selection are read for its question. */
const LOOK_BACK_LINES = 40;

/** The selected text as an answer: speaker labels at line starts dropped, lines joined. */
export function answerText(selected: string): string {
  return selected.split(/\r?\n/).map((l) => l.replace(ANSWER_LABEL, '').trim()).filter((l) => l !== '').join(' ').trim();
}

/** The nearest line above `offset` that asks: an interviewer's line, or one ending with a question mark. */
export function questionAbove(text: string, offset: number): string | undefined {
  const lines = text.slice(0, offset).split(/\r?\n/);
  // The selection's own first line does not count when the selection starts inside it.
  for (let i = lines.length - 1, seen = 0; i >= 0 && seen < LOOK_BACK_LINES; i--, seen++) {
    const line = lines[i].trim();
    if (!line || i === lines.length - 1) continue;
    if (QUESTION_LABEL.test(line)) return line.replace(QUESTION_LABEL, '').trim() || undefined;
    if (/[?？]\s*$/.test(line) && !ANSWER_LABEL.test(line)) return line;
  }
  return undefined;
}

/** The question the selection at [start, end) of `text` answers, by the transcript's own split when it splits. */
export function contextOfSelection(text: string, start: number): AnswerContext {
  try {
    const { pairs } = splitTranscript(text);
    const i = pairs.findIndex((p) => start >= p.startOffset && start < p.endOffset);
    if (i >= 0) return { question: pairs[i].question, previous: pairs.slice(Math.max(0, i - 5), i).map((p) => p.question) };
  } catch {
    // Not a transcript (notes, a draft): the lines above are read instead.
  }
  const question = questionAbove(text, start);
  return { ...(question ? { question } : {}), previous: [] };
}

/** Scores `answer` against the reference its question (or itself) finds, as a comparison with the expert. */
export async function compareSelectedAnswer(
  core: Pick<Core, 'tools' | 'context' | 'knowledgeBase'>,
  input: {
    answer: string; context: AnswerContext; language?: Language; reportLanguage?: Language;
    /** An entry the user chose to compare with (retrieval found none confident enough): used as the reference, unsearched. */
    referenceId?: string;
  },
  options: Partial<ContextOptions>,
): Promise<ExpertComparison> {
  const answer = answerText(input.answer);
  if (answer.length < 2) throw new CompareError('the selection holds no answer: select the candidate\'s answer (the question above it is found by itself)');
  const ctx = () => core.context({ caller: options.caller ?? 'compare', ...options });
  const question = input.context.question ?? answer;
  let hit: { id: string; question: string; confidence?: number } | null;
  if (input.referenceId !== undefined) {
    const chosen = core.knowledgeBase.get(input.referenceId);
    if (!chosen) throw new CompareError(`there is no knowledge-base entry "${input.referenceId}"`);
    // Chosen by the user, so no retrieval confidence discounts it.
    hit = { id: chosen.id, question: chosen.question };
  } else {
    const found = await core.tools.execute<ReferenceChoiceSummary>('find_reference', {
      question, ...(input.context.question ? { answer } : {}), ...(input.context.previous.length ? { previous: input.context.previous.slice(-5) } : {}),
      ...(input.language ? { language: input.language } : {}),
    }, ctx());
    if (!found.success) throw new CompareError(found.error!.message);
    hit = found.data!.hit;
  }
  const analysed = await core.tools.execute<AnswerAnalysis>('analyze_content', {
    question: input.context.question ?? hit?.question ?? answer, answer,
    ...(hit ? { referenceId: hit.id, ...(hit.confidence !== undefined ? { referenceConfidence: hit.confidence } : {}) } : {}),
    ...(input.language ? { language: input.language } : {}), ...(input.reportLanguage ? { reportLanguage: input.reportLanguage } : {}),
    ...(input.context.previous.length ? { previous: input.context.previous.slice(-5) } : {}),
  }, ctx());
  if (!analysed.success) throw new CompareError(analysed.error!.message);
  const entry = hit ? core.knowledgeBase.get(hit.id) : undefined;
  // The expert answer in the report's language when the item has one (as the report shows it).
  const shown = entry && input.reportLanguage && entry.language !== input.reportLanguage ? core.knowledgeBase.get(`${input.reportLanguage}-${entry.itemId}`) ?? entry : entry;
  return comparisonFromAnalysis(input.context.question ?? hit?.question ?? answer, answer, analysed.data!, shown);
}
