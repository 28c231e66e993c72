/**
 * `interview-lens skills export NAME [--out DIR]` and `skills import PATH [--out DIR]`: a skill to
 * and from Anthropic's SKILL.md format, saying what does not carry over. An import is validated
 * like any skill and written only when it has no error, into a new folder (never over a skill).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateSkillManifest } from '../core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../core/skills/run/manifestChecks';
import { exportSkillMd } from '../core/skills/skillMd/exportSkillMd';
import { importSkillMd, SkillMdError } from '../core/skills/skillMd/importSkillMd';
import { writeFileAtomic } from '../core/store/atomicWrite';
import { cliSkills } from './skillCommands';
import { UsageError } from './io';
import { readInsideSync, SafeReadError } from '../core/runtime/safeRead';

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/** `skills export NAME`: writes <out>/<name-with-hyphens>/SKILL.md. */
export async function exportCommand(name: string | undefined, out: string | undefined, cwd: string, io: Io): Promise<number> {
  if (!name) throw new UsageError('skills export needs a skill name: interview-lens skills export NAME [--out DIR]');
  const { skills } = await cliSkills(cwd);
  const skill = skills.find((s) => s.name === name);
  if (!skill) throw new UsageError(`no skill named "${name}" (run "interview-lens skills list")`);
  if (!skill.manifest) throw new UsageError(`skill "${name}" is invalid: ${skill.problems[0]?.message ?? ''} (run "interview-lens skills validate")`);
  const description = readDescription(skill.dir, cwd);
  const result = exportSkillMd(skill.manifest, description);
  const file = path.join(path.resolve(cwd, out ?? '.'), result.folder, 'SKILL.md');
  if (fs.existsSync(file)) throw new UsageError(`${file} exists: remove it, or choose another folder with --out`);
  writeFileAtomic(file, result.text);
  io.stdout(`wrote ${path.relative(cwd, file) || file}\n`);
  // The folder's recorded runs replay only here; the export copies SKILL.md alone.
  const testsDir = path.join(skill.dir, 'tests');
  const cassettes = fs.existsSync(testsDir) ? fs.readdirSync(testsDir).filter((f) => f.endsWith('.jsonl')).length : 0;
  const notCarried = [...result.notCarried, ...(cassettes ? [`tests/ (${cassettes} recorded run${cassettes === 1 ? '' : 's'}): they replay only in Interview Lens and are not copied`] : [])];
  if (description) io.stdout('  description.md: put at the top of the instructions\n');
  for (const n of notCarried) io.stdout(`  not carried over: ${n}\n`);
  return 0;
}

/** `skills import PATH`: PATH is a SKILL.md or its folder; writes <out>/<name>/skill.yaml. */
export async function importCommand(from: string | undefined, out: string | undefined, cwd: string, io: Io): Promise<number> {
  if (!from) throw new UsageError('skills import needs a SKILL.md or its folder: interview-lens skills import PATH [--out DIR]');
  const abs = path.resolve(cwd, from);
  const file = fs.existsSync(abs) && fs.statSync(abs).isDirectory() ? path.join(abs, 'SKILL.md') : abs;
  if (!fs.existsSync(file)) throw new UsageError(`not found: ${path.relative(cwd, file) || file} (give a SKILL.md, or the folder holding it)`);
  let result;
  try {
    // The folder given is the root: SKILL.md must be a regular file in it, not a link out of it.
    result = importSkillMd(readInsideSync(path.dirname(file), file, { shown: path.relative(cwd, file) || file }), fs.readdirSync(path.dirname(file)));
  } catch (err) {
    if (err instanceof SafeReadError) throw new UsageError(err.message);
    if (err instanceof SkillMdError) throw new UsageError(`${path.relative(cwd, file) || file}: ${err.message}`);
    throw err;
  }
  const dir = path.join(path.resolve(cwd, out ?? 'skills'), result.name);
  if (fs.existsSync(dir)) throw new UsageError(`${path.relative(cwd, dir) || dir} exists: remove it, or import into another folder with --out`);
  const target = path.join(dir, 'skill.yaml');
  const check = validateSkillManifest(result.yaml, target, { folderName: result.name, checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
  const errors = check.problems.filter((p) => p.severity === 'error');
  if (errors.length) {
    for (const p of errors) io.stderr(`${result.name}/skill.yaml:${p.line}:${p.column}: error: ${p.message}\n`);
    throw new UsageError(`the imported skill would not be valid, so nothing was written (${errors.length} error${errors.length === 1 ? '' : 's'} above)`);
  }
  writeFileAtomic(target, result.yaml);
  io.stdout(`wrote ${path.relative(cwd, target) || target}\n`);
  for (const p of check.problems) io.stdout(`  ${p.severity}: ${p.line}:${p.column}: ${p.message}\n`);
  for (const n of result.notCarried) io.stdout(`  not carried over: ${n}\n`);
  return 0;
}

/** The skill's description.md, read only as a regular file inside its folder; undefined when there is none. */
function readDescription(skillDir: string, cwd: string): string | undefined {
  const file = path.join(skillDir, 'description.md');
  try {
    return readInsideSync(skillDir, file, { shown: path.relative(cwd, file) || file });
  } catch (err) {
    if (err instanceof SafeReadError && err.reason === 'missing') return undefined;
    if (err instanceof SafeReadError) throw new UsageError(`${err.message}; nothing was exported`);
    throw err;
  }
}
