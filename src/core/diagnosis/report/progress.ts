/**
 * Progress over sessions, from the reports in history (diagnosed interviews and mock interviews
 * alike): each dimension's score per session, each knowledge topic's, the weakest topics, and the
 * questions answered worst, which "Practise weak questions" asks again. Pure: the caller reads the
 * reports; nothing here touches the store.
 */
import type { Dimension } from '../knowledge/types';
import { DIMENSIONS } from '../knowledge/types';
import type { Report } from './model';

/** One session on the time line. */
export interface SessionPoint {
  /** The report whose scores the point shows (the latest run of the session's text). */
  id: string;
  /** When the session was first diagnosed (a re-run keeps its place on the time line). */
  createdAt: string;
  source: string;
  /** Every report of this session: the first run and its re-runs, oldest first. */
  reportIds: string[];
  overall: number;
  dimensions: Record<Dimension, number | null>;
  questions: number;
}

/** A topic's scores over the sessions that touched it. */
export interface TopicTrend {
  topic: string;
  /** Per session that had questions of this topic: the mean content score. */
  points: Array<{ sessionId: string; createdAt: string; score: number; questions: number }>;
  /** Mean over the last three sessions that touched it. */
  recent: number;
  /** Last minus first point (0 with one point). */
  change: number;
  questions: number;
}

/** A question answered poorly, the last time it was answered. */
export interface WeakQuestion {
  /** Knowledge-base entry id ("en-rag-basics"). */
  entryId: string;
  question: string;
  topic: string;
  score: number;
  createdAt: string;
}

/** Everything the progress view shows. */
export interface Progress {
  sessions: SessionPoint[];
  dimensions: Record<Dimension, Array<{ sessionId: string; score: number }>>;
  topics: TopicTrend[];
  /** Up to five topics with the lowest recent mean (at least two questions answered). */
  weakestTopics: TopicTrend[];
  weakQuestions: WeakQuestion[];
}

const mean = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);

/** Entry ids are "<language>-<item id>": the same question asked in Chinese or English is one item. */
function itemOf(entryId: string): string {
  return entryId.replace(/^(zh|en)-/, '');
}

/**
 * The sessions among `ordered` (oldest first): a re-run of the same text (`rerunOf`) is not
 * another session, so it joins the report it re-ran. Each session keeps the time it was first
 * diagnosed and the latest run's scores (the judgment the user sees when opening it).
 */
function sessionsOf(ordered: readonly Report[]): Array<{ first: Report; latest: Report; ids: string[] }> {
  const root = new Map<string, string>();
  const position = new Map(ordered.map((r, k) => [r.id, k]));
  const rootOf = (r: Report, k: number): string => {
    const known = root.get(r.id);
    if (known) return known;
    const p = r.rerunOf?.id !== undefined ? position.get(r.rerunOf.id) : undefined;
    // A parent not in the set (deleted or pruned), or not before it in time, leaves the report a session of its own.
    const id = p !== undefined && p < k ? rootOf(ordered[p], p) : r.id;
    root.set(r.id, id);
    return id;
  };
  const groups = new Map<string, { first: Report; latest: Report; ids: string[] }>();
  for (const [k, r] of ordered.entries()) {
    const key = rootOf(r, k);
    const g = groups.get(key);
    if (g) {
      g.latest = r;
      g.ids.push(r.id);
    } else groups.set(key, { first: r, latest: r, ids: [r.id] });
  }
  return [...groups.values()];
}

/** Progress over `reports` (any order); `weakLimit` caps the weak questions. */
export function computeProgress(reports: readonly Report[], weakLimit = 10): Progress {
  const sorted = [...reports].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const grouped = sessionsOf(sorted);
  const sessions: SessionPoint[] = grouped.map(({ first, latest, ids }) => ({
    id: latest.id, createdAt: first.createdAt, source: latest.source, reportIds: ids, overall: latest.summary.overallScore, dimensions: { ...latest.summary.dimensions }, questions: latest.perQuestion.length,
  }));
  const ordered = grouped.map((g) => ({ ...g.latest, createdAt: g.first.createdAt }));
  const dimensions = Object.fromEntries(DIMENSIONS.map((d) => [d, sessions.filter((s) => s.dimensions[d] !== null).map((s) => ({ sessionId: s.id, score: s.dimensions[d]! }))])) as Progress['dimensions'];
  const byTopic = new Map<string, TopicTrend>();
  const lastAnswer = new Map<string, WeakQuestion>();
  for (const r of ordered) {
    const perTopic = new Map<string, number[]>();
    for (const q of r.perQuestion) {
      if (!q.reference) continue;
      perTopic.set(q.reference.topic, [...(perTopic.get(q.reference.topic) ?? []), q.contentScore]);
      // The latest answer to an item (in either language) decides whether it is still weak.
      lastAnswer.set(itemOf(q.reference.id), { entryId: q.reference.id, question: q.reference.question, topic: q.reference.topic, score: q.contentScore, createdAt: r.createdAt });
    }
    for (const [topic, scores] of perTopic) {
      const t = byTopic.get(topic) ?? { topic, points: [], recent: 0, change: 0, questions: 0 };
      t.points.push({ sessionId: r.id, createdAt: r.createdAt, score: mean(scores), questions: scores.length });
      t.questions += scores.length;
      byTopic.set(topic, t);
    }
  }
  const topics = [...byTopic.values()].map((t) => ({
    ...t, recent: mean(t.points.slice(-3).map((p) => p.score)), change: t.points.length > 1 ? t.points[t.points.length - 1].score - t.points[0].score : 0,
  })).sort((a, b) => a.topic.localeCompare(b.topic));
  const weakestTopics = topics.filter((t) => t.questions >= 2).sort((a, b) => a.recent - b.recent || a.topic.localeCompare(b.topic)).slice(0, 5);
  const weakQuestions = [...lastAnswer.values()].filter((q) => q.score < 60).sort((a, b) => a.score - b.score || a.entryId.localeCompare(b.entryId)).slice(0, weakLimit);
  return { sessions, dimensions, topics, weakestTopics, weakQuestions };
}

/** How many questions "Practise weak questions" asks at most. */
export const PRACTICE_QUESTIONS = 5;

/**
 * The knowledge-base entry ids a "Practise weak questions" mock interview asks: the questions
 * still weak by their latest answer, lowest score first, at most `limit`.
 */
export function weakQuestionIds(progress: Pick<Progress, 'weakQuestions'>, limit = PRACTICE_QUESTIONS): string[] {
  return progress.weakQuestions.slice(0, limit).map((q) => q.entryId);
}
