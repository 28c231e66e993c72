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
import { askSkillHost } from './skillHost';
import { registerChatParticipant, type ChatParticipantApi } from './chat/chatParticipant';
import { compareWithExpertCommand } from './coach/compareCommand';
import { ComparePanel } from './coach/comparePanel';
import { MockController } from './coach/mockController';
import { startMockInterviewCommand } from './coach/mockCommand';
import { MockPanel } from './coach/mockPanel';
import { MockPanelSerializer } from './coach/mockPanelSerializer';
import { MOCK_TRANSCRIPT_SCHEME, MockTranscripts } from './coach/mockTranscripts';
import { registerLanguageModelTools } from './chat/languageModelTools';
import { setAnthropicApiKeyCommand, setOpenAiApiKeyCommand } from './keyCommands';
import { diagnoseAndRecordCommand } from './recordCommand';
import { RecordsHost } from './recordsHost';
import { SkillCatalog } from './skillCatalog';
import { registerSkillEditor } from './skillEditor/registerSkillEditor';
import { JobSearchTreeProvider } from './jobSearchTree';
import { RecordDocumentProvider, RECORD_SCHEME } from './recordDocument';
import { ReminderWatcher } from './reminderWatcher';
import { runSkillCommand, runSkillWithHintCommand } from './runSkillCommand';
import { registerSkillsView, type SkillsViewApi } from './skillsView/skillsView';
import { registerReplayTests, type ReplayTestsApi } from './replayTests/replayTestController';
import { DryRunCommands } from './dryRunPanel/dryRunCommand';
import { DryRunPanel, type DryRunPanelApi } from './dryRunPanel/dryRunPanel';
import { DryRunPanelSerializer } from './dryRunPanel/dryRunPanelSerializer';
import { deleteRecordCommand, JOB_SEARCH_VIEW, markReminderDoneCommand, openRecordCommand, showRemindersCommand } from './recordCommands';
import { HISTORY_VIEW, HistoryTreeProvider } from './historyTree';
import { deleteHistoryReportCommand, openHistoryReportCommand } from './historyCommands';
import { exportReportCommand } from './exportReport';
import { practiseWeakQuestionsCommand } from './practiseWeakQuestions';
import { ProgressSource } from './progressSource';

/** What activate() returns: the Job Search view's data and the reminder check, for the integration tests. */
export interface InterviewLensApi {
  jobSearch: JobSearchTreeProvider;
  reminders: ReminderWatcher;
  /** Path of the records file (records.sqlite in the extension's global storage). */
  recordsFile: string;
  /** The Skills view: its tree, status item, watcher and the registry (through the catalog). */
  skills: SkillsViewApi;
  /** The Test Explorer's replays of recorded runs. */
  replayTests: ReplayTestsApi;
  /** The dry-run panel: the trace on show, and what its buttons do. */
  dryRunPanel: DryRunPanelApi;
  /** The History view's data. */
  history: HistoryTreeProvider;
  /** Path of the report history (history.sqlite in the extension's global storage). */
  historyFile: string;
  /** The report panel (what it shows and the HTML it was given). */
  reportPanel: ReportPanel;
  /** The interview coach: the mock interview, the compare view, `@interview` and the language model tools. */
  coach: {
    mock: MockController;
    compare: ComparePanel;
    chat: ChatParticipantApi;
    languageModelTools: ReadonlyMap<string, vscode.LanguageModelTool<Record<string, unknown>>>;
  };
}

/** Wires commands, providers and panels; all work happens on first use. */
export function activate(context: vscode.ExtensionContext): InterviewLensApi {
  // Every line the extension or the core writes to the channel passes the redactor.
  const log = redactingChannel(vscode.window.createOutputChannel('Interview Lens', { log: true }));
  const host = new CoreHost(context, log);
  const state = new DiagnosisState();
  const lenses = new ScoreCodeLensProvider(state);
  const restorer = new ReportRestorer(state, host).watch();
  const deps = { host, state, context, restorer, panel: undefined as unknown as ReportPanel };
  const progress = new ProgressSource(host);
  deps.panel = new ReportPanel(context.extensionUri, (uri, index) => void openQuestionInEditor(deps, uri, index), (report) => progress.progressFor(report));
  const history = new HistoryTreeProvider(host);
  const historyView = vscode.window.createTreeView(HISTORY_VIEW, { treeDataProvider: history, showCollapseAll: true });
  const historyDeps = { host, panel: deps.panel, refresh: () => history.refresh() };
  const knowledge = new KnowledgePanel(context.extensionUri, host);
  const askPanel = new AskPanel(context.extensionUri);
  const workspaceKnowledge = new WorkspaceKnowledge(host);
  host.onCreated = (core) => workspaceKnowledge.loadAll(core);
  const records = new RecordsHost(context);
  const jobSearch = new JobSearchTreeProvider(records, log);
  const jobSearchView = vscode.window.createTreeView(JOB_SEARCH_VIEW, { treeDataProvider: jobSearch, showCollapseAll: true });
  const reminders = new ReminderWatcher(records, context.globalState, log).start();
  const catalog = new SkillCatalog(context.extensionPath);
  const skillDeps = { host, context, records, catalog, revealRecords: () => vscode.commands.executeCommand(`${JOB_SEARCH_VIEW}.focus`) };
  const recordDeps = { records, log };
  const dryRun = new DryRunCommands({ ...skillDeps, log });
  const skills = registerSkillsView(context, skillDeps.catalog, log, (arg) => runSkillCommand(skillDeps, arg), (arg) => dryRun.dryRunSkill(arg));
  const replayTests = registerReplayTests({ host, context, catalog: skillDeps.catalog, log });

  context.subscriptions.push(
    log, state, lenses, deps.panel, restorer,
    vscode.window.registerWebviewPanelSerializer(ReportPanel.viewType, new ReportPanelSerializer(deps.panel, host)),
    knowledge, workspaceKnowledge, askPanel,
    vscode.languages.registerCodeLensProvider([{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: MOCK_TRANSCRIPT_SCHEME }], lenses),
    vscode.languages.registerHoverProvider([{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: MOCK_TRANSCRIPT_SCHEME }], new QuestionHoverProvider(state, host)),
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
    vscode.commands.registerCommand('interviewLens.ask', (question?: unknown) => askCommand({ ...deps, askPanel, manifestSkills: () => askSkillHost(catalog, records) }, typeof question === 'string' ? question : undefined)),
    records, jobSearch, jobSearchView, reminders, replayTests,
    vscode.workspace.registerTextDocumentContentProvider(RECORD_SCHEME, new RecordDocumentProvider(records)),
    // From the palette, the editor's context menu (with the file's URI) or automation ({ skill, apply }).
    vscode.commands.registerCommand('interviewLens.runSkill', (arg?: unknown) => runSkillCommand(skillDeps, arg)),
    vscode.commands.registerCommand('interviewLens.runSkillWithHint', (arg?: unknown) => runSkillWithHintCommand(skillDeps, arg)),
    // The dry-run panel: from the palette (or automation with { skill | chain, input }), and from a cassette in the Test Explorer.
    dryRun,
    vscode.window.registerWebviewPanelSerializer(DryRunPanel.viewType, new DryRunPanelSerializer(dryRun.panel, log)),
    vscode.commands.registerCommand('interviewLens.dryRunSkill', (arg?: unknown) => dryRun.dryRunSkill(arg)),
    vscode.commands.registerCommand('interviewLens.dryRunCassette', (arg?: unknown) => dryRun.dryRunCassette(arg)),
    // Refresh re-reads what another window or the CLI wrote: the tree, open records and the reminder count.
    vscode.commands.registerCommand('interviewLens.jobSearch.refresh', () => records.changed()),
    vscode.commands.registerCommand('interviewLens.jobSearch.open', (node?: unknown) => openRecordCommand(node)),
    vscode.commands.registerCommand('interviewLens.jobSearch.delete', (node?: unknown, options?: unknown) => deleteRecordCommand(recordDeps, node, options)),
    vscode.commands.registerCommand('interviewLens.jobSearch.markDone', (node?: unknown) => markReminderDoneCommand(recordDeps, node)),
    vscode.commands.registerCommand('interviewLens.showReminders', () => showRemindersCommand(jobSearchView, jobSearch)),
    history, historyView,
    // Refresh re-reads the history file: what other windows and the CLI saved or deleted.
    vscode.commands.registerCommand('interviewLens.history.refresh', () => history.refresh()),
    vscode.commands.registerCommand('interviewLens.history.open', (node?: unknown) => openHistoryReportCommand(historyDeps, node)),
    vscode.commands.registerCommand('interviewLens.history.delete', (node?: unknown, options?: unknown) => deleteHistoryReportCommand(historyDeps, node, options)),
    vscode.commands.registerCommand('interviewLens.exportReport', (arg?: unknown) => exportReportCommand(deps, arg)),
    vscode.commands.registerCommand('interviewLens.practiseWeakQuestions', (arg?: unknown) => practiseWeakQuestionsCommand(host, arg)),
  );
  registerSkillEditor(context, catalog);
  const chat = registerChatParticipant(deps);
  const lmTools = registerLanguageModelTools({ host, context, skills: (allowWrites) => askSkillHost(catalog, records, allowWrites) });
  context.subscriptions.push(...chat.disposables, ...lmTools.disposables);
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
  );
  log.info(`activated (workspace trusted: ${vscode.workspace.isTrusted})`);
  return {
    jobSearch, reminders, recordsFile: records.file, skills, replayTests, dryRunPanel: dryRun.api, history, historyFile: host.historyFile, reportPanel: deps.panel,
    coach: { mock, compare, chat: chat.api, languageModelTools: lmTools.tools },
  };
}

export function deactivate(): void {}
