import * as vscode from 'vscode';
import type { LlmFix } from '../../core/llm/provider';
import { fixAction } from './engineFix';
import { showError } from '../shared/notify';

/**
 * One error notification for a model engine that cannot run, with the button that fixes it:
 * "Set API Key" runs the key command, "Open Settings" opens the setting. Resolves with what the
 * user chose (after its action ran), so tests and callers can follow it.
 */
export async function showEngineProblem(message: string, fix: LlmFix | undefined): Promise<'command' | 'setting' | undefined> {
  const action = fixAction(fix);
  if (!action) {
    await showError(message);
    return undefined;
  }
  const label = action.kind === 'command' ? vscode.l10n.t('Set API Key') : vscode.l10n.t('Open Settings');
  const choice = await showError(message, label);
  if (choice !== label) return undefined;
  if (action.kind === 'command') await vscode.commands.executeCommand(action.command);
  else await vscode.commands.executeCommand('workbench.action.openSettings', action.setting);
  return action.kind;
}
