// The declarative-skills part of `npm run bench` (issue 14): loading and validating 100 skills
// (YAML, schema, templates, action parameters) against parsing their YAML alone, and one dry run
// of extract_job (templates rendered, output validated, actions planned) against its model call
// alone (a stand-in model that answers at once). Medians of 5 runs.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { prepareCore } from '../src/core/services';
import { loadSkillFolders } from '../src/core/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../src/core/skills/manifest/manifestChecks';
import { runManifestSkill } from '../src/core/skills/manifest/runManifestSkill';
import { RecordsStore } from '../src/core/records/recordsStore';
import { FakeLlm } from '../test/support/fakeLlm';
import { msText, timeAsync } from './benchTiming';

const ROOT = path.resolve(__dirname, '..');
const ms = (x: number) => msText(x);
const time = (fn: () => Promise<unknown> | unknown, runs = 5) => timeAsync(fn, runs);

(async () => {
  await prepareCore();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'il-bench-skills-'));
  try {
    const source = fs.readFileSync(path.join(ROOT, 'skills', 'extract_job', 'skill.yaml'), 'utf8');
    for (let i = 0; i < 100; i++) {
      const name = `job_skill_${i}`;
      fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, name, 'skill.yaml'), source.replace('name: extract_job', `name: ${name}`));
    }
    const options = { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema };
    let valid = 0;
    const load = await time(async () => {
      const r = await loadSkillFolders([dir], options);
      valid = r.skills.filter((s) => s.valid).length;
    });
    const yamlOnly = await time(() => {
      for (const name of fs.readdirSync(dir)) parse(fs.readFileSync(path.join(dir, name, 'skill.yaml'), 'utf8'));
    });
    console.log('\nDeclarative skills');
    console.log(`  load and validate 100 skills (${valid} valid: YAML, schema, templates, action parameters): median ${ms(load)}; reading and parsing their YAML alone (baseline) ${ms(yamlOnly)} -> ratio ${(load / yamlOnly).toFixed(1)}x`);

    const manifest = (await loadSkillFolders([path.join(ROOT, 'skills')], options)).skills.find((s) => s.name === 'extract_job')!.manifest!;
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const answer = JSON.stringify({ company: 'Acme Robotics', title: 'Agent Engineer', location: 'Berlin', deadline: '2026-12-20', skills: ['typescript', 'evals'] });
    const llm = new FakeLlm(() => answer);
    const posting = 'Acme Robotics is hiring an Agent Engineer in Berlin. Requirements: TypeScript, evals. Apply by 2026-12-20.';
    const deps = { records: store, llm, signal: new AbortController().signal, now: () => new Date('2026-12-01T09:00:00Z'), dryRun: true };
    const run = await time(() => runManifestSkill(manifest, { text: posting }, deps), 20);
    const call = await time(() => llm.complete({ purpose: 'x', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: posting }] }], maxTokens: 10 }, { signal: deps.signal }), 20);
    console.log(`  one dry run of extract_job (prompts rendered, output validated, 4 actions planned against the records): median ${ms(run)}; the stand-in model call alone (baseline) ${ms(call)} -> the runtime adds ${ms(run - call)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})().catch((err) => {
  console.error(`bench-skills: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
});
