import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { ACTION_DEFINITIONS, ACTION_NAMES, actionSchemas, findAction, getAction } from '../../src/core/skills/actions/registry';
import { applyActions, planActions, type ActionInput } from '../../src/core/skills/actions/runActions';
import { ActionInputError, type PlannedAction } from '../../src/core/skills/actions/types';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { LINK_RELATIONS, type EntityKind } from '../../src/core/records/schema';
import type { JsonSchema } from '../../src/core/runtime/schema';
import { closeSchema, compileValidator } from '../../src/core/runtime/validation';
import { tempDir } from './helpers';

const T0 = new Date('2026-03-01T09:00:00.000Z');

/** Every property of a schema, nested ones included, with its path. */
function properties(schema: JsonSchema, at = ''): Array<[string, JsonSchema]> {
  const out: Array<[string, JsonSchema]> = [];
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    out.push([`${at}${k}`, v]);
    out.push(...properties(v, `${at}${k}.`));
    if (v.items) out.push(...properties(v.items, `${at}${k}[].`));
  }
  return out;
}

describe('action primitives: registry and schemas', () => {
  it('every primitive of the spec has a definition, and every definition is registered', () => {
    assert.deepEqual(ACTION_DEFINITIONS.map((d) => d.name), [...ACTION_NAMES]);
    for (const name of ACTION_NAMES) {
      const def = findAction(name);
      assert.ok(def, `no definition for ${name}`);
      assert.equal(typeof def.plan, 'function', `${name}.plan`);
      assert.equal(typeof def.apply, 'function', `${name}.apply`);
    }
    assert.throws(() => getAction('drop_database'), /unknown action "drop_database"; the actions are upsert_company, /);
    assert.equal(actionSchemas().length, ACTION_NAMES.length);
  });

  it('every primitive has a one-line description and a description on every parameter', () => {
    const meta = new Ajv({ strict: false });
    for (const def of ACTION_DEFINITIONS) {
      assert.match(def.name, /^[a-z]+(_[a-z]+)*$/);
      assert.ok(def.description.length > 30 && !def.description.includes('\n'), `${def.name}: one real line of description`);
      assert.equal(def.params.type, 'object', `${def.name}: params are an object`);
      const props = properties(def.params);
      assert.ok(props.length > 0, `${def.name} has no parameters`);
      for (const [p, s] of props) assert.ok(typeof s.description === 'string' && s.description.length > 5, `${def.name}.${p} has no description`);
      for (const r of def.params.required ?? []) assert.ok(def.params.properties?.[r], `${def.name}: required ${r} is not a property`);
      assert.equal(meta.validateSchema(closeSchema(def.params)), true, `${def.name}: ${JSON.stringify(meta.errors)}`);
      assert.doesNotThrow(() => compileValidator(def.params));
    }
  });
});

describe('action primitives: create, then dedupe', () => {
  let dir: string;
  let store: RecordsStore;
  beforeEach(async () => {
    dir = tempDir('il-actions-');
    fs.mkdirSync(path.join(dir, 'ws'));
    store = await RecordsStore.open(path.join(dir, 'records.sqlite'), { clock: () => T0 });
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ws = () => path.join(dir, 'ws');

  /** Plans and applies actions as one run; returns the plan. */
  async function run(actions: ActionInput[]): Promise<PlannedAction[]> {
    const planned = planActions(actions, store, { workspaceRoot: ws() });
    await applyActions(planned, store, { skill: 'test', version: 1 }, { workspaceRoot: ws() });
    return planned;
  }
  const one = async (primitive: string, params: Record<string, unknown>) => (await run([{ primitive, params }]))[0];
  const count = (kind: EntityKind) => store.list(kind).length;
  async function company(name = 'Acme'): Promise<string> {
    return (await one('upsert_company', { name })).id;
  }
  async function position(companyId: string, title = 'AI Engineer', location?: string): Promise<string> {
    return (await one('upsert_position', { company_id: companyId, title, ...(location ? { location } : {}) })).id;
  }

  it('upsert_company: one company whatever the spelling; new spellings become aliases', async () => {
    const first = await one('upsert_company', { name: 'Acme', website: 'https://acme.example' });
    assert.equal(first.op, 'create');
    assert.equal(first.kind, 'company');
    assert.equal(first.ref, `company:${first.id}`);
    assert.deepEqual(first.alias, { id: first.id, ref: first.ref });
    for (const spelling of ['Acme', 'ACME, Inc.', 'ａｃｍｅ　ｌｔｄ', 'Acme 有限公司']) {
      const again = await one('upsert_company', { name: spelling });
      assert.equal(again.op, 'unchanged', spelling);
      assert.equal(again.id, first.id, spelling);
      assert.equal(again.existing?.name, 'Acme');
    }
    const withAlias = await one('upsert_company', { name: 'Acme Inc', aliases: ['阿克米', 'Acme Robotics'] });
    assert.equal(withAlias.op, 'update');
    assert.deepEqual(withAlias.changes, [{ field: 'aliases', before: [], after: ['阿克米', 'Acme Robotics'] }]);
    const byAlias = await one('upsert_company', { name: '阿克米有限公司' });
    assert.equal(byAlias.op, 'unchanged');
    assert.equal(byAlias.id, first.id);
    // A name it did not know, matched through an alias, is kept as one more alias; the name stays.
    const newName = await one('upsert_company', { name: 'Acme Holdings', aliases: ['Acme Robotics Co., Ltd.'] });
    assert.equal(newName.op, 'update');
    assert.equal(newName.id, first.id);
    const stored = store.get('company', first.id)!;
    assert.equal(stored.name, 'Acme');
    assert.deepEqual(stored.aliases, ['阿克米', 'Acme Robotics', 'Acme Holdings']);
    assert.equal(stored.website, 'https://acme.example');
    assert.equal(count('company'), 1);

    await company('Globex');
    const ambiguous = await one('upsert_company', { name: 'Globex', aliases: ['Acme'] });
    assert.equal(ambiguous.existing?.name, 'Globex', 'the one whose name matches is preferred');
    assert.match(ambiguous.warnings[0], /matches 2 companies .*"Globex" is used/);
    assert.equal(count('company'), 2);
  });

  it('upsert_position: one position per company, title and location (the fingerprint)', async () => {
    const c = await company();
    const first = await one('upsert_position', { company_id: c, title: 'AI Engineer – Agents', location: 'Beijing', deadline_at: '2026-03-31' });
    assert.equal(first.op, 'create');
    assert.equal(first.writes[0].fields.status, 'saved');
    assert.equal(first.writes[0].fields.deadline_at, '2026-03-31');
    const same = await one('upsert_position', { company_id: `company:${c}`, title: 'AI Engineer – Agents', location: 'Beijing' });
    assert.equal(same.op, 'unchanged');
    const respelled = await one('upsert_position', { company_id: c, title: 'ai engineer (agents)', location: ' beijing', status: 'applied' });
    assert.equal(respelled.op, 'update');
    assert.equal(respelled.id, first.id);
    assert.deepEqual(respelled.changes.map((x) => x.field), ['status'], 'title and location keep their stored spelling');
    assert.equal(store.get('position', first.id)?.status, 'applied');
    const elsewhere = await one('upsert_position', { company_id: c, title: 'AI Engineer – Agents', location: 'Shanghai' });
    assert.equal(elsewhere.op, 'create');
    const other = await company('Globex');
    assert.equal((await one('upsert_position', { company_id: other, title: 'AI Engineer – Agents', location: 'Beijing' })).op, 'create');
    assert.equal(count('position'), 3);
    await assert.rejects(one('upsert_position', { company_id: 'nope', title: 'x' }), (e: Error) => e instanceof ActionInputError && /company_id: there is no company with id nope/.test(e.message));
    await assert.rejects(one('upsert_position', { company_id: `person:${c}`, title: 'x' }), /must name a company, not a person/);
    await assert.rejects(one('upsert_position', { company_id: c, title: 'x', deadline_at: 'next Friday' }), /deadline_at: "next Friday" is not a date/);
  });

  it('upsert_person: by email first, else by name slug; a namesake with another email is another person', async () => {
    const jane = await one('upsert_person', { display_name: 'Jane Doe', email: 'jane@acme.example', roles: ['recruiter'] });
    assert.equal(jane.op, 'create');
    assert.equal(jane.writes[0].fields.slug, 'jane-doe');
    const byEmail = await one('upsert_person', { display_name: 'J. Doe', email: '  JANE@Acme.Example ' });
    assert.equal(byEmail.id, jane.id);
    assert.equal(byEmail.op, 'update');
    assert.deepEqual(byEmail.changes.map((c) => c.field), ['display_name'], 'an email that differs only in case is left as stored');
    assert.equal(store.get('person', jane.id)?.slug, 'jane-doe', 'the slug stays');
    assert.equal(store.get('person', jane.id)?.email, 'jane@acme.example');
    assert.equal((await one('upsert_person', { display_name: 'J. Doe', email: 'jane@acme.example' })).op, 'unchanged');

    const bob = await one('upsert_person', { display_name: 'Bob Smith' });
    const bobAgain = await one('upsert_person', { display_name: 'bob  SMITH', email: 'bob@globex.example' });
    assert.equal(bobAgain.id, bob.id, 'same slug, no email stored yet: the same person');
    const namesake = await one('upsert_person', { display_name: 'Bob Smith', email: 'bob@initech.example' });
    assert.equal(namesake.op, 'create');
    assert.equal(namesake.writes[0].fields.slug, 'bob-smith-2');
    assert.match(namesake.warnings[0], /another person, saved as bob-smith-2/);
    assert.equal((await one('upsert_person', { display_name: 'Bob Smith', email: 'bob@initech.example' })).id, namesake.id);
    assert.equal((await one('upsert_person', { display_name: '张三' })).writes[0].fields.slug, '张三');
    assert.equal(count('person'), 4);
    await assert.rejects(one('upsert_person', { display_name: 'X', email: 'not an email' }), /email: "not an email" is not an email address/);
  });

  it('create_application: one per position', async () => {
    const p = await position(await company());
    const first = await one('create_application', { position_id: p, applied_at: '2026-03-01', channel: 'referral' });
    assert.equal(first.op, 'create');
    assert.equal(first.writes[0].fields.status, 'applied');
    assert.equal((await one('create_application', { position_id: p })).op, 'unchanged');
    const moved = await one('create_application', { position_id: `position:${p}`, status: 'screening' });
    assert.equal(moved.op, 'update');
    assert.equal(moved.id, first.id);
    assert.equal(count('application'), 1);
  });

  it('create_interview: one per position and round (or start time); an application names its position', async () => {
    const p = await position(await company());
    const app = (await one('create_application', { position_id: p })).id;
    const r1 = await one('create_interview', { application_id: app, round_no: 1, kind: 'phone_screen', scheduled_at: '2026-03-03T10:00+08:00' });
    assert.equal(r1.op, 'create');
    assert.equal(r1.writes[0].fields.position_id, p);
    assert.equal(r1.writes[0].fields.scheduled_at, '2026-03-03T02:00:00.000Z');
    assert.equal((await one('create_interview', { position_id: p, round_no: 1 })).op, 'unchanged');
    const moved = await one('create_interview', { position_id: p, round_no: 1, scheduled_at: '2026-03-04T10:00Z' });
    assert.equal(moved.op, 'update');
    assert.equal(moved.id, r1.id);
    assert.equal((await one('create_interview', { position_id: p, round_no: 2 })).op, 'create');
    const noRound = await one('create_interview', { position_id: p, scheduled_at: '2026-03-10T10:00Z' });
    assert.equal(noRound.op, 'create');
    assert.equal((await one('create_interview', { position_id: p, scheduled_at: '2026-03-10T10:00Z' })).id, noRound.id);
    assert.equal(count('interview'), 3);
    // No position known yet (an interview logged from its diagnosis): kept without one, deduplicated by its time only.
    const unplaced = await one('create_interview', { round_no: 1, scheduled_at: '2026-03-12T10:00Z' });
    assert.equal(unplaced.op, 'create');
    assert.equal(unplaced.writes[0].fields.position_id, null);
    assert.equal((await one('create_interview', { round_no: 3, scheduled_at: '2026-03-12T10:00Z' })).id, unplaced.id, 'the same moment is the same interview');
    assert.equal((await one('create_interview', { round_no: 1 })).op, 'create', 'a round says nothing without a position');
    assert.equal(count('interview'), 5);
    const other = await position(await company('Globex'));
    await assert.rejects(one('create_interview', { position_id: other, application_id: app }), /is for another position/);
  });

  it('create_offer: one per position; a revision updates it', async () => {
    const p = await position(await company());
    const first = await one('create_offer', { position_id: p, base: '50万', currency: 'CNY' });
    assert.equal(first.op, 'create');
    assert.equal(first.writes[0].fields.base, 500000, 'numbers are normalised from what people write');
    assert.equal((await one('create_offer', { position_id: p, currency: 'CNY' })).op, 'unchanged');
    assert.equal((await one('create_offer', { position_id: p, base: 550000 })).op, 'update');
    assert.equal(count('offer'), 1);
  });

  it('create_note: the same title and text is one note', async () => {
    const first = await one('create_note', { title: 'Prep', body_md: 'Read about RAG.\n' });
    assert.equal(first.op, 'create');
    assert.equal((await one('create_note', { title: 'prep', body_md: 'Read about RAG.' })).op, 'unchanged');
    const c = await company();
    const about = await one('create_note', { title: 'Prep', body_md: 'Read about RAG.', about: `company:${c}` });
    assert.equal(about.op, 'update');
    assert.equal(about.id, first.id);
    assert.equal((await one('create_note', { title: 'Prep', body_md: 'Read about agents.' })).op, 'create');
    assert.equal(count('note'), 2);
    await assert.rejects(one('create_note', { body_md: 'x', about: 'company' }), /about must be a record reference "kind:id"/);
  });

  it('create_event: same title and start is one event; its people are merged', async () => {
    const a = (await one('upsert_person', { display_name: 'Ann' })).id;
    const b = (await one('upsert_person', { display_name: 'Ben' })).id;
    const first = await one('create_event', { kind: 'coffee_chat', title: 'Coffee chat', occurred_at: '2026-03-05T10:00Z', person_ids: [a] });
    assert.equal(first.op, 'create');
    assert.equal((await one('create_event', { kind: 'coffee_chat', title: 'coffee  chat', occurred_at: '2026-03-05T18:00+08:00' })).op, 'unchanged');
    const more = await one('create_event', { kind: 'coffee_chat', title: 'Coffee chat', occurred_at: '2026-03-05T10:00Z', person_ids: [`person:${b}`] });
    assert.equal(more.op, 'update');
    assert.deepEqual(store.get('event', first.id)?.person_ids, [a, b]);
    assert.equal((await one('create_event', { kind: 'coffee_chat', title: 'Coffee chat', occurred_at: '2026-03-06T10:00Z' })).op, 'create');
    assert.equal(count('event'), 2);
    await assert.rejects(one('create_event', { kind: 'coffee_chat', title: 'x', occurred_at: '2026-03-05T10:00Z', ends_at: '2026-03-05T09:00Z' }), /is before occurred_at/);
  });

  it('create_reminder: same title, time and subject is one reminder, and a done one is not reopened', async () => {
    const c = await company();
    const first = await one('create_reminder', { title: 'Apply before deadline', due_at: '2026-03-28', target: `company:${c}` });
    assert.equal(first.op, 'create');
    assert.equal(first.writes[0].fields.done, false);
    await store.update('reminder', first.id, { done: true });
    const again = await one('create_reminder', { title: 'apply before deadline', due_at: '2026-03-28', target: `company:${c}` });
    assert.equal(again.op, 'unchanged');
    assert.equal(store.get('reminder', first.id)?.done, true);
    assert.equal((await one('create_reminder', { title: 'Apply before deadline', due_at: '2026-03-28' })).op, 'create', 'about nothing is another reminder');
    assert.equal(count('reminder'), 2);
  });

  it('add_tags: tags found by name whatever the case, added once', async () => {
    const c = await company();
    const first = await one('add_tags', { entity: `company:${c}`, names: ['Remote', 'dream job', 'REMOTE '] });
    assert.equal(first.op, 'update');
    assert.equal(first.kind, 'company');
    assert.deepEqual(first.writes.map((w) => `${w.op} ${w.kind}`), ['create tag', 'create entity_tag', 'create tag', 'create entity_tag']);
    assert.deepEqual(first.changes, [{ field: 'tags', before: [], after: ['Remote', 'dream job'] }]);
    const again = await one('add_tags', { entity: `company:${c}`, names: ['remote', 'Dream Job'] });
    assert.equal(again.op, 'unchanged');
    assert.deepEqual(again.writes, []);
    const p = await position(c);
    const other = await one('add_tags', { entity: `position:${p}`, names: ['remote'] });
    assert.deepEqual(other.writes.map((w) => `${w.op} ${w.kind}`), ['create entity_tag'], 'the existing tag is reused');
    assert.equal(count('tag'), 2);
    assert.equal(count('entity_tag'), 3);
  });

  it('link: a controlled vocabulary; the same link twice (related_to either way) is one', async () => {
    const c = await company();
    const jane = (await one('upsert_person', { display_name: 'Jane' })).id;
    const first = await one('link', { source: `person:${jane}`, relation: 'works_at', target: `company:${c}` });
    assert.equal(first.op, 'create');
    assert.equal((await one('link', { source: `person:${jane}`, relation: 'works_at', target: `company:${c}` })).op, 'unchanged');
    const rel = await one('link', { source: `company:${c}`, relation: 'related_to', target: `person:${jane}` });
    assert.equal(rel.op, 'create');
    assert.equal((await one('link', { source: `person:${jane}`, relation: 'related_to', target: `company:${c}` })).id, rel.id);
    assert.equal(count('link'), 2);
    await assert.rejects(one('link', { source: `person:${jane}`, relation: 'married_to', target: `company:${c}` }), (e: Error) => e instanceof ActionInputError
      && e.message.includes('relation') && Object.keys(LINK_RELATIONS).every((r) => e.message.includes(r)));
    await assert.rejects(one('link', { source: `company:${c}`, relation: 'works_at', target: `person:${jane}` }), /relation "works_at" goes from person to company, not from company to person/);
    await assert.rejects(one('link', { source: `person:${jane}`, relation: 'related_to', target: `person:${jane}` }), /cannot be linked to itself/);
    await assert.rejects(one('link', { source: 'person:ghost', relation: 'works_at', target: `company:${c}` }), /source: there is no person with id ghost/);
  });

  it('attach: workspace files (hashed) and web addresses; a changed file is an update', async () => {
    const c = await company();
    fs.mkdirSync(path.join(ws(), 'docs'));
    fs.writeFileSync(path.join(ws(), 'docs', 'resume.pdf'), 'v1');
    const first = await one('attach', { entity: `company:${c}`, path: 'docs/resume.pdf', title: 'Resume' });
    assert.equal(first.op, 'create');
    assert.equal(first.writes[0].fields.path, 'docs/resume.pdf');
    assert.equal(first.writes[0].fields.mime, 'application/pdf');
    assert.equal(first.writes[0].fields.bytes, 2);
    assert.equal((await one('attach', { entity: `company:${c}`, path: path.join(ws(), 'docs', 'resume.pdf') })).op, 'unchanged', 'an absolute path inside the workspace is the same file');
    fs.writeFileSync(path.join(ws(), 'docs', 'resume.pdf'), 'v2!');
    const changed = await one('attach', { entity: `company:${c}`, path: 'docs/./resume.pdf' });
    assert.equal(changed.op, 'update');
    assert.deepEqual(changed.changes.map((x) => x.field), ['bytes', 'sha256']);
    const web = await one('attach', { entity: `company:${c}`, uri: 'https://acme.example/jobs/1' });
    assert.equal(web.op, 'create');
    assert.equal((await one('attach', { entity: `company:${c}`, uri: 'https://acme.example/jobs/1' })).op, 'unchanged');
    assert.equal(count('attachment'), 2);
  });

  it('attach: paths that leave the workspace are refused', async () => {
    const c = await company();
    const entity = `company:${c}`;
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside');
    fs.writeFileSync(path.join(ws(), 'inside.txt'), 'inside');
    fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(ws(), 'link-out.txt'));
    fs.symlinkSync(dir, path.join(ws(), 'dir-out'));
    const refused: Array<[Record<string, unknown>, RegExp]> = [
      [{ path: '../secret.txt' }, /contains "\.\."/],
      [{ path: 'sub/../inside.txt' }, /contains "\.\."/],
      [{ path: '..\\secret.txt' }, /contains "\.\."/],
      [{ path: path.join(dir, 'secret.txt') }, /outside the workspace folder/],
      [{ path: '/etc/passwd' }, /outside the workspace folder/],
      [{ path: 'link-out.txt' }, /links to a place outside the workspace folder/],
      [{ path: 'dir-out/secret.txt' }, /links to a place outside the workspace folder/],
      [{ path: 'missing.txt' }, /does not exist in the workspace/],
      [{ path: '.' }, /is not a file/],
      [{ uri: 'file:///etc/passwd' }, /uri must be http or https/],
      [{ uri: 'https://x.example', path: 'inside.txt' }, /give one of attachment_id .*, not path and uri/],
      [{}, /give one of attachment_id \(an attachment record or of the input\), path \(a workspace file\) or uri \(a web address\)$/],
    ];
    for (const [params, why] of refused) {
      await assert.rejects(one('attach', { entity, ...params }), (e: Error) => e instanceof ActionInputError && why.test(e.message), JSON.stringify(params));
    }
    assert.throws(() => planActions([{ primitive: 'attach', params: { entity, path: 'inside.txt' } }], store), /no workspace folder is open/);
    assert.equal(count('attachment'), 0);
  });

  it('update_entity: changes checked fields; the same values again are unchanged', async () => {
    const p = await position(await company());
    const first = await one('update_entity', { entity: `position:${p}`, patch: { status: 'interviewing', salary: '40k' } });
    assert.equal(first.op, 'update');
    assert.equal(first.kind, 'position');
    assert.deepEqual(first.changes.map((c) => c.field), ['status', 'salary']);
    assert.equal((await one('update_entity', { entity: `position:${p}`, patch: { status: 'interviewing' } })).op, 'unchanged');
    const cleared = await one('update_entity', { entity: `position:${p}`, patch: { salary: '' } });
    assert.deepEqual(cleared.changes, [{ field: 'salary', before: '40k', after: null }]);
    await assert.rejects(one('update_entity', { entity: `position:${p}`, patch: { colour: 'red' } }), /unknown field "colour"/);
    await assert.rejects(one('update_entity', { entity: `position:${p}`, patch: { title_key: 'x' } }), /computed from the other fields/);
    await assert.rejects(one('update_entity', { entity: `position:${p}`, patch: {} }), /fields/);
  });

  it('create_document_version: numbered versions; the same text as the latest is not stored twice', async () => {
    const first = await one('create_document_version', { kind: 'resume', source_content: 'Resume v1', title: 'Resume' });
    assert.equal(first.op, 'create');
    assert.equal(first.writes[0].fields.version, 1);
    assert.equal((await one('create_document_version', { kind: 'resume', source_content: 'Resume v1' })).op, 'unchanged');
    const second = await one('create_document_version', { kind: 'resume', source_content: 'Resume v2' });
    assert.equal(second.op, 'create');
    assert.equal(second.writes[0].fields.version, 2);
    const p = await position(await company());
    const tailored = await one('create_document_version', { entity: `position:${p}`, kind: 'resume', source_content: 'Resume v2' });
    assert.equal(tailored.writes[0].fields.version, 1, 'versions are counted per record and kind');
    assert.equal(count('document_version'), 3);
  });

  it('save_diagnosis: one per report; a new score updates it', async () => {
    const first = await one('save_diagnosis', { report_id: 'r1', source: 'mock.txt', score: 72, report_created_at: '2026-03-01T08:00Z' });
    assert.equal(first.op, 'create');
    assert.equal((await one('save_diagnosis', { report_id: 'r1', source: 'mock.txt', score: '72' })).op, 'unchanged');
    assert.equal((await one('save_diagnosis', { report_id: 'r1', source: 'mock.txt', score: 80 })).op, 'update');
    assert.equal(count('diagnosis'), 1);
    await assert.rejects(one('save_diagnosis', { report_id: 'r2', source: 'x', score: 120 }), /score/);
  });
});
