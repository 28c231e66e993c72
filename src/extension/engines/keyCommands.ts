import * as vscode from 'vscode';
import { promptForSecret } from './secretCommands';
import type { SecretDeps } from './secretCommands';
import { ANTHROPIC_SECRET, OPENAI_SECRET } from './engineSettings';

/**
 * "Interview Lens: Set Anthropic API Key": asked in a hidden input box and kept in SecretStorage
 * (never in settings or logs); an empty entry removes it. Takes no arguments on purpose: a key
 * reaches the extension only from the user's keyboard. Used from the next run on.
 */
export async function setAnthropicApiKeyCommand(deps: { context: SecretDeps }): Promise<void> {
  const done = await promptForSecret(deps, ANTHROPIC_SECRET, vscode.l10n.t('Anthropic API key'),
    vscode.l10n.t('Kept in VS Code\'s secret storage and sent only to the Anthropic API (interviewLens.anthropic.baseUrl). Leave empty to remove it.'));
  if (done === 'removed') void vscode.window.showInformationMessage(vscode.l10n.t('Anthropic API key removed.'));
  if (done === 'saved') void vscode.window.showInformationMessage(vscode.l10n.t('Anthropic API key saved.'));
}

/** "Interview Lens: Set OpenAI-Compatible API Key": as above, sent only to interviewLens.openai.endpoint. */
export async function setOpenAiApiKeyCommand(deps: { context: SecretDeps }): Promise<void> {
  const done = await promptForSecret(deps, OPENAI_SECRET, vscode.l10n.t('OpenAI-compatible API key'),
    vscode.l10n.t('Kept in VS Code\'s secret storage and sent only to interviewLens.openai.endpoint. Leave empty to remove it.'));
  if (done === 'removed') void vscode.window.showInformationMessage(vscode.l10n.t('OpenAI-compatible API key removed.'));
  if (done === 'saved') void vscode.window.showInformationMessage(vscode.l10n.t('OpenAI-compatible API key saved.'));
}
