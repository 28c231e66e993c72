import * as vscode from 'vscode';
import { diagnoseAndRecordCommand } from './recordCommand';
import { registerReplayTests, type ReplayTests, type ReplayTestsDeps } from './testExplorer/replayTestController';
import type { Deps } from '../diagnosis/diagnoseCommands';

/** Replays: recorded runs as tests in the Test Explorer, and "Diagnose and Record…" that makes one. */
export function registerReplays(context: vscode.ExtensionContext, deps: ReplayTestsDeps, diagnosis: Deps): ReplayTests {
  const replayTests = registerReplayTests(deps);
  context.subscriptions.push(
    replayTests,
    vscode.commands.registerCommand('interviewLens.diagnoseAndRecord', (name?: unknown) => diagnoseAndRecordCommand(diagnosis, typeof name === 'string' ? name : undefined)),
  );
  return replayTests;
}
