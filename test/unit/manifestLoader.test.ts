import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from './helpers';
import { loadSkillFolder, loadSkillFolders, type LoadedSkill, type ManifestProblem } from '../../src/core/skills/manifest';
import { CODE_SKILL_NAMES } from '../../src/core/builtin/codeSkills/codeSkills';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'skills-manifest');
const BUILTIN = path.join(FIXTURES, 'builtin');
const WORKSPACE = path.join(FIXTURES, 'workspace');

const range = (p: ManifestProblem) => [p.line, p.column, p.endLine, p.endColumn];
const byName = (skills: LoadedSkill[], dir: string, name: string) => skills.find((s) => s.dir === path.join(dir, name))!;

function write(file: string, text: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const VALID = (name: string) => `name: ${name}\nversion: 1\ndescription: Saves the input as a note. Use it for any text. Not for job postings.\nmatch: {inputs: [text]}\nprompt: {user: "{{ input.text }}"}\noutput_schema: {type: object}\nactions:\n  - create_note: {text: "{{ input.text }}"}\n`;

describe('loadSkillFolders', () => {
  it('lists every skill and chain of the built-in and workspace folders, valid or not, in folder then name order', async () => {
    const { skills, chains, problems } = await loadSkillFolders([BUILTIN, WORKSPACE, path.join(FIXTURES, 'no-such-folder')], { builtInDirs: [BUILTIN], knownSkillNames: ['diagnose-transcript'] });
    assert.deepEqual(problems, [], 'a skills folder that does not exist is skipped quietly');
    assert.deepEqual(skills.map((s) => [path.relative(FIXTURES, s.dir), s.name, s.valid, s.builtIn]), [
      ['builtin/coffee_chat', 'coffee_chat', true, true],
      ['builtin/extract_job', 'extract_job', true, true],
      ['workspace/a_broken', 'a_broken', false, false],
      ['workspace/capture_note', 'capture_note', true, false],
      ['workspace/extract_job', 'extract_job', false, false],
    ], 'the folder without skill.yaml (a code skill\'s description) is not a manifest skill');
    const coffee = byName(skills, BUILTIN, 'coffee_chat');
    assert.equal(coffee.script, path.join(BUILTIN, 'coffee_chat', 'run.ts'));
    assert.equal(coffee.file, path.join(BUILTIN, 'coffee_chat', 'skill.yaml'));
    assert.equal(coffee.manifest?.version, 2);
    assert.equal(byName(skills, WORKSPACE, 'capture_note').manifest?.actions?.length, 1);

    assert.deepEqual(chains.map((c) => [path.relative(FIXTURES, c.file), c.name, c.valid]), [
      ['workspace/bad.chain.yaml', 'bad', false],
      ['workspace/job_pipeline.chain.yaml', 'job_pipeline', true],
    ]);
    assert.equal(chains[0].problems[0].code, 'schema-unknown-key');
  });

  it('keeps going past a broken skill, which is listed with its reason and location', async () => {
    const { skills } = await loadSkillFolders([WORKSPACE]);
    const broken = byName(skills, WORKSPACE, 'a_broken');
    assert.equal(broken.valid, false);
    assert.equal(broken.manifest, undefined);
    assert.deepEqual(broken.problems.map((p) => [range(p), p.message, p.file]), [
      [[6, 16, 6, 17], 'YAML: this "{" is never closed; end the mapping with "}"', path.join(WORKSPACE, 'a_broken', 'skill.yaml')],
    ]);
    assert.equal(byName(skills, WORKSPACE, 'capture_note').valid, true, 'the skill after the broken one still loads');
  });

  it('a skill name used in two folders is a problem on both, each naming the other file', async () => {
    const { skills } = await loadSkillFolders([BUILTIN, WORKSPACE]);
    const builtIn = byName(skills, BUILTIN, 'extract_job');
    const workspace = byName(skills, WORKSPACE, 'extract_job');
    for (const [skill, other] of [[builtIn, workspace], [workspace, builtIn]]) {
      const dup = skill.problems.filter((p) => p.code === 'duplicate-skill');
      assert.equal(dup.length, 1);
      assert.equal(dup[0].message, `another skill is also named "extract_job" (${other.file}); skill names must be unique, so rename one of them`);
      assert.deepEqual(range(dup[0]), [1, 7, 1, 18]);
      assert.equal(skill.valid, false);
      assert.equal(skill.manifest, undefined);
    }
    // (The fixture is in the form before the skill spec on purpose; its legacy-form warnings are not "wrong".)
    assert.equal(builtIn.problems.filter((p) => p.code !== 'legacy-form').length, 1, 'the built-in copy has nothing else wrong');
  });

  it('a workspace skill named like a built-in is invalid, and the built-in keeps working (a cloned repository cannot disable it)', async () => {
    const { skills } = await loadSkillFolders([BUILTIN, WORKSPACE], { builtInDirs: [BUILTIN] });
    const builtIn = byName(skills, BUILTIN, 'extract_job');
    const workspace = byName(skills, WORKSPACE, 'extract_job');
    assert.equal(builtIn.valid, true);
    assert.ok(builtIn.manifest);
    assert.equal(workspace.valid, false);
    assert.match(workspace.problems.find((p) => p.code === 'duplicate-skill')!.message, /another skill is also named "extract_job"/);
  });

  it('checks chain steps against the loaded skills and the named code skills, only when asked', async () => {
    const dir = tempDir('il-manifest-');
    try {
      write(path.join(dir, 'capture_note', 'skill.yaml'), VALID('capture_note'));
      write(path.join(dir, 'flow.chain.yaml'), 'name: flow\nsteps:\n  - skill: capture_note\n  - skill: diagnose-transcript\n  - skill: nothing_here\n');
      const unchecked = await loadSkillFolders([dir]);
      assert.equal(unchecked.chains[0].valid, true);
      const checked = await loadSkillFolders([dir], { knownSkillNames: ['diagnose-transcript'] });
      assert.deepEqual(checked.chains[0].problems.map((p) => [range(p), p.message]), [
        [[5, 12, 5, 24], 'no skill is named "nothing_here"; the skills are: diagnose-transcript, capture_note'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a chain loaded alone (the registry reloading one entry) may name the other entries\' skills and the code skills', async () => {
    const dir = tempDir('il-manifest-');
    try {
      write(path.join(dir, 'flow.chain.yaml'), 'name: flow\nsteps:\n  - skill: capture_note\n  - skill: diagnose-transcript\n  - skill: nothing_here\n');
      const alone = await loadSkillFolder(dir, 'flow.chain.yaml', { knownSkillNames: CODE_SKILL_NAMES, otherSkills: [{ name: 'capture_note', file: path.join(dir, 'capture_note', 'skill.yaml'), keywords: [] }] });
      assert.deepEqual(alone.chains[0].problems.map((p) => [range(p), p.message.split(';')[0]]), [[[5, 12, 5, 24], 'no skill is named "nothing_here"']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives each skill the others\' keywords: a shared one is a warning naming the other skill; a built-in is compared with built-ins only', async () => {
    const builtIn = tempDir('il-manifest-builtin-');
    const dir = tempDir('il-manifest-');
    const withKeywords = (name: string, keywords: string) => VALID(name).replace('match: {inputs: [text]}', `match: {keywords: [${keywords}], inputs: [text]}`);
    try {
      write(path.join(builtIn, 'notes', 'skill.yaml'), withKeywords('notes', 'note, memo'));
      write(path.join(dir, 'jobs', 'skill.yaml'), withKeywords('jobs', 'hiring, Memo'));
      write(path.join(dir, 'leads', 'skill.yaml'), withKeywords('leads', 'lead, hiring'));
      const { skills } = await loadSkillFolders([builtIn, dir], { builtInDirs: [builtIn] });
      const overlaps = (name: string) => skills.find((s) => s.name === name)!.problems.map((p) => [p.code, p.severity, range(p), p.data?.found, p.data?.related?.map((r) => r.name)]);
      assert.deepEqual(overlaps('notes'), [], 'a workspace skill does not put a warning on a built-in');
      assert.deepEqual(overlaps('jobs'), [
        ['keyword-overlap', 'warning', [4, 20, 4, 26], 'hiring', ['leads']],
        ['keyword-overlap', 'warning', [4, 28, 4, 32], 'Memo', ['notes']],
      ]);
      assert.deepEqual(overlaps('leads'), [['keyword-overlap', 'warning', [4, 26, 4, 32], 'hiring', ['jobs']]]);
      assert.match(skills.find((s) => s.name === 'jobs')!.problems[1].message, /^the keyword "Memo" is also a keyword of the skill "notes" \(.*notes.skill\.yaml\)/);
      assert.ok(skills.every((s) => s.valid), 'an overlap is a warning: the skills still load');
    } finally {
      fs.rmSync(builtIn, { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('file access stays inside the folders given', function () {
    let dir: string;
    let outside: string;
    beforeEach(function () {
      if (process.platform === 'win32') this.skip();
      dir = tempDir('il-manifest-');
      outside = tempDir('il-outside-');
    });
    afterEach(() => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      if (outside) fs.rmSync(outside, { recursive: true, force: true });
    });

    it('a skill.yaml that links to a file outside is not read', async () => {
      // If it were read, the name would clash with the folder and the manifest-only keys would be missing.
      write(path.join(outside, 'secret.yaml'), 'name: secret\n');
      fs.mkdirSync(path.join(dir, 'linked'));
      fs.symlinkSync(path.join(outside, 'secret.yaml'), path.join(dir, 'linked', 'skill.yaml'));
      write(path.join(dir, 'fine', 'skill.yaml'), VALID('fine'));
      const { skills } = await loadSkillFolders([dir]);
      const linked = skills.find((s) => s.name === 'linked')!;
      assert.equal(linked.valid, false);
      assert.deepEqual(linked.problems.map((p) => [p.code, range(p)]), [['file-outside', [1, 1, 1, 2]]]);
      assert.match(linked.problems[0].message, /skill\.yaml is a link to a file outside .*; it was not read/);
      assert.equal(skills.find((s) => s.name === 'fine')?.valid, true);
    });

    it('a skill folder that links outside is not entered; a link inside is followed', async () => {
      write(path.join(outside, 'evil', 'skill.yaml'), VALID('evil'));
      fs.symlinkSync(path.join(outside, 'evil'), path.join(dir, 'evil'));
      write(path.join(dir, 'shared', 'note.yaml'), VALID('inner'));
      fs.mkdirSync(path.join(dir, 'inner'));
      fs.symlinkSync(path.join('..', 'shared', 'note.yaml'), path.join(dir, 'inner', 'skill.yaml'));
      const { skills, problems } = await loadSkillFolders([dir]);
      assert.deepEqual(skills.map((s) => [s.name, s.valid]), [['inner', true]]);
      assert.equal(problems.length, 1);
      assert.equal(problems[0].code, 'file-outside');
      assert.equal(problems[0].severity, 'warning');
      assert.equal(problems[0].file, path.join(dir, 'evil'));
    });

    it('a script that links outside does not count as the skill\'s script', async () => {
      write(path.join(outside, 'run.ts'), 'export {};\n');
      write(path.join(dir, 'scripted', 'skill.yaml'), 'name: scripted\nversion: 1\ndescription: Runs a script on the input. Use it in tests. Not for users.\nscript: run.ts\nmatch: {inputs: [text]}\n');
      fs.symlinkSync(path.join(outside, 'run.ts'), path.join(dir, 'scripted', 'run.ts'));
      const { skills } = await loadSkillFolders([dir]);
      assert.deepEqual(skills[0].problems.map((p) => [p.code, range(p)]), [['script-missing', [4, 9, 4, 15]]]);
      assert.equal(skills[0].script, undefined);
    });
  });

  describe('files that are not read', () => {
    let dir: string;
    beforeEach(() => {
      dir = tempDir('il-manifest-');
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('a file over the size cap, a file that is not UTF-8 and a misnamed skill.yml are listed with the reason', async () => {
      write(path.join(dir, 'big', 'skill.yaml'), VALID('big') + `# ${'x'.repeat(4096)}\n`);
      write(path.join(dir, 'latin1', 'skill.yaml'), Buffer.concat([Buffer.from(VALID('latin1')), Buffer.from([0x23, 0x20, 0xe9, 0x0a])]));
      write(path.join(dir, 'misnamed', 'skill.yml'), VALID('misnamed'));
      write(path.join(dir, 'ok', 'skill.yaml'), `\uFEFF${VALID('ok')}`);
      const { skills } = await loadSkillFolders([dir], { maxBytes: 2048 });
      assert.deepEqual(skills.map((s) => [s.name, s.valid, s.problems.map((p) => p.code)]), [
        ['big', false, ['file-too-large']],
        ['latin1', false, ['file-encoding']],
        ['misnamed', false, ['file-name']],
        ['ok', true, []],
      ]);
      assert.match(skills[0].problems[0].message, /skill\.yaml is 5 KB; the limit is 2 KB, so it was not read/);
      assert.equal(skills[2].problems[0].file, path.join(dir, 'misnamed', 'skill.yml'));
    });

    it('a skills path that is a file is a folder problem', async () => {
      write(path.join(dir, 'file.txt'), 'x');
      const { skills, problems } = await loadSkillFolders([path.join(dir, 'file.txt')]);
      assert.deepEqual(skills, []);
      assert.equal(problems.length, 1);
      assert.match(problems[0].message, /a skills path must be a folder/);
    });

    it('a check that throws leaves a warning on that skill and the others load', async () => {
      write(path.join(dir, 'one', 'skill.yaml'), VALID('one'));
      write(path.join(dir, 'two', 'skill.yaml'), VALID('two'));
      const { skills } = await loadSkillFolders([dir], {
        checkActionParams: () => {
          throw new Error('no parameter schema yet');
        },
      });
      assert.deepEqual(skills.map((s) => [s.name, s.valid, s.problems.map((p) => `${p.severity}:${p.code}`)]), [
        ['one', true, ['warning:check-failed']],
        ['two', true, ['warning:check-failed']],
      ]);
    });

    it('two chains with one name are both invalid', async () => {
      write(path.join(dir, 'a.chain.yaml'), 'name: same\nsteps:\n  - skill: x\n');
      write(path.join(dir, 'sub', 'b.chain.yaml'), 'name: same\nsteps:\n  - skill: y\n');
      const { chains, skills } = await loadSkillFolders([dir]);
      assert.deepEqual(skills, [], 'a folder holding only a chain is not a skill');
      assert.deepEqual(chains.map((c) => [path.relative(dir, c.file), c.valid, c.problems.map((p) => [p.code, range(p)])]), [
        ['a.chain.yaml', false, [['duplicate-chain', [1, 7, 1, 11]]]],
        [path.join('sub', 'b.chain.yaml'), false, [['duplicate-chain', [1, 7, 1, 11]]]],
      ]);
    });
  });
});
