import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { loadSkillFolders, validateSkillManifest } from '../../src/core/skills/manifest';
import { exportSkillMd } from '../../src/core/skills/skillMd/exportSkillMd';
import { importSkillMd, SkillMdError } from '../../src/core/skills/skillMd/importSkillMd';
import { runCliIn } from '../support/runCli';
import { ROOT, tempDir } from './helpers';

describe('SKILL.md export and import', () => {
  let builtIns: Awaited<ReturnType<typeof loadSkillFolders>>;
  before(async () => {
    builtIns = await loadSkillFolders([path.join(ROOT, 'skills')], { builtInDirs: [path.join(ROOT, 'skills')] });
  });
  const manifestOf = (name: string) => builtIns.skills.find((s) => s.name === name)!.manifest!;

  it('exports front matter the format accepts, the prompts as instructions, the schema as a JSON block, and lists what does not carry over', () => {
    const out = exportSkillMd(manifestOf('extract_job'), '# extract_job\n\nTurns one job posting into records.\n');
    assert.equal(out.folder, 'extract-job');
    const front = parse(/^---\n([\s\S]*?)\n---\n/.exec(out.text)![1]);
    assert.equal(front.name, 'extract-job');
    assert.match(front.name, /^[a-z0-9-]{1,64}$/);
    assert.ok(front.description.length <= 1024 && !front.description.includes('\n'));
    assert.match(out.text, /## Instructions\n\nYou read one job posting/);
    assert.match(out.text, /## Output\n\nAnswer with one JSON object valid against this JSON Schema:\n\n```json\n\{\n {2}"type": "object"/);
    assert.match(out.text, /- upsert_company: name = \{\{ out.company \}\}/);
    assert.ok(out.notCarried.some((n) => n.startsWith('actions (upsert_company, upsert_position, add_tags, create_reminder)')));
    assert.ok(out.notCarried.some((n) => n.startsWith('match')));
    assert.ok(out.notCarried.some((n) => n.startsWith('chunking (fixed)')));
  });

  it('round trip: every built-in skill exported and imported back is the same manifest and validates', () => {
    for (const s of builtIns.skills.filter((x) => !x.script)) {
      const back = importSkillMd(exportSkillMd(s.manifest!).text);
      assert.equal(back.name, s.name);
      const check = validateSkillManifest(back.yaml, `/x/${s.name}/skill.yaml`, { folderName: s.name });
      assert.ok(check.manifest, `${s.name}: ${check.problems.map((p) => p.message).join('; ')}`);
      const { script: _s, ...original } = s.manifest!;
      assert.deepEqual(check.manifest, { ...original, description: s.manifest!.description.replace(/\s+/g, ' ').trim() }, s.name);
    }
  });

  it('a SKILL.md from elsewhere becomes a valid skill keeping its answer as a note, with its scripts listed as not carried', () => {
    const text = '---\nname: pdf-summary\ndescription: Summarises a PDF the user gives. Use it for papers. Not for images.\nallowed-tools: Bash\nlicense: Apache-2.0\n---\n\n# PDF summary\n\nRead the document and write a five-line summary.\n';
    const r = importSkillMd(text, ['SKILL.md', 'scripts', 'reference.md']);
    assert.equal(r.name, 'pdf_summary');
    const check = validateSkillManifest(r.yaml, '/x/pdf_summary/skill.yaml', { folderName: 'pdf_summary' });
    assert.ok(check.manifest, check.problems.map((p) => p.message).join('; '));
    assert.match(check.manifest!.prompt!.system!, /Read the document and write a five-line summary\./);
    assert.equal(check.manifest!.prompt!.user, '{{ input.text }}');
    assert.deepEqual(Object.keys(check.manifest!.actions![0]), ['create_note']);
    assert.ok(r.notCarried.some((n) => n.includes('scripts, reference.md')));
    assert.ok(r.notCarried.some((n) => n.startsWith('allowed-tools')));
    assert.ok(r.notCarried.includes('license: skill.yaml has no such field (it was "Apache-2.0")'), JSON.stringify(r.notCarried));
    assert.throws(() => importSkillMd('# no front matter'), SkillMdError);
    assert.throws(() => importSkillMd('---\nname: x\n---\nbody'), /no description/);
  });

  it('the CLI exports and imports; an import over an existing skill is refused and writes nothing', async () => {
    const work = tempDir('il-skillmd-');
    try {
      const ex = await runCliIn(work, {}, 'skills', 'export', 'capture_note', '--out', 'exported');
      assert.equal(ex.status, 0, ex.stderr);
      assert.ok(fs.existsSync(path.join(work, 'exported', 'capture-note', 'SKILL.md')));
      assert.match(ex.stdout, /not carried over: offline output/);
      assert.match(ex.stdout, /not carried over: tests\/ \(2 recorded runs\): they replay only in Interview Lens/);
      assert.match(ex.stdout, /description\.md: put at the top of the instructions/);
      fs.writeFileSync(path.join(work, 'exported', 'capture-note', 'SKILL.md'), fs.readFileSync(path.join(work, 'exported', 'capture-note', 'SKILL.md'), 'utf8').replace('name: capture-note', 'name: my-notes'));
      const im = await runCliIn(work, {}, 'skills', 'import', 'exported/capture-note');
      assert.equal(im.status, 0, im.stderr);
      assert.ok(fs.existsSync(path.join(work, 'skills', 'my_notes', 'skill.yaml')));
      const list = await runCliIn(work, {}, 'skills', 'validate');
      assert.equal(list.status, 0, list.stdout);
      const again = await runCliIn(work, {}, 'skills', 'import', 'exported/capture-note');
      assert.equal(again.status, 2);
      assert.match(again.stderr, /exists: remove it, or import into another folder with --out/);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
