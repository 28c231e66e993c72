import * as vscode from 'vscode';
import { compareWithExpertCommand } from './compareCommand';
import { ComparePanel } from './comparePanel';
import { MockController } from './mockController';
import { startMockInterviewCommand } from './mockCommand';
import { MockPanel } from './mockPanel';
import { MockPanelSerializer } from './mockPanelSerializer';
import { MOCK_TRANSCRIPT_SCHEME, MockTranscripts } from './mockTranscripts';
import { practiseWeakQuestionsCommand } from './practiseWeakQuestions';
import type { Deps } from '../diagnosis/diagnoseCommands';

/** The coach: the mock interview, compare with the expert, and practising weak questions. */
export function registerCoach(context: vscode.ExtensionContext, deps: Deps): { mock: MockController; compare: ComparePanel } {
  const mockTranscripts = new MockTranscripts();
  const mock = new MockController(deps, new MockPanel(context.extensionUri), mockTranscripts);
  const compare = new ComparePanel(context.extensionUri);
  context.subscriptions.push(
    mock, compare,
    vscode.workspace.registerTextDocumentContentProvider(MOCK_TRANSCRIPT_SCHEME, mockTranscripts),
    vscode.window.registerWebviewPanelSerializer(MockPanel.viewType, new MockPanelSerializer(mock)),
    // From the palette, "Practise weak questions" ({ itemIds }) or automation (see StartMockArgs).
    vscode.commands.registerCommand('interviewLens.startMockInterview', (arg?: unknown) => startMockInterviewCommand(mock, context, arg)),
    // From the lens and hover (uri, index), the editor's context menu (uri) or automation ({ uri, index } / { uri, selection }).
    vscode.commands.registerCommand('interviewLens.compareWithExpert', (arg?: unknown, index?: unknown) => compareWithExpertCommand({ ...deps, compare }, arg, index)),
    vscode.commands.registerCommand('interviewLens.practiseWeakQuestions', (arg?: unknown) => practiseWeakQuestionsCommand(deps.host, arg)),
  );
  return { mock, compare };
}
