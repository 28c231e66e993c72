import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { planActions, applyActions, type ActionInput } from '../../src/core/skills/actions/runActions';
import { RecordsError } from '../../src/core/records/errors';
import { companyKey, normalizeWhen, positionFingerprint, slugify, textKey } from '../../src/core/records/normalize';
import { RecordsStore, recordsFileBeside } from '../../src/core/records/recordsStore';
import { ENTITY_KINDS, TABLES } from '../../src/core/records/schema';
import { tempDir } from './helpers';

const T0 = new Date('2026-03-01T09:00:00.000Z');
const fixedClock = () => T0;

/** Runs actions through plan and apply, as a skill run would. */
async function run(store: RecordsStore, actions: ActionInput[], skill = 'test_skill') {
  const planned = planActions(actions, store);
  const outcome = await applyActions(planned, store, { skill, version: 1 });
  return { planned, outcome };
}

describe('records: normalisation rules', () => {
  it('company keys ignore case, width, spacing, punctuation and legal suffixes (English and CJK)', () => {
    const same = ['Acme', 'ACME Inc.', 'Acme, Inc', 'acme  incorporated', 'Ａｃｍｅ　Ｉｎｃ．', 'Acme Co., Ltd.', 'A.C.M.E.', 'Acme LLC', 'acme\u200b'];
    for (const s of same) assert.equal(companyKey(s), 'acme', s);
    assert.equal(companyKey('Open AI'), companyKey('OpenAI, Inc.'));
    assert.equal(companyKey('腾讯公司'), '腾讯');
    assert.equal(companyKey('北京字节跳动科技有限公司'), '北京字节跳动科技');
    assert.equal(companyKey('阿里巴巴（中国）有限公司'), '阿里巴巴中国');
    assert.equal(companyKey('某某股份有限公司'), '某某');
    assert.equal(companyKey('株式会社メルカリ'), 'メルカリ');
    // A suffix alone is still a name, and a suffix inside a name is kept.
    assert.equal(companyKey('Company'), 'company');
    assert.equal(companyKey('有限公司'), '有限公司');
    assert.equal(companyKey('Incubator Labs'), 'incubatorlabs');
    assert.notEqual(companyKey('Acme'), companyKey('Acme Labs'));
  });

  it('titles compare without separators and case but keep meaningful symbols; fingerprints include the place', () => {
    assert.equal(textKey('Senior Engineer – Agents (Beijing)'), 'senior engineer agents beijing');
    assert.equal(textKey('  LLM 应用工程师／Agent  '), textKey('llm 应用工程师 agent'));
    assert.notEqual(textKey('C# Engineer'), textKey('C Engineer'));
    assert.equal(positionFingerprint('c1', 'AI Engineer', 'Beijing'), positionFingerprint('c1', 'ai  engineer', 'BEIJING'));
    assert.notEqual(positionFingerprint('c1', 'AI Engineer', 'Beijing'), positionFingerprint('c1', 'AI Engineer', 'Shanghai'));
    assert.notEqual(positionFingerprint('c1', 'AI Engineer'), positionFingerprint('c2', 'AI Engineer'));
    assert.match(positionFingerprint('c1', 'AI Engineer'), /^[0-9a-f]{32}$/);
  });

  it('slugs and dates', () => {
    assert.equal(slugify('José Núñez'), 'jose-nunez');
    assert.equal(slugify('  Jane   DOE '), 'jane-doe');
    assert.equal(slugify('张三'), '张三');
    assert.equal(slugify('がくせい'), 'がくせい');
    assert.equal(slugify('!!!'), 'person');
    assert.equal(normalizeWhen('2026-03-01'), '2026-03-01');
    assert.equal(normalizeWhen('2026-03-01T10:00:00+08:00'), '2026-03-01T02:00:00.000Z');
    assert.equal(normalizeWhen('2026-03-01 10:00Z'), '2026-03-01T10:00:00.000Z');
    for (const bad of ['2026-02-30', '2026-02-30T10:00Z', 'next Friday', 'March 1', '2026-3-1', '']) assert.equal(normalizeWhen(bad), null, bad);
  });
});

describe('records store', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = tempDir('il-records-');
    file = path.join(dir, 'records.sqlite');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates every table with id, timestamps and created_by_run, and a file only on the first write', async () => {
    const store = await RecordsStore.open(file, { clock: fixedClock });
    assert.equal(fs.existsSync(file), false, 'opening must not write');
    await store.recordRun({ skill: 's' }, 'invalid', { error: 'bad output' });
    const SQL = await initSqlJs();
    const db = new SQL.Database(fs.readFileSync(file));
    const tables = new Set((db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((r) => String(r[0])));
    for (const kind of ENTITY_KINDS) {
      assert.ok(tables.has(kind), `no table ${kind}`);
      const cols = (db.exec(`PRAGMA table_info("${kind}")`)[0]?.values ?? []).map((r) => String(r[1]));
      for (const c of ['id', 'created_at', 'updated_at', 'created_by_run', 'updated_by_run']) assert.ok(cols.includes(c), `${kind}.${c}`);
    }
    assert.ok(tables.has('ingest_run'));
    const runCols = (db.exec('PRAGMA table_info(ingest_run)')[0]?.values ?? []).map((r) => String(r[1]));
    for (const c of ['id', 'skill', 'version', 'prompt_hash', 'raw_output', 'validation', 'tokens', 'duration_ms', 'status', 'created_at']) assert.ok(runCols.includes(c), c);
    db.close();
    assert.equal(TABLES.length, ENTITY_KINDS.length);
    assert.equal(recordsFileBeside('/h/history.sqlite'), path.join('/h', 'records.sqlite'));
  });

  it('audits every run: skill, version, prompt hash, raw output, validation, tokens, duration, status', async () => {
    const store = await RecordsStore.open(file, { clock: fixedClock });
    const planned = planActions([{ primitive: 'create_note', params: { body_md: 'hello' } }], store);
    const { runId } = await applyActions(planned, store, {
      skill: 'capture_note', version: 3, promptHash: 'abc', rawOutput: '{"body":"hello"}', validation: { valid: true, repairs: 0 }, tokens: { input: 10, output: 5 }, durationMs: 42,
    });
    const r = store.run(runId)!;
    assert.deepEqual(
      { skill: r.skill, version: r.version, prompt_hash: r.prompt_hash, raw_output: r.raw_output, validation: r.validation, tokens: r.tokens, duration_ms: r.duration_ms, status: r.status, created_at: r.created_at },
      { skill: 'capture_note', version: 3, prompt_hash: 'abc', raw_output: '{"body":"hello"}', validation: { valid: true, repairs: 0 }, tokens: { input: 10, output: 5 }, duration_ms: 42, status: 'ok', created_at: T0.toISOString() },
    );
    assert.deepEqual((r.actions as Array<{ op: string }>).map((a) => a.op), ['create']);
    const note = store.list('note')[0];
    assert.equal(note.created_by_run, runId);
    assert.equal(note.updated_by_run, runId);
    assert.equal(note.created_at, T0.toISOString());
    const dry = await store.recordRun({ skill: 'capture_note', version: 3 }, 'dry_run');
    assert.deepEqual(store.runs(10).map((x) => x.status).sort(), ['dry_run', 'ok']);
    assert.equal(await store.deleteRun(dry), true);
    assert.deepEqual(store.runs(10).map((x) => x.id), [runId]);
  });

  it('lists with filters and order, gets, and refuses unknown kinds and fields', async () => {
    const store = await RecordsStore.open(file, { clock: fixedClock });
    await run(store, [
      { primitive: 'upsert_company', params: { name: 'Acme' } },
      { primitive: 'upsert_company', params: { name: 'Globex' } },
    ]);
    const acme = store.list('company', { name: 'Acme' })[0];
    assert.equal(store.get('company', acme.id)?.name, 'Acme');
    assert.deepEqual(acme.aliases, []);
    assert.deepEqual(store.list('company', {}, { orderBy: 'name', descending: true }).map((c) => c.name), ['Globex', 'Acme']);
    assert.deepEqual(store.list('company', {}, { limit: 1 }).map((c) => c.name), ['Acme']);
    assert.equal(store.get('company', 'nope'), undefined);
    assert.throws(() => store.list('company', { nope: 1 }), (e: Error) => e instanceof RecordsError && /no field "nope"/.test(e.message));
    assert.throws(() => store.list('wombat' as never), /unknown record kind "wombat"; the kinds are company, position/);
  });

  it('updates by hand: checked fields, derived keys follow, unique keys refused with a sentence', async () => {
    const store = await RecordsStore.open(file, { clock: fixedClock });
    await run(store, [{ primitive: 'upsert_company', params: { name: 'Acme' } }]);
    const c = store.list('company')[0];
    await run(store, [
      { primitive: 'upsert_position', params: { company_id: c.id, title: 'AI Engineer', location: 'Beijing' } },
      { primitive: 'upsert_position', params: { company_id: c.id, title: 'AI Engineer', location: 'Shanghai' } },
      { primitive: 'create_reminder', params: { title: 'Follow up', due_at: '2026-03-05' } },
    ]);
    const [bj, sh] = store.list('position');
    const renamed = await store.update('company', c.id, { name: 'Acme Robotics', website: 'https://acme.example' });
    assert.equal(renamed.name_key, 'acmerobotics');
    assert.equal(renamed.updated_by_run, null, 'a change by hand is nobody\'s run');
    const moved = await store.update('position', sh.id, { location: 'Hangzhou', deadline_at: '2026-04-01T18:00+08:00' });
    assert.equal(moved.fingerprint, positionFingerprint(c.id, 'AI Engineer', 'Hangzhou'));
    assert.equal(moved.deadline_at, '2026-04-01T10:00:00.000Z');
    await assert.rejects(store.update('position', sh.id, { location: 'beijing' }), (e: Error) => e instanceof RecordsError && e.code === 'conflict' && /another position already has this company, title and location/.test(e.message));
    await assert.rejects(store.update('position', bj.id, { fingerprint: 'x' }), /computed from the other fields/);
    await assert.rejects(store.update('position', bj.id, { status: 'dreaming' }), /must be one of/);
    await assert.rejects(store.update('position', bj.id, { company_id: 'missing' }), /there is no company with id missing/);
    await assert.rejects(store.update('position', bj.id, { deadline_at: 'soon' }), /is not a date/);
    await assert.rejects(store.update('position', 'nope', { title: 'x' }), (e: Error) => e instanceof RecordsError && e.code === 'not_found');
    const cleared = await store.update('position', bj.id, { location: '' });
    assert.equal(cleared.location, null);
    const r = store.list('reminder')[0];
    assert.equal((await store.update('reminder', r.id, { done: true })).done, true);
  });

  it('delete: refuses while dependents exist, cascades on request, detaches pointers, removes tags and links', async () => {
    const store = await RecordsStore.open(file, { clock: fixedClock });
    const cid = (await run(store, [{ primitive: 'upsert_company', params: { name: 'Acme' } }])).outcome.actions[0].id;
    await run(store, [
      { primitive: 'upsert_position', params: { company_id: cid, title: 'AI Engineer' }, as: 'p' },
      { primitive: 'upsert_person', params: { display_name: 'Jane Doe', company_id: cid }, as: 'jane' },
      { primitive: 'add_tags', params: { entity: `company:${cid}`, names: ['dream'] } },
      { primitive: 'create_reminder', params: { title: 'Research Acme', due_at: '2026-03-02', target: `company:${cid}` } },
    ]);
    const pid = store.list('position')[0].id;
    const jane = store.list('person')[0];
    await run(store, [
      { primitive: 'create_application', params: { position_id: pid } },
      { primitive: 'create_interview', params: { position_id: pid, round_no: 1, interviewer_ids: [jane.id] } },
      { primitive: 'link', params: { source: `person:${jane.id}`, relation: 'works_at', target: `company:${cid}` } },
    ]);
    await assert.rejects(store.delete('company', cid), (e: Error) => e instanceof RecordsError && e.code === 'restricted'
      && /cannot delete company "Acme": company "Acme" has 1 position \(position "AI Engineer"\)/.test(e.message) && /cascade/.test(e.message));
    assert.equal(store.list('company').length, 1, 'a refused delete deletes nothing');

    const out = await store.delete('company', cid, { cascade: true });
    const deletedKinds = out.deleted.map((d) => d.kind).sort();
    assert.deepEqual(deletedKinds, ['application', 'company', 'entity_tag', 'interview', 'link', 'position']);
    assert.deepEqual(out.detached.map((d) => `${d.kind}.${d.field}`).sort(), ['person.company_id', 'reminder.target_id']);
    assert.equal(store.get('person', jane.id)?.company_id, null, 'Jane stays, without a company');
    const reminder = store.list('reminder')[0];
    assert.equal(reminder.target_kind, null);
    assert.equal(reminder.target_id, null);
    assert.equal(store.list('tag').length, 1, 'the tag itself stays; only its use on the company goes');

    // Deleting a person takes them out of the lists that name them.
    const bob = (await run(store, [{ primitive: 'upsert_person', params: { display_name: 'Bob' } }])).outcome.actions[0].id;
    await run(store, [{ primitive: 'create_event', params: { kind: 'coffee_chat', title: 'Coffee', occurred_at: '2026-03-03T10:00Z', person_ids: [jane.id, bob] } }]);
    const del = await store.delete('person', jane.id);
    assert.deepEqual(del.detached.map((d) => `${d.kind}.${d.field}`), ['event.person_ids']);
    assert.deepEqual(store.list('event')[0].person_ids, [bob]);
    await assert.rejects(store.delete('person', jane.id), (e: Error) => e instanceof RecordsError && e.code === 'not_found');
  });

  it('dueReminders: not done, due by now; a date-only reminder is due from its local day', async () => {
    const store = await RecordsStore.open(file, { clock: fixedClock });
    await run(store, [
      { primitive: 'create_reminder', params: { title: 'past moment', due_at: '2026-03-01T08:00:00Z' } },
      { primitive: 'create_reminder', params: { title: 'future moment', due_at: '2026-03-01T10:00:00Z' } },
      { primitive: 'create_reminder', params: { title: 'two days ago', due_at: '2026-02-27' } },
      { primitive: 'create_reminder', params: { title: 'in two days', due_at: '2026-03-03' } },
      { primitive: 'create_reminder', params: { title: 'done already', due_at: '2026-02-01' } },
    ]);
    const done = store.list('reminder', { title: 'done already' })[0];
    await store.update('reminder', done.id, { done: true });
    const now = new Date('2026-03-01T09:00:00Z');
    assert.deepEqual(store.dueReminders(now).map((r) => r.title), ['two days ago', 'past moment']);
    assert.deepEqual(store.dueReminders(new Date('2026-03-05T12:00:00Z')).map((r) => r.title), ['two days ago', 'past moment', 'future moment', 'in two days']);
  });

  it('two stores on one file see each other\'s writes (SharedDatabase)', async () => {
    const a = await RecordsStore.open(file, { clock: fixedClock });
    const b = await RecordsStore.open(file, { clock: fixedClock });
    await run(a, [{ primitive: 'upsert_company', params: { name: 'Acme' } }]);
    assert.deepEqual(b.list('company').map((c) => c.name), ['Acme']);
    // B plans against what A wrote: the same company is found, not doubled.
    const { planned } = await run(b, [{ primitive: 'upsert_company', params: { name: 'ACME, Inc.', website: 'https://acme.example' } }]);
    assert.equal(planned[0].op, 'update');
    assert.equal(a.list('company')[0].website, 'https://acme.example');
    await Promise.all([
      run(a, [{ primitive: 'create_note', params: { body_md: 'from a' } }]),
      run(b, [{ primitive: 'create_note', params: { body_md: 'from b' } }]),
    ]);
    assert.deepEqual(a.list('note').map((n) => n.body_md).sort(), ['from a', 'from b']);
    assert.equal(b.runs(10).length, 4);
  });

  it('brings an older layout up to date (added columns) and refuses a newer one', async () => {
    const SQL = await initSqlJs();
    const old = new SQL.Database();
    old.run('CREATE TABLE company (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, created_by_run TEXT, updated_by_run TEXT, name TEXT NOT NULL, name_key TEXT NOT NULL, aliases TEXT NOT NULL DEFAULT \'[]\')');
    old.run("INSERT INTO company (id, created_at, updated_at, name, name_key) VALUES ('c1', 'x', 'x', 'Acme', 'acme')");
    fs.writeFileSync(file, old.export());
    old.close();
    const store = await RecordsStore.open(file, { clock: fixedClock });
    assert.equal(store.get('company', 'c1')?.website, null);
    assert.equal((await store.update('company', 'c1', { industry: 'robots' })).industry, 'robots');
    store.close();

    const newer = new SQL.Database(fs.readFileSync(file));
    newer.run("UPDATE records_meta SET value = '99' WHERE key = 'schema_version'");
    fs.writeFileSync(file, newer.export());
    newer.close();
    await assert.rejects(RecordsStore.open(file), /written by a newer Interview Lens \(layout 99/);
  });

  it('layout 1 → 2: the interview table is rebuilt without NOT NULL on position_id, its rows and indexes kept', async () => {
    const SQL = await initSqlJs();
    const old = new SQL.Database();
    old.run('CREATE TABLE interview (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, created_by_run TEXT, updated_by_run TEXT, position_id TEXT NOT NULL, application_id TEXT, scheduled_at TEXT, round INTEGER, kind TEXT, duration_minutes INTEGER, location TEXT, interviewer_ids TEXT DEFAULT \'[]\', outcome TEXT NOT NULL DEFAULT \'pending\', notes TEXT)');
    old.run("INSERT INTO interview (id, created_at, updated_at, position_id, round, notes) VALUES ('i1', 'x', 'x', 'p1', 2, 'kept')");
    old.run('CREATE TABLE records_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    old.run("INSERT INTO records_meta VALUES ('schema_version', '1')");
    fs.writeFileSync(file, old.export());
    old.close();
    const store = await RecordsStore.open(file, { clock: fixedClock });
    const kept = store.get('interview', 'i1')!;
    assert.equal(kept.position_id, 'p1');
    assert.equal(kept.round_no, 2);
    assert.equal(kept.notes, 'kept');
    const { planned } = await run(store, [{ primitive: 'create_interview', params: { scheduled_at: '2026-03-02T10:00Z', notes: 'from a diagnosis' } }]);
    assert.equal(store.get('interview', planned[0].id)?.position_id, null, 'an interview without a position is stored');
    store.close();
    const db = new SQL.Database(fs.readFileSync(file));
    try {
      const notNull = db.exec('PRAGMA table_info(interview)')[0].values.find((r) => r[1] === 'position_id')![3];
      assert.equal(notNull, 0);
      const indexes = db.exec("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'interview' AND name NOT LIKE 'sqlite_%'")[0].values.map((r) => String(r[0])).sort();
      assert.deepEqual(indexes, ['interview_position_id', 'interview_run']);
      assert.equal(db.exec("SELECT value FROM records_meta WHERE key = 'schema_version'")[0].values[0][0], '3');
    } finally {
      db.close();
    }
  });

  it('an unreadable file is reported and never overwritten', async () => {
    fs.writeFileSync(file, 'not a database');
    await assert.rejects(RecordsStore.open(file), /cannot be read/);
    assert.equal(fs.readFileSync(file, 'utf8'), 'not a database');
  });
});
