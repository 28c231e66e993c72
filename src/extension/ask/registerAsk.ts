import * as vscode from 'vscode';
import { askCommand } from './askCommand';
import { AskPanel } from './askPanel';
import { askSkillHost } from '../skills/skillHost';
import type { Deps } from '../diagnosis/diagnoseCommands';
import type { RecordsHost } from '../records/recordsHost';
import type { SkillCatalog } from '../skills/skillCatalog';

/** Ask: a free-text request answered from the knowledge base, or by a skill the model picks. */
export function registerAsk(context: vscode.ExtensionContext, deps: Deps, catalog: SkillCatalog, records: RecordsHost): void {
  const askPanel = new AskPanel(context.extensionUri);
  context.subscriptions.push(
    askPanel,
    vscode.commands.registerCommand('interviewLens.ask', (question?: unknown) => askCommand({ ...deps, askPanel, manifestSkills: () => askSkillHost(catalog, records) }, typeof question === 'string' ? question : undefined)),
  );
}
