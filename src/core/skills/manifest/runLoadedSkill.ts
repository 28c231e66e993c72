/**
 * Runs a loaded skill whichever kind it is: a declarative one through runManifestSkill, a scripted
 * one through its script, which loads only when the skill is built in or the caller trusts the
 * workspace. The CLI, VS Code, chains and the run_skill tool all come through here, so the trust
 * rule is decided in one place.
 */
import * as path from 'node:path';
import type { LoadedSkill } from '../../manifest';
import type { Logger } from '../../runtime/logger';
import { runManifestSkill, ManifestRunError, type ManifestInput, type ManifestRunDeps, type ManifestRunResult } from './runManifestSkill';
import { loadSkillScript, runScriptedSkill } from './scriptedSkill';

/** A run's dependencies, with whether workspace scripts may run. */
export interface LoadedRunDeps extends ManifestRunDeps {
  /** The workspace is trusted (Workspace Trust in VS Code, --trust on the CLI). */
  trusted: boolean;
  logger: Logger;
  settings?: Readonly<Record<string, unknown>>;
}

/** Runs `skill` (valid) on `input`. */
export function runLoadedSkill(skill: LoadedSkill, input: ManifestInput, deps: LoadedRunDeps): Promise<ManifestRunResult> {
  if (!skill.manifest) return Promise.reject(new ManifestRunError(`skill "${skill.name}" is invalid: ${skill.problems[0]?.message ?? 'see its problems'} (validate it first)`));
  if (!skill.script) return runManifestSkill(skill.manifest, input, deps);
  const execute = loadSkillScript(skill.dir, path.basename(skill.script), { trusted: skill.builtIn || deps.trusted, skill: skill.name });
  return runScriptedSkill(skill.manifest, execute, input, deps);
}
