import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Private skills folders outside the workspace, as the spec's SKILLS_DIR: the environment
 * variable (several folders separated by the platform's path delimiter) and, in VS Code, the
 * interviewLens.skills.dir setting. `~` is the home folder; relative paths are refused (they would
 * depend on the folder a command happens to run in).
 */
export function privateSkillDirs(env: NodeJS.ProcessEnv, setting?: string): string[] {
  const raw = [...(env.SKILLS_DIR ?? '').split(path.delimiter), setting ?? ''];
  const dirs = raw.map((d) => d.trim()).filter((d) => d !== '').map((d) => (d === '~' || d.startsWith(`~${path.sep}`) || d.startsWith('~/') ? path.join(os.homedir(), d.slice(1)) : d));
  return [...new Set(dirs.filter((d) => path.isAbsolute(d)).map((d) => path.resolve(d)))];
}
