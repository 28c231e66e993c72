/**
 * One question of a diagnosis: find its reference (the question in context), then judge the
 * answer. The diagnose-transcript skill runs it per pair; the scoring eval runs the same path.
 */
import type { AnswerAnalysis } from '../../diagnosis/judge/analysis';
import type { ReferenceChoiceSummary, ReferenceEntrySummary } from '../tools/findReference';
import type { Language } from '../../text/language';
import { call } from '../../calls/callSkill';
import type { SkillContext } from '../../calls/skill';

/** A question as asked, with what came before it. */
export interface PairToJudge {
  question: string;
  answer: string;
  language: Language;
  /** The language the analysis is written in (default: the transcript's). */
  reportLanguage?: Language;
  /** The earlier questions of the interview, oldest first. */
  previous?: string[];
}

/** The reference a question found (or not) and the analysis of its answer. */
export interface JudgedPair {
  analysis: AnswerAnalysis;
  reference: ReferenceEntrySummary | null;
  /** What found the reference: the whole turn, its asking sentence, earlier questions, or the answer breaking a tie. */
  via: ReferenceChoiceSummary['via'];
}

/** Confidence from which another candidate counts as close to the question (its mistakes are checked). */
const NEARBY_CONFIDENCE = 0.2;

/** Earlier questions a follow-up is read with (the last few are what it can refer to). */
const CONTEXT_QUESTIONS = 3;

/** Retrieves the reference of one question and judges its answer. */
export async function judgePair(ctx: SkillContext, pair: PairToJudge): Promise<JudgedPair> {
  const choice = await call<ReferenceChoiceSummary>(ctx, 'find_reference', {
    question: pair.question, answer: pair.answer, language: pair.language,
    ...(pair.previous?.length ? { previous: pair.previous.slice(-CONTEXT_QUESTIONS) } : {}),
  });
  const top = choice.hit;
  const related = top ? [] : choice.related.map((h) => ({ id: h.id, question: h.question }));
  // Entries close to the question, chosen or not: their known mistakes are checked too.
  const nearby = choice.related.filter((h) => h.confidence >= NEARBY_CONFIDENCE && h.id !== top?.id).map((h) => h.id);
  const analysis = await call<AnswerAnalysis>(ctx, 'analyze_content', {
    question: pair.question, answer: pair.answer, language: pair.language,
    ...(pair.reportLanguage && pair.reportLanguage !== pair.language ? { reportLanguage: pair.reportLanguage } : {}),
    ...(top ? { referenceId: top.id, referenceConfidence: top.confidence } : {}),
    ...(related.length ? { related } : {}),
    ...(nearby.length ? { nearby } : {}),
    ...(choice.contested ? { noCloseReference: true } : {}),
    ...(pair.previous?.length ? { previous: pair.previous.slice(-CONTEXT_QUESTIONS) } : {}),
  });
  return { analysis, reference: top, via: choice.via };
}
