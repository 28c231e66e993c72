import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ActionPlanner, ActionsFailedError, applyActions, planActions, type ActionInput } from '../../src/core/skills/actions/runActions';
import { ActionInputError, StalePlanError } from '../../src/core/skills/actions/types';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { ENTITY_KINDS } from '../../src/core/records/schema';
import type { WriteOps } from '../../src/core/store/atomicWrite';
import { tempDir } from './helpers';

const T0 = new Date('2026-03-01T09:00:00.000Z');

/** Counts every entity row, per kind, leaving out empty kinds. */
function census(store: RecordsStore): Record<string, number> {
  return Object.fromEntries(ENTITY_KINDS.map((k) => [k, store.list(k).length]).filter(([, n]) => n));
}

/** A stand-in for the runtime's template renderer: "{{ alias.field }}" becomes the alias's value. */
function render(action: ActionInput, aliases: Record<string, { id: string; ref: string }>): Record<string, unknown> | null {
  const sub = (v: unknown): unknown => (typeof v === 'string'
    ? v.replace(/\{\{ (\w+)\.(id|ref) \}\}/g, (_m, a: string, f: 'id' | 'ref') => aliases[a]?.[f] ?? '')
    : Array.isArray(v) ? v.map(sub) : v);
  if (action.params.when === false) return null;
  const { when: _when, ...params } = action.params;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, sub(v)]));
}

describe('running actions: plan, dry run, one transaction, rollback', () => {
  let dir: string;
  let file: string;
  let ws: string;
  beforeEach(() => {
    dir = tempDir('il-run-');
    file = path.join(dir, 'records.sqlite');
    ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** What extract_job would ask for, with aliases and a condition. */
  const jobActions = (): ActionInput[] => [
    { primitive: 'upsert_company', params: { name: 'Acme, Inc.' }, as: 'company' },
    { primitive: 'upsert_position', params: { company_id: '{{ company.id }}', title: 'LLM Engineer', location: 'Beijing', deadline_at: '2026-03-28' }, as: 'position' },
    { primitive: 'create_reminder', params: { title: 'Apply to Acme', due_at: '2026-03-25', target: '{{ position.ref }}' } },
    { primitive: 'create_note', params: { body_md: 'never', when: false } },
    { primitive: 'add_tags', params: { entity: '{{ position.ref }}', names: ['agents'] } },
  ];

  it('plans fully resolved actions: op, target, matched record, diff and aliases; `when: false` skips', async () => {
    const store = await RecordsStore.open(file, { clock: () => T0 });
    let n = 0;
    const planned = planActions(jobActions(), store, { render, newId: () => `id${++n}` });
    assert.deepEqual(planned.map((p) => [p.index, p.primitive, p.op, p.kind, p.id]), [
      [0, 'upsert_company', 'create', 'company', 'id1'],
      [1, 'upsert_position', 'create', 'position', 'id2'],
      [2, 'create_reminder', 'create', 'reminder', 'id3'],
      [4, 'add_tags', 'update', 'position', 'id2'],
    ]);
    assert.deepEqual(planned[1].alias, { id: 'id2', ref: 'position:id2' });
    assert.equal(planned[1].params.company_id, 'id1', 'the rendered parameters are kept');
    assert.deepEqual(planned[2].writes[0].fields.target_kind, 'position');
    assert.equal(planned[3].existing?.title, 'LLM Engineer', 'a record planned earlier in the run is the match');

    // A plan crosses to the dry-run panel and back as JSON, and still applies.
    const { runId, actions } = await applyActions(JSON.parse(JSON.stringify(planned)), store, { skill: 'extract_job', version: 1 });
    assert.deepEqual(actions.map((a) => `${a.op} ${a.kind}`), ['create company', 'create position', 'create reminder', 'update position']);
    assert.equal(store.get('position', 'id2')?.company_id, 'id1');
    for (const k of ['company', 'position', 'reminder', 'tag', 'entity_tag'] as const) {
      assert.ok(store.list(k).every((r) => r.created_by_run === runId), `${k} rows carry the run id`);
    }

    // The same input again: nothing new, nothing doubled.
    const again = planActions(jobActions(), store, { render });
    assert.deepEqual(again.map((p) => p.op), ['unchanged', 'unchanged', 'unchanged', 'unchanged']);
    assert.deepEqual(again.map((p) => p.id), ['id1', 'id2', 'id3', 'id2']);
    await applyActions(again, store, { skill: 'extract_job', version: 1 });
    assert.deepEqual(census(store), { company: 1, position: 1, reminder: 1, tag: 1, entity_tag: 1 });
  });

  it('dedupes within one run: the second mention of a company is the first one', async () => {
    const store = await RecordsStore.open(file, { clock: () => T0 });
    const planned = planActions([
      { primitive: 'upsert_company', params: { name: 'Acme' }, as: 'a' },
      { primitive: 'upsert_company', params: { name: 'ACME Inc.', website: 'https://acme.example' }, as: 'b' },
    ], store);
    assert.deepEqual(planned.map((p) => p.op), ['create', 'update']);
    assert.equal(planned[1].id, planned[0].id);
    await applyActions(planned, store, { skill: 's' });
    assert.deepEqual(store.list('company').map((c) => [c.name, c.website]), [['Acme', 'https://acme.example']]);
  });

  it('a dry run writes nothing: the file keeps its bytes, and a missing file stays missing', async () => {
    const store = await RecordsStore.open(file, { clock: () => T0 });
    assert.deepEqual(planActions(jobActions(), store, { render }).length, 4);
    assert.equal(fs.existsSync(file), false);
    assert.deepEqual(fs.readdirSync(dir), ['ws'], 'no lock, no temp file');

    await applyActions(planActions([{ primitive: 'upsert_company', params: { name: 'Globex' } }], store), store, { skill: 's' });
    const before = fs.readFileSync(file);
    const statBefore = fs.statSync(file);
    const listing = fs.readdirSync(dir).sort();
    const planned = planActions([...jobActions(), { primitive: 'upsert_company', params: { name: 'globex', website: 'https://globex.example' } }], store, { render });
    assert.deepEqual(planned.map((p) => p.op), ['create', 'create', 'create', 'update', 'update']);
    assert.ok(fs.readFileSync(file).equals(before), 'the file changed');
    assert.equal(fs.statSync(file).mtimeMs, statBefore.mtimeMs);
    assert.deepEqual(fs.readdirSync(dir).sort(), listing);
    assert.deepEqual(census(store), { company: 1 });
    assert.equal(store.runs(10).length, 1, 'a dry run is not audited unless the runtime asks');
  });

  it('rolls back everything when the third of five actions fails: nothing remains, the file is untouched, the run is recorded as failed', async () => {
    fs.writeFileSync(path.join(ws, 'resume.pdf'), 'resume');
    const setup = await RecordsStore.open(file, { clock: () => T0 });
    await applyActions(planActions([{ primitive: 'upsert_company', params: { name: 'Globex' } }], setup), setup, { skill: 'setup' });
    setup.close();

    const before = fs.readFileSync(file);
    // Every atomic write of the store: what it writes, and what the file held at that moment.
    const writes: Array<{ data: Buffer; fileThen: Buffer }> = [];
    const writeOps: WriteOps = {
      writeFileSync: ((fd: number, data: Uint8Array) => {
        writes.push({ data: Buffer.from(data), fileThen: fs.readFileSync(file) });
        fs.writeFileSync(fd, data);
      }) as WriteOps['writeFileSync'],
      fsyncSync: fs.fsyncSync,
      renameSync: fs.renameSync,
    };
    const store = await RecordsStore.open(file, { clock: () => T0, writeOps });
    const planned = planActions([
      { primitive: 'upsert_company', params: { name: 'Acme' }, as: 'c' },
      { primitive: 'upsert_person', params: { display_name: 'Jane Doe', email: 'jane@acme.example' }, as: 'jane' },
      { primitive: 'attach', params: { entity: 'company:{{ c.id }}', path: 'resume.pdf' } },
      { primitive: 'link', params: { source: '{{ jane.ref }}', relation: 'works_at', target: '{{ c.ref }}' } },
      { primitive: 'create_note', params: { body_md: 'Jane is at Acme' } },
    ], store, { render, workspaceRoot: ws });
    assert.deepEqual(planned.map((p) => p.op), ['create', 'create', 'create', 'create', 'create']);
    // Between the dry run and Apply the file goes away: the third action can no longer be written.
    fs.rmSync(path.join(ws, 'resume.pdf'));

    const err = await applyActions(planned, store, { skill: 'coffee_chat', version: 2, rawOutput: '{}' }, { workspaceRoot: ws }).then(
      () => assert.fail('applied'), (e: unknown) => e,
    );
    assert.ok(err instanceof ActionsFailedError, String(err));
    assert.equal(err.index, 2);
    assert.match(err.message, /^action 3 \(attach\) failed: it no longer applies: path "resume\.pdf" does not exist in the workspace\. Nothing was written/);
    assert.ok(err.reason instanceof StalePlanError);
    assert.equal(err.runRecorded, true);

    assert.equal(writes.length, 1, 'the failed transaction never reached the disk; the one write is the audit');
    assert.ok(writes[0].fileThen.equals(before), 'the file was untouched until the failure was recorded');
    assert.deepEqual(census(store), { company: 1 }, 'nothing of the first two actions remains');
    assert.deepEqual(store.list('company').map((c) => c.name), ['Globex']);
    const failed = store.run(err.runId)!;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.skill, 'coffee_chat');
    assert.equal(failed.version, 2);
    assert.match(String(failed.error), /action 3 \(attach\) failed/);
    assert.deepEqual((failed.actions as Array<{ primitive: string }>).map((a) => a.primitive), ['upsert_company', 'upsert_person', 'attach', 'link', 'create_note']);
    // A fresh reader agrees.
    const fresh = await RecordsStore.open(file);
    assert.deepEqual(census(fresh), { company: 1 });
    assert.deepEqual(fresh.runs(10).map((r) => r.status).sort(), ['failed', 'ok']);
  });

  it('a crash while writing the file leaves the old file; the run is then recorded as failed', async () => {
    let renames = 0;
    const writeOps: WriteOps = {
      writeFileSync: fs.writeFileSync, fsyncSync: fs.fsyncSync,
      renameSync: (a, b) => {
        if (++renames === 2) throw new Error('power cut');
        fs.renameSync(a, b);
      },
    };
    const store = await RecordsStore.open(file, { clock: () => T0, writeOps });
    await applyActions(planActions([{ primitive: 'upsert_company', params: { name: 'Globex' } }], store), store, { skill: 's' });
    const before = fs.readFileSync(file);
    const planned = planActions([{ primitive: 'upsert_company', params: { name: 'Acme' } }, { primitive: 'create_note', params: { body_md: 'x' } }], store);
    const err = await applyActions(planned, store, { skill: 's' }).then(() => assert.fail('applied'), (e: unknown) => e);
    assert.ok(err instanceof ActionsFailedError);
    assert.equal(err.index, undefined, 'no action failed: the save did');
    assert.match(err.message, /could not be saved: power cut/);
    assert.deepEqual(census(store), { company: 1 });
    assert.deepEqual(store.runs(10).map((r) => r.status).sort(), ['failed', 'ok']);
    assert.ok(!fs.readFileSync(file).equals(before), 'the failure record is a second, successful write');
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
  });

  it('refuses a plan the records no longer match (another window wrote in between)', async () => {
    const a = await RecordsStore.open(file, { clock: () => T0 });
    const b = await RecordsStore.open(file, { clock: () => T0 });
    const planned = planActions([
      { primitive: 'create_note', params: { body_md: 'first' } },
      { primitive: 'upsert_company', params: { name: 'Acme' } },
    ], a);
    await applyActions(planActions([{ primitive: 'upsert_company', params: { name: 'ACME Ltd.' } }], b), b, { skill: 's' });
    const err = await applyActions(planned, a, { skill: 's' }).then(() => assert.fail('applied'), (e: unknown) => e);
    assert.ok(err instanceof ActionsFailedError);
    assert.ok(err.reason instanceof StalePlanError);
    assert.match(err.message, /action 2 \(upsert_company\) failed: the records changed since this run was planned/);
    assert.deepEqual(census(a), { company: 1 }, 'not even the note of the first action');
    // Planned again, the same input finds B's company.
    const again = planActions([{ primitive: 'upsert_company', params: { name: 'Acme' } }], a);
    assert.equal(again[0].op, 'unchanged');

    // An update planned against an older version of a row is refused too.
    const cid = a.list('company')[0].id;
    const upd = planActions([{ primitive: 'update_entity', params: { entity: `company:${cid}`, patch: { notes: 'from a' } } }], a);
    await b.update('company', cid, { website: 'https://acme.example' });
    await assert.rejects(applyActions(upd, a, { skill: 's' }), /the records changed since this run was planned/);
    assert.equal(a.get('company', cid)?.notes, null);
  });

  it('input errors name the action and the field, before anything is written', async () => {
    const store = await RecordsStore.open(file, { clock: () => T0 });
    const cases: Array<[ActionInput[], RegExp]> = [
      [[{ primitive: 'drop_tables', params: {} }], /^action 1 \(drop_tables\): unknown action; the actions are upsert_company, /],
      [[{ primitive: 'upsert_company', params: {} }], /^action 1 \(upsert_company\): missing required field "name"/],
      [[{ primitive: 'upsert_company', params: { name: 'A', colour: 'red' } }], /unknown parameter "colour" \(upsert_company takes name \(required\), aliases, description_md, website/],
      [[{ primitive: 'upsert_company', params: { name: '   ' } }], /missing required field "name"/],
      [[{ primitive: 'upsert_company', params: { name: 'A' }, as: 'x' }, { primitive: 'upsert_company', params: { name: 'B' }, as: 'x' }], /^action 2 .*"as: x" is already the name/],
      [[{ primitive: 'upsert_company', params: { name: 'A' }, as: 'now' }], /"as: now" must be a name/],
      [[{ primitive: 'upsert_position', params: { company_id: 'ghost', title: 'x' } }], /^action 1 \(upsert_position\): company_id: there is no company with id ghost/],
      [[{ primitive: 'link', params: { source: 'a', relation: 'works_at', target: 'b' } }], /source must be a record reference "kind:id"/],
      [[{ primitive: 'create_interview', params: { position_id: 'p', kind: 'vibes' } }], /field "kind" is "vibes": must be one of \["phone_screen"/],
      // Parameters come from model output: a "__proto__" key is an unknown field, not a prototype.
      [[{ primitive: 'upsert_company', params: JSON.parse('{"name":"A","__proto__":{"polluted":true}}') }], /unknown parameter "__proto__"/],
    ];
    for (const [actions, why] of cases) {
      assert.throws(() => planActions(actions, store), (e: Error) => e instanceof ActionInputError && why.test(e.message), why.source);
    }
    assert.equal(fs.existsSync(file), false);
    await applyActions(planActions([{ primitive: 'upsert_company', params: { name: 'Acme' } }], store), store, { skill: 's' });
    const id = store.list('company')[0].id;
    assert.throws(() => planActions([{ primitive: 'update_entity', params: { entity: `company:${id}`, patch: JSON.parse('{"__proto__":{"polluted":true}}') } }], store), /unknown field "__proto__"/);
    await assert.rejects(store.update('company', id, JSON.parse('{"__proto__":{"polluted":true}}')), /unknown field "__proto__"/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('a planner takes actions one at a time, so the runtime can render each with the aliases so far', async () => {
    const store = await RecordsStore.open(file, { clock: () => T0 });
    const planner = new ActionPlanner(store);
    try {
      planner.plan({ primitive: 'upsert_person', params: { display_name: 'Jane' }, as: 'jane' });
      const aliases = planner.aliases();
      assert.equal(Object.getPrototypeOf(aliases), null);
      planner.plan({ primitive: 'create_event', params: { kind: 'coffee_chat', title: 'Coffee', occurred_at: '2026-03-02T10:00Z', person_ids: [aliases.jane.id] } });
      const { actions } = await applyActions(planner.planned, store, { skill: 'coffee_chat' });
      assert.deepEqual(actions.map((x) => x.kind), ['person', 'event']);
      assert.deepEqual(store.list('event')[0].person_ids, [aliases.jane.id]);
    } finally {
      planner.close();
    }
  });
});
