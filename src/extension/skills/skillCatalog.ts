import * as vscode from 'vscode';
import { privateSkillDirs } from '../../core/skills/catalog/privateSkillDirs';
import * as path from 'node:path';
import type { LoadedSkills } from '../../core/skills/manifest';
import { SkillsRegistry } from '../../core/skills/catalog';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../core/skills/run/manifestChecks';
import { CODE_SKILL_NAMES } from '../../core/builtin/codeSkills/codeSkills';
import { guardedValue } from '../shared/restrictedSetting';

/** The setting that lists the workspace's skill folders. */
export const SKILL_PATHS_SETTING = 'interviewLens.skills.paths';
/** Its default, as in package.json (and the CLI's folders). */
export const DEFAULT_SKILL_PATHS: readonly string[] = ['skills', '.interview-lens/skills'];

/**
 * The skill folders the workspace asks for. In Restricted Mode only the user's own value (or
 * the default) counts, so a cloned repository cannot point Interview Lens at other folders.
 * Anything that is not a list of non-empty strings counts as unset.
 */
export function skillPaths(): string[] {
  const config = vscode.workspace.getConfiguration('interviewLens.skills');
  const trusted = vscode.workspace.isTrusted;
  const value = guardedValue<unknown[]>(trusted, trusted ? config.get('paths') : undefined, config.inspect('paths'), [...DEFAULT_SKILL_PATHS]);
  const list = Array.isArray(value) && value.every((p) => typeof p === 'string') ? (value as string[]) : [...DEFAULT_SKILL_PATHS];
  return list.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * Finds the declarative skills: the built-in folder shipped with the extension, then each
 * workspace folder's skill paths (relative to that folder; an absolute path is taken as is).
 * They live in a registry that the Skills view's file watcher keeps current; load() also checks
 * the files' stamps first (no parsing), so a skill saved a moment ago is there even before the
 * watcher has spoken. A broken edit keeps the skill's last good version running; a skill broken
 * from the start is listed with its problems and never hides the others.
 */
export class SkillCatalog {
  readonly registry: SkillsRegistry;

  constructor(private readonly extensionPath: string) {
    this.registry = new SkillsRegistry({
      folders: () => this.folders(),
      // The code skills' names are known too, so a chain step naming a skill that exists nowhere is an error at its name.
      load: { builtInDirs: [this.builtInDir], checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema, knownSkillNames: CODE_SKILL_NAMES },
    });
  }

  /** The folder of the built-in skills (capture_note, extract_job, log_interview). */
  get builtInDir(): string {
    return path.join(this.extensionPath, 'skills');
  }

  /** Every folder scanned, built-in first, without duplicates. */
  folders(): string[] {
    const dirs = [this.builtInDir];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      for (const p of skillPaths()) dirs.push(path.resolve(folder.uri.fsPath, p));
    }
    // The private folder of SKILLS_DIR / interviewLens.skills.dir (machine-scoped: no workspace can set it).
    dirs.push(...privateSkillDirs(process.env, vscode.workspace.getConfiguration('interviewLens.skills').get<string>('dir', '')));
    return [...new Set(dirs.map((d) => path.resolve(d)))];
  }

  /** The skills as they run now (each one's last good version when its latest edit is broken). */
  async load(): Promise<LoadedSkills> {
    await this.registry.refresh();
    return this.registry.snapshot();
  }
}
