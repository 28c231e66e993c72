import * as vscode from 'vscode';
import type { CoreHost } from '../shared/coreHost';
import type { ManifestSkillHost } from '../../core/skills/run/skillHost';
import { createRunEngine, readEngineSettings } from '../engines/engineSettings';

/**
 * The registry tools VS Code's agent mode may call, as `contributes.languageModelTools` declares
 * them (package.json holds the same input schemas; a unit test keeps the two equal). `run_skill`
 * plans by default; a call that would write asks the user first, through VS Code's confirmation.
 */
export const LANGUAGE_MODEL_TOOLS: ReadonlyArray<{ name: string; tool: string }> = [
  { name: 'interviewLens_queryKnowledgeBase', tool: 'query_knowledge_base' },
  { name: 'interviewLens_findReference', tool: 'find_reference' },
  { name: 'interviewLens_splitQaPairs', tool: 'split_qa_pairs' },
  { name: 'interviewLens_analyzeContent', tool: 'analyze_content' },
  { name: 'interviewLens_runSkill', tool: 'run_skill' },
];

/** What the tools need of the extension. */
export interface LanguageModelToolDeps {
  host: CoreHost;
  context: vscode.ExtensionContext;
  /** The skills run_skill runs, allowed to write (the user confirmed a writing call). */
  skills: (allowWrites: boolean) => Promise<ManifestSkillHost>;
}

function abortOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/** One registry tool as a VS Code language model tool. */
function languageModelTool(deps: LanguageModelToolDeps, tool: string): vscode.LanguageModelTool<Record<string, unknown>> {
  return {
    prepareInvocation(options) {
      if (tool !== 'run_skill' || options.input.dry_run !== false) return undefined;
      const skill = typeof options.input.skill === 'string' ? options.input.skill : vscode.l10n.t('the skill chosen by routing');
      return {
        invocationMessage: vscode.l10n.t('Running {0} and writing its records', skill),
        confirmationMessages: {
          title: vscode.l10n.t('Write to your job-search records?'),
          message: new vscode.MarkdownString(vscode.l10n.t('Interview Lens will run **{0}** on the text and write the records it plans (companies, positions, notes, reminders…) in one transaction. You can see and delete them in the Job Search view.', skill)),
        },
      };
    },
    async invoke(options, token) {
      const core = await deps.host.get();
      const writes = tool === 'run_skill' && options.input.dry_run === false;
      // analyze_content scores with the configured engine, as the Diagnose command does.
      const engine = tool === 'analyze_content' || tool === 'run_skill' ? await createRunEngine(await readEngineSettings(deps.context.secrets)) : undefined;
      const ctx = core.context({
        caller: 'vscode-lm-tool', signal: abortOf(token), ...(engine?.llm ? { llm: engine.llm } : {}),
        ...(tool === 'run_skill' ? { manifestSkills: await deps.skills(writes) } : {}),
        ...(vscode.workspace.workspaceFolders?.[0]?.uri.scheme === 'file' ? { workspaceRoot: vscode.workspace.workspaceFolders[0].uri.fsPath } : {}),
      });
      const result = await core.tools.execute(tool, options.input, ctx);
      // A failure is thrown with its message: the model reads it and can correct its call.
      if (!result.success) throw new Error(`${result.error!.code}: ${result.error!.message}`);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(result.data))]);
    },
  };
}

/** Registers every tool of LANGUAGE_MODEL_TOOLS; `tools` holds the implementations registered (the integration suite checks their confirmations). */
export function registerLanguageModelTools(deps: LanguageModelToolDeps): { disposables: vscode.Disposable[]; tools: ReadonlyMap<string, vscode.LanguageModelTool<Record<string, unknown>>> } {
  const tools = new Map(LANGUAGE_MODEL_TOOLS.map(({ name, tool }) => [name, languageModelTool(deps, tool)] as const));
  if (typeof vscode.lm?.registerTool !== 'function') return { disposables: [], tools };
  return { disposables: [...tools].map(([name, impl]) => vscode.lm.registerTool(name, impl)), tools };
}
