/**
 * `interview-lens mock`: a mock interview in the terminal. One question at a time; an answer is
 * the lines typed up to an empty line (so it can span lines); `:skip` and `:end` alone on a line
 * skip the question or end the interview. The session is saved after every answer in the same
 * kind of store VS Code uses (mock-sessions.sqlite, see mockSessionStore), so a closed terminal
 * resumes with `--resume`; when it is over its transcript is diagnosed and saved to history like
 * any other interview.
 */
import type { Core, ContextOptions } from '../core/services';
import type { Category } from '../core/diagnosis/knowledge/types';
import { CATEGORIES } from '../core/diagnosis/knowledge/types';
import type { Language } from '../core/text/language';
import { answerTurn, currentTurn, endSession, progressOf, skipTurn, type MockSession } from '../core/coach/mockSession';
import { MockSessionError, type MockSessionStore } from '../core/coach/mockSessionStore';
import { finishMockInterview, MockInterviewError, scoreMockAnswer, startMockInterview } from '../core/coach/mockInterview';
import type { Difficulty } from '../core/coach/sampleQuestions';
import { renderTextSummary } from '../core/diagnosis/report/text';
import { dimInSentence } from '../core/text/i18n';
import { UsageError } from './io';

const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];

/** What `mock` is given. */
export interface MockArgs {
  dimensions: string[];
  difficulties: string[];
  count?: string;
  language?: string;
  resume: boolean;
  fresh: boolean;
  followUps: boolean;
  json: boolean;
  userId: string;
  persist: boolean;
  /** Where the session waits between runs (shared with VS Code's store format). */
  sessions: MockSessionStore;
  core: Pick<Core, 'tools' | 'context' | 'diagnose' | 'knowledgeBase' | 'store'>;
  run: Partial<ContextOptions>;
}

type Io = { stdout: (s: string) => void; stderr: (s: string) => void; readLine: () => Promise<string | null> };

/** Parses the options into a new session's choices. */
function choices(args: MockArgs): { categories: Category[]; difficulties: Difficulty[]; count: number; language: Language } {
  for (const d of args.dimensions) if (!(CATEGORIES as readonly string[]).includes(d)) throw new UsageError(`unknown --dimension "${d}": use one of ${CATEGORIES.join(', ')}`);
  for (const d of args.difficulties) if (!(DIFFICULTIES as readonly string[]).includes(d)) throw new UsageError(`unknown --difficulty "${d}": use easy, medium or hard`);
  const count = args.count === undefined ? 5 : Number(args.count);
  if (!(Number.isInteger(count) && count >= 1 && count <= 30)) throw new UsageError(`--count must be a whole number from 1 to 30, not "${args.count}"`);
  const language = args.language === undefined || args.language === 'auto' ? 'en' : args.language;
  if (language !== 'en' && language !== 'zh') throw new UsageError(`--language for mock is zh or en, not "${args.language}"`);
  return { categories: args.dimensions as Category[], difficulties: args.difficulties as Difficulty[], count, language };
}

/** Reads one answer: lines up to an empty line; null at the end of input. */
async function readAnswer(io: Io): Promise<string | null> {
  const lines: string[] = [];
  for (;;) {
    const line = await io.readLine();
    if (line === null) return lines.length ? lines.join('\n') : null;
    const t = line.trim();
    if (lines.length === 0 && (t === ':skip' || t === ':end')) return t;
    if (t === '') {
      if (lines.length) return lines.join('\n');
      continue;
    }
    lines.push(line);
  }
}

const zh = (s: MockSession) => s.language === 'zh';

function ask(session: MockSession, io: Io): void {
  const turn = currentTurn(session)!;
  const { asked, total } = progressOf(session);
  const label = turn.kind === 'follow-up' ? (zh(session) ? '追问' : 'Follow-up') : `${zh(session) ? '问题' : 'Question'} ${asked}/${total}`;
  io.stdout(`\n${label}: ${turn.question}\n${zh(session) ? '（回答后空一行提交；:skip 跳过，:end 结束）' : '(finish your answer with an empty line; :skip skips, :end ends)'}\n> `);
}

/** Runs `mock`; returns the exit code. */
export async function mockCommand(args: MockArgs, terminal: Io): Promise<number> {
  // With --json, standard output carries the report alone: the conversation goes to standard error.
  const io: Io = args.json ? { ...terminal, stdout: terminal.stderr } : terminal;
  let session: MockSession | undefined;
  try {
    session = args.sessions.unfinished(args.userId);
  } catch (err) {
    if (!(err instanceof MockSessionError)) throw err;
    // --new discards a saved session this version cannot read.
    if (!args.fresh || !err.sessionId) throw new UsageError(`${err.message} (interview-lens mock --new discards it)`);
    await args.sessions.remove(err.sessionId);
    session = undefined;
  }
  const unfinished = session;
  if (args.resume && !unfinished) throw new UsageError('there is no unfinished mock interview to resume: start one with "interview-lens mock"');
  if (unfinished && !args.resume && !args.fresh) {
    const { asked, total } = progressOf(unfinished);
    throw new UsageError(`a mock interview from ${unfinished.createdAt.slice(0, 10)} is unfinished (question ${asked} of ${total}): continue it with --resume, or start over with --new`);
  }
  if (args.resume) {
    session = unfinished!;
    io.stdout(zh(session) ? '继续上次的模拟面试。\n' : 'Resuming your mock interview.\n');
  } else {
    const c = choices(args);
    // --new: the unfinished interview is discarded (it was never diagnosed).
    if (unfinished) await args.sessions.remove(unfinished.id);
    try {
      const started = startMockInterview(args.core, { ...c, followUps: args.followUps, userId: args.userId }, new Date());
      session = started.session;
      for (const w of started.warnings) io.stderr(`interview-lens: ${w}\n`);
    } catch (err) {
      if (err instanceof MockInterviewError) throw new UsageError(err.message);
      throw err;
    }
    await args.sessions.save(session, args.userId);
  }
  while (currentTurn(session)) {
    ask(session, io);
    const answer = await readAnswer(io);
    if (answer === null) {
      io.stdout(`\n${zh(session) ? '已保存，用 --resume 继续。' : 'Saved: continue with --resume.'}\n`);
      return 0;
    }
    if (answer === ':end') {
      session = endSession(session, new Date());
      // Kept until diagnosed: an interrupted diagnosis leaves the answers to resume.
      await args.sessions.save(session, args.userId);
      break;
    }
    if (answer === ':skip') {
      session = skipTurn(session, args.core.knowledgeBase, new Date());
      await args.sessions.save(session, args.userId);
      continue;
    }
    const turn = currentTurn(session)!;
    const analysis = await scoreMockAnswer(args.core, session, turn, answer, args.run);
    const next = answerTurn(session, answer, analysis, args.core.knowledgeBase, new Date());
    session = next.session;
    await args.sessions.save(session, args.userId);
    const d = analysis.dimensions;
    const dims = (['completeness', 'depth', 'accuracy', 'practicality'] as const).map((k) => `${dimInSentence(session!.language, k)} ${d[k] === null ? '—' : d[k]}`).join(' · ');
    io.stdout(`${zh(session) ? '得分' : 'Score'} ${analysis.contentScore}/100 (${dims})\n`);
    if (analysis.keyMissing.length) io.stdout(`${zh(session) ? '遗漏' : 'Missed'}: ${analysis.keyMissing.join('; ')}\n`);
  }
  const result = await finishMockInterview(args.core, session, { ...args.run, userId: args.userId, persist: args.persist });
  if (!result) {
    await args.sessions.remove(session.id);
    io.stdout(`\n${zh(session) ? '没有回答任何问题，未保存报告。' : 'No question was answered: no report saved.'}\n`);
    return 0;
  }
  // Diagnosed and in history: nothing is left to resume.
  await args.sessions.remove(session.id);
  terminal.stdout(args.json ? `${JSON.stringify(result.raw, null, 2)}\n` : `\n${renderTextSummary(result.raw)}\n`);
  return 0;
}
