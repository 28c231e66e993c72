import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, validateSkillManifest, type SkillManifest } from '../../src/core/skills/manifest';
import { unsafePatternReason } from '../../src/core/runtime/safePattern';
import { structuredCall } from '../../src/core/llm/structuredCall';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { runManifestSkill, ManifestRunError } from '../../src/core/skills/run/runManifestSkill';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { FakeLlm, promptText } from '../support/fakeLlm';
import { ROOT, tempDir } from './helpers';

const NOW = () => new Date('2026-12-01T09:00:00Z');
const POSTING = 'Acme Robotics is hiring a Senior Agent Engineer in Berlin. Responsibilities: build tool-calling agents. Requirements: TypeScript, evals. Apply by 2026-12-20.';
const EXTRACTED = { company: 'Acme Robotics', title: 'Senior Agent Engineer', location: 'Berlin', deadline: '2026-12-20', skills: ['typescript', 'evals'] };

async function builtIn(name: string): Promise<SkillManifest> {
  const { skills } = await loadSkillFolders([path.join(ROOT, 'skills')], { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
  const s = skills.find((x) => x.name === name);
  assert.ok(s?.valid && s.manifest, `${name}: ${JSON.stringify(s?.problems)}`);
  return s!.manifest!;
}

describe('running a declarative skill', function () {
  this.timeout(30_000);
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = tempDir('il-skill-');
    file = path.join(dir, 'records.sqlite');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('extract_job: a dry run plans exactly the company, the position, its tags and the deadline reminder, and writes nothing', async () => {
    const store = await RecordsStore.open(file);
    const llm = new FakeLlm(() => JSON.stringify(EXTRACTED));
    const r = await runManifestSkill(await builtIn('extract_job'), { text: POSTING, source: 'posting.txt' }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: true });
    assert.equal(r.status, 'dry_run');
    assert.deepEqual(r.planned.map((p) => [p.primitive, p.op]), [['upsert_company', 'create'], ['upsert_position', 'create'], ['add_tags', 'update'], ['create_reminder', 'create']]);
    assert.equal(r.planned[1].params.company_id, r.planned[0].alias.id, 'the position points at the planned company');
    assert.equal(r.planned[3].params.due_at, '2026-12-17', 'three days before the deadline');
    assert.equal(r.planned[3].params.title, 'Apply to Senior Agent Engineer at Acme Robotics (deadline 2026-12-20)');
    assert.deepEqual(r.planned[2].params.names, ['typescript', 'evals'], 'a whole {{ expression }} keeps its list');
    assert.ok(!fs.existsSync(file), 'a dry run writes nothing');
    assert.match(promptText(llm.requests[0]), /Today is 2026-12-01/);
    assert.ok(llm.requests[0].json, 'the model is asked for output_schema');
  });

  it('extract_job: applying writes the records with an audited run; running it again duplicates nothing', async () => {
    const store = await RecordsStore.open(file);
    const llm = new FakeLlm(() => JSON.stringify(EXTRACTED));
    const manifest = await builtIn('extract_job');
    const first = await runManifestSkill(manifest, { text: POSTING }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(first.status, 'ok');
    assert.ok(first.runId);
    assert.equal(store.list('company').length, 1);
    assert.equal(store.list('position').length, 1);
    assert.equal(store.list('reminder').length, 1);
    const again = await runManifestSkill(manifest, { text: POSTING }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.ok(again.planned.slice(0, 2).every((p) => p.op !== 'create'), JSON.stringify(again.planned.map((p) => p.op)));
    assert.equal(store.list('company').length, 1);
    assert.equal(store.list('position').length, 1);
    const run = store.runs(5).find((x) => x.id === first.runId)!;
    assert.equal(run.skill, 'extract_job');
    assert.equal(run.status, 'ok');
  });

  it('a schema-violating output is repaired, and when it stays invalid the run stops, audits it and writes no record', async () => {
    const store = await RecordsStore.open(file);
    const fixed = new FakeLlm((_r, n) => (n === 0 ? JSON.stringify({ company: 42 }) : JSON.stringify(EXTRACTED)));
    const ok = await runManifestSkill(await builtIn('extract_job'), { text: POSTING }, { records: store, llm: fixed, signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(ok.status, 'ok');
    assert.match(promptText(fixed.requests[1]), /\/company must be string/);
    const bad = new FakeLlm(() => JSON.stringify({ title: 'no company' }));
    const dir2 = tempDir('il-skill-');
    const store2 = await RecordsStore.open(path.join(dir2, 'records.sqlite'));
    const r = await runManifestSkill(await builtIn('extract_job'), { text: POSTING }, { records: store2, llm: bad, signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(r.status, 'invalid');
    assert.equal(bad.requests.length, 3, 'one call and two repairs');
    assert.match(r.warnings[0], /nothing was written/);
    assert.equal(store2.list('company').length, 0);
    assert.equal(store2.runs(5)[0].status, 'invalid');
    fs.rmSync(dir2, { recursive: true, force: true });
  });

  it('a long posting is chunked, and the chunks\' outputs merge into one company and one position', async () => {
    const store = await RecordsStore.open(file);
    const long = `${POSTING} ${'We value careful engineering and measured rollouts. '.repeat(700)}`;
    const llm = new FakeLlm((req) => JSON.stringify({ ...EXTRACTED, company: promptText(req).includes('Acme') ? 'Acme Robotics' : 'ACME robotics', skills: ['evals'] }));
    const r = await runManifestSkill(await builtIn('extract_job'), { text: long }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: true });
    assert.ok(r.chunks >= 3, `${r.chunks} chunks`);
    assert.equal(llm.requests.length, r.chunks);
    assert.equal(r.planned.filter((p) => p.primitive === 'upsert_company').length, 1);
    assert.equal((r.output as { company: string }).company, 'Acme Robotics');
  });

  it('capture_note runs offline from its offline templates; extract_job offline says it needs a model', async () => {
    const store = await RecordsStore.open(file);
    const note = await runManifestSkill(await builtIn('capture_note'), { text: 'Ask Li about the team\'s eval setup next week.' }, { records: store, signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(note.producedBy, 'offline');
    assert.deepEqual(note.planned.map((p) => p.primitive), ['create_note'], 'no tags offline, so add_tags is skipped by its when:');
    assert.equal(store.list('note').length, 1);
    await assert.rejects(runManifestSkill(await builtIn('extract_job'), { text: POSTING }, { records: store, signal: new AbortController().signal, now: NOW, dryRun: false }),
      (e: unknown) => e instanceof ManifestRunError && /needs a model/.test((e as Error).message));
  });

  it('a number from a whole {{ expression }} fills a text parameter as text, as Jinja prints it; a misspelt parameter is refused at load', async () => {
    const yaml = [
      'name: count_note', 'version: 1', 'description: Notes how long a line is. Use it in a unit test. Not for real inputs.',
      'prompt:', '  user: "{{ input.text }}"',
      'output_schema:', '  type: object', '  required: [n]', '  properties:', '    n: { type: integer, description: The length of the line. }',
      'offline:', '  n: "{{ input.text | length }}"',
      'actions:', '  - create_note:', '      title: "{{ out.n }}"', '      body_md: "{{ out.n }}"',
      'match: {inputs: [text]}',
    ].join('\n') + '\n';
    const v = validateSkillManifest(yaml, 'skills/count_note/skill.yaml', { folderName: 'count_note', checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    assert.ok(v.manifest, JSON.stringify(v.problems));
    const store = await RecordsStore.open(file);
    const r = await runManifestSkill(v.manifest!, { text: 'Acme Robotics' }, { records: store, signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(r.status, 'ok');
    assert.equal(store.list('note')[0].body_md, '13');
    const misspelt = validateSkillManifest(yaml.replace('      body_md:', '      bodi_md:'), 'skills/count_note/skill.yaml', { folderName: 'count_note', checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    assert.equal(misspelt.manifest, undefined);
    const p = misspelt.problems.find((x) => x.code === 'schema-unknown-key');
    assert.ok(p, JSON.stringify(misspelt.problems));
    assert.deepEqual([p!.line, p!.column], [16, 7]);
    assert.match(p!.message, /did you mean `body_md`/);
  });
});

describe('skill files that could hurt: patterns that backtrack', () => {
  it('an output_schema pattern the linear-time engine cannot run (a backreference) is refused where it is written, and never run', async () => {
    for (const bad of ['(a)\\1', '(?=a)a', '(?<!x)y', '(a']) assert.ok(unsafePatternReason(bad), bad);
    // Nested repetition runs in linear time in the engine, so it is no longer refused.
    for (const ok of ['^[0-9]{4}-[0-9]{2}-[0-9]{2}$', '^[a-z]+(-[a-z]+)*$', '^https?://', '^(foo|bar)$', '[A-Z]{2,3}', '^(a+)+$']) assert.equal(unsafePatternReason(ok), undefined, ok);
    const yaml = 'name: evil\nversion: 1\ndescription: x\nprompt:\n  user: "{{ input.text }}"\noutput_schema:\n  type: object\n  properties:\n    a:\n      type: string\n      pattern: "(a)\\\\1"\nactions:\n  - create_note:\n      body_md: x\nmatch: {inputs: [text]}\n';
    const v = validateSkillManifest(yaml, 'skills/evil/skill.yaml', { folderName: 'evil' });
    const p = v.problems.find((x) => /refused/.test(x.message));
    assert.ok(p, JSON.stringify(v.problems));
    assert.equal(p!.line, 11);
    assert.match(p!.message, /backreference/);
    const llm = new FakeLlm(() => JSON.stringify({ a: 'aa' }));
    await assert.rejects(structuredCall(llm, { purpose: 'x', system: [], messages: [], maxTokens: 10 }, { type: 'object', properties: { a: { type: 'string', pattern: '(a)\\1' } } }, { signal: new AbortController().signal }), /refused/);
  });
});
