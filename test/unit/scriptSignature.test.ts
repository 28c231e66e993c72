import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders } from '../../src/core/skills/manifest';
import { executeSignatureProblem } from '../../src/core/skills/manifest/scriptSignature';
import { problemMessageZh } from '../../src/core/skills/manifest/problemMessageZh';
import { loadSkillScript, runScriptedSkill, ScriptError } from '../../src/core/skills/run/scriptedSkill';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { MemoryLogger } from '../../src/core/runtime/logger';
import { tempDir } from './helpers';

describe('the loader checks a script\'s execute without running it', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => { dir = tempDir('il-script-sig-'); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const accepted = [
    'export async function execute(ctx, inp) { return {}; }',
    'export async function execute(ctx: any, inp: { text: string; hints?: string[] } = { text: "" }): Promise<unknown> { return {}; }',
    'export const execute = async (ctx, inp) => ({});',
    'export const execute = async function run(ctx, inp) { return {}; };',
    'async function run(ctx, inp) { return {}; }\nexport { run as execute };',
    'async function execute(ctx, inp,) { return {}; }\nexport { execute };',
    'const run = async (ctx: Ctx, inp: Inp) => ({});\nexport const execute = run;',
    'exports.execute = async function (ctx, inp) { return {}; };',
  ];
  const refused: Array<[string, string, RegExp]> = [
    ['export function execute(ctx, inp) { return {}; }', 'not-async', /`execute` must be async \(`export async function execute\(ctx, inp\)`\)/],
    ['export async function execute(ctx) { return {}; }', 'params', /`execute` takes 1 parameter; it must take two, \(ctx, inp\)/],
    ['export async function execute() { return {}; }', 'params', /takes 0 parameters/],
    ['export async function execute(ctx, inp, extra) { return {}; }', 'params', /takes 3 parameters/],
    ['export const execute = (ctx, inp) => ({});', 'not-async', /must be async/],
    ['export const execute = async ctx => ({});', 'params', /takes 1 parameter;/],
    ['export async function* execute(ctx, inp) {}', 'generator', /not a generator/],
    ['export async function run(ctx, inp) { return {}; }', 'not-exported', /run\.ts must export `async function execute\(ctx, inp\)`; it exports no execute/],
    ['export const execute = 42;', 'not-function', /`execute` must be a function/],
    ['export async function execute(ctx, inp { }', 'parse', /run\.ts does not parse/],
  ];

  it('the forms of an async execute(ctx, inp) pass; the others say why (in English and Chinese)', () => {
    for (const source of accepted) assert.equal(executeSignatureProblem(source, 'run.ts'), undefined, source);
    for (const [source, reason, message] of refused) {
      const p = executeSignatureProblem(source, 'run.ts');
      assert.equal(p?.reason, reason, source);
      assert.match(p!.message, message, source);
    }
    // A type annotation's commas are not parameters; a comment naming execute is not an export.
    assert.equal(executeSignatureProblem('export async function execute(ctx: Map<string, number>, inp: [a: 1, b: 2]) {}', 'run.ts'), undefined);
    assert.equal(executeSignatureProblem('// export async function execute(ctx, inp) {}\nexport const x = 1;', 'run.ts')?.reason, 'not-exported');
  });

  it('a skill whose execute is wrong is marked invalid with the reason, in an untrusted load, and its code never runs', async () => {
    const marker = path.join(dir, 'ran.txt');
    const skillDir = path.join(dir, 'skills', 'sync_one');
    fs.mkdirSync(skillDir, { recursive: true });
    fs.writeFileSync(path.join(skillDir, 'skill.yaml'), 'name: sync_one\nversion: 1\ndescription: A test skill whose script is not async. Use it in tests. Not for users.\nmatch: {inputs: [text]}\n');
    fs.writeFileSync(path.join(skillDir, 'run.ts'), `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nexport function execute(ctx) { return {}; }\n`);
    const { skills } = await loadSkillFolders([path.join(dir, 'skills')]);
    const s = skills.find((x) => x.name === 'sync_one')!;
    assert.equal(s.valid, false);
    assert.equal(s.manifest, undefined);
    const p = s.problems.find((x) => x.code === 'script-signature')!;
    assert.equal(p.file, path.join(skillDir, 'run.ts'));
    assert.match(p.message, /run\.ts: `execute` must be async/);
    assert.match(problemMessageZh(p) ?? '', /必须是 async 函数/);
    assert.ok(!fs.existsSync(marker), 'nothing of the script ran');
    // Trusted or not, loading it for a run refuses it too (the file may have changed since the load).
    assert.throws(() => loadSkillScript(skillDir, 'run.ts', { trusted: true, skill: 'sync_one' }), (e: unknown) => e instanceof ScriptError && /sync_one": run\.ts: `execute` must be async/.test((e as Error).message));
    assert.throws(() => loadSkillScript(skillDir, 'run.ts', { trusted: false, skill: 'sync_one' }), (e: unknown) => e instanceof ScriptError && (e as ScriptError).untrusted);
  });

  it('the worker checks the function itself: one the source hides is refused when it runs, and writes nothing', async () => {
    const records = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const deps = { records, signal: new AbortController().signal, now: () => new Date('2026-12-01T09:00:00Z'), dryRun: false, logger: new MemoryLogger() };
    const manifest = { name: 'hidden', version: 1, description: 'x', timeout_ms: 10_000 } as never;
    // Compiled code that passed no loader check (as if the file changed between the check and the run).
    const script = (code: string) => ({ skill: 'hidden', file: path.join(dir, 'run.js'), dir, scriptFile: 'run.js', code });
    await assert.rejects(runScriptedSkill(manifest, script('exports.execute = function (ctx, inp) { return {}; };'), { text: 'x' }, deps), /hidden": run\.js: `execute` must be async/);
    await assert.rejects(runScriptedSkill(manifest, script('exports.execute = async function (a, b, c) { return {}; };'), { text: 'x' }, deps), /hidden": run\.js: `execute` takes 3 parameters/);
    assert.deepEqual(records.runs().map((r) => r.status), ['failed', 'failed']);
  });
});
