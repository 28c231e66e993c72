import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from './helpers';
import { loadSkillFolder, validateSkillManifest } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { applyEdit, enabledEdit, scaffoldSkill, SkillsRegistry, type RegistryChange } from '../../src/core/skills/catalog';

const CHECKS = { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema };

const skill = (name: string, version = 1, extra = '') => `name: ${name}
version: ${version}
description: Saves a note of the text. Use it for free-form notes. Not for job postings.
prompt: {user: "{{ input.text }}"}
output_schema: {type: object, properties: {title: {type: string, description: The title of the note.}}}
actions:
  - create_note: {title: "{{ out.title }}", body_md: "{{ input.text }}"}
${extra}
match:
  inputs: [text]
`;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Counts the skill.yaml and chain files the loader opens while `fn` runs. */
async function opened<T>(fn: () => Promise<T>): Promise<{ result: T; files: string[] }> {
  const files: string[] = [];
  const open = fs.promises.open;
  fs.promises.open = (async (p: fs.PathLike, ...rest: unknown[]) => {
    if (/(skill|\.chain)\.yaml$/.test(String(p))) files.push(path.basename(path.dirname(String(p))) + '/' + path.basename(String(p)));
    return (open as (...a: unknown[]) => Promise<fs.promises.FileHandle>)(p, ...rest);
  }) as typeof fs.promises.open;
  try {
    return { result: await fn(), files };
  } finally {
    fs.promises.open = open;
  }
}

describe('SkillsRegistry', () => {
  let builtIn: string;
  let workspace: string;
  let registry: SkillsRegistry;
  let changes: RegistryChange[];

  beforeEach(async () => {
    const root = tempDir('il-registry-');
    builtIn = path.join(root, 'builtin');
    workspace = path.join(root, 'workspace');
    write(path.join(builtIn, 'capture_note', 'skill.yaml'), skill('capture_note'));
    for (const n of ['alpha', 'beta', 'gamma']) write(path.join(workspace, n, 'skill.yaml'), skill(n));
    write(path.join(workspace, 'pipeline.chain.yaml'), 'name: pipeline\nsteps:\n  - skill: alpha\n');
    registry = new SkillsRegistry({ folders: () => [builtIn, workspace], load: { builtInDirs: [builtIn], ...CHECKS } });
    changes = [];
    registry.onDidChange((c) => changes.push(c));
    await registry.reloadAll();
  });

  const entry = (name: string) => registry.skills().find((s) => s.latest.dir.endsWith(path.sep + name));

  it('loads built-in and workspace skills and chains, and tells listeners', () => {
    assert.deepEqual(registry.skills().map((s) => [s.latest.name, s.latest.builtIn, s.latest.valid]), [
      ['capture_note', true, true], ['alpha', false, true], ['beta', false, true], ['gamma', false, true],
    ]);
    assert.deepEqual(registry.chains().map((c) => [c.latest.name, c.latest.valid]), [['pipeline', true]]);
    assert.equal(changes.length, 1);
    assert.equal(changes[0].full, true);
    assert.deepEqual(changes[0].added.sort(), ['alpha', 'beta', 'capture_note', 'gamma', 'pipeline']);
  });

  it('keeps the last good version running when an edit breaks a skill, with the new version\'s problems', async () => {
    write(path.join(workspace, 'beta', 'skill.yaml'), skill('beta', 2));
    await registry.reload([path.join(workspace, 'beta', 'skill.yaml')]);
    assert.equal(entry('beta')?.running?.manifest?.version, 2);

    write(path.join(workspace, 'beta', 'skill.yaml'), skill('beta', 3).replace('version: 3', 'version: three'));
    const change = await registry.reload([path.join(workspace, 'beta', 'skill.yaml')]);
    const beta = entry('beta')!;
    assert.equal(beta.latest.valid, false);
    const versionProblem = beta.latest.problems.find((p) => p.path === '/version');
    assert.ok(versionProblem, JSON.stringify(beta.latest.problems));
    assert.equal(versionProblem.line, 2);
    assert.equal(beta.running?.valid, true);
    assert.equal(beta.running?.manifest?.version, 2, 'the last good version is the one that runs');
    const running = registry.snapshot().skills.find((s) => s.name === 'beta');
    assert.equal(running?.manifest?.version, 2);
    assert.deepEqual(change, { full: false, added: [], removed: [], changed: ['beta'] });

    // Fixed again: the new version runs.
    write(path.join(workspace, 'beta', 'skill.yaml'), skill('beta', 4));
    await registry.reload([path.join(workspace, 'beta', 'skill.yaml')]);
    assert.equal(entry('beta')?.running?.manifest?.version, 4);
    assert.equal(entry('beta')?.latest.valid, true);
  });

  it('a skill broken from the start has no running version, and is listed with its problems', async () => {
    write(path.join(workspace, 'delta', 'skill.yaml'), 'name: delta\nversion: [\n');
    const change = await registry.reload([path.join(workspace, 'delta')]);
    assert.deepEqual(change.added, ['delta']);
    const delta = entry('delta')!;
    assert.equal(delta.running, undefined);
    assert.equal(delta.latest.valid, false);
    assert.ok(delta.latest.problems.some((p) => p.code === 'yaml-syntax'));
    assert.equal(registry.snapshot().skills.find((s) => s.name === 'delta')?.valid, false);
  });

  it('unregisters a skill whose folder is deleted, last good version and all', async () => {
    write(path.join(workspace, 'gamma', 'skill.yaml'), 'broken: [');
    await registry.reload([path.join(workspace, 'gamma', 'skill.yaml')]);
    assert.ok(entry('gamma')?.running, 'a last good version before the delete');
    fs.rmSync(path.join(workspace, 'gamma'), { recursive: true });
    const change = await registry.reload([path.join(workspace, 'gamma', 'skill.yaml')]);
    assert.equal(entry('gamma'), undefined);
    assert.ok(!registry.snapshot().skills.some((s) => s.name === 'gamma'));
    assert.deepEqual(change.removed, ['gamma']);
    assert.equal(changes.at(-1), change, 'listeners heard of it');
  });

  it('re-reads only the skill that changed: a save, and a refresh that finds it by its file stamp', async () => {
    write(path.join(workspace, 'alpha', 'skill.yaml'), skill('alpha', 2));
    const saved = await opened(() => registry.reload([path.join(workspace, 'alpha', 'skill.yaml')]));
    assert.deepEqual(saved.files, ['alpha/skill.yaml']);
    assert.equal(entry('alpha')?.running?.manifest?.version, 2);

    const nothing = await opened(() => registry.refresh());
    assert.deepEqual(nothing.files, [], 'nothing changed, nothing read');
    assert.deepEqual(nothing.result.changed, []);

    write(path.join(workspace, 'gamma', 'skill.yaml'), skill('gamma', 7, '# a longer file\n'));
    const refreshed = await opened(() => registry.refresh());
    assert.deepEqual(refreshed.files, ['gamma/skill.yaml']);
    assert.equal(entry('gamma')?.running?.manifest?.version, 7);

    const all = await opened(() => registry.reloadAll());
    assert.equal(all.files.length, 5, 'a full reload reads every skill and chain');
  });

  it('an unsaved buffer stands in for the file when its text is given', async () => {
    const file = path.join(workspace, 'alpha', 'skill.yaml');
    await registry.reload([file], new Map([[file, skill('alpha', 9)]]));
    assert.equal(entry('alpha')?.running?.manifest?.version, 9);
    assert.equal(fs.readFileSync(file, 'utf8'), skill('alpha'), 'nothing was written');
    await registry.reload([file]);
    assert.equal(entry('alpha')?.running?.manifest?.version, 1, 'without the buffer, the file on disk counts again');
  });

  it('a new folder with the name of another skill is judged against all skills, and recovers when renamed', async () => {
    write(path.join(workspace, 'zeta', 'skill.yaml'), skill('alpha'));
    const change = await registry.reload([path.join(workspace, 'zeta', 'skill.yaml')]);
    assert.equal(change.full, true);
    assert.ok(entry('zeta')?.latest.problems.some((p) => p.code === 'duplicate-skill'));
    assert.ok(entry('alpha')?.latest.problems.some((p) => p.code === 'duplicate-skill'));
    assert.equal(entry('alpha')?.running?.manifest?.version, 1, 'alpha keeps running its last good version');

    write(path.join(workspace, 'zeta', 'skill.yaml'), skill('zeta'));
    await registry.reload([path.join(workspace, 'zeta', 'skill.yaml')]);
    assert.equal(entry('alpha')?.latest.valid, true, 'alpha is valid again once the clash is gone');
    assert.equal(entry('zeta')?.latest.valid, true);
  });

  it('a chain file reloads on its own; a path outside the skills folders changes nothing', async () => {
    write(path.join(workspace, 'pipeline.chain.yaml'), 'name: pipeline\nsteps: []\n');
    const r = await opened(() => registry.reload([path.join(workspace, 'pipeline.chain.yaml')]));
    assert.deepEqual(r.files, ['workspace/pipeline.chain.yaml']);
    assert.equal(registry.chains()[0].latest.valid, false);
    assert.equal(registry.chains()[0].running?.valid, true, 'the last good chain keeps running');
    const before = changes.length;
    const outside = await registry.reload([path.join(path.dirname(workspace), 'README.md')]);
    assert.deepEqual(outside, { full: false, added: [], removed: [], changed: [] });
    assert.equal(changes.length, before, 'no event for nothing');
  });

  it('reads everything again when the list of folders changes', async () => {
    const extra = path.join(path.dirname(workspace), 'extra');
    write(path.join(extra, 'omega', 'skill.yaml'), skill('omega'));
    const folders = [builtIn, workspace, extra];
    const r = new SkillsRegistry({ folders: () => folders, load: { builtInDirs: [builtIn] } });
    await r.reloadAll();
    assert.ok(r.skills().some((s) => s.latest.name === 'omega'));
    folders.pop();
    const change = await r.refresh();
    assert.equal(change.full, true);
    assert.deepEqual(change.removed, ['omega']);
  });
});

describe('New Skill scaffold', () => {
  it('validates with no problems at all, and runs offline', async () => {
    const dir = tempDir('il-scaffold-');
    for (const [rel, text] of Object.entries(scaffoldSkill('meeting_notes'))) write(path.join(dir, 'meeting_notes', rel), text);
    const loaded = await loadSkillFolder(dir, 'meeting_notes', CHECKS);
    assert.equal(loaded.skills.length, 1);
    assert.deepEqual(loaded.skills[0].problems, []);
    assert.equal(loaded.skills[0].valid, true);
    assert.ok(loaded.skills[0].manifest?.offline, 'an offline output, so it runs without a model');
    assert.ok(fs.existsSync(path.join(dir, 'meeting_notes', 'description.md')));
    assert.ok(fs.existsSync(path.join(dir, 'meeting_notes', 'tests', 'README.md')));
  });
});

describe('enabledEdit', () => {
  const base = '# my skill\nname: alpha   # the name\nversion: 3\ndescription: x\nmatch: {inputs: [text]}\nprompt: {user: "a"}\n';

  it('replaces only the value of an existing enabled:, keeping comments and spacing', () => {
    const text = base.replace('version: 3\n', 'version: 3\nenabled:   true    # on for now\n');
    const edit = enabledEdit(text, false)!;
    assert.equal(applyEdit(text, edit), text.replace('enabled:   true', 'enabled:   false'));
    assert.equal(validateSkillManifest(applyEdit(text, edit), 'skill.yaml').problems.filter((p) => p.path === '/enabled').length, 0);
  });

  it('adds a line after version: when there is no enabled:, with the file\'s line ends', () => {
    assert.equal(applyEdit(base, enabledEdit(base, false)!), base.replace('version: 3\n', 'version: 3\nenabled: false\n'));
    const crlf = base.replace(/\n/g, '\r\n');
    assert.equal(applyEdit(crlf, enabledEdit(crlf, true)!), crlf.replace('version: 3\r\n', 'version: 3\r\nenabled: true\r\n'));
    const last = 'name: alpha\nversion: 3';
    assert.equal(applyEdit(last, enabledEdit(last, false)!), 'name: alpha\nversion: 3\nenabled: false');
  });

  it('refuses what it cannot edit safely: broken YAML, a flow mapping', () => {
    assert.equal(enabledEdit('name: [', false), undefined);
    assert.equal(enabledEdit('{name: alpha, version: 1}', false), undefined);
  });
});
