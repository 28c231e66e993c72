import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LEGACY_PARAMS, renameLegacyParams } from '../../src/core/skills/actions/legacyParams';
import { ACTION_DEFINITIONS, ACTION_NAMES } from '../../src/core/skills/actions/registry';
import { ActionsFailedError, applyActions, planActions, type ActionInput, type PlanOptions } from '../../src/core/skills/actions/runActions';
import { ActionInputError, type PlannedAction } from '../../src/core/skills/actions/types';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { recordDetails, recordName } from '../../src/core/records/recordSummary';
import { tempDir } from './helpers';

const T0 = new Date('2026-03-01T09:00:00.000Z');

/** Replaces {{ name.id }} / {{ name.ref }} with the aliases planned so far; other values keep their type. */
function render(action: ActionInput, aliases: Readonly<Record<string, { id: string; ref: string }>>): Record<string, unknown> {
  const sub = (v: unknown): unknown => {
    if (typeof v !== 'string') return Array.isArray(v) ? v.map(sub) : v;
    const whole = /^\{\{ (\w+)\.(id|ref) \}\}$/.exec(v);
    return whole ? aliases[whole[1]]?.[whole[2] as 'id' | 'ref'] : v;
  };
  return Object.fromEntries(Object.entries(action.params).map(([k, v]) => [k, sub(v)]));
}

describe('action primitives: the skill spec\'s parameters', () => {
  let dir: string;
  let file: string;
  let ws: string;
  let store: RecordsStore;
  beforeEach(async () => {
    dir = tempDir('il-spec-');
    file = path.join(dir, 'records.sqlite');
    ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    store = await RecordsStore.open(file, { clock: () => T0 });
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function run(actions: ActionInput[], options: PlanOptions = {}): Promise<PlannedAction[]> {
    const planned = planActions(actions, store, { workspaceRoot: ws, render, ...options });
    await applyActions(planned, store, { skill: 'spec', version: 1 }, { workspaceRoot: ws, inputAttachments: options.inputAttachments });
    return planned;
  }
  const A = (primitive: string, params: Record<string, unknown>, as?: string): ActionInput => ({ primitive, params, ...(as ? { as } : {}) });

  it('no primitive has a parameter named as or when: those are the manifest\'s keys', () => {
    for (const def of ACTION_DEFINITIONS) {
      for (const reserved of ['as', 'when']) assert.equal(def.params.properties?.[reserved], undefined, `${def.name}.${reserved}`);
    }
  });

  it('every optional parameter accepts null in its schema; required ones do not', () => {
    for (const def of ACTION_DEFINITIONS) {
      const required = new Set(def.params.required ?? []);
      for (const [name, schema] of Object.entries(def.params.properties ?? {})) {
        const types = Array.isArray(schema.type) ? schema.type : [schema.type];
        assert.equal(types.includes('null'), !required.has(name), `${def.name}.${name}: ${JSON.stringify(schema.type)}`);
        if (schema.enum && !required.has(name)) assert.ok(schema.enum.includes(null), `${def.name}.${name} enum takes null`);
      }
    }
  });

  it("extract_job as the spec writes it: typed fields, lists, integers and nulls are stored as given", async () => {
    const out = {
      company_name: 'Acme', company_description: null, position_title: 'Quant Researcher', job_family: 'quant', location: null,
      work_mode: 'hybrid', visa_sponsorship: 'yes', requirements: [{ text: 'C++', kind: 'must' }, { text: 'Rust', kind: 'nice' }, { text: 'Maths' }],
      skills: ['C++', 'statistics'], apply_method: 'portal', apply_url: null, deadline: '2026-03-20T10:00:00Z', my_comment: 'Looks fun', interest_level: 4,
    };
    const planned = await run([
      A('upsert_company', { name: out.company_name, description_md: out.company_description }, 'company'),
      A('upsert_position', {
        company_id: '{{ company.id }}', title: out.position_title, job_family: out.job_family, location: out.location, work_mode: out.work_mode,
        visa_sponsorship: out.visa_sponsorship, requirements: out.requirements, apply_method: out.apply_method, apply_url: out.apply_url,
        deadline_at: out.deadline, source_kind: 'link', source_url: 'https://acme.example/jobs/7', interest_level: out.interest_level, personal_comment_md: out.my_comment,
      }, 'position'),
      A('add_tags', { entity: '{{ position.ref }}', namespace: 'skill', names: out.skills }),
      A('create_reminder', { title: '【截止】Quant Researcher @ Acme', due_at: '2026-03-17T10:00:00Z', target: '{{ position.ref }}', source: 'auto_deadline' }),
    ]);
    const company = store.get('company', planned[0].id)!;
    assert.equal(company.description_md, null, 'a null is not stored as text');
    const position = store.get('position', planned[1].id)!;
    assert.deepEqual(
      [position.job_family, position.location, position.work_mode, position.visa_sponsorship, position.apply_method, position.apply_url, position.deadline_at, position.source_kind, position.source_url, position.interest_level, position.personal_comment_md],
      ['quant', null, 'hybrid', 'yes', 'portal', null, '2026-03-20T10:00:00.000Z', 'link', 'https://acme.example/jobs/7', 4, 'Looks fun'],
    );
    assert.deepEqual(position.requirements, [{ text: 'C++', kind: 'must' }, { text: 'Rust', kind: 'nice' }, { text: 'Maths' }]);
    const tags = store.list('tag').map((t) => [t.namespace, t.name]);
    assert.deepEqual(tags, [['skill', 'C++'], ['skill', 'statistics']]);
    const [reminder] = store.list('reminder');
    assert.deepEqual([reminder.target_kind, reminder.target_id, reminder.source], ['position', position.id, 'auto_deadline']);
    for (const row of [company, position, reminder]) {
      for (const [k, v] of Object.entries(row)) assert.ok(v !== 'None' && v !== 'null' && v !== '', `${k} holds ${JSON.stringify(v)}`);
    }
  });

  it('null never erases a stored value on an upsert, and an empty list adds nothing', async () => {
    const [c] = await run([A('upsert_company', { name: 'Acme', description_md: 'Robots.', website: 'https://acme.example' })]);
    const again = await run([A('upsert_company', { name: 'Acme', description_md: null, website: null, aliases: [] })]);
    assert.equal(again[0].op, 'unchanged');
    assert.equal(store.get('company', c.id)?.description_md, 'Robots.');
    const [p] = await run([A('upsert_position', { company_id: c.id, title: 'SWE', work_mode: 'remote', interest_level: 5, requirements: [{ text: 'Go' }] })]);
    const p2 = await run([A('upsert_position', { company_id: c.id, title: 'SWE', work_mode: null, interest_level: null, requirements: [], deadline_at: null })]);
    assert.equal(p2[0].op, 'unchanged');
    const stored = store.get('position', p.id)!;
    assert.deepEqual([stored.work_mode, stored.interest_level, stored.requirements], ['remote', 5, [{ text: 'Go' }]]);
    const [person] = await run([A('upsert_person', { display_name: 'Jane Doe', roles: ['recruiter'], current_title: 'Talent Partner' })]);
    const more = await run([A('upsert_person', { display_name: 'Jane Doe', roles: ['Recruiter', 'interviewer'], current_title: null, email: null })]);
    assert.equal(more[0].op, 'update');
    const jane = store.get('person', person.id)!;
    assert.deepEqual(jane.roles, ['recruiter', 'interviewer'], 'roles are added, as compared, never dropped');
    assert.equal(jane.current_title, 'Talent Partner');
    assert.equal((await run([A('add_tags', { entity: `person:${person.id}`, names: [] })]))[0].op, 'unchanged');
  });

  it('a required parameter that is null is refused naming it, before anything is written', () => {
    store.close();
    fs.rmSync(file, { force: true });
    return (async () => {
      store = await RecordsStore.open(file, { clock: () => T0 });
      assert.throws(
        () => planActions([A('upsert_company', { name: 'Acme' }), A('create_reminder', { title: null, due_at: '2026-03-02' })], store),
        (e: Error) => e instanceof ActionInputError && e.index === 1 && /^action 2 \(create_reminder\): required parameter "title" is null/.test(e.message) && /create_reminder takes title \(required\), due_at \(required\), target, source, notes/.test(e.message),
      );
      assert.equal(fs.existsSync(file), false, 'nothing was written');
    })();
  });

  it('unknown and wrong-typed parameters are refused at plan time, naming the parameter and the allowed ones', () => {
    const cases: Array<[ActionInput, RegExp]> = [
      [A('upsert_position', { company_id: 'c', title: 'x', remote: true }), /unknown parameter "remote" \(upsert_position takes company_id \(required\), title \(required\), job_family, location, work_mode/],
      [A('upsert_position', { company_id: 'c', title: 'x', interest_level: 'very' }), /field "interest_level" must be integer,null .*upsert_position takes/],
      [A('upsert_position', { company_id: 'c', title: 'x', interest_level: 9 }), /interest_level" must be <= 5/],
      [A('upsert_position', { company_id: 'c', title: 'x', work_mode: 'space' }), /field "work_mode" is "space": must be one of \["onsite","hybrid","remote","unknown",null\]/],
      [A('upsert_position', { company_id: 'c', title: 'x', requirements: [{ kind: 'must' }] }), /missing required field "requirements.0.text"/],
      [A('add_tags', { entity: 'position:p', names: 'python' }), /field "names" must be array/],
      [A('upsert_person', { display_name: 'X', roles: 'recruiter' }), /field "roles" must be array,null/],
      [A('create_note', { body_md: 'x', structured: 'text' }), /field "structured" must be object,null/],
      [A('upsert_person', { name: 'X', display_name: 'Y' }), /"name" is the old name of "display_name": give "display_name" only/],
      [A('create_note', { body_md: 'x', as: 'n' }), /unknown parameter "as": "as:" belongs to the action itself/],
      [A('create_offer', { position_id: 'p', base: 'lots' }), /field "base" must be number,null/],
    ];
    for (const [action, why] of cases) {
      assert.throws(() => planActions([A('upsert_company', { name: 'Acme' }), action], store), (e: Error) => e instanceof ActionInputError && e.index === 1 && why.test(e.message), `${why.source}`);
    }
    assert.equal(fs.existsSync(file), false, 'nothing was written');
  });

  it('upsert_person, create_application, create_interview and create_offer with the spec\'s names', async () => {
    const [c, p, jane, cv] = await run([
      A('upsert_company', { name: 'Acme' }, 'c'),
      A('upsert_position', { company_id: '{{ c.id }}', title: 'SWE' }, 'p'),
      A('upsert_person', { display_name: 'Jane Doe', roles: ['recruiter'], email: 'jane@acme.example', current_title: 'Recruiter', slug: 'jane', company_id: '{{ c.id }}' }, 'jane'),
      A('create_document_version', { asset_id: 'resume-en', source_content: 'My CV', kind: 'resume' }, 'cv'),
      A('create_application', { position_id: '{{ p.id }}', channel: 'referral', resume_version_id: '{{ cv.id }}', referrer_id: '{{ jane.id }}' }, 'app'),
      A('create_interview', { application_id: '{{ app.id }}', round_no: 2, kind: 'technical', scheduled_at: '2026-03-05T10:00Z' }, 'iv'),
      A('create_offer', { application_id: '{{ app.id }}', base: 400000, bonus: 60000, equity: '100,000', sign_on: 20000, currency: 'cny', period: 'year' }),
    ]);
    assert.ok(c && p && cv);
    assert.deepEqual(store.get('person', jane.id)!.roles, ['recruiter']);
    assert.equal(store.get('person', jane.id)!.slug, 'jane');
    const [app] = store.list('application');
    assert.equal(app.resume_version_id, cv.id);
    const [iv] = store.list('interview');
    assert.deepEqual([iv.position_id, iv.round_no, iv.kind], [p.id, 2, 'technical'], 'the position comes from the application');
    const [offer] = store.list('offer');
    assert.deepEqual([offer.position_id, offer.base, offer.bonus, offer.equity, offer.sign_on, offer.currency, offer.period], [p.id, 400000, 60000, 100000, 20000, 'CNY', 'year']);
    await assert.rejects(run([A('create_offer', { position_id: p.id, currency: 'yuan' })]), /currency: "yuan" is not a currency code/);
    await assert.rejects(run([A('create_offer', { currency: 'USD' })]), /give position_id or application_id/);
  });

  it('create_note and create_event with kind, dates, structured data and Markdown bodies', async () => {
    const [note] = await run([A('create_note', { body_md: '**Ask** about evals', kind: 'todo', occurred_on: '2026-03-02T21:00:00+08:00', structured: { topic: 'evals', n: 2 } })]);
    const n = store.get('note', note.id)!;
    assert.deepEqual([n.body_md, n.kind, n.occurred_on, n.structured], ['**Ask** about evals', 'todo', '2026-03-02', { topic: 'evals', n: 2 }]);
    const [ann] = await run([A('upsert_person', { display_name: 'Ann' })]);
    const [event] = await run([A('create_event', { kind: 'coffee_chat', occurred_at: '2026-03-05T10:00Z', body_md: 'Talked', structured: { mood: 'good' }, person_ids: [ann.id] })]);
    const e = store.get('event', event.id)!;
    assert.deepEqual([e.kind, e.title, e.occurred_at, e.body_md, e.structured, e.person_ids], ['coffee_chat', 'Coffee chat', '2026-03-05T10:00:00.000Z', 'Talked', { mood: 'good' }, [ann.id]]);
    assert.equal((await run([A('create_event', { kind: 'coffee_chat', occurred_at: '2026-03-05T18:00+08:00', title: null })]))[0].id, event.id, 'the same kind and time is one event');
    await assert.rejects(run([A('create_event', { occurred_at: '2026-03-05T10:00Z' })]), /missing required field "kind"/);
  });

  it('link participant: event → person and person → event are both allowed, and one link', async () => {
    const [person, event, iv] = await run([
      A('upsert_person', { display_name: 'Li' }),
      A('create_event', { kind: 'meeting', occurred_at: '2026-03-05T10:00Z' }),
      A('create_interview', { scheduled_at: '2026-03-06T10:00Z' }),
    ]);
    const forward = await run([A('link', { source: event.ref, target: person.ref, relation: 'participant' })]);
    assert.equal(forward[0].op, 'create');
    const [l] = store.list('link');
    assert.deepEqual([l.source_kind, l.target_kind, l.relation], ['event', 'person', 'participant']);
    assert.equal((await run([A('link', { source: person.ref, target: event.ref, relation: 'participant' })]))[0].op, 'unchanged', 'the other way round is the same link');
    assert.equal((await run([A('link', { source: person.ref, target: iv.ref, relation: 'participant' })]))[0].op, 'create', 'person → interview');
    assert.equal(store.list('link').length, 2);
    await assert.rejects(run([A('link', { source: event.ref, target: iv.ref, relation: 'participant' })]), /relation "participant" goes from person to event\|interview \(either way round\), not from event to interview/);
  });

  it('add_tags: a tag is its namespace and its name', async () => {
    const [p] = await run([A('upsert_company', { name: 'Acme' }, 'c'), A('upsert_position', { company_id: '{{ c.id }}', title: 'SWE' }, 'p')]).then((x) => [x[1]]);
    const first = await run([A('add_tags', { entity: p.ref, namespace: 'skill', names: ['Python', 'python '] }), A('add_tags', { entity: p.ref, names: ['python'] })]);
    assert.deepEqual(first[1].changes, [{ field: 'tags', before: ['skill:Python'], after: ['skill:Python', 'python'] }]);
    const tags = store.list('tag').map((t) => `${String(t.namespace)}/${String(t.name)}`).sort();
    assert.deepEqual(tags, ['general/python', 'skill/Python'], 'the same name in two namespaces is two tags');
    assert.equal((await run([A('add_tags', { entity: p.ref, namespace: 'Skill', names: ['PYTHON'] })]))[0].op, 'unchanged');
    await assert.rejects(run([A('add_tags', { entity: p.ref, namespace: 'two words', names: ['x'] })]), /namespace: "two words" must be one word/);
    assert.equal(recordName('tag', store.list('tag', { namespace: 'skill' })[0]), 'skill:Python');
  });

  it('attach by attachment_id: an input attachment becomes an attachment record with its id, once', async () => {
    fs.writeFileSync(path.join(ws, 'shot.png'), 'png');
    const inputAttachments = [{ id: 'att-1', path: path.join(ws, 'shot.png'), name: 'Screenshot' }, { id: 'att-2', uri: 'https://x.example/a.mp3', mime: 'audio/mpeg' }];
    const [note] = await run([A('create_note', { body_md: 'see screenshot' })]);
    const first = await run([A('attach', { entity: note.ref, attachment_id: 'att-1', relation: 'screenshot' }), A('attach', { entity: note.ref, attachment_id: 'att-2', relation: 'recording' })], { inputAttachments });
    assert.deepEqual(first.map((a) => [a.op, a.id]), [['create', 'att-1'], ['create', 'att-2']]);
    const shot = store.get('attachment', 'att-1')!;
    assert.deepEqual([shot.path, shot.relation, shot.mime, shot.title, shot.bytes], ['shot.png', 'screenshot', 'image/png', 'Screenshot', 3]);
    assert.equal(store.get('attachment', 'att-2')!.uri, 'https://x.example/a.mp3');
    assert.equal((await run([A('attach', { entity: note.ref, attachment_id: 'att-1' })], { inputAttachments }))[0].op, 'unchanged', 'the second time it is the record');
    const [c] = await run([A('upsert_company', { name: 'Acme' })]);
    const other = await run([A('attach', { entity: c.ref, attachment_id: 'att-1' })]);
    assert.equal(other[0].op, 'create');
    assert.notEqual(other[0].id, 'att-1');
    assert.equal(store.get('attachment', other[0].id)!.path, 'shot.png', 'an attachment record attached to another record is copied to it');
    await assert.rejects(run([A('attach', { entity: c.ref, attachment_id: 'att-9' })], { inputAttachments }), /there is no attachment record att-9, nor an attachment of the input with that id \(the input's are att-1, att-2\)/);
    await assert.rejects(run([A('attach', { entity: c.ref, attachment_id: 'att-1', uri: 'https://x.example' })]), /not attachment_id and uri/);
    await assert.rejects(run([A('attach', { entity: c.ref, uri: 'https://x.example', relation: 'photo' })]), /field "relation" is "photo": must be one of/);
  });

  it('create_document_version: versions numbered per asset, based_on, an earlier version naming its asset', async () => {
    const [v1] = await run([A('create_document_version', { asset_id: 'resume-en', source_content: 'CV one', kind: 'resume' })]);
    const [v2] = await run([A('create_document_version', { asset_id: v1.id, source_content: 'CV two', based_on: v1.id })]);
    const [other] = await run([A('create_document_version', { asset_id: 'resume-zh', source_content: 'CV one' })]);
    const row = (id: string) => store.get('document_version', id)!;
    assert.deepEqual([row(v1.id).version, row(v2.id).version, row(other.id).version], [1, 2, 1]);
    assert.deepEqual([row(v2.id).asset_id, row(v2.id).based_on, row(v2.id).kind], ['resume-en', v1.id, 'resume'], 'the asset of the named version; its kind');
    assert.equal((await run([A('create_document_version', { asset_id: 'resume-en', source_content: 'CV two' })]))[0].op, 'unchanged');
    const [old] = await run([A('create_document_version', { kind: 'cover_letter', text: 'Dear Acme' })]);
    assert.equal(row(old.id).asset_id, 'cover_letter', 'an old-form call versions by kind');
    await assert.rejects(run([A('create_document_version', { source_content: 'x' })]), /asset_id is required/);
  });

  it('update_entity takes a patch of columns; create_reminder a target and a source', async () => {
    const [c] = await run([A('upsert_company', { name: 'Acme' })]);
    const [r] = await run([A('create_reminder', { title: 'Call back', due_at: '2026-03-03', target: c.ref })]);
    assert.equal(store.get('reminder', r.id)!.source, 'skill', 'a skill\'s reminder by default');
    await run([A('update_entity', { entity: r.ref, patch: { done: true, source: 'user' } })]);
    assert.deepEqual([store.get('reminder', r.id)!.done, store.get('reminder', r.id)!.source], [true, 'user']);
    assert.equal((await run([A('create_reminder', { title: 'Call back', due_at: '2026-03-03', target: c.ref })]))[0].op, 'unchanged', 'a rerun leaves its source alone');
    assert.match(recordDetails('reminder', store.get('reminder', r.id)!), /due 2026-03-03 · user · done/);
  });

  it('records lists the new fields: work mode, interest and deadline; roles and title; a reminder\'s source; a tag\'s namespace', async () => {
    const planned = await run([
      A('upsert_company', { name: 'Acme' }, 'c'),
      A('upsert_position', { company_id: '{{ c.id }}', title: 'SWE', location: 'Remote', work_mode: 'remote', interest_level: 4, deadline_at: '2026-03-20' }, 'p'),
      A('upsert_person', { display_name: 'Jane', roles: ['recruiter', 'interviewer'], current_title: 'Talent Partner' }),
      A('create_offer', { position_id: '{{ p.id }}', base: 400000, currency: 'CNY', period: 'year' }),
    ]);
    assert.equal(recordDetails('position', store.get('position', planned[1].id)!), 'Remote · remote · saved · interest 4/5 · apply by 2026-03-20');
    assert.equal(recordName('person', store.get('person', planned[2].id)!), 'Jane');
    assert.equal(recordDetails('person', store.get('person', planned[2].id)!), 'recruiter, interviewer · Talent Partner');
    assert.equal(recordDetails('offer', store.list('offer')[0]), 'pending · base 400000 CNY/year');
  });

  it('an action failing at apply rolls the whole run back', async () => {
    fs.writeFileSync(path.join(ws, 'cv.md'), 'cv');
    const planned = planActions([
      A('upsert_company', { name: 'Acme' }, 'c'),
      A('upsert_person', { display_name: 'Jane', roles: ['recruiter'] }),
      A('attach', { entity: '{{ c.ref }}', path: 'cv.md' }),
    ], store, { workspaceRoot: ws, render });
    fs.rmSync(path.join(ws, 'cv.md'));
    await assert.rejects(applyActions(planned, store, { skill: 'spec' }, { workspaceRoot: ws }), (e: Error) => e instanceof ActionsFailedError && e.index === 2 && /Nothing was written/.test(e.message));
    assert.deepEqual([store.list('company').length, store.list('person').length], [0, 0]);
    assert.equal(store.runs()[0].status, 'failed', 'the run is recorded as failed');
  });
});

describe('legacy parameter names (renameLegacyParams)', () => {
  it('renames every old name to the spec\'s, wraps role into roles, and says what it renamed', () => {
    assert.deepEqual(renameLegacyParams('upsert_person', { name: 'Jane', role: 'recruiter', email: 'j@x.example' }), {
      params: { email: 'j@x.example', display_name: 'Jane', roles: ['recruiter'] },
      renamed: [{ from: 'name', to: 'display_name' }, { from: 'role', to: 'roles', wrap: 'list' }],
    });
    assert.deepEqual(renameLegacyParams('upsert_person', { role: ['a', 'b'] }).params, { roles: ['a', 'b'] }, 'a list is not wrapped twice');
    assert.deepEqual(renameLegacyParams('create_interview', { when: '2026-03-01', round: 2 }).renamed.map((r) => [r.to, r.conflictsWithCondition ?? false]), [['round_no', false], ['scheduled_at', true]]);
    assert.deepEqual(renameLegacyParams('link', { from: 'a:1', to: 'b:2', relation: 'x' }).params, { relation: 'x', source: 'a:1', target: 'b:2' });
    const same = { title: 'x', due_at: '2026-03-01' };
    assert.equal(renameLegacyParams('create_reminder', same).params, same, 'nothing to rename: the same object');
    assert.deepEqual(renameLegacyParams('upsert_company', { name: 'A' }).renamed, []);
    assert.deepEqual(renameLegacyParams('no_such', { a: 1 }), { params: { a: 1 }, renamed: [] });
    assert.deepEqual(renameLegacyParams('add_tags', { tags: ['x'], names: ['y'] }).params, { tags: ['x'], names: ['y'] }, 'with both, the old one is left for the validator to refuse');
  });

  it('the table names only primitives, and every new name is a parameter of its primitive', () => {
    for (const [primitive, list] of Object.entries(LEGACY_PARAMS)) {
      assert.ok((ACTION_NAMES as readonly string[]).includes(primitive), primitive);
      const def = ACTION_DEFINITIONS.find((d) => d.name === primitive)!;
      for (const l of list!) {
        assert.ok(def.params.properties?.[l.to], `${primitive}.${l.to}`);
        assert.equal(def.params.properties?.[l.from], undefined, `${primitive}.${l.from} is old`);
      }
    }
    const pairs = Object.entries(LEGACY_PARAMS).flatMap(([p, list]) => list!.map((l) => `${p}.${l.from}→${l.to}`));
    assert.deepEqual(pairs, [
      'upsert_position.deadline→deadline_at', 'upsert_position.url→source_url', 'upsert_position.description→description_md',
      'upsert_person.name→display_name', 'upsert_person.role→roles', 'create_interview.round→round_no', 'create_interview.when→scheduled_at',
      'create_offer.base_salary→base', 'create_note.body→body_md', 'create_event.starts_at→occurred_at', 'create_event.description→body_md',
      'create_reminder.entity→target', 'add_tags.tags→names', 'link.from→source', 'link.to→target', 'update_entity.fields→patch',
      'create_document_version.text→source_content',
    ]);
  });
});
