import * as vscode from 'vscode';
import { CATEGORIES, type Category } from '../../core/diagnosis/knowledge/types';
import { MockInterviewError, startMockInterview, startMockInterviewOn } from '../../core/coach/mockInterview';
import { progressOf, type MockSession } from '../../core/coach/mockSession';
import { MockSessionError } from '../../core/coach/mockSessionStore';
import type { Difficulty } from '../../core/coach/sampleQuestions';
import { uiLanguage } from '../knowledge/knowledgePanel';
import { showError, showWarning } from '../shared/notify';
import type { MockController, MockOutcome, MockStep } from './mockController';
import { categoryLabel } from './mockPanel';

const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];
const COUNTS = [3, 5, 8, 10, 15];
/** Where the last choices are remembered (global: they are the user's habits, not the workspace's). */
const CHOICES_KEY = 'interviewLens.mock.choices';

/** The choices of a new session. */
interface Choices { categories: Category[]; difficulties: Difficulty[]; count: number }

/**
 * Arguments of "Interview Lens: Start Mock Interview" when another command or a test runs it.
 * `itemIds` asks exactly those knowledge-base entries, in order ("Practise weak questions").
 * `categories` / `difficulties` / `count` / `language` choose without the quick picks. With an
 * unfinished session, `resume: true` resumes it and `resume: false` discards it (else the user is
 * asked). `answers` are taken at once, as typed in the panel (tests).
 */
export interface StartMockArgs {
  itemIds?: string[];
  categories?: string[];
  difficulties?: string[];
  count?: number;
  language?: 'zh' | 'en';
  followUps?: boolean;
  resume?: boolean;
  answers?: MockStep[];
}

/** The arguments, checked: a wrong one is named with what it should be. */
function parseArgs(arg: unknown): StartMockArgs | string {
  if (arg === undefined || arg === null) return {};
  if (typeof arg !== 'object' || Array.isArray(arg)) return vscode.l10n.t('Start Mock Interview takes an object such as {0}.', '{ "itemIds": ["en-rag-pipeline"] }');
  const a = arg as Record<string, unknown>;
  const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  if (a.itemIds !== undefined && !strings(a.itemIds)) return vscode.l10n.t('itemIds must be a list of knowledge-base entry ids, such as {0}.', '["en-rag-pipeline"]');
  if (a.categories !== undefined && (!strings(a.categories) || !(a.categories as string[]).every((c) => (CATEGORIES as readonly string[]).includes(c)))) {
    return vscode.l10n.t('categories must be among: {0}.', CATEGORIES.join(', '));
  }
  if (a.difficulties !== undefined && (!strings(a.difficulties) || !(a.difficulties as string[]).every((d) => (DIFFICULTIES as readonly string[]).includes(d)))) {
    return vscode.l10n.t('difficulties must be among: {0}.', DIFFICULTIES.join(', '));
  }
  if (a.count !== undefined && !(Number.isInteger(a.count) && (a.count as number) >= 1 && (a.count as number) <= 30)) return vscode.l10n.t('count must be a whole number from 1 to 30.');
  if (a.language !== undefined && a.language !== 'zh' && a.language !== 'en') return vscode.l10n.t('language must be zh or en.');
  const steps = Array.isArray(a.answers) && a.answers.every((s) => typeof s === 'string' || (s && typeof s === 'object' && ((s as { skip?: unknown }).skip === true || (s as { end?: unknown }).end === true)));
  if (a.answers !== undefined && !steps) return vscode.l10n.t('answers must be a list of answer texts, {0} or {1}.', '{ "skip": true }', '{ "end": true }');
  return {
    ...(a.itemIds ? { itemIds: a.itemIds as string[] } : {}), ...(a.categories ? { categories: a.categories as string[] } : {}),
    ...(a.difficulties ? { difficulties: a.difficulties as string[] } : {}), ...(a.count !== undefined ? { count: a.count as number } : {}),
    ...(a.language ? { language: a.language as 'zh' | 'en' } : {}), ...(typeof a.followUps === 'boolean' ? { followUps: a.followUps } : {}),
    ...(typeof a.resume === 'boolean' ? { resume: a.resume } : {}), ...(a.answers ? { answers: a.answers as MockStep[] } : {}),
  };
}

/** A quick pick with some items chosen or active to begin with; undefined on Escape. */
function pick<T extends vscode.QuickPickItem>(items: T[], options: { title: string; placeholder: string; many: boolean; initial: T[] }): Promise<readonly T[] | undefined> {
  const qp = vscode.window.createQuickPick<T>();
  qp.title = options.title;
  qp.placeholder = options.placeholder;
  qp.canSelectMany = options.many;
  qp.items = items;
  if (options.many) qp.selectedItems = options.initial;
  else qp.activeItems = options.initial;
  return new Promise((resolve) => {
    let done = false;
    qp.onDidAccept(() => {
      done = true;
      resolve(options.many ? qp.selectedItems : qp.activeItems.slice(0, 1));
      qp.hide();
    });
    qp.onDidHide(() => {
      if (!done) resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
}

/** Asks dimensions, difficulty and number of questions, starting from the last choices. */
async function askChoices(controller: MockController, defaults: Choices): Promise<Choices | undefined> {
  const core = await controller.deps.host.get();
  const lang = uiLanguage();
  const perCategory = new Map<string, number>();
  for (const id of core.knowledgeBase.itemIds()) {
    const e = core.knowledgeBase.get(`${lang}-${id}`);
    if (e) perCategory.set(e.category, (perCategory.get(e.category) ?? 0) + 1);
  }
  type CatItem = vscode.QuickPickItem & { category: Category };
  const cats: CatItem[] = CATEGORIES.map((c) => ({ label: categoryLabel(c, lang), description: c, detail: perCategory.get(c) === 1 ? vscode.l10n.t('1 question') : vscode.l10n.t('{0} questions', perCategory.get(c) ?? 0), category: c }));
  const chosenCats = await pick(cats, {
    title: vscode.l10n.t('Mock interview (1/3): dimensions'), placeholder: vscode.l10n.t('Choose the dimensions to be asked about (none chosen: all of them), then Enter'),
    many: true, initial: cats.filter((c) => defaults.categories.includes(c.category)),
  });
  if (!chosenCats) return undefined;
  type DiffItem = vscode.QuickPickItem & { difficulties: Difficulty[] };
  const diffs: DiffItem[] = [
    { label: vscode.l10n.t('Any difficulty'), difficulties: [] },
    { label: vscode.l10n.t('Easy'), difficulties: ['easy'] },
    { label: vscode.l10n.t('Medium'), difficulties: ['medium'] },
    { label: vscode.l10n.t('Hard'), difficulties: ['hard'] },
    { label: vscode.l10n.t('Medium and hard'), difficulties: ['medium', 'hard'] },
  ];
  const chosenDiff = await pick(diffs, {
    title: vscode.l10n.t('Mock interview (2/3): difficulty'), placeholder: vscode.l10n.t('How hard should the questions be?'), many: false,
    initial: diffs.filter((d) => d.difficulties.join() === defaults.difficulties.join()).slice(0, 1),
  });
  if (!chosenDiff?.length) return undefined;
  type CountItem = vscode.QuickPickItem & { count: number };
  const counts: CountItem[] = COUNTS.map((n) => ({ label: n === 1 ? vscode.l10n.t('1 question') : vscode.l10n.t('{0} questions', n), count: n }));
  const chosenCount = await pick(counts, {
    title: vscode.l10n.t('Mock interview (3/3): number of questions'), placeholder: vscode.l10n.t('How many questions (follow-ups come on top)?'), many: false,
    initial: counts.filter((c) => c.count === defaults.count).slice(0, 1),
  });
  if (!chosenCount?.length) return undefined;
  return { categories: chosenCats.map((c) => c.category), difficulties: chosenDiff[0].difficulties, count: chosenCount[0].count };
}

/** Offers to resume `session`; true resume, false start over, undefined on Escape. */
async function askResume(session: MockSession): Promise<boolean | undefined> {
  const { asked, total } = progressOf(session);
  const resume = { label: vscode.l10n.t('Resume'), detail: vscode.l10n.t('The mock interview of {0}, at question {1} of {2}', new Date(session.createdAt).toLocaleString(vscode.env.language), asked, total), resume: true };
  const fresh = { label: vscode.l10n.t('Start a new mock interview'), detail: vscode.l10n.t('The unfinished one is discarded; its answers were not saved to the history'), resume: false };
  const chosen = await vscode.window.showQuickPick([resume, fresh], { title: vscode.l10n.t('You have an unfinished mock interview'), ignoreFocusOut: true });
  return chosen?.resume;
}

/**
 * "Interview Lens: Start Mock Interview": offers to resume an unfinished session, else asks the
 * dimensions, difficulty and number of questions (or takes `itemIds`), draws the questions away
 * from recent sessions, and opens the panel. Returns where the session stands, undefined when
 * nothing started.
 */
export async function startMockInterviewCommand(controller: MockController, context: vscode.ExtensionContext, arg?: unknown): Promise<MockOutcome | undefined> {
  const args = parseArgs(arg);
  if (typeof args === 'string') {
    void showError(args);
    return undefined;
  }
  const userId = controller.userId();
  try {
    const store = await controller.sessions();
    let unfinished: MockSession | undefined;
    try {
      unfinished = store.unfinished(userId);
    } catch (err) {
      if (!(err instanceof MockSessionError)) throw err;
      const discard = vscode.l10n.t('Discard it');
      const choice = await showError(vscode.l10n.t('The unfinished mock interview cannot be resumed: {0}', err.message), discard);
      if (choice !== discard || !err.sessionId) return undefined;
      await store.remove(err.sessionId);
    }
    if (unfinished) {
      const resume = args.resume ?? await askResume(unfinished);
      if (resume === undefined) return undefined;
      if (resume) {
        if (controller.current?.id === unfinished.id && controller.panel.visible) controller.panel.open();
        else await controller.open(unfinished);
        return controller.play(args.answers ?? []);
      }
      await store.remove(unfinished.id);
      controller.panel.close();
    }
    const core = await controller.deps.host.get();
    const lang = args.language ?? uiLanguage();
    const followUps = args.followUps ?? true;
    let started: { session: MockSession; warnings: string[] };
    if (args.itemIds) {
      started = startMockInterviewOn(core, args.itemIds, { ...(args.language ? { language: args.language } : {}), fallbackLanguage: lang, followUps }, new Date());
    } else {
      const remembered = context.globalState.get<Choices>(CHOICES_KEY) ?? { categories: [], difficulties: [], count: 5 };
      const scripted = args.categories !== undefined || args.difficulties !== undefined || args.count !== undefined;
      const choices = scripted
        ? { categories: (args.categories ?? []) as Category[], difficulties: (args.difficulties ?? []) as Difficulty[], count: args.count ?? remembered.count }
        : await askChoices(controller, remembered);
      if (!choices) return undefined;
      if (!scripted) await context.globalState.update(CHOICES_KEY, choices);
      started = startMockInterview(core, { ...choices, language: lang, followUps, userId }, new Date());
    }
    for (const w of started.warnings) void showWarning(vscode.l10n.t('Mock interview: {0}', w));
    controller.deps.host.log.info(`mock interview ${started.session.id} started: ${started.session.turns.length + started.session.queue.length} questions (${started.session.language})`);
    await controller.open(started.session);
    return controller.play(args.answers ?? []);
  } catch (err) {
    if (err instanceof MockInterviewError || err instanceof MockSessionError) {
      void showError(vscode.l10n.t('Cannot start the mock interview: {0}', err.message));
      return undefined;
    }
    throw err;
  }
}
