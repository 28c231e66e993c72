/**
 * Progress over sessions, from the reports in history (diagnosed interviews and mock interviews
 * alike): each dimension's score per session, each knowledge topic's, the weakest topics, and the
 * questions answered worst, which "Practise weak questions" asks again. Pure: the caller reads the
 * reports; nothing here touches the store.
 */
import type { Dimension } from '../kb/types';
import { DIMENSIONS } from '../kb/types';
import type { Report } from '../report/model';

/** One session on the time line. */
export interface SessionPoint {
  id: string;
  createdAt: string;
  source: string;
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

/** Progress over `reports` (any order); `weakLimit` caps the weak questions. */
export function computeProgress(reports: readonly Report[], weakLimit = 10): Progress {
  const ordered = [...reports].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const sessions: SessionPoint[] = ordered.map((r) => ({
    id: r.id, createdAt: r.createdAt, source: r.source, overall: r.summary.overallScore, dimensions: { ...r.summary.dimensions }, questions: r.perQuestion.length,
  }));
  const dimensions = Object.fromEntries(DIMENSIONS.map((d) => [d, sessions.filter((s) => s.dimensions[d] !== null).map((s) => ({ sessionId: s.id, score: s.dimensions[d]! }))])) as Progress['dimensions'];
  const byTopic = new Map<string, TopicTrend>();
  const lastAnswer = new Map<string, WeakQuestion>();
  for (const r of ordered) {
    const perTopic = new Map<string, number[]>();
    for (const q of r.perQuestion) {
      if (!q.reference) continue;
      perTopic.set(q.reference.topic, [...(perTopic.get(q.reference.topic) ?? []), q.contentScore]);
      // The latest answer to an entry decides whether it is still weak.
      lastAnswer.set(q.reference.id, { entryId: q.reference.id, question: q.reference.question, topic: q.reference.topic, score: q.contentScore, createdAt: r.createdAt });
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
