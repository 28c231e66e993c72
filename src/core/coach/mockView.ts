/**
 * What the mock-interview panel shows, computed from the session alone (so a panel restored after
 * a reload shows exactly what it showed before): the question waiting, where the interview is,
 * the feedback on the last answer (its score, what it missed, and whether it earned a follow-up),
 * and the questions done so far. Pure data; the extension renders it in its language.
 */
import type { Dimension } from '../diagnosis/knowledge/types';
import { currentTurn, progressOf, type MockSession, type TurnScore } from './mockSession';

/** The feedback on the last answer given. */
export interface MockFeedback {
  question: string;
  score: number;
  dimensions: Record<Dimension, number | null>;
  missing: string[];
  offTopic: boolean;
  /** The follow-up it earned (asked next), when it missed key points. */
  followUp?: { question: string; probes: string[] };
}

/** One question done so far. */
export interface MockDone {
  kind: 'question' | 'follow-up';
  question: string;
  /** Undefined when skipped. */
  score?: number;
  skipped: boolean;
}

/** The panel's model. */
export interface MockView {
  sessionId: string;
  language: MockSession['language'];
  status: MockSession['status'];
  /** Main questions asked so far (follow-ups not counted), and of how many. */
  progress: { asked: number; total: number };
  /** The question waiting for an answer; undefined when the interview is over. */
  current?: { kind: 'question' | 'follow-up'; question: string; number: number; /** The answer typed and not yet sent. */ draft?: string };
  feedback?: MockFeedback;
  done: MockDone[];
  answered: number;
  reportId?: string;
}

const feedbackOf = (question: string, score: TurnScore): Omit<MockFeedback, 'followUp'> => ({
  question, score: score.contentScore, dimensions: { ...score.dimensions }, missing: [...score.keyMissing], offTopic: score.offTopic,
});

/** The view of `session`. */
export function mockView(session: MockSession): MockView {
  const turn = currentTurn(session);
  const { asked, total } = progressOf(session);
  const doneTurns = session.turns.filter((t) => t.answer !== undefined || t.skipped);
  let feedback: MockFeedback | undefined;
  let lastIndex = session.turns.length - 1;
  while (lastIndex >= 0 && !(session.turns[lastIndex].answer !== undefined && session.turns[lastIndex].score)) lastIndex--;
  if (lastIndex >= 0) {
    const last = session.turns[lastIndex];
    const next = session.turns[lastIndex + 1];
    // Feedback stays on show only until the next answer or skip.
    const stillLatest = session.turns.slice(lastIndex + 1).every((t) => t.answer === undefined && !t.skipped);
    if (stillLatest) {
      feedback = {
        ...feedbackOf(last.question, last.score!),
        ...(next?.kind === 'follow-up' ? { followUp: { question: next.question, probes: [...(next.probes ?? [])] } } : {}),
      };
    }
  }
  return {
    sessionId: session.id,
    language: session.language,
    status: session.status,
    progress: { asked, total },
    ...(turn ? { current: { kind: turn.kind, question: turn.question, number: asked, ...(turn.draft ? { draft: turn.draft } : {}) } } : {}),
    ...(feedback ? { feedback } : {}),
    done: doneTurns.map((t) => ({ kind: t.kind, question: t.question, skipped: !!t.skipped, ...(t.score ? { score: t.score.contentScore } : {}) })),
    answered: doneTurns.filter((t) => t.answer !== undefined && t.answer.trim() !== '').length,
    ...(session.reportId ? { reportId: session.reportId } : {}),
  };
}
