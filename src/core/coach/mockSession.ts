/**
 * A mock interview as data: the questions drawn, each turn asked with its answer (or skipped),
 * the score of each answer, and at most one follow-up per question when the answer missed key
 * points. Every change returns a new session, so the caller saves it after each answer and an
 * interrupted session resumes where it stopped. A finished session becomes a labeled transcript,
 * which is diagnosed like any other (same report, saved to history).
 */
import type { KnowledgeBase } from '../diagnosis/knowledge/knowledgeBase';
import type { Category, Dimension } from '../diagnosis/knowledge/types';
import type { AnswerAnalysis } from '../diagnosis/judge/analysis';
import type { Language } from '../text/language';
import { chooseFollowUp, type FollowUp } from './followUp';
import type { Difficulty } from './sampleQuestions';

/** The session file's format this code writes. */
export const MOCK_SESSION_FORMAT = 1;

/** What one answer scored (the part of the analysis a session keeps). */
export interface TurnScore {
  contentScore: number;
  dimensions: Record<Dimension, number | null>;
  keyMissing: string[];
  offTopic: boolean;
}

/** One question asked. */
export interface MockTurn {
  /** The entry the answer is scored against. */
  entryId: string;
  question: string;
  kind: 'question' | 'follow-up';
  answer?: string;
  skipped?: boolean;
  score?: TurnScore;
  /** For a follow-up: the missed key points it probes. */
  probes?: string[];
  /** An answer typed and not yet sent, kept with the session so closing the panel or Resume loses nothing. */
  draft?: string;
}

/** A mock interview in progress or done. */
export interface MockSession {
  format: number;
  id: string;
  createdAt: string;
  updatedAt: string;
  language: Language;
  options: { count: number; categories: Category[]; difficulties: Difficulty[]; followUps: boolean };
  /** Entry ids of the questions not asked yet, in order. */
  queue: string[];
  turns: MockTurn[];
  status: 'active' | 'finished' | 'ended';
  /** The history report of the finished session, once diagnosed. */
  reportId?: string;
}

/** A new session asking `entryIds` in order. */
export function newSession(kb: KnowledgeBase, entryIds: readonly string[], options: MockSession['options'] & { language: Language; id: string; now: Date }): MockSession {
  if (entryIds.length === 0) throw new Error('a mock interview needs at least one question');
  const first = kb.get(entryIds[0]);
  if (!first) throw new Error(`question ${entryIds[0]} is not in the knowledge base`);
  const at = options.now.toISOString();
  return {
    format: MOCK_SESSION_FORMAT, id: options.id, createdAt: at, updatedAt: at, language: options.language,
    options: { count: options.count, categories: [...options.categories], difficulties: [...options.difficulties], followUps: options.followUps },
    queue: entryIds.slice(1), turns: [{ entryId: first.id, question: first.question, kind: 'question' }], status: 'active',
  };
}

/** The question waiting for an answer, or undefined when the session is over. */
export function currentTurn(session: MockSession): MockTurn | undefined {
  if (session.status !== 'active') return undefined;
  const last = session.turns[session.turns.length - 1];
  return last && last.answer === undefined && !last.skipped ? last : undefined;
}

/** How many main questions were asked so far (follow-ups not counted), and of how many. */
export function progressOf(session: MockSession): { asked: number; total: number } {
  const asked = session.turns.filter((t) => t.kind === 'question').length;
  return { asked, total: asked + session.queue.length };
}

function scoreOf(analysis: AnswerAnalysis): TurnScore {
  return { contentScore: analysis.contentScore, dimensions: { ...analysis.dimensions }, keyMissing: [...analysis.keyMissing], offTopic: !!analysis.relevance?.offTopic };
}

/** The session after `turns` changed: the follow-up or next question asked, or finished. */
function advance(session: MockSession, kb: KnowledgeBase, followUp: FollowUp | null, now: Date): MockSession {
  const turns = [...session.turns];
  const queue = [...session.queue];
  const last = turns[turns.length - 1];
  if (followUp) {
    turns.push({ entryId: followUp.entryId ?? last.entryId, question: followUp.question, kind: 'follow-up', probes: followUp.probes });
    return { ...session, turns, queue, updatedAt: now.toISOString() };
  }
  while (queue.length) {
    const entry = kb.get(queue.shift()!);
    // A question removed from the knowledge base since the session began is passed over.
    if (!entry) continue;
    turns.push({ entryId: entry.id, question: entry.question, kind: 'question' });
    return { ...session, turns, queue, updatedAt: now.toISOString() };
  }
  return { ...session, turns, queue, status: 'finished', updatedAt: now.toISOString() };
}

/** Records the answer to the current question and its analysis, then asks what comes next. */
export function answerTurn(session: MockSession, answer: string, analysis: AnswerAnalysis, kb: KnowledgeBase, now: Date): { session: MockSession; followUp: FollowUp | null } {
  const turn = currentTurn(session);
  if (!turn) throw new Error('this mock interview has no question waiting for an answer');
  const { draft: _sent, ...asked } = turn;
  const answered: MockTurn = { ...asked, answer, score: scoreOf(analysis) };
  const turns = [...session.turns.slice(0, -1), answered];
  const entry = kb.get(turn.entryId);
  // One follow-up per question, as an interviewer probes once and moves on.
  const followUp = session.options.followUps && turn.kind === 'question' && entry ? chooseFollowUp(entry, analysis, kb) : null;
  return { session: advance({ ...session, turns }, kb, followUp, now), followUp };
}

/** Skips the current question (a skipped follow-up just moves on). */
export function skipTurn(session: MockSession, kb: KnowledgeBase, now: Date): MockSession {
  const turn = currentTurn(session);
  if (!turn) throw new Error('this mock interview has no question waiting for an answer');
  const { draft: _dropped, ...asked } = turn;
  const turns = [...session.turns.slice(0, -1), { ...asked, skipped: true }];
  return advance({ ...session, turns }, kb, null, now);
}

/** Keeps `text` as the unsent answer to the current question (an empty text clears it); the session as is when none waits. */
export function withDraft(session: MockSession, text: string, now: Date): MockSession {
  const turn = currentTurn(session);
  if (!turn || (turn.draft ?? '') === text) return session;
  const { draft: _old, ...rest } = turn;
  const kept: MockTurn = text.trim() === '' ? rest : { ...rest, draft: text };
  return { ...session, turns: [...session.turns.slice(0, -1), kept], updatedAt: now.toISOString() };
}

/** Ends the session early; the question waiting is dropped. */
export function endSession(session: MockSession, now: Date): MockSession {
  const turns = session.turns.filter((t) => t.answer !== undefined || t.skipped);
  return { ...session, turns, queue: [], status: 'ended', updatedAt: now.toISOString() };
}

/** The answered turns as a labeled transcript in the session's language (skipped ones left out). */
export function sessionTranscript(session: MockSession): string {
  const [interviewer, candidate] = session.language === 'zh' ? ['面试官：', '候选人：'] : ['Interviewer: ', 'Candidate: '];
  return session.turns
    .filter((t) => t.answer !== undefined && t.answer.trim() !== '')
    .map((t) => `${interviewer}${t.question.replace(/\s+/g, ' ').trim()}\n${candidate}${t.answer!.replace(/\r?\n+/g, ' ').trim()}\n`)
    .join('\n');
}

/** Whether the session has anything to diagnose. */
export function hasAnswers(session: MockSession): boolean {
  return session.turns.some((t) => t.answer !== undefined && t.answer.trim() !== '');
}
