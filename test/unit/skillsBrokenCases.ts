// The broken-skill corpus (test/fixtures/skills-broken): one folder per mistake, the folder named as
// the skill's folder would be (the name check reads it), with the file to check and expected.json
// listing every diagnostic it must produce. A mistake that is about several folders (two skills of
// one name) holds those skills folders and lists them in `skillsFolders`: the case is then loaded
// by the loader, as the registry loads a workspace. Shared by test/unit/skillsBroken.test.ts and
// scripts/eval-diagnostics.ts, so both validate each case the same way the loader does.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { loadSkillFolders, validateChainManifest, validateSkillManifest, type ManifestProblem } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';

export const BROKEN_DIR = path.resolve(__dirname, '..', 'fixtures', 'skills-broken');

/** One diagnostic a case must produce. */
export interface ExpectedDiagnostic {
  code: string;
  severity: 'error' | 'warning';
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** A piece of the message that must be in it. */
  message: string;
}

/** expected.json. */
export interface CaseSpec {
  /** The file checked, relative to the case folder (default skill.yaml). */
  file?: string;
  /** For a chain: the skill names its steps may use. */
  knownSkills?: string[];
  /** Skills folders inside the case folder, loaded together by the loader (`file` is in one of them). */
  skillsFolders?: string[];
  diagnostics: ExpectedDiagnostic[];
}

export interface BrokenCase {
  name: string;
  dir: string;
  /** The checked file's path and text. */
  file: string;
  text: string;
  kind: 'skill' | 'chain';
  spec: CaseSpec;
}

export function brokenCases(): BrokenCase[] {
  return fs.readdirSync(BROKEN_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = path.join(BROKEN_DIR, name);
      const spec = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as CaseSpec;
      const file = path.join(dir, spec.file ?? 'skill.yaml');
      return { name, dir, file, text: fs.readFileSync(file, 'utf8'), kind: file.endsWith('.chain.yaml') ? 'chain' : 'skill', spec };
    });
}

/** The skills in `<case>/siblings/<name>/skill.yaml`, as the loader would pass them to the case's skill. */
function siblings(dir: string): Array<{ name: string; file: string; keywords: string[] }> {
  const root = path.join(dir, 'siblings');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).sort().map((name) => {
    const file = path.join(root, name, 'skill.yaml');
    const data = parse(fs.readFileSync(file, 'utf8')) as { name?: string; match?: { keywords?: string[] } };
    return { name: data.name ?? name, file, keywords: data.match?.keywords ?? [] };
  });
}

/** Our diagnostics for a case, with the checks the CLI and the editor plug in. */
export async function validateCase(c: BrokenCase): Promise<ManifestProblem[]> {
  // The corpus was written before the skill spec's form; its legacy-form warnings are checked in
  // skillSpecForm.test.ts, and each case here is about its own mistake.
  return (await caseProblems(c)).filter((p) => p.code !== 'legacy-form');
}

async function caseProblems(c: BrokenCase): Promise<ManifestProblem[]> {
  if (c.spec.skillsFolders) {
    const loaded = await loadSkillFolders(c.spec.skillsFolders.map((f) => path.join(c.dir, f)), { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    const found = [...loaded.skills, ...loaded.chains].find((s) => s.file === c.file);
    if (!found) throw new Error(`${c.name}: the loader did not find ${c.file}`);
    return found.problems;
  }
  if (c.kind === 'chain') {
    return validateChainManifest(c.text, c.file, { knownSkillNames: c.spec.knownSkills, checkTemplate: checkTemplateSyntax }).problems;
  }
  return validateSkillManifest(c.text, c.file, {
    folderName: c.name,
    folderFiles: fs.readdirSync(c.dir),
    checkTemplate: checkTemplateSyntax,
    checkActionParams: checkActionParamsSchema,
    otherSkills: siblings(c.dir),
  }).problems;
}
