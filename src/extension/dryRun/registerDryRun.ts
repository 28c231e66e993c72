import * as vscode from 'vscode';
import { DryRunCommands, type DryRunCommandDeps } from './dryRunCommand';
import { DryRunPanel } from './dryRunPanel';
import { DryRunPanelSerializer } from './dryRunPanelSerializer';

/** Dry run: the panel that shows what a skill would write (restored after a reload) and its commands. */
export function registerDryRun(context: vscode.ExtensionContext, deps: DryRunCommandDeps): DryRunCommands {
  const dryRun = new DryRunCommands(deps);
  context.subscriptions.push(
    dryRun,
    vscode.window.registerWebviewPanelSerializer(DryRunPanel.viewType, new DryRunPanelSerializer(dryRun.panel, deps.log)),
    // From the palette (or automation with { skill | chain, input }), and from a cassette in the Test Explorer.
    vscode.commands.registerCommand('interviewLens.dryRunSkill', (arg?: unknown) => dryRun.dryRunSkill(arg)),
    vscode.commands.registerCommand('interviewLens.dryRunCassette', (arg?: unknown) => dryRun.dryRunCassette(arg)),
  );
  return dryRun;
}
