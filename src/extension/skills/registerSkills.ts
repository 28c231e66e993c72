import * as vscode from 'vscode';
import { registerSkillEditor } from './editor/registerSkillEditor';
import { runSkillCommand, runSkillWithHintCommand, type RunSkillDeps } from './runSkillCommand';
import { registerSkillsView, type SkillsViewApi } from './view/skillsView';

/** Skills: Run Skill (with a hint), the Skills view and the skill.yaml editor (Problems, completion, hover, quick fixes). */
export function registerSkills(
  context: vscode.ExtensionContext, deps: RunSkillDeps, log: vscode.LogOutputChannel,
  /** The Skills view's Dry Run: the dry-run feature's, lent by activate(). */
  dryRunSkill: Parameters<typeof registerSkillsView>[4],
): SkillsViewApi {
  const skills = registerSkillsView(context, deps.catalog, log, (arg) => runSkillCommand(deps, arg), dryRunSkill);
  context.subscriptions.push(
    // From the palette, the editor's context menu (with the file's URI) or automation ({ skill, apply }).
    vscode.commands.registerCommand('interviewLens.runSkill', (arg?: unknown) => runSkillCommand(deps, arg)),
    vscode.commands.registerCommand('interviewLens.runSkillWithHint', (arg?: unknown) => runSkillWithHintCommand(deps, arg)),
  );
  registerSkillEditor(context, deps.catalog);
  return skills;
}
