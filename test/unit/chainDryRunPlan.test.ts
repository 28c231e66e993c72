// A chain's dry run plans each step against the records as the earlier steps' plans would leave
// them (issue 14's chains, issue 16's panel): a second step upserting the first step's company
// sees it (no second "create"), a link to the first step's note finds it, nothing reaches the
// file, and Apply writes every step as planned instead of refusing the later ones as stale. The
// CLI's `run CHAIN --dry-run --json` shows the same plan.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, type LoadedChain, type LoadedSkill } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { traceChainRun } from '../../src/core/skills/run/traceChainRun';
import { applyChainTrace, hasPlan } from '../../src/core/skills/run/applyTrace';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { MemoryLogger } from '../../src/core/runtime/logger';
import { runCliIn } from '../support/runCli';
import { ROOT, tempDir } from './helpers';

const NOW = () => new Date('2026-12-01T09:00:00Z');
const BUILT_IN = path.join(ROOT, 'skills');

/** Files Acme Robotics and keeps the input as a note about it. */
const NOTE_ACME = `name: note_acme
version: 1
description: Keeps a line as a note about Acme Robotics and files the company. Use it in a unit test's chain. Not for real inputs.
prompt:
  user: "{{ input.text }}"
output_schema:
  type: object
  required: [title]
  properties:
    title: { type: string, description: The note's title. }
offline:
  title: "{{ input.text | trim | truncate(60) }}"
actions:
  - upsert_company:
      name: Acme Robotics
      as: company
  - create_note:
      title: "{{ out.title }}"
      body_md: "{{ input.text }}"
      about: "{{ company.ref }}"
      as: note
match:
  inputs: [text]
`;

/** Upserts the same company (another spelling, with its website) and links the note its input names to it. */
const LINK_ACME = `name: link_acme
version: 1
description: Files Acme Robotics' website and links the note named by the input to the company. Use it in a unit test's chain. Not for real inputs.
prompt:
  user: "{{ input.text }}"
output_schema:
  type: object
  required: [note]
  properties:
    note: { type: string, description: The note's reference. }
offline:
  note: "{{ input.text | trim }}"
actions:
  - upsert_company:
      name: ACME Robotics Inc.
      website: https://acme.example
      as: company
  - link:
      source: "{{ out.note }}"
      relation: mentions
      target: "{{ company.ref }}"
match:
  inputs: [text]
`;

/** Upserts the company again and keeps a second note about it (no link: only the company is shared). */
const NOTE_ACME_AGAIN = LINK_ACME.replace('name: link_acme', 'name: note_acme_again')
  .replace(/description: .*/, 'description: Files Acme Robotics\' website and keeps the input as a second note about it. Use it in a unit test\'s chain. Not for real inputs.')
  .replace(/ {2}- link:[\s\S]*$/, '  - create_note:\n      title: "again"\n      body_md: "{{ input.text }} (again)"\n      about: "{{ company.ref }}"\nmatch:\n  inputs: [text]\n');

const CHAIN = `name: note_then_link
description: Keeps a note about Acme, then links that note to the company (a unit test's chain).
steps:
  - skill: note_acme
    output_as: first
  - skill: link_acme
    args:
      text: "{{ first.actions[1].ref }}"
`;

const TWICE = `name: company_twice
description: Two steps that upsert the same company (a unit test's chain).
steps:
  - skill: note_acme
  - skill: note_acme_again
`;

/** A workspace with the three skills and the two chains in its skills/ folder. */
function writeWorkspace(work: string): string {
  const dir = path.join(work, 'skills');
  for (const [name, yaml] of [['note_acme', NOTE_ACME], ['link_acme', LINK_ACME], ['note_acme_again', NOTE_ACME_AGAIN]]) {
    fs.mkdirSync(path.join(dir, name), { recursive: true });
    fs.writeFileSync(path.join(dir, name, 'skill.yaml'), yaml);
  }
  fs.writeFileSync(path.join(dir, 'note_then_link.chain.yaml'), CHAIN);
  fs.writeFileSync(path.join(dir, 'company_twice.chain.yaml'), TWICE);
  return dir;
}

/** Each step's actions as [primitive, op, kind]. */
type Shape = Array<Array<[string, string, string]>>;

describe('a chain\'s dry run plans each step after the ones before', function () {
  this.timeout(60_000);
  let work: string;
  let store: RecordsStore;
  let skills: LoadedSkill[];
  let chains: LoadedChain[];
  const signal = new AbortController().signal;
  const logger = new MemoryLogger();
  beforeEach(async () => {
    work = tempDir('il-chain-plan-');
    const loaded = await loadSkillFolders([BUILT_IN, writeWorkspace(work)], { builtInDirs: [BUILT_IN], checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    for (const s of loaded.skills.filter((x) => !x.valid)) assert.fail(`${s.name}: ${JSON.stringify(s.problems)}`);
    for (const c of loaded.chains.filter((x) => !x.valid)) assert.fail(`${c.name}: ${JSON.stringify(c.problems)}`);
    skills = loaded.skills;
    chains = loaded.chains;
    store = await RecordsStore.open(path.join(work, 'records.sqlite'));
    // Something already on file, so "writes nothing" compares bytes rather than a missing file.
    await store.transaction({ skill: 'seed' }, (tx) => tx.insert('company', 'seed-company', { name: 'Globex' }));
  });
  afterEach(() => {
    store?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  const chainNamed = (name: string) => chains.find((c) => c.name === name)!;

  it('the second step sees the first step\'s company and note; the file is untouched; Apply writes both steps as planned', async () => {
    const before = fs.readFileSync(store.file);
    const { trace } = await traceChainRun({ chain: chainNamed('note_then_link'), skills, input: { text: 'Ask Acme about the eval setup.' }, deps: { records: store, signal, now: NOW, dryRun: true, trusted: false, logger } });
    assert.equal(trace.status, 'dry_run', JSON.stringify(trace.steps.map((s) => s.report)));
    const shape: Shape = trace.steps.map((s) => s.trace!.planned.map((p) => [p.primitive, p.op, p.kind]));
    assert.deepEqual(shape, [
      [['upsert_company', 'create', 'company'], ['create_note', 'create', 'note']],
      [['upsert_company', 'update', 'company'], ['link', 'create', 'link']],
    ], 'the company is created once, by the first step; the second updates it');
    const [first, second] = trace.steps.map((s) => s.trace!.planned);
    assert.equal(second[0].id, first[0].id, 'the second step plans the first step\'s company');
    assert.deepEqual(second[0].changes.map((c) => [c.field, c.before, c.after]), [['website', null, 'https://acme.example']]);
    assert.equal(second[1].params.source, first[1].ref, 'the link starts at the first step\'s note');
    assert.equal(second[1].params.target, first[0].ref);
    assert.deepEqual(trace.steps.map((s) => s.report.actions?.map((a) => a.op)), [['create', 'create'], ['update', 'create']], 'the step reports list the same plan');
    assert.deepEqual(fs.readFileSync(store.file), before, 'the dry run wrote nothing to the file');
    assert.deepEqual(store.list('company').map((c) => c.name), ['Globex']);

    assert.equal(hasPlan(trace), true);
    const outcome = await applyChainTrace(trace, store, { reviewed: 'automation' });
    assert.equal(outcome.failed, undefined, String((outcome.failed?.error as Error | undefined)?.message));
    assert.deepEqual(outcome.written.map((w) => [w.skill, w.outcome.actions.map((a) => a.op)]), [['note_acme', ['create', 'create']], ['link_acme', ['update', 'create']]]);
    const companies = store.list('company');
    assert.deepEqual(companies.map((c) => [c.id, c.name, c.website]), [['seed-company', 'Globex', null], [first[0].id, 'Acme Robotics', 'https://acme.example']]);
    const notes = store.list('note');
    assert.deepEqual(notes.map((n) => [n.id, n.entity_id]), [[first[1].id, first[0].id]], 'the note has the planned id and is about the planned company');
    assert.deepEqual(store.list('link').map((l) => [l.source_kind, l.source_id, l.relation, l.target_kind, l.target_id]), [['note', first[1].id, 'mentions', 'company', first[0].id]]);
    assert.equal(store.list('company')[1].updated_by_run, outcome.written[1].outcome.runId, 'the second step wrote the website in its own run');
  });

  it('two steps upserting one company: the second plans an update, not a second create, and Apply is not refused as stale', async () => {
    const { trace } = await traceChainRun({ chain: chainNamed('company_twice'), skills, input: { text: 'Acme called back.' }, deps: { records: store, signal, now: NOW, dryRun: true, trusted: false, logger } });
    assert.equal(trace.status, 'dry_run');
    assert.deepEqual(trace.steps.map((s) => s.trace!.planned.map((p) => `${p.primitive} ${p.op}`)), [
      ['upsert_company create', 'create_note create'],
      ['upsert_company update', 'create_note create'],
    ]);
    const outcome = await applyChainTrace(trace, store, { reviewed: 'automation' });
    assert.equal(outcome.failed, undefined, String((outcome.failed?.error as Error | undefined)?.message));
    assert.equal(outcome.written.length, 2);
    assert.deepEqual(store.list('company').map((c) => c.name), ['Globex', 'Acme Robotics']);
    assert.equal(store.list('note').length, 2);
  });

  it('the records changed between the dry run and Apply (another window): the step they touch is still refused as stale', async () => {
    const { trace } = await traceChainRun({ chain: chainNamed('company_twice'), skills, input: { text: 'Acme called back.' }, deps: { records: store, signal, now: NOW, dryRun: true, trusted: false, logger } });
    // Another window files Acme first, with other details: the first step's "create" no longer holds.
    await store.transaction({ skill: 'elsewhere' }, (tx) => tx.insert('company', 'other-acme', { name: 'Acme Robotics', industry: 'robots' }));
    const outcome = await applyChainTrace(trace, store, { reviewed: 'automation' });
    assert.deepEqual(outcome.written, []);
    assert.equal(outcome.failed?.index, 0);
    assert.match(String((outcome.failed?.error as Error).message), /records changed since this run was planned/);
    assert.equal(store.list('note').length, 0);
  });

  it('CLI: run CHAIN --dry-run --json reports each step\'s plan after the earlier steps, writes nothing, and the real run writes one company', async () => {
    writeWorkspace(work);
    const cli = (...args: string[]) => runCliIn(work, {}, ...args);
    fs.writeFileSync(path.join(work, 'line.txt'), 'Ask Acme about the eval setup.');
    const r = await cli('run', 'note_then_link', '--input', 'line.txt', '--dry-run', '--json');
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const report = JSON.parse(r.stdout);
    assert.equal(report.status, 'dry_run');
    assert.deepEqual(report.steps.map((s: { skill: string; status: string; actions: Array<{ primitive: string; op: string }> }) => [s.skill, s.status, s.actions.map((a) => `${a.primitive} ${a.op}`)]), [
      ['note_acme', 'dry_run', ['upsert_company create', 'create_note create']],
      ['link_acme', 'dry_run', ['upsert_company update', 'link create']],
    ]);
    assert.equal(report.steps[1].actions[0].id, report.steps[0].actions[0].id, 'one company, planned by both steps');
    assert.ok(!fs.existsSync(path.join(work, 'home', 'records.sqlite')), 'a dry run writes nothing');
    const text = await cli('run', 'note_then_link', '--input', 'line.txt', '--dry-run');
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^ {3}1 note_acme +dry_run\n +would create +upsert_company +company:\S+\n +would create +create_note +note:\S+\n {3}2 link_acme +dry_run\n +would update +upsert_company +company:\S+\n +would create +link +link:\S+\ndry run: nothing was written\n$/);
    const real = await cli('run', 'note_then_link', '--input', 'line.txt', '--json');
    assert.equal(real.status, 0, real.stderr + real.stdout);
    const records = JSON.parse((await cli('records', '--json')).stdout);
    assert.deepEqual(records.company.map((c: { name: string; website: string }) => [c.name, c.website]), [['Acme Robotics', 'https://acme.example']]);
    assert.equal(records.link.length, 1);
    assert.equal(records.link[0].source_id, records.note[0].id);
  });
});
