import type { LoadedSkill } from '../../core/skills/manifest';

/**
 * What the Run Skill picker says of a skill besides its version: where it comes from and, for a
 * scripted one, that it runs (a workspace script only once the workspace is trusted). Kept apart
 * from the picker (which needs vscode) so a unit test can read it.
 */
export type SkillTrait = 'built-in' | 'workspace' | 'scripted' | 'scripted-needs-trust';

export function skillTraits(skill: Pick<LoadedSkill, 'builtIn' | 'script'>, workspaceTrusted: boolean): SkillTrait[] {
  const traits: SkillTrait[] = [skill.builtIn ? 'built-in' : 'workspace'];
  // Built-in scripts ship with the extension and always run; a workspace's own run.ts needs trust.
  if (skill.script) traits.push(skill.builtIn || workspaceTrusted ? 'scripted' : 'scripted-needs-trust');
  return traits;
}
