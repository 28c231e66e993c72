import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { applyActions, planActions } from '../../src/core/skills/actions/runActions';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { tempDir } from './helpers';

/** A records file written by main's code in layout 2, every table and column filled (ids v2-01…). */
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'records', 'v2.sqlite');

describe('records layout 2 → 3 (the spec\'s names)', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = tempDir('il-v3-');
    file = path.join(dir, 'records.sqlite');
    fs.copyFileSync(FIXTURE, file);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('every v2 row survives with its values under the new names', async () => {
    const store = await RecordsStore.open(file, { clock: () => new Date('2026-03-01T00:00:00Z') });
    try {
      const [company] = store.list('company');
      assert.deepEqual([company.name, company.aliases, company.website, company.industry, company.location, company.notes, company.description_md],
        ['Acme', ['阿克米'], 'https://acme.example', 'robots', 'Beijing', 'company notes', null]);
      const [position] = store.list('position');
      assert.deepEqual(
        [position.title, position.location, position.source_url, position.status, position.deadline_at, position.salary, position.employment_type, position.description_md, position.source, position.requirements, position.work_mode],
        ['AI Engineer', 'Beijing', 'https://acme.example/jobs/1', 'applied', '2026-03-15', '30-50k', 'full-time', 'Build agents.', 'linkedin', [], null],
      );
      for (const old of ['url', 'deadline', 'description']) assert.equal(old in position, false, `position.${old} is gone`);
      const [person] = store.list('person');
      assert.deepEqual([person.display_name, person.slug, person.email, person.roles, person.phone, person.url, person.notes, person.company_id],
        ['Jane Doe', 'jane-doe', 'jane@acme.example', ['recruiter'], '123', 'https://jane.example', 'person notes', company.id]);
      assert.equal('role' in person || 'name' in person, false);
      const [app] = store.list('application');
      assert.deepEqual([app.status, app.applied_at, app.channel, app.referrer_id, app.notes, app.resume_version_id], ['interviewing', '2026-02-01', 'referral', person.id, 'app notes', null]);
      const [iv] = store.list('interview');
      assert.deepEqual([iv.round_no, iv.kind, iv.scheduled_at, iv.duration_minutes, iv.interviewer_ids, iv.outcome, iv.notes, iv.application_id],
        [2, 'technical', '2026-02-10T10:00:00.000Z', 60, [person.id], 'passed', 'iv notes', app.id]);
      const [offer] = store.list('offer');
      assert.deepEqual([offer.base, offer.currency, offer.bonus, offer.bonus_terms, offer.equity, offer.equity_terms, offer.deadline, offer.status, offer.notes],
        [400000, 'CNY', null, '3 months', 10000, null, '2026-03-01', 'negotiating', 'offer notes'], 'a plain amount became a number; words stayed words');
      const [note] = store.list('note');
      assert.deepEqual([note.title, note.body_md, note.source, note.entity_kind, note.entity_id], ['Prep', 'Remember the STAR method.', 'chat', 'position', position.id]);
      const [event] = store.list('event');
      assert.deepEqual([event.title, event.kind, event.occurred_at, event.ends_at, event.location, event.person_ids, event.body_md],
        ['Coffee with Jane', 'other', '2026-02-05T09:00:00.000Z', '2026-02-05T10:00:00.000Z', 'cafe', [person.id], 'Talked about the team.']);
      const [reminder] = store.list('reminder');
      assert.deepEqual([reminder.title, reminder.due_at, reminder.target_kind, reminder.target_id, reminder.source, reminder.notes, reminder.done],
        ['Send thank-you', '2026-02-11', 'interview', iv.id, 'skill', 'rem notes', false]);
      assert.deepEqual(store.list('tag').map((t) => [t.namespace, t.name]).sort(), [['general', 'Remote'], ['general', 'dream job']]);
      assert.equal(store.list('entity_tag').length, 2);
      const [link] = store.list('link');
      assert.deepEqual([link.source_kind, link.source_id, link.relation, link.target_kind, link.target_id, link.notes], ['person', person.id, 'attended', 'event', event.id, 'link notes']);
      const [att] = store.list('attachment');
      assert.deepEqual([att.path, att.title, att.relation, att.entity_kind], ['cv.md', 'CV sent', 'attachment', 'application']);
      const docs = store.list('document_version').map((d) => [d.asset_id, d.kind, d.version, d.source_content, d.title]);
      assert.deepEqual(docs, [[`resume@application:${app.id}`, 'resume', 1, 'Resume v1', 'First'], ['cover_letter', 'cover_letter', 1, 'Dear Acme', 'Letter']]);
      const [diag] = store.list('diagnosis');
      assert.deepEqual([diag.report_id, diag.score, diag.interview_id], ['r1', 72, iv.id]);
      assert.equal(store.runs()[0].id, 'v2-run', 'the audit of runs is kept');
    } finally {
      store.close();
    }
  });

  it('writing works afterwards: old assets continue, tags dedupe in general, the file says layout 3', async () => {
    const store = await RecordsStore.open(file, { clock: () => new Date('2026-03-01T00:00:00Z') });
    try {
      const [app] = store.list('application');
      const [position] = store.list('position');
      const planned = planActions([
        { primitive: 'create_document_version', params: { kind: 'resume', entity: `application:${app.id}`, source_content: 'Resume v2' } },
        { primitive: 'add_tags', params: { entity: `position:${position.id}`, names: ['remote', 'python'] } },
        { primitive: 'upsert_person', params: { display_name: 'Jane Doe', email: 'jane@acme.example', roles: ['interviewer'] } },
        { primitive: 'upsert_position', params: { company_id: position.company_id, title: 'AI Engineer', location: 'Beijing', work_mode: 'onsite', interest_level: 3 } },
      ], store);
      assert.deepEqual(planned.map((p) => p.op), ['create', 'update', 'update', 'update']);
      await applyActions(planned, store, { skill: 'after' });
      const v2 = store.list('document_version', { asset_id: `resume@application:${app.id}` }, { orderBy: 'version' }).map((d) => d.version);
      assert.deepEqual(v2, [1, 2], 'an old-form call continues the versions of the migrated document');
      assert.deepEqual(store.list('tag').map((t) => t.name).sort(), ['Remote', 'dream job', 'python'], 'remote is the migrated tag');
      assert.deepEqual(store.list('person')[0].roles, ['recruiter', 'interviewer']);
      assert.deepEqual([store.list('position')[0].work_mode, store.list('position')[0].interest_level, store.list('position')[0].deadline_at], ['onsite', 3, '2026-03-15']);
      await store.update('offer', store.list('offer')[0].id, { bonus: 50000 });
    } finally {
      store.close();
    }
    const SQL = await initSqlJs();
    const db = new SQL.Database(fs.readFileSync(file));
    try {
      assert.equal(db.exec("SELECT value FROM records_meta WHERE key = 'schema_version'")[0].values[0][0], '3');
      const indexes = db.exec("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")[0].values.map((r) => String(r[0]));
      for (const gone of ['tag_name', 'document_version_number', 'event_starts_at', 'link_to_kind_to_id']) assert.equal(indexes.includes(gone), false, gone);
      for (const made of ['tag_namespace_name', 'document_version_asset_number', 'event_occurred_at', 'link_target_kind_target_id']) assert.ok(indexes.includes(made), made);
    } finally {
      db.close();
    }
    // Opening it again changes nothing (the migration ran once).
    const again = await RecordsStore.open(file);
    assert.equal(again.list('person')[0].display_name, 'Jane Doe');
    again.close();
  });
});
