/**
 * Runs a mock interview over the core: draws the questions (avoiding those of recent sessions),
 * scores each answer with analyze_content against the question's own entry (the engine of the
 * run: a model when configured, else the offline judge), and when the session is over diagnoses
 * its transcript like any other, so it lands in history with the same report.
 */
import { randomUUID } from 'node:crypto';
import type { Category } from '../diagnosis/knowledge/types';
import type { AnswerAnalysis } from '../diagnosis/judge/analysis';
import type { Report } from '../diagnosis/report/model';
import type { ContextOptions, Core } from '../services';
import type { SkillResult } from '../calls/skill';
import type { ReportHistory } from '../diagnosis/history/historyStore';
import type { Language } from '../text/language';
import { newSession, sessionTranscript, hasAnswers, type MockSession, type MockTurn } from './mockSession';
import { sampleQuestions, type Difficulty } from './sampleQuestions';

/** A mock interview that cannot start or go on, with what to do. */
export class MockInterviewError extends Error {}

/** What a new session asks for. */
export interface MockOptions {
  language: Language;
  count: number;
  categories: Category[];
  difficulties: Difficulty[];
  followUps: boolean;
  userId?: string;
  random?: () => number;
}

/** Item ids of the questions of the user's last `sessions` reports, newest first. */
export function recentItemIds(store: ReportHistory | undefined, userId: string, sessions = 5): string[] {
  if (!store) return [];
  const ids: string[] = [];
  for (const row of store.list(userId, sessions)) {
    const report = store.get(row.id);
    for (const q of report?.perQuestion ?? []) {
      const ref = q.reference?.id;
      // Entry ids are "<language>-<item id>": recency is per item, whatever the language.
      if (ref) ids.push(ref.replace(/^(zh|en)-/, ''));
    }
  }
  return [...new Set(ids)];
}

/** Draws the questions and starts a session; the warnings say when recent ones were reused. */
export function startMockInterview(core: Pick<Core, 'knowledgeBase' | 'store'>, options: MockOptions, now: Date): { session: MockSession; warnings: string[] } {
  if (!(Number.isInteger(options.count) && options.count >= 1 && options.count <= 30)) throw new MockInterviewError(`the number of questions must be a whole number from 1 to 30, not ${options.count}`);
  const sample = sampleQuestions(core.knowledgeBase, {
    count: options.count, language: options.language, categories: options.categories, difficulties: options.difficulties,
    recent: recentItemIds(core.store, options.userId ?? 'default'), ...(options.random ? { random: options.random } : {}),
  });
  if (sample.entries.length === 0) {
    throw new MockInterviewError(`no ${options.language === 'zh' ? 'Chinese' : 'English'} question in the knowledge base matches ${[...options.categories, ...options.difficulties].join(', ') || 'these choices'}; choose other dimensions or difficulties`);
  }
  const warnings: string[] = [];
  if (sample.shortBy) warnings.push(`only ${sample.entries.length} questions match these choices (${options.count} asked for)`);
  if (sample.repeatedFromRecent) warnings.push(`${sample.repeatedFromRecent} of the questions were asked in a recent session: there are not enough others for these choices`);
  const session = newSession(core.knowledgeBase, sample.entries.map((e) => e.id), {
    count: options.count, categories: options.categories, difficulties: options.difficulties, followUps: options.followUps, language: options.language, id: randomUUID(), now,
  });
  return { session, warnings };
}

/** What a session on given questions asks for. */
export interface ChosenQuestionsOptions {
  /** The session's language; by default the language the first id names ("zh-…", "en-…"), else `fallbackLanguage`. */
  language?: Language;
  fallbackLanguage: Language;
  followUps: boolean;
}

/**
 * Starts a session asking exactly `ids`, in order (knowledge-base entry ids such as "en-rag-pipeline",
 * or bare item ids): each in the session's language (every item has both). Ids the knowledge base
 * does not have are named in the error, since a caller that chose them expects every one asked.
 */
export function startMockInterviewOn(core: Pick<Core, 'knowledgeBase'>, ids: readonly string[], options: ChosenQuestionsOptions, now: Date): { session: MockSession; warnings: string[] } {
  const wanted = ids.map((id) => String(id).trim()).filter((id) => id !== '');
  if (wanted.length === 0) throw new MockInterviewError('no question was given: pass knowledge-base entry ids such as "en-rag-pipeline"');
  if (wanted.length > 30) throw new MockInterviewError(`a mock interview asks at most 30 questions, not ${wanted.length}`);
  const named = /^(zh|en)-/.exec(wanted[0])?.[1] as Language | undefined;
  const language = options.language ?? named ?? options.fallbackLanguage;
  const entryIds: string[] = [];
  const unknown: string[] = [];
  for (const id of wanted) {
    const itemId = id.replace(/^(zh|en)-/, '');
    const entry = core.knowledgeBase.get(`${language}-${itemId}`) ?? core.knowledgeBase.get(id);
    if (!entry) unknown.push(id);
    else if (!entryIds.includes(entry.id)) entryIds.push(entry.id);
  }
  if (unknown.length) throw new MockInterviewError(`the knowledge base has no question ${unknown.map((u) => `"${u}"`).join(', ')}; use entry ids as "Search Knowledge Base" shows them`);
  const warnings = entryIds.length < wanted.length ? [`${wanted.length - entryIds.length} question(s) were given twice and are asked once`] : [];
  const session = newSession(core.knowledgeBase, entryIds, {
    count: entryIds.length, categories: [], difficulties: [], followUps: options.followUps, language, id: randomUUID(), now,
  });
  return { session, warnings };
}

/** Scores `answer` to `turn` against the turn's entry. */
export async function scoreMockAnswer(core: Pick<Core, 'tools' | 'context'>, session: MockSession, turn: MockTurn, answer: string, options: Partial<ContextOptions>): Promise<AnswerAnalysis> {
  const previous = session.turns.filter((t) => t !== turn && t.answer !== undefined).map((t) => t.question).slice(-5);
  const result = await core.tools.execute<AnswerAnalysis>('analyze_content', {
    question: turn.question, answer, referenceId: turn.entryId, referenceConfidence: 1, language: session.language, ...(previous.length ? { previous } : {}),
  }, core.context({ caller: options.caller ?? 'mock', ...options }));
  if (!result.success) throw new MockInterviewError(result.error!.message);
  return result.data!;
}

/** Diagnoses the session's answers as a transcript (saved to history like any other); undefined when nothing was answered. */
export async function finishMockInterview(
  core: Pick<Core, 'diagnose'>, session: MockSession, options: Partial<ContextOptions> & { userId?: string; persist?: boolean; reportLanguage?: Language | 'transcript' },
): Promise<SkillResult<Report> | undefined> {
  if (!hasAnswers(session)) return undefined;
  const day = session.createdAt.slice(0, 10);
  const { userId, persist, reportLanguage, ...run } = options;
  return core.diagnose({
    text: sessionTranscript(session), source: session.language === 'zh' ? `模拟面试 ${day}` : `Mock interview ${day}`,
    sourceKey: mockSourceKey(session), typedAnswers: true, ...(userId ? { userId } : {}), ...(persist === false ? { persist: false } : {}),
    ...(reportLanguage ? { reportLanguage } : {}),
  }, run);
}

/** The history's source key of a session's report (what the report was computed from). */
export function mockSourceKey(session: Pick<MockSession, 'id'>): string {
  return `mock-interview:${session.id}`;
}
