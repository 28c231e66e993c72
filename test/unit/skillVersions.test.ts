import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders } from '../../src/core/skills/manifest';
import { pickVersions, requestIdOf } from '../../src/core/skills/routing/canary';
import { tempDir } from './helpers';

const skillYaml = (version: number, extra = '') =>
  `name: jot\nversion: ${version}\n${extra}match:\n  inputs: [text]\n  keywords: [jot]\ndescription: Keeps a jotted line as a note. Use it for one-line jots. Not for job postings.\nprompt:\n  user: "{{ input.text }}"\noutput_schema:\n  type: object\n  properties:\n    title: { type: string, description: The note's title. }\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n`;

describe('canary: two versions of one skill', () => {
  let work: string;
  beforeEach(() => {
    work = tempDir('il-canary-');
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  function put(folder: string, text: string): string {
    const dir = path.join(work, folder, 'jot');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'skill.yaml'), text);
    return folder;
  }

  it('a version marked canary beside another version is a pair: both valid, not duplicates', async () => {
    const a = put('skills', skillYaml(1));
    const b = put('.interview-lens/skills', skillYaml(2, 'canary: 20\n'));
    const loaded = await loadSkillFolders([path.join(work, a), path.join(work, b)]);
    assert.deepEqual(loaded.skills.map((s) => [s.manifest?.version, s.valid]), [[1, true], [2, true]]);
    assert.deepEqual(loaded.skills.flatMap((s) => s.problems.map((p) => p.code)), [], 'two versions share their keywords without a warning');
  });

  it('without canary, or with the same version, two skills of one name are still duplicates', async () => {
    for (const [one, two] of [[skillYaml(1), skillYaml(2)], [skillYaml(1), skillYaml(1, 'canary: 10\n')], [skillYaml(1, 'canary: 5\n'), skillYaml(2, 'canary: 5\n')]]) {
      fs.rmSync(work, { recursive: true, force: true });
      fs.mkdirSync(work);
      put('skills', one);
      put('other', two);
      const loaded = await loadSkillFolders([path.join(work, 'skills'), path.join(work, 'other')]);
      assert.ok(loaded.skills.every((s) => !s.valid && s.problems.some((p) => p.code === 'duplicate-skill')));
    }
  });

  it('each request takes one version, the same one every time, and about the canary share take the new one', async () => {
    put('skills', skillYaml(1));
    put('other', skillYaml(2, 'canary: 20\n'));
    const { skills } = await loadSkillFolders([path.join(work, 'skills'), path.join(work, 'other')]);
    let canary = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const id = requestIdOf(`note number ${i}`);
      const picked = pickVersions(skills, id);
      assert.equal(picked.length, 1, 'one version per name');
      assert.equal(pickVersions(skills, id)[0], picked[0], 'stable for the same request');
      if (picked[0].manifest!.version === 2) canary++;
    }
    assert.ok(canary > n * 0.16 && canary < n * 0.24, `${canary} of ${n} took the canary`);
  });

  it('other skills pass through in order; a lone skill with canary set takes every request', () => {
    const lone = { name: 'solo', manifest: { version: 3, canary: 1 } };
    const other = { name: 'other', manifest: { version: 1 } };
    for (let i = 0; i < 50; i++) assert.deepEqual(pickVersions([other, lone], requestIdOf(String(i))), [other, lone]);
  });
});
