// The spec's own extract_job (shared/seeds/004, section 2, unchanged in the fixture) dry-runs and
// really runs against a stand-in model, with the spec's parameters planned and stored: fields,
// lists, integers, nulls, conditional reminders (issue 26). And a long posting is split into
// chunks whose company is kept once.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, type SkillManifest } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { runManifestSkill } from '../../src/core/skills/run/runManifestSkill';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { FakeLlm, promptText } from '../support/fakeLlm';
import { ROOT, tempDir } from './helpers';

const NOW = () => new Date('2026-12-01T09:00:00Z');
const POSTING = 'Acme Robotics (Berlin, hybrid) is hiring a Senior Agent Engineer. Must: TypeScript. Nice: evals. Apply on the portal by 2026-12-20. Visa sponsorship available.';
const SPEC_OUTPUT = {
  company_name: 'Acme Robotics', company_description: null, position_title: 'Senior Agent Engineer', job_family: 'swe', location: 'Berlin',
  work_mode: 'hybrid', visa_sponsorship: 'yes', requirements: [{ text: 'TypeScript', kind: 'must' }, { text: 'evals', kind: 'nice' }],
  skills: ['typescript', 'evals'], apply_method: 'portal', apply_url: null, deadline: '2026-12-20T23:59:00Z', my_comment: null, interest_level: 4, reminder: null,
};

async function specExtractJob(): Promise<SkillManifest> {
  const { skills } = await loadSkillFolders([path.join(ROOT, 'test', 'fixtures', 'skills-spec')], { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
  const s = skills.find((x) => x.name === 'extract_job')!;
  assert.ok(s.valid && s.manifest, JSON.stringify(s.problems.filter((p) => p.severity === 'error')));
  return s.manifest!;
}

describe('the spec\'s extract_job runs as written (issue 26)', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = tempDir('il-spec-run-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('dry run: the spec\'s parameters planned with their types; a null reminder skips its action, the deadline one is set', async () => {
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const llm = new FakeLlm(() => JSON.stringify(SPEC_OUTPUT));
    const r = await runManifestSkill(await specExtractJob(), { text: POSTING, url: 'https://jobs.example.com/acme/1', kind: 'link' }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: true });
    assert.equal(r.status, 'dry_run', JSON.stringify(r.warnings));
    assert.deepEqual(r.planned.map((p) => p.primitive), ['upsert_company', 'upsert_position', 'add_tags', 'create_reminder']);
    const position = r.planned[1].params;
    assert.equal(position.interest_level, 4, 'an integer stays an integer');
    assert.deepEqual(position.requirements, SPEC_OUTPUT.requirements, 'a list of objects stays a list');
    assert.equal(position.work_mode, 'hybrid');
    assert.equal(position.source_url, 'https://jobs.example.com/acme/1', 'input.link');
    assert.equal(position.source_kind, 'link', 'input.source_kind');
    assert.ok(position.personal_comment_md === null || position.personal_comment_md === undefined, 'a null stays null, never "None"');
    assert.deepEqual(r.planned[2].params.names, ['typescript', 'evals']);
    assert.equal(r.planned[2].params.namespace, 'skill');
    const reminder = r.planned[3].params;
    assert.equal(reminder.source, 'auto_deadline', 'only the deadline reminder: out.reminder is none');
    assert.equal(reminder.title, '【截止】Senior Agent Engineer @ Acme Robotics');
    assert.match(String(reminder.due_at), /^2026-12-17/, 'days_before(3)');
    assert.match(promptText(llm.requests[0]), /来源链接：https:\/\/jobs\.example\.com\/acme\/1/);
    assert.ok(!fs.existsSync(path.join(dir, 'records.sqlite')), 'a dry run writes nothing');
  });

  it('a real run stores the fields, and the reminder from out.reminder when the model gives one', async () => {
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const out = { ...SPEC_OUTPUT, reminder: { title: 'Ask Li for a referral', due: '2026-12-05T09:00:00Z' } };
    const r = await runManifestSkill(await specExtractJob(), { text: POSTING }, { records: store, llm: new FakeLlm(() => JSON.stringify(out)), signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(r.status, 'ok', JSON.stringify(r.warnings));
    const [position] = store.list('position');
    assert.equal(position.interest_level, 4);
    assert.equal(position.work_mode, 'hybrid');
    assert.equal(position.visa_sponsorship, 'yes');
    assert.deepEqual(position.requirements, SPEC_OUTPUT.requirements);
    assert.ok(position.personal_comment_md === null || position.personal_comment_md === undefined, 'null is not stored as text');
    const reminders = store.list('reminder').map((x) => [x.title, x.source]).sort();
    assert.deepEqual(reminders, [['Ask Li for a referral', 'skill'], ['【截止】Senior Agent Engineer @ Acme Robotics', 'auto_deadline']]);
  });

  it('an output that breaks the schema\'s nullable or date format is repaired, and stays unwritten when it stays wrong', async () => {
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const bad = { ...SPEC_OUTPUT, deadline: 'next Friday' };
    const llm = new FakeLlm((_q, n) => JSON.stringify(n === 0 ? bad : SPEC_OUTPUT));
    const fixed = await runManifestSkill(await specExtractJob(), { text: POSTING }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: true });
    assert.equal(fixed.status, 'dry_run');
    assert.match(promptText(llm.requests[1]), /deadline.*date-time/);
    const stays = await runManifestSkill(await specExtractJob(), { text: POSTING }, { records: store, llm: new FakeLlm(() => JSON.stringify(bad)), signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(stays.status, 'invalid');
    assert.equal(store.list('position').length, 0, 'nothing written');
  });
});

describe('built-in extract_job on a long posting: chunks merged, the company kept once (issue 26, spec section 9)', function () {
  this.timeout(30_000);
  it('a posting over max_chars is split into chunks, each read, and merged into one company and one position', async () => {
    const dir = tempDir('il-long-job-');
    try {
      const { skills } = await loadSkillFolders([path.join(ROOT, 'skills')], { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
      const manifest = skills.find((s) => s.name === 'extract_job')!.manifest!;
      const paragraph = 'Acme Robotics is hiring a Senior Agent Engineer in Berlin. You will build tool-calling agents, write evals and ship them. ';
      const long = paragraph.repeat(Math.ceil(30_000 / paragraph.length));
      const llm = new FakeLlm(() => JSON.stringify({ company: 'Acme Robotics', title: 'Senior Agent Engineer', location: 'Berlin', skills: ['evals'] }));
      const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
      const r = await runManifestSkill(manifest, { text: long }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: true });
      assert.ok(r.chunks >= 3, `split into ${r.chunks} chunks`);
      assert.equal(llm.requests.filter((q) => q.purpose?.startsWith('skill:')).length, r.chunks, 'one call per chunk');
      assert.deepEqual(r.planned.filter((p) => p.primitive === 'upsert_company').length, 1, 'one company, not one per chunk');
      assert.deepEqual(r.planned.filter((p) => p.primitive === 'upsert_position').length, 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
