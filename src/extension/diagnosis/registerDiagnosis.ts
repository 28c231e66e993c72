import * as vscode from 'vscode';
import { ScoreCodeLensProvider } from './codeLensProvider';
import { diagnoseAudioCommand, diagnoseCommand, openQuestionInEditor, revealQuestionCommand, showReportCommand, swapRolesCommand, type Deps } from './diagnoseCommands';
import { DiagnosisState } from './diagnosisState';
import { compareWithCommand } from './compareWithCommand';
import { QuestionHoverProvider } from './questionHover';
import { ReportPanel } from './reportPanel';
import { ReportPanelSerializer } from './reportPanelSerializer';
import { ReportRestorer } from './reportRestorer';
import { ProgressSource } from './progressSource';
import { MOCK_TRANSCRIPT_SCHEME } from '../shared/mockTranscriptScheme';
import type { CoreHost } from '../shared/coreHost';

/**
 * Diagnosis: the Diagnose commands, the score CodeLens and hover on each question, the report
 * panel (restored after a reload) and Export. Returns what the other features build on.
 */
export function registerDiagnosis(context: vscode.ExtensionContext, host: CoreHost): Deps {
  const state = new DiagnosisState();
  const lenses = new ScoreCodeLensProvider(state);
  const restorer = new ReportRestorer(state, host).watch();
  const deps: Deps = { host, state, context, restorer, panel: undefined as unknown as ReportPanel };
  const progress = new ProgressSource(host);
  deps.panel = new ReportPanel(context.extensionUri, (uri, index) => void openQuestionInEditor(deps, uri, index), (report) => progress.progressFor(report));
  // The lenses and hover also show on the coach's mock transcripts.
  const transcripts = [{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: MOCK_TRANSCRIPT_SCHEME }];
  context.subscriptions.push(
    state, lenses, deps.panel, restorer,
    vscode.window.registerWebviewPanelSerializer(ReportPanel.viewType, new ReportPanelSerializer(deps.panel, host)),
    vscode.languages.registerCodeLensProvider(transcripts, lenses),
    vscode.languages.registerHoverProvider(transcripts, new QuestionHoverProvider(state, host)),
    vscode.commands.registerCommand('interviewLens.diagnose', (uri?: vscode.Uri) => diagnoseCommand(deps, uri)),
    vscode.commands.registerCommand('interviewLens.showReport', () => showReportCommand(deps)),
    vscode.commands.registerCommand('interviewLens.revealQuestion', (uri: vscode.Uri, index: number) => revealQuestionCommand(deps, uri, index)),
    vscode.commands.registerCommand('interviewLens.swapRoles', (uri?: vscode.Uri, swapped?: boolean) => swapRolesCommand(deps, uri, typeof swapped === 'boolean' ? swapped : undefined)),
    vscode.commands.registerCommand('interviewLens.diagnoseAudio', (uri?: vscode.Uri) => diagnoseAudioCommand(deps, uri)),
    vscode.commands.registerCommand('interviewLens.compareReportWith', (arg?: unknown) => compareWithCommand(deps, arg)),
  );
  return deps;
}
