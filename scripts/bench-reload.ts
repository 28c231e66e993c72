// The hot-reload part of `npm run bench` (issue 15: reloading 100 skills, target ≤ 300 ms):
//   - a full reload of 100 generated skills through the registry (Reload Skills, Validate All);
//   - reloading ONE changed skill among those 100 (what a save does), against the full reload;
//   - a refresh that finds that one change by file stamps alone (what Run Skill… does first).
// Baseline in the same process: reading and parsing the 100 files' YAML alone. Medians of 9 runs.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { prepareCore } from '../src/core/services';
import { checkActionParamsSchema, checkTemplateSyntax } from '../src/core/skills/run/manifestChecks';
import { SkillsRegistry } from '../src/core/skills/catalog';

const ROOT = path.resolve(__dirname, '..');
const RUNS = 9;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Median time of `fn`; `before` runs ahead of each call, outside the clock (a file saved for it to find). */
async function time(fn: (i: number) => Promise<unknown> | unknown, before?: (i: number) => void): Promise<number> {
  // Warm-up runs (JIT, file cache) are not counted.
  for (let w = -3; w < 0; w++) {
    before?.(w);
    await fn(w);
  }
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    before?.(i);
    const t = process.hrtime.bigint();
    await fn(i);
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

(async () => {
  await prepareCore();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'il-bench-reload-'));
  try {
    // The largest built-in skill, 100 times under other names: YAML, schema, templates and actions all checked.
    const source = fs.readFileSync(path.join(ROOT, 'skills', 'extract_job', 'skill.yaml'), 'utf8');
    const names = Array.from({ length: 100 }, (_, i) => `job_skill_${i}`);
    for (const name of names) {
      fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, name, 'skill.yaml'), source.replace('name: extract_job', `name: ${name}`));
    }
    const registry = new SkillsRegistry({ folders: () => [dir], load: { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema } });
    const full = await time(() => registry.reloadAll());
    const valid = registry.skills().filter((s) => s.latest.valid).length;
    if (valid !== 100) throw new Error(`expected 100 valid skills, got ${valid}`);

    const changed = path.join(dir, 'job_skill_42', 'skill.yaml');
    // Each run saves a new version, so the registry really has something new to read.
    const save = (i: number) => fs.writeFileSync(changed, source.replace('name: extract_job', 'name: job_skill_42').replace(/^version: \d+/m, `version: ${i + 10}`));
    const one = await time(() => registry.reload([changed]), save);
    const refresh = await time(() => registry.refresh(), (i) => save(i + 100));
    if (registry.skills().find((s) => s.latest.name === 'job_skill_42')?.running?.manifest?.version !== RUNS - 1 + 110) throw new Error('the refresh did not pick up the last save');
    const yamlOnly = await time(() => {
      for (const name of names) parse(fs.readFileSync(path.join(dir, name, 'skill.yaml'), 'utf8'));
    });

    console.log(`\nHot reload of skills (registry; median of 9 runs; target ≤ 300 ms for 100 skills; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)})`);
    console.log(`  full reload of 100 skills (YAML, schema, templates, action parameters, file stamps): median ${ms(full)}; reading and parsing their YAML alone (baseline) ${ms(yamlOnly)} -> ratio ${(full / yamlOnly).toFixed(1)}x`);
    console.log(`  one saved skill among 100 (reload of that entry, what a save does): median ${ms(one)} -> ${(full / one).toFixed(0)}x faster than the full reload`);
    console.log(`  refresh by file stamps, one changed among 100 (what Run Skill… does first): median ${ms(refresh)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
