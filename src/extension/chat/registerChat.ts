import * as vscode from 'vscode';
import { registerChatParticipant, type ChatParticipantApi } from './chatParticipant';
import { registerLanguageModelTools } from './languageModelTools';
import { askSkillHost } from '../skills/skillHost';
import type { Deps } from '../diagnosis/diagnoseCommands';
import type { RecordsHost } from '../records/recordsHost';
import type { SkillCatalog } from '../skills/skillCatalog';

/** Chat: the @interview participant and the tools VS Code's language models may call. */
export function registerChat(context: vscode.ExtensionContext, deps: Deps, catalog: SkillCatalog, records: RecordsHost): {
  chat: ChatParticipantApi; languageModelTools: ReadonlyMap<string, vscode.LanguageModelTool<Record<string, unknown>>>;
} {
  const chat = registerChatParticipant(deps);
  const lmTools = registerLanguageModelTools({ host: deps.host, context, skills: (allowWrites) => askSkillHost(catalog, records, allowWrites) });
  context.subscriptions.push(...chat.disposables, ...lmTools.disposables);
  return { chat: chat.api, languageModelTools: lmTools.tools };
}
