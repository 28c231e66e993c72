import * as vscode from 'vscode';
import type { Deps } from '../diagnosis/diagnoseCommands';
import { diagnoseDocument } from '../diagnosis/diagnoseCommands';
import { createRunEngine, readEngineSettings } from '../engines/engineSettings';
import { sampleQuestions } from '../../core/coach/sampleQuestions';
import { chooseFollowUp } from '../../core/coach/followUp';
import { recentItemIds } from '../../core/coach/mockInterview';
import { compareWithExpert, type ExpertComparison } from '../../core/coach/compareExpert';
import { CompareError, compareSelectedAnswer, contextOfSelection } from '../../core/coach/selectedAnswer';
import { CATEGORIES } from '../../core/diagnosis/knowledge/types';
import { categoriesForTopic } from '../../core/coach/topics';
import { msg } from '../../core';
import { reportLanguageSetting } from '../diagnosis/reportLanguage';
import type { AnswerAnalysis } from '../../core/diagnosis/judge/analysis';
import type { Report } from '../../core/diagnosis/report/model';

/** The participant's id, as package.json declares it. */
export const CHAT_PARTICIPANT_ID = 'interview-lens.interview';

/** What a response leaves for the next turn: the question a mock round asked, answered next. */
interface MockMetadata { mockEntryId?: string; followUpAsked?: boolean }

const language = (): 'zh' | 'en' => (vscode.env.language.toLowerCase().startsWith('zh') ? 'zh' : 'en');

function abortOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/** The question of a report under the cursor of the active editor, or the first one. */
function questionAtCursor(report: Report): number {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return 0;
  const offset = editor.document.offsetAt(editor.selection.active);
  const i = report.perQuestion.findIndex((q) => offset >= q.startOffset && offset <= q.endOffset);
  return Math.max(0, i);
}

const dims = (d: AnswerAnalysis['dimensions']) => (['completeness', 'depth', 'accuracy', 'practicality'] as const).map((k) => `${k} ${d[k] ?? '—'}`).join(' · ');

/**
 * `@interview` in the Chat view: `/diagnose` the active transcript (its progress streamed, a link
 * to the report), `/mock [topic]` a question to answer in the chat (the next message is the answer,
 * scored, with a follow-up when key points were missed), `/compare` the selected answer or the
 * question under the cursor with the expert answer, `/kb` to search the knowledge base. Without a
 * command, the message is searched in the knowledge base.
 */
export function chatRequestHandler(deps: Deps): vscode.ChatRequestHandler {
  return async (request, context, stream, token): Promise<vscode.ChatResult> => {
    const core = await deps.host.get();
    const lang = language();
    if (request.command === 'diagnose') {
      const doc = vscode.window.activeTextEditor?.document;
      if (!doc) {
        stream.markdown(vscode.l10n.t('Open a transcript in the editor, then ask `@interview /diagnose` again.'));
        return {};
      }
      stream.progress(vscode.l10n.t('Diagnosing {0}…', vscode.workspace.asRelativePath(doc.uri)));
      // The chat shows each step as the diagnosis goes (splitting, each question scored, the report).
      let shownDone = -1;
      const done = await diagnoseDocument(deps, doc.uri, undefined, (p) => {
        if (p.phase === 'splitting') stream.progress(vscode.l10n.t('Splitting the transcript into questions…'));
        else if (p.phase === 'report') stream.progress(vscode.l10n.t('Building the report…'));
        else if (p.total && p.done !== shownDone) {
          shownDone = p.done;
          stream.progress((p.total === 1 ? vscode.l10n.t('Scored {0} of 1 question…', p.done) : vscode.l10n.t('Scored {0} of {1} questions…', p.done, p.total)));
        }
      });
      const report = done?.report;
      if (!report) {
        stream.markdown(vscode.l10n.t('The diagnosis did not finish; the notification says why.'));
        return {};
      }
      stream.markdown(`**${vscode.l10n.t('Overall {0}/100', report.summary.overallScore)}** · ${report.summary.headline}\n\n`);
      for (const q of report.perQuestion) {
        stream.markdown(`- ${q.contentScore}/100 — ${q.question.replace(/\s+/g, ' ').slice(0, 90)}${q.keyMissing.length ? ` (${vscode.l10n.t('missing: {0}', q.keyMissing.slice(0, 2).join('; '))})` : ''}\n`);
      }
      const link = new vscode.MarkdownString(`\n[${vscode.l10n.t('Open the report')}](command:interviewLens.showReport)\n`);
      link.isTrusted = { enabledCommands: ['interviewLens.showReport'] };
      stream.markdown(link);
      stream.button({ command: 'interviewLens.showReport', title: vscode.l10n.t('Open the report') });
      return { metadata: { reportId: report.id } };
    }
    if (request.command === 'compare') {
      const editor = vscode.window.activeTextEditor;
      const doc = editor?.document;
      const report = doc ? deps.state.get(doc) : undefined;
      let c: ExpertComparison;
      let args: unknown[];
      if (editor && doc && !editor.selection.isEmpty) {
        // A selected answer, in any file: scored against the reference its question finds.
        stream.progress(vscode.l10n.t('Comparing the selected answer with the expert answer…'));
        const start = doc.offsetAt(editor.selection.start);
        const end = doc.offsetAt(editor.selection.end);
        const text = doc.getText();
        const setting = reportLanguageSetting(vscode.workspace.getConfiguration('interviewLens', doc.uri));
        const engine = await createRunEngine(await readEngineSettings(deps.context.secrets));
        try {
          c = await compareSelectedAnswer(core, { answer: text.slice(start, end), context: contextOfSelection(text, start), ...(setting !== 'transcript' ? { reportLanguage: setting } : {}) },
            { caller: 'chat', signal: abortOf(token), ...(engine.llm ? { llm: engine.llm } : {}) });
        } catch (err) {
          if (!(err instanceof CompareError)) throw err;
          stream.markdown(vscode.l10n.t('Cannot compare with the expert: {0}', err.message));
          return {};
        }
        args = [{ uri: doc.uri.toString(), selection: { start, end } }];
      } else if (report && doc) {
        const index = questionAtCursor(report);
        c = compareWithExpert(report.perQuestion[index]);
        args = [doc.uri, report.perQuestion[index].index];
      } else {
        stream.markdown(vscode.l10n.t('Select an answer in the editor, or diagnose the open transcript (`@interview /diagnose`) and put the cursor in a question, then ask `/compare`.'));
        return {};
      }
      stream.markdown(`**${c.question.replace(/\s+/g, ' ')}** — ${c.score}/100\n\n`);
      if (!c.expert) stream.markdown(`${vscode.l10n.t('No knowledge-base entry matches this question confidently, so there is no expert answer to compare with.')}\n`);
      for (const p of c.points) {
        const mark = p.status === 'stated' ? '✓' : p.status === 'mentioned' ? '~' : p.status === 'contradicted' ? '⚠' : '✗';
        stream.markdown(`- ${mark} ${p.label}${p.sentence ? ` — “${p.sentence}”` : ''}\n`);
      }
      for (const m of c.mistakes) stream.markdown(`- ⚠ “${m.claim}” → ${m.correction}\n`);
      if (c.expert) stream.markdown(`\n${vscode.l10n.t('Expert answer')}:\n\n> ${c.expert.answer.replace(/\n+/g, '\n> ')}\n`);
      stream.button({ command: 'interviewLens.compareWithExpert', arguments: args, title: vscode.l10n.t('Open side by side') });
      return {};
    }
    const previous = [...context.history].reverse().find((h): h is vscode.ChatResponseTurn => h instanceof vscode.ChatResponseTurn);
    const asked = previous?.result.metadata as MockMetadata | undefined;
    if (!request.command && asked?.mockEntryId && request.prompt.trim()) {
      const entry = core.knowledgeBase.get(asked.mockEntryId);
      if (entry) {
        stream.progress(vscode.l10n.t('Scoring your answer…'));
        const engine = await createRunEngine(await readEngineSettings(deps.context.secrets));
        const scored = await core.tools.execute<AnswerAnalysis>('analyze_content', { question: entry.question, answer: request.prompt, referenceId: entry.id, referenceConfidence: 1, language: entry.language },
          core.context({ caller: 'chat', signal: abortOf(token), ...(engine.llm ? { llm: engine.llm } : {}) }));
        if (!scored.success) {
          stream.markdown(scored.error!.message);
          return { metadata: asked };
        }
        const a = scored.data!;
        stream.markdown(`**${a.contentScore}/100** (${dims(a.dimensions)})\n\n`);
        if (a.keyMissing.length) stream.markdown(`${vscode.l10n.t('Missed: {0}', a.keyMissing.join('; '))}\n\n`);
        const follow = asked.followUpAsked ? null : chooseFollowUp(entry, a, core.knowledgeBase);
        if (follow) {
          stream.markdown(`${vscode.l10n.t('Follow-up')}: **${follow.question}**\n`);
          return { metadata: { mockEntryId: follow.entryId ?? entry.id, followUpAsked: true } satisfies MockMetadata };
        }
        stream.markdown(vscode.l10n.t('Ask `/mock` for another question, or start a full mock interview.'));
        stream.button({ command: 'interviewLens.startMockInterview', title: vscode.l10n.t('Start Mock Interview') });
        return {};
      }
    }
    if (request.command === 'mock') {
      const topic = request.prompt.trim();
      const categories = topic ? categoriesForTopic(topic) : [];
      if (topic && categories.length === 0) {
        const valid = CATEGORIES.map((c) => `\`${c}\` (${msg(lang, `category.${c}`)})`).join(', ');
        stream.markdown(vscode.l10n.t('"{0}" is not a topic of the knowledge base. Ask `/mock` with one of: {1}; or `/mock` alone for any topic.', topic, valid));
        return {};
      }
      const userId = vscode.workspace.getConfiguration('interviewLens').get<string>('userId', 'default') || 'default';
      const drawn = sampleQuestions(core.knowledgeBase, { count: 1, language: lang, categories, recent: recentItemIds(core.store, userId) });
      const entry = drawn.entries[0];
      if (!entry) {
        stream.markdown(vscode.l10n.t('No question matches "{0}".', request.prompt));
        return {};
      }
      stream.markdown(`${vscode.l10n.t('Question ({0}, {1})', msg(lang, `category.${entry.category}`), entry.difficulty)}: **${entry.question}**\n\n${vscode.l10n.t('Answer in your next message (no command); I will score it.')}`);
      return { metadata: { mockEntryId: entry.id } satisfies MockMetadata };
    }
    // /kb, or no command: search the knowledge base.
    const query = request.prompt.trim();
    if (!query) {
      stream.markdown(vscode.l10n.t('Ask about a concept, for example `@interview /kb what is prompt caching?`; or use `/diagnose`, `/mock` or `/compare`.'));
      return {};
    }
    const hits = core.knowledgeBase.search(query, { topK: 3 });
    if (!hits.length) {
      stream.markdown(vscode.l10n.t('The knowledge base has nothing on "{0}".', query));
      return {};
    }
    for (const h of hits) {
      stream.markdown(`### ${h.entry.question}\n\n${h.entry.expertAnswer.slice(0, 600)}${h.entry.expertAnswer.length > 600 ? '…' : ''}\n\n`);
      stream.button({ command: 'interviewLens.openKnowledgeEntry', arguments: [h.entry.id], title: vscode.l10n.t('Open entry') });
    }
    return {};
  };
}

/** The participant and its handler (the integration suite drives the handler with a recording stream). */
export interface ChatParticipantApi {
  /** Undefined when this VS Code has no chat API. */
  participant: vscode.ChatParticipant | undefined;
  handler: vscode.ChatRequestHandler;
}

/** Registers `@interview`; the disposables go to the extension's subscriptions. */
export function registerChatParticipant(deps: Deps): { disposables: vscode.Disposable[]; api: ChatParticipantApi } {
  const handler = chatRequestHandler(deps);
  if (typeof vscode.chat?.createChatParticipant !== 'function') return { disposables: [], api: { participant: undefined, handler } };
  const participant = vscode.chat.createChatParticipant(CHAT_PARTICIPANT_ID, handler);
  participant.iconPath = vscode.Uri.joinPath(deps.context.extensionUri, 'media', 'icon.png');
  return { disposables: [participant], api: { participant, handler } };
}
