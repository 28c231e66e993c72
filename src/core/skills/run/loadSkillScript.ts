/**
 * Loading a skill's script: refused unless the workspace is trusted (Workspace Trust in VS Code,
 * `--trust` on the CLI; built-in skills ship with the extension and are trusted), then checked
 * (a file of the skill's own folder, an `execute` that fits the run contract) and compiled from
 * TypeScript with sucrase (plain JavaScript, no native binary in the .vsix).
 */
import { readInsideSync } from '../../runtime/safeRead';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { transform } from 'sucrase';
import { executeSignatureProblem } from '../manifest/scriptSignature';
import { ScriptError } from './scriptError';

/** A script ready to run: checked (trust, inside the skill, its execute) and compiled. */
export interface SkillScript {
  skill: string;
  /** The script's real path. */
  file: string;
  dir: string;
  /** Its name as skill.yaml gives it. */
  scriptFile: string;
  /** The compiled CommonJS code. */
  code: string;
}

/** Loads and compiles the script of a skill folder; refused unless `trusted` (nothing of it is read then). */
export function loadSkillScript(skillDir: string, scriptFile: string, options: { trusted: boolean; skill: string }): SkillScript {
  if (!options.trusted) {
    throw new ScriptError(`skill "${options.skill}" runs a script (${scriptFile}), and scripts run only in a trusted workspace: trust the workspace (Workspaces: Manage Workspace Trust) in VS Code, or pass --trust on the CLI`, { untrusted: true });
  }
  const dir = fs.realpathSync(skillDir);
  const file = path.join(dir, scriptFile);
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    throw new ScriptError(`skill "${options.skill}": its script ${scriptFile} does not exist beside skill.yaml`);
  }
  if (path.dirname(real) !== dir) throw new ScriptError(`skill "${options.skill}": its script must be a file in the skill's own folder, not a link elsewhere`);
  // Read inside the skill's folder only, a regular file under the size cap (runtime/safeRead).
  let source: string;
  try {
    source = readInsideSync(dir, real, { shown: scriptFile });
  } catch (err) {
    throw new ScriptError(`skill "${options.skill}": ${(err as Error).message}`);
  }
  // The loader checked it too, but the file may have changed since (and a caller may not have loaded it).
  const bad = executeSignatureProblem(source, scriptFile);
  if (bad) throw new ScriptError(`skill "${options.skill}": ${bad.message}`);
  let code: string;
  try {
    code = transform(source, { transforms: real.endsWith('.ts') ? ['typescript', 'imports'] : ['imports'], filePath: real }).code;
  } catch (err) {
    throw new ScriptError(`skill "${options.skill}": ${scriptFile} does not compile: ${(err as Error).message}`);
  }
  return { skill: options.skill, file: real, dir, scriptFile, code };
}
