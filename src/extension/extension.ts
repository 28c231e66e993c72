import * as vscode from 'vscode';
import { ScoreCodeLensProvider } from './codeLensProvider';
import {
  diagnoseAudioCommand, diagnoseCommand, openQuestionInEditor, revealQuestionCommand, setEmbeddingsApiKeyCommand, setSttApiKeyCommand, showReportCommand,
  swapRolesCommand,
} from './commands';
import { DiagnosisState } from './diagnosisState';
import { redactingChannel } from './logger';
import { KnowledgePanel } from './knowledgePanel';
import { searchKnowledgeCommand } from './knowledgeSearch';
import { QuestionHoverProvider } from './questionHover';
import { WorkspaceKnowledge } from './workspaceKnowledge';
import { ReportPanel } from './reportPanel';
import { ReportPanelSerializer } from './reportPanelSerializer';
import { ReportRestorer } from './reportRestorer';
import { CoreHost } from './services';
import { AskPanel } from './askPanel';
import { askCommand } from './askCommand';
import { setAnthropicApiKeyCommand, setOpenAiApiKeyCommand } from './keyCommands';
import { diagnoseAndRecordCommand } from './recordCommand';

/** Wires commands, providers and panels; all work happens on first use. */
export function activate(context: vscode.ExtensionContext): void {
  // Every line the extension or the core writes to the channel passes the redactor.
  const log = redactingChannel(vscode.window.createOutputChannel('Interview Lens', { log: true }));
  const host = new CoreHost(context, log);
  const state = new DiagnosisState();
  const lenses = new ScoreCodeLensProvider(state);
  const restorer = new ReportRestorer(state, host).watch();
  const deps = { host, state, context, restorer, panel: undefined as unknown as ReportPanel };
  deps.panel = new ReportPanel(context.extensionUri, (uri, index) => void openQuestionInEditor(deps, uri, index));
  const knowledge = new KnowledgePanel(context.extensionUri, host);
  const askPanel = new AskPanel(context.extensionUri);
  const workspaceKnowledge = new WorkspaceKnowledge(host);
  host.onCreated = (core) => workspaceKnowledge.loadAll(core);

  context.subscriptions.push(
    log, state, lenses, deps.panel, restorer,
    vscode.window.registerWebviewPanelSerializer(ReportPanel.viewType, new ReportPanelSerializer(deps.panel, host)),
    knowledge, workspaceKnowledge, askPanel,
    vscode.languages.registerCodeLensProvider([{ scheme: 'file' }, { scheme: 'untitled' }], lenses),
    vscode.languages.registerHoverProvider([{ scheme: 'file' }, { scheme: 'untitled' }], new QuestionHoverProvider(state, host)),
    vscode.commands.registerCommand('interviewLens.searchKnowledgeBase', (args?: { query?: string; dimension?: never; topK?: number }) => searchKnowledgeCommand(host, knowledge, args)),
    vscode.commands.registerCommand('interviewLens.openKnowledgeEntry', (id: string) => knowledge.show(id)),
    vscode.commands.registerCommand('interviewLens.diagnose', (uri?: vscode.Uri) => diagnoseCommand(deps, uri)),
    vscode.commands.registerCommand('interviewLens.showReport', () => showReportCommand(deps)),
    vscode.commands.registerCommand('interviewLens.revealQuestion', (uri: vscode.Uri, index: number) => revealQuestionCommand(deps, uri, index)),
    vscode.commands.registerCommand('interviewLens.swapRoles', (uri?: vscode.Uri, swapped?: boolean) => swapRolesCommand(deps, uri, typeof swapped === 'boolean' ? swapped : undefined)),
    vscode.commands.registerCommand('interviewLens.diagnoseAudio', (uri?: vscode.Uri) => diagnoseAudioCommand(deps, uri)),
    vscode.commands.registerCommand('interviewLens.setSttApiKey', () => setSttApiKeyCommand(deps)),
    vscode.commands.registerCommand('interviewLens.setEmbeddingsApiKey', () => setEmbeddingsApiKeyCommand(deps)),
    // The key commands take no arguments: a key reaches the extension only from the user's keyboard.
    vscode.commands.registerCommand('interviewLens.setAnthropicApiKey', () => setAnthropicApiKeyCommand(deps)),
    vscode.commands.registerCommand('interviewLens.setOpenAiApiKey', () => setOpenAiApiKeyCommand(deps)),
    vscode.commands.registerCommand('interviewLens.diagnoseAndRecord', (name?: unknown) => diagnoseAndRecordCommand(deps, typeof name === 'string' ? name : undefined)),
    vscode.commands.registerCommand('interviewLens.ask', (question?: unknown) => askCommand({ ...deps, askPanel }, typeof question === 'string' ? question : undefined)),
  );
  log.info(`activated (workspace trusted: ${vscode.workspace.isTrusted})`);
}

export function deactivate(): void {}
