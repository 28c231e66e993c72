// The declarative-skills part of `npm run bench` (issue 14): loading and validating 100 skills
// (YAML, schema, templates, action parameters) against parsing their YAML alone, and one dry run
// of extract_job (templates rendered, output validated, actions planned) against its model call
// alone (a stand-in model that answers at once), and what running a script in its own worker
// thread costs against calling it in the process, as scripts ran before. Medians.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { prepareCore } from '../src/core/services';
import { loadSkillFolders } from '../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../src/core/skills/run/manifestChecks';
import { runManifestSkill } from '../src/core/skills/run/runManifestSkill';
import { RecordsStore } from '../src/core/records/recordsStore';
import { FakeLlm } from '../test/support/fakeLlm';
import { createRequire } from 'node:module';
import { loadSkillScript, runScriptedSkill } from '../src/core/skills/run/scriptedSkill';
import { planActions } from '../src/core/skills/actions/runActions';
import { compileTemplate } from '../src/core/runtime/template';
import { silentLogger } from '../src/core/runtime/logger';
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

    // A scripted skill: in a worker (now) against the same script evaluated and called in this process (before).
    const scriptDir = path.join(dir, 'scripted', 'jotter');
    fs.mkdirSync(scriptDir, { recursive: true });
    fs.writeFileSync(path.join(scriptDir, 'skill.yaml'), 'name: jotter\nversion: 1\ndescription: Keeps the input as a note through a script. Use it in the bench. Not for users.\nprompt:\n  user: "{{ t | truncate(20) }}"\n');
    fs.writeFileSync(path.join(scriptDir, 'run.ts'), 'export async function execute(ctx: any, input: { text: string }) {\n  let title = "";\n  for (let i = 0; i < Number(ctx.settings.renders ?? 0); i++) title = ctx.render("prompt.user", { t: input.text });\n  return { actions: [{ create_note: { title: title || "jot", body_md: input.text } }] };\n}\n');
    const jotter = (await loadSkillFolders([path.join(dir, 'scripted')], options)).skills[0];
    const script = loadSkillScript(jotter.dir, 'run.ts', { trusted: true, skill: 'jotter' });
    const scriptDeps = (renders: number) => ({ ...deps, llm: undefined, logger: silentLogger, settings: { renders } });
    const inProcess = async (renders: number) => {
      const module = { exports: {} as Record<string, unknown> };
      // eslint-disable-next-line no-new-func
      new Function('module', 'exports', 'require', '__filename', '__dirname', script.code)(module, module.exports, createRequire(script.file), script.file, script.dir);
      const template = compileTemplate(jotter.manifest!.prompt!.user);
      const ctx = { settings: { renders }, render: (_at: string, c: Record<string, unknown>) => template.render(c) };
      const out = await (module.exports.execute as (c: unknown, i: unknown) => Promise<{ actions: Array<Record<string, Record<string, unknown>>> }>)(ctx, { text: posting });
      return planActions(out.actions.map((a) => ({ primitive: 'create_note', params: a.create_note })), store, {});
    };
    const inWorker = await time(() => runScriptedSkill(jotter.manifest!, script, { text: posting }, scriptDeps(0)), 20);
    const before = await time(() => inProcess(0), 20);
    console.log(`  one dry run of a scripted skill in its own worker thread (start, messages, stop): median ${ms(inWorker)}; the same script evaluated and called in this process, as before (baseline) ${ms(before)} -> the worker costs ${ms(inWorker - before)} per run`);
    const renders = 1000;
    const workerRenders = await time(() => runScriptedSkill(jotter.manifest!, script, { text: posting }, scriptDeps(renders)), 5);
    const localRenders = await time(() => inProcess(renders), 5);
    console.log(`  ${renders} synchronous ctx.render calls from the worker (each a message and a wait): median ${ms(workerRenders - inWorker)} beyond the run; in this process (baseline) ${ms(localRenders - before)} -> ${(((workerRenders - inWorker) / renders) * 1000).toFixed(0)} µs a call`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})().catch((err) => {
  console.error(`bench-skills: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
});
