import * as vscode from 'vscode';
import { computeProgress, recentReports, weakQuestionIds } from '../../core';
import { showError } from '../shared/notify';
import type { CoreHost } from '../shared/coreHost';
import { currentUserId } from '../shared/userId';

/**
 * "Interview Lens: Practise Weak Questions": a mock interview of the questions the user answered
 * worst (by their latest answer, across diagnoses and mock interviews), started through the mock
 * interview's own command with their knowledge-base entry ids. Returns the ids it asked for.
 */
export async function practiseWeakQuestionsCommand(host: CoreHost, arg?: unknown): Promise<{ itemIds: string[] } | undefined> {
  const given = (arg as { userId?: unknown } | undefined)?.userId;
  const userId = typeof given === 'string' && given ? given : currentUserId();
  const store = host.hasHistory ? await host.history() : undefined;
  const reports = store ? recentReports(store, userId) : [];
  if (reports.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No diagnosed interview yet: diagnose a transcript (or finish a mock interview) first, then practise what it found weak.'));
    return undefined;
  }
  const itemIds = weakQuestionIds(computeProgress(reports));
  if (itemIds.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No weak question to practise: your latest answer to every question scored 60 or more.'));
    return undefined;
  }
  host.log.info(`practise weak questions: ${itemIds.join(', ')}`);
  try {
    await vscode.commands.executeCommand('interviewLens.startMockInterview', { itemIds });
  } catch (err) {
    host.log.error(`practise weak questions: ${(err as Error).message}`);
    void showError(vscode.l10n.t('Could not start the mock interview: {0}', (err as Error).message));
    return undefined;
  }
  return { itemIds };
}
