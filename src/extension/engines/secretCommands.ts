import * as vscode from 'vscode';
import { registerEndpointSecrets, registerSecret, type SttSettings } from '../../core';
import { EMBEDDINGS_SECRET } from '../shared/coreHost';

/** SecretStorage key of the speech-to-text API key; never written to settings or logs. */
export const STT_SECRET = 'interviewLens.stt.apiKey';

/** What the key commands need: the extension's secret storage. */
export type SecretDeps = Pick<vscode.ExtensionContext, 'secrets'>;

/** Speech-to-text settings: machine-scoped settings plus the key from SecretStorage. */
export async function sttSettings(deps: { context: SecretDeps }): Promise<SttSettings> {
  const c = vscode.workspace.getConfiguration('interviewLens.stt');
  const settings: SttSettings = {
    provider: c.get<SttSettings['provider']>('provider', 'none'),
    whisperCppPath: c.get<string>('whisperCppPath') || undefined,
    whisperModelPath: c.get<string>('whisperModelPath') || undefined,
    endpoint: c.get<string>('endpoint') || undefined,
    model: c.get<string>('model') || undefined,
    apiKey: (await deps.context.secrets.get(STT_SECRET)) || undefined,
  };
  // Known to the redactor from the moment it is read: no message or log line can carry it.
  registerSecret(settings.apiKey);
  registerEndpointSecrets(settings.endpoint);
  return settings;
}

/** Asks for an API key (hidden input) and stores it in SecretStorage; empty input removes it. Undefined on Escape. */
export async function promptForSecret(deps: { context: SecretDeps }, secret: string, title: string, prompt: string): Promise<'saved' | 'removed' | undefined> {
  const key = await vscode.window.showInputBox({ title, prompt, password: true, ignoreFocusOut: true });
  if (key === undefined) return undefined;
  if (key.trim() === '') {
    await deps.context.secrets.delete(secret);
    return 'removed';
  }
  // The stored (trimmed) key is the one that will travel: known to the redactor before it is stored.
  registerSecret(key.trim());
  await deps.context.secrets.store(secret, key.trim());
  return 'saved';
}

/** "Interview Lens: Set Speech-to-Text API Key": stored in SecretStorage; an empty entry removes it. */
export async function setSttApiKeyCommand(deps: { context: SecretDeps }): Promise<void> {
  const done = await promptForSecret(deps, STT_SECRET, vscode.l10n.t('Speech-to-text API key'),
    vscode.l10n.t('Kept in VS Code\'s secret storage and sent only to interviewLens.stt.endpoint. Leave empty to remove it.'));
  if (done === 'removed') void vscode.window.showInformationMessage(vscode.l10n.t('Speech-to-text API key removed.'));
  if (done === 'saved') void vscode.window.showInformationMessage(vscode.l10n.t('Speech-to-text API key saved.'));
}

/** "Interview Lens: Set Embeddings API Key": stored in SecretStorage; takes effect on next start. */
export async function setEmbeddingsApiKeyCommand(deps: { context: SecretDeps }): Promise<void> {
  const done = await promptForSecret(deps, EMBEDDINGS_SECRET, vscode.l10n.t('Embeddings API key'),
    vscode.l10n.t('Kept in VS Code\'s secret storage and sent only to interviewLens.embeddings.endpoint. Leave empty to remove it.'));
  if (done) void vscode.window.showInformationMessage(vscode.l10n.t('Embeddings API key updated; reload the window to use it.'));
}
