import * as vscode from 'vscode';
import type { LlmProvider } from '../../../core/llm/provider';
import { engineProblem } from '../../engines/engineFix';
import { showEngineProblem } from '../../engines/engineNotice';
import { createRunEngine, readEngineSettings } from '../../engines/engineSettings';
import { ENGINE_SETTING } from '../../engines/lmConvert';

/**
 * The configured model engine for a replay that may call it (live for missing, re-record), or
 * undefined after telling the user why not, with the button that fixes it. `offlineOk`: the
 * offline engine is an answer too (re-recording tool-only cassettes), returned as null.
 */
export async function liveEngine(context: vscode.ExtensionContext, why: string, offlineOk: boolean): Promise<LlmProvider | null | undefined> {
  try {
    const engine = await createRunEngine(await readEngineSettings(context.secrets));
    if (engine.llm) return engine.llm;
    if (offlineOk) return null;
    void showEngineProblem(vscode.l10n.t('{0} needs a model engine, and the engine is offline: choose one in the setting interviewLens.engine.', why), { setting: ENGINE_SETTING });
    return undefined;
  } catch (err) {
    const problem = engineProblem(err);
    if (!problem) throw err;
    void showEngineProblem(vscode.l10n.t('{0} cannot use the model engine: {1}', why, problem.message), problem.fix);
    return undefined;
  }
}
