import * as vscode from 'vscode';
import { withAbortableProgress } from '../shared/abortableProgress';
import { compareWithExpert, rewriteAnswer, type ExpertComparison, type Rewrite } from '../../core/coach/compareExpert';
import { compareSelectedAnswer, CompareError, contextOfSelection } from '../../core/coach/selectedAnswer';
import type { Report } from '../../core';
import type { Deps } from '../diagnosis/diagnoseCommands';
import { engineProblem, isCancelledLlm } from '../engines/engineFix';
import { showEngineProblem } from '../engines/engineNotice';
import { createRunEngine, readEngineSettings } from '../engines/engineSettings';
import { uiLanguage } from '../knowledge/knowledgePanel';
import { showError } from '../shared/notify';
import { reportLanguageSetting } from '../diagnosis/reportLanguage';
import type { ComparePanel, CompareShown } from './comparePanel';

/** What the compare command needs. */
export interface CompareDeps extends Deps {
  compare: ComparePanel;
}

/**
 * Where to compare, as the callers give it: the CodeLens and the hover pass the transcript and the
 * question's index; the editor's context menu passes the file; automation may pass
 * `{ uri, index }` or `{ uri, selection: { start, end } }` (offsets into the document).
 */
interface Target { uri?: vscode.Uri; index?: number; selection?: { start: number; end: number }; referenceId?: string }

function targetOf(arg: unknown, index: unknown): Target {
  if (arg instanceof vscode.Uri) return { uri: arg, ...(typeof index === 'number' ? { index } : {}) };
  if (arg && typeof arg === 'object') {
    const a = arg as { uri?: unknown; index?: unknown; selection?: { start?: unknown; end?: unknown }; referenceId?: unknown };
    const uri = a.uri instanceof vscode.Uri ? a.uri : typeof a.uri === 'string' ? vscode.Uri.parse(a.uri) : undefined;
    const sel = a.selection && typeof a.selection.start === 'number' && typeof a.selection.end === 'number' ? { start: a.selection.start, end: a.selection.end } : undefined;
    return {
      ...(uri ? { uri } : {}), ...(typeof a.index === 'number' ? { index: a.index } : {}), ...(sel ? { selection: sel } : {}),
      ...(typeof a.referenceId === 'string' ? { referenceId: a.referenceId } : {}),
    };
  }
  return {};
}

/** The question of `report` whose lines hold `offset`. */
function questionAt(report: Report, offset: number): number | undefined {
  return report.perQuestion.find((q) => offset >= q.startOffset && offset <= q.endOffset)?.index;
}

/**
 * "Interview Lens: Compare with the Expert": on a question of a diagnosed transcript (the lens,
 * the hover, the cursor in it), from its report; on a selected answer in any file, by scoring the
 * selection against the reference its question (or the text itself) finds. Opens the compare view;
 * returns what it shows (undefined when there was nothing to compare).
 */
export async function compareWithExpertCommand(deps: CompareDeps, arg?: unknown, index?: unknown): Promise<CompareShown | undefined> {
  const target = targetOf(arg, index);
  const editor = vscode.window.activeTextEditor;
  const doc = target.uri ? (editor?.document.uri.toString() === target.uri.toString() ? editor.document : await vscode.workspace.openTextDocument(target.uri)) : editor?.document;
  if (!doc) {
    void showError(vscode.l10n.t('Open a diagnosed transcript and put the cursor in a question, or select an answer, then run "Compare with the Expert" again.'));
    return undefined;
  }
  const sameEditor = editor && editor.document.uri.toString() === doc.uri.toString() ? editor : undefined;
  const report = deps.state.get(doc) ?? (await deps.restorer.restore(doc));
  const engine = await engineOrExplain(deps);
  if (engine === null) return undefined;
  const canRewrite = !!engine.llm;

  // A question of the report: named by the caller, else under the cursor when nothing is selected.
  let selection = target.selection;
  if (!selection && target.index === undefined && sameEditor && !sameEditor.selection.isEmpty) {
    selection = { start: doc.offsetAt(sameEditor.selection.start), end: doc.offsetAt(sameEditor.selection.end) };
  }
  const questionIndex = target.index ?? (!selection && report && sameEditor ? questionAt(report, doc.offsetAt(sameEditor.selection.active)) : undefined);
  if (questionIndex !== undefined) {
    const q = report?.perQuestion.find((p) => p.index === questionIndex);
    if (!q) {
      void showError(vscode.l10n.t('There is no current report with question {0} for this file: run "Diagnose Interview" first.', questionIndex));
      return undefined;
    }
    const comparison = compareWithExpert(q);
    if (comparison.expert || !q.related?.length) return show(deps, comparison, 'report', canRewrite, report!.language);
    // No entry matched the question confidently: the user may pick one of the closest to compare with.
    const chosen = target.referenceId ?? await pickClosestEntry(q.related);
    if (chosen === undefined) return undefined;
    if (chosen === WITHOUT_EXPERT) return show(deps, comparison, 'report', canRewrite, report!.language);
    return compareAgainst(deps, { answer: q.answer, context: { question: q.question, previous: [] }, referenceId: chosen, reportLanguage: report!.language }, engine.llm, canRewrite, report!.language, 'report');
  }
  if (!selection || selection.end <= selection.start) {
    void showError(report
      ? vscode.l10n.t('Put the cursor in a question of the transcript, or select an answer, then run "Compare with the Expert" again.')
      : vscode.l10n.t('Select the answer to compare (the question above it is found by itself), or diagnose the transcript and use the lens on a question.'));
    return undefined;
  }
  const text = doc.getText();
  const config = vscode.workspace.getConfiguration('interviewLens', doc.uri);
  const setting = reportLanguageSetting(config);
  return compareAgainst(deps, {
    answer: text.slice(selection.start, selection.end), context: contextOfSelection(text, selection.start),
    ...(setting !== 'transcript' ? { reportLanguage: setting } : {}),
  }, engine.llm, canRewrite, setting === 'transcript' ? uiLanguage() : setting, 'selection');
}

/** The pick's item for comparing with no expert answer (the key points cannot be ticked then). */
const WITHOUT_EXPERT = '';

/** Asks which of the closest entries to compare with; WITHOUT_EXPERT for none, undefined when dismissed. */
async function pickClosestEntry(related: ReadonlyArray<{ id: string; question: string }>): Promise<string | undefined> {
  const items: Array<vscode.QuickPickItem & { id: string }> = [
    ...related.map((r) => ({ id: r.id, label: r.question, description: r.id })),
    { id: WITHOUT_EXPERT, label: vscode.l10n.t('Compare without an expert answer'), description: vscode.l10n.t('only the mistakes found') },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('No knowledge-base entry matches this question confidently'),
    placeHolder: vscode.l10n.t('Compare with one of the closest entries'),
  });
  return picked?.id;
}

/** Scores the answer against its reference (found, or chosen) with progress and cancel, and shows the comparison. */
async function compareAgainst(
  deps: CompareDeps, input: Parameters<typeof compareSelectedAnswer>[1], llm: Awaited<ReturnType<typeof createRunEngine>>['llm'],
  canRewrite: boolean, language: 'zh' | 'en', source: CompareShown['source'],
): Promise<CompareShown | undefined> {
  try {
    const comparison = await withAbortableProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: comparing with the expert answer'), cancellable: true },
      async (_progress, signal) => compareSelectedAnswer(await deps.host.get(), input, { caller: 'vscode-compare', signal, ...(llm ? { llm } : {}) }),
    );
    return show(deps, comparison, source, canRewrite, language);
  } catch (err) {
    if (isCancelledLlm(err)) return undefined;
    if (err instanceof CompareError) {
      void showError(vscode.l10n.t('Cannot compare with the expert: {0}', err.message));
      return undefined;
    }
    const problem = engineProblem(err);
    if (problem) {
      void showEngineProblem(vscode.l10n.t('Cannot compare with the expert: {0}', problem.message), problem.fix);
      return undefined;
    }
    throw err;
  }
}

/** The configured engine; null (after saying why) when it cannot run. */
async function engineOrExplain(deps: Deps): Promise<Awaited<ReturnType<typeof createRunEngine>> | null> {
  try {
    return await createRunEngine(await readEngineSettings(deps.context.secrets));
  } catch (err) {
    const problem = engineProblem(err);
    if (!problem) throw err;
    void showEngineProblem(vscode.l10n.t('Cannot compare with the expert: {0}', problem.message), problem.fix);
    return null;
  }
}

function show(deps: CompareDeps, comparison: ExpertComparison, source: CompareShown['source'], canRewrite: boolean, language: 'zh' | 'en'): CompareShown {
  deps.compare.rewrite = () => rewriteShown(deps, comparison, language);
  deps.compare.onOpenEntry = (id) => void vscode.commands.executeCommand('interviewLens.openKnowledgeEntry', id);
  deps.host.log.info(`compare with the expert (${source}): ${comparison.expert?.entryId ?? 'no reference'}, ${comparison.points.filter((p) => p.status === 'stated').length}/${comparison.points.length} key points`);
  return deps.compare.show(comparison, source, canRewrite);
}

/** "Rewrite my answer": the model's rewrite keeping the candidate's facts, or why there is none. */
export async function rewriteShown(deps: CompareDeps, comparison: ExpertComparison, language: 'zh' | 'en'): Promise<Rewrite> {
  deps.compare.rewriteState({ busy: true });
  let result: Rewrite;
  try {
    const engine = await createRunEngine(await readEngineSettings(deps.context.secrets));
    if (!engine.llm) {
      result = { error: vscode.l10n.t('no model engine is configured (interviewLens.engine is offline)') };
    } else {
      const llm = engine.llm;
      result = await withAbortableProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: rewriting your answer'), cancellable: true },
        (_progress, signal) => rewriteAnswer(llm, comparison, language, signal),
      );
    }
  } catch (err) {
    const problem = engineProblem(err);
    result = { error: isCancelledLlm(err) ? vscode.l10n.t('cancelled') : problem?.message ?? (err instanceof Error ? err.message : String(err)) };
    if (problem) void showEngineProblem(vscode.l10n.t('Cannot rewrite the answer: {0}', problem.message), problem.fix);
  }
  deps.host.log.info(`rewrite: ${'text' in result ? `${result.text.length} characters` : `refused (${result.error})`}`);
  deps.compare.rewriteState(result);
  return result;
}
