import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readInsideSync, SafeReadError, type SafeReadReason } from '../../src/core/runtime/safeRead';
import { loadSkillFolders } from '../../src/core/skills/manifest';
import { loadSkillScript, ScriptError } from '../../src/core/skills/run/scriptedSkill';
import { runCliIn } from '../support/runCli';
import { tempDir } from './helpers';

const JOT = 'name: jot\nversion: 1\ndescription: Keeps a jotted line as a note. Use it for jots.\nmatch: {inputs: [text]}\nprompt:\n  user: "{{ input.text }}"\noutput_schema:\n  type: object\n  properties:\n    title: { type: string }\noffline:\n  title: jot\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n      body: "{{ input.text }}"\n';

const refusedFor = (reason: SafeReadReason) => (e: unknown) => e instanceof SafeReadError && e.reason === reason;

describe('files of a skill folder are read only inside it, only regular files, only up to a cap', function () {
  this.timeout(30_000);
  let work: string;
  let secret: string;
  beforeEach(() => {
    work = tempDir('il-safe-read-');
    secret = path.join(tempDir('il-outside-'), 'secret.txt');
    fs.writeFileSync(secret, 'the private notes of someone else');
  });
  afterEach(() => {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(path.dirname(secret), { recursive: true, force: true });
  });

  it('readInsideSync: a link out, /dev/zero, a FIFO and a too-large file are refused with the file and the reason', () => {
    fs.writeFileSync(path.join(work, 'ok.md'), '\uFEFFfine');
    fs.symlinkSync(secret, path.join(work, 'out.md'));
    fs.symlinkSync('/dev/zero', path.join(work, 'zero.md'));
    fs.symlinkSync('ok.md', path.join(work, 'in.md'));
    execFileSync('mkfifo', [path.join(work, 'fifo.md')]);
    fs.writeFileSync(path.join(work, 'big.md'), 'x'.repeat(2048));
    fs.writeFileSync(path.join(work, 'latin1.md'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    assert.equal(readInsideSync(work, 'ok.md'), 'fine');
    assert.equal(readInsideSync(work, 'in.md'), 'fine', 'a link that stays inside is read');
    assert.throws(() => readInsideSync(work, 'out.md'), (e: unknown) => refusedFor('outside')(e) && /out\.md: is a link to .*secret\.txt, outside/.test((e as Error).message));
    assert.throws(() => readInsideSync(work, 'zero.md'), refusedFor('outside'));
    assert.throws(() => readInsideSync('/dev', 'zero'), (e: unknown) => refusedFor('not-a-file')(e) && /not a regular file/.test((e as Error).message));
    assert.throws(() => readInsideSync(work, 'fifo.md'), (e: unknown) => refusedFor('not-a-file')(e) && /fifo\.md: is not a regular file/.test((e as Error).message));
    assert.throws(() => readInsideSync(work, 'big.md', { maxBytes: 1024 }), (e: unknown) => refusedFor('too-large')(e) && /big\.md: is 2 KB, over the limit of 1 KB/.test((e as Error).message));
    assert.throws(() => readInsideSync(work, 'latin1.md'), refusedFor('not-utf8'));
    assert.throws(() => readInsideSync(work, 'none.md'), refusedFor('missing'));
    assert.throws(() => readInsideSync(work, '../x.md'), (e: unknown) => e instanceof SafeReadError && e.reason !== undefined);
  });

  it('skills export: a description.md linked to a file outside, or to /dev/zero, is not exported', async () => {
    const dir = path.join(work, 'skills', 'jot');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'skill.yaml'), JOT);
    for (const target of [secret, '/dev/zero']) {
      fs.rmSync(path.join(dir, 'description.md'), { force: true });
      fs.symlinkSync(target, path.join(dir, 'description.md'));
      const r = await runCliIn(work, {}, 'skills', 'export', 'jot', '--out', 'exported');
      assert.equal(r.status, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /description\.md: is a link to .*, outside .*; it was not read .*nothing was exported/);
      assert.ok(!fs.existsSync(path.join(work, 'exported')), 'nothing is written');
    }
    fs.rmSync(path.join(dir, 'description.md'));
    execFileSync('mkfifo', [path.join(dir, 'description.md')]);
    const fifo = await runCliIn(work, {}, 'skills', 'export', 'jot', '--out', 'exported');
    assert.equal(fifo.status, 2);
    assert.match(fifo.stderr, /description\.md: is not a regular file/);
  });

  it('skills import: a SKILL.md that links out of its folder is not read', async () => {
    const dir = path.join(work, 'incoming');
    fs.mkdirSync(dir);
    fs.symlinkSync(secret, path.join(dir, 'SKILL.md'));
    const r = await runCliIn(work, {}, 'skills', 'import', 'incoming');
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /incoming\/SKILL\.md: is a link to .*outside/);
    assert.ok(!fs.existsSync(path.join(work, 'skills')));
  });

  it('loading skills: a FIFO named skill.yaml is refused, not waited on', async () => {
    const dir = path.join(work, 'skills', 'jot');
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('mkfifo', [path.join(dir, 'skill.yaml')]);
    const { skills } = await loadSkillFolders([path.join(work, 'skills')]);
    const jot = skills.find((s) => s.name === 'jot');
    assert.ok(jot && !jot.valid);
    assert.match(jot.problems[0].message, /not a regular file/);
  });

  it("a skill's script that is a FIFO or too large is refused with the reason", () => {
    const dir = path.join(work, 'skills', 'jot');
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('mkfifo', [path.join(dir, 'run.ts')]);
    assert.throws(() => loadSkillScript(dir, 'run.ts', { trusted: true, skill: 'jot' }), (e: unknown) => e instanceof ScriptError && /skill "jot": run\.ts: is not a regular file/.test((e as Error).message));
    fs.rmSync(path.join(dir, 'run.ts'));
    fs.writeFileSync(path.join(dir, 'run.ts'), `// ${'x'.repeat(1024 * 1024 + 1)}\n`);
    assert.throws(() => loadSkillScript(dir, 'run.ts', { trusted: true, skill: 'jot' }), (e: unknown) => e instanceof ScriptError && /run\.ts: is 1,025 KB, over the limit of 1,024 KB/.test((e as Error).message));
  });
});
