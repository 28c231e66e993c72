/**
 * One question of a diagnosis: find its reference (the question in context), then judge the
 * answer. The diagnose-transcript skill runs it per pair; the scoring eval runs the same path.
 */
import { REFERENCE_THRESHOLD } from '../kb/confidence';
import type { AnswerAnalysis } from '../llm/offline';
import type { KnowledgeHitSummary } from '../tools/queryKnowledgeBase';
import type { Language } from '../transcript/language';
import { call } from './call';
import type { SkillContext } from './types';

/** A question as asked, with what came before it. */
export interface PairToJudge {
  question: string;
  answer: string;
  language: Language;
  /** The earlier questions of the interview, oldest first. */
  previous?: string[];
}

/** The reference a question found (or not) and the analysis of its answer. */
export interface JudgedPair {
  analysis: AnswerAnalysis;
  reference: KnowledgeHitSummary | null;
}

/** How many closest entries a question without a reference shows. */
const RELATED = 3;

/** Retrieves the reference of one question and judges its answer. */
export async function judgePair(ctx: SkillContext, pair: PairToJudge): Promise<JudgedPair> {
  const { hits } = await call<{ hits: KnowledgeHitSummary[] }>(ctx, 'query_knowledge_base', {
    query: pair.question, topK: RELATED, language: pair.language,
  });
  const top = hits[0] && hits[0].confidence >= REFERENCE_THRESHOLD ? hits[0] : null;
  const related = top ? [] : hits.map((h) => ({ id: h.id, question: h.question }));
  const analysis = await call<AnswerAnalysis>(ctx, 'analyze_content', {
    question: pair.question, answer: pair.answer, language: pair.language,
    ...(top ? { referenceId: top.id, referenceConfidence: top.confidence } : {}),
    ...(related.length ? { related } : {}),
  });
  return { analysis, reference: top };
}
