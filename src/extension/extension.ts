import * as vscode from 'vscode';
import { registerAsk } from './ask/registerAsk';
import { registerChat } from './chat/registerChat';
import type { ChatParticipantApi } from './chat/chatParticipant';
import { registerCoach } from './coach/registerCoach';
import type { ComparePanel } from './coach/comparePanel';
import type { MockController } from './coach/mockController';
import { registerDiagnosis } from './diagnosis/registerDiagnosis';
import type { ReportPanel } from './diagnosis/reportPanel';
import { registerDryRun } from './dryRun/registerDryRun';
import type { DryRunPanelApi } from './dryRun/dryRunPanel';
import { registerEngines } from './engines/registerEngines';
import { registerHistory } from './history/registerHistory';
import type { HistoryTreeProvider } from './history/historyTree';
import { registerKnowledge } from './knowledge/registerKnowledge';
import { registerRecords } from './records/registerRecords';
import type { JobSearchTreeProvider } from './records/jobSearchTree';
import type { ReminderWatcher } from './records/reminderWatcher';
import { registerReplays } from './replays/registerReplays';
import type { ReplayTestsApi } from './replays/testExplorer/replayTestController';
import { registerSkills } from './skills/registerSkills';
import { SkillCatalog } from './skills/skillCatalog';
import type { SkillsViewApi } from './skills/view/skillsView';
import { CoreHost } from './shared/coreHost';
import { redactingChannel } from './shared/logger';

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

/**
 * Wires the features; each registers its own commands, views and panels, and all work happens on
 * first use. The order is only who lends what: diagnosis and records first, then what uses them.
 */
export function activate(context: vscode.ExtensionContext): InterviewLensApi {
  // Every line the extension or the core writes to the channel passes the redactor.
  const log = redactingChannel(vscode.window.createOutputChannel('Interview Lens', { log: true }));
  context.subscriptions.push(log);
  const host = new CoreHost(context, log);
  const diagnosis = registerDiagnosis(context, host);
  registerEngines(context);
  registerKnowledge(context, host);
  const history = registerHistory(context, diagnosis);
  const records = registerRecords(context, log);
  // The skills of the Skills view, Run Skill, dry runs, replays, Ask and the chat tools: one catalog.
  const catalog = new SkillCatalog(context.extensionPath);
  const skillDeps = { host, context, records: records.records, catalog, revealRecords: records.reveal };
  const dryRun = registerDryRun(context, { ...skillDeps, log });
  const skills = registerSkills(context, skillDeps, log, (arg) => dryRun.dryRunSkill(arg));
  const replayTests = registerReplays(context, { host, context, catalog, log }, diagnosis);
  registerAsk(context, diagnosis, catalog, records.records);
  const chat = registerChat(context, diagnosis, catalog, records.records);
  const coach = registerCoach(context, diagnosis);
  log.info(`activated (workspace trusted: ${vscode.workspace.isTrusted})`);
  return {
    jobSearch: records.jobSearch, reminders: records.reminders, recordsFile: records.records.file, skills, replayTests, dryRunPanel: dryRun.api,
    history, historyFile: host.historyFile, reportPanel: diagnosis.panel,
    coach: { ...coach, ...chat },
  };
}

export function deactivate(): void {}
