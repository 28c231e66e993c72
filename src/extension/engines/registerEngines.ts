import * as vscode from 'vscode';
import { setAnthropicApiKeyCommand, setOpenAiApiKeyCommand } from './keyCommands';
import { setEmbeddingsApiKeyCommand, setSttApiKeyCommand } from './secretCommands';

/** Engines: the commands that store API keys in SecretStorage. */
export function registerEngines(context: vscode.ExtensionContext): void {
  const deps = { context };
  context.subscriptions.push(
    vscode.commands.registerCommand('interviewLens.setSttApiKey', () => setSttApiKeyCommand(deps)),
    vscode.commands.registerCommand('interviewLens.setEmbeddingsApiKey', () => setEmbeddingsApiKeyCommand(deps)),
    // The key commands take no arguments: a key reaches the extension only from the user's keyboard.
    vscode.commands.registerCommand('interviewLens.setAnthropicApiKey', () => setAnthropicApiKeyCommand(deps)),
    vscode.commands.registerCommand('interviewLens.setOpenAiApiKey', () => setOpenAiApiKeyCommand(deps)),
  );
}
