import type * as vscode from 'vscode';
import { uiLanguage } from '../knowledge/knowledgePanel';

/**
 * The language a new report is written in: VS Code's display language (`ui`, the default), or
 * the transcript's (`transcript`), from `interviewLens.reportLanguage`. A report stays in the
 * language it was written in; the lens and hover of its transcript follow it.
 */
export function reportLanguageSetting(config: vscode.WorkspaceConfiguration): 'zh' | 'en' | 'transcript' {
  return config.get<'ui' | 'transcript'>('reportLanguage', 'ui') === 'transcript' ? 'transcript' : uiLanguage();
}
