import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliIn } from '../support/runCli';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropicServer';
import { ROOT, tempDir } from './helpers';

const KEY = 'skills-test-key-3f9a1c7e';

const cli = (env: Record<string, string>, cwd: string, ...args: string[]) => runCliIn(cwd, env, ...args);

describe('CLI: skills, run and records', function () {
  this.timeout(60_000);
  let work: string;
  let mock: MockAnthropic;
  before(async () => {
    mock = await startMockAnthropic({
      apiKey: KEY,
      responder: () => ({ content: [{ type: 'text', text: JSON.stringify({ company: 'Acme Robotics', title: 'Agent Engineer', deadline: '2026-12-20', skills: ['evals'] }) }] }),
    });
  });
  after(() => mock.close());
  beforeEach(() => {
    work = tempDir('il-cli-skills-');
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('skills list shows the built-in skills; validate reports a broken workspace skill at its line and exits 2', async () => {
    const list = await cli({}, work, 'skills', 'list');
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /capture_note\s+ok/);
    assert.match(list.stdout, /extract_job\s+ok/);
    fs.mkdirSync(path.join(work, 'skills', 'my_skill'), { recursive: true });
    fs.writeFileSync(path.join(work, 'skills', 'my_skill', 'skill.yaml'), 'name: my_skill\nversion: 1\ndescription: x\nchunking:\n  strategy: fixd\nmatch: {inputs: [text]}\n');
    const v = await cli({}, work, 'skills', 'validate');
    assert.equal(v.status, 2);
    assert.match(v.stdout, /skills\/my_skill\/skill\.yaml:5:\d+: error: .*strategy/);
    const json = JSON.parse((await cli({}, work, 'skills', 'list', '--json')).stdout);
    assert.equal(json.find((s: any) => s.name === 'my_skill').valid, false);
    // Running it names what is wrong and where, not "no skill named".
    fs.writeFileSync(path.join(work, 'note.txt'), 'A line.');
    const run = await cli({}, work, 'run', 'my_skill', '--input', 'note.txt');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /skill "my_skill" is invalid: .*\(skills\/my_skill\/skill\.yaml:\d+:\d+\)/);
    // A broken chain counts as a chain, not against the skills, and is in the JSON too.
    fs.writeFileSync(path.join(work, 'skills', 'broken.chain.yaml'), 'name: broken\ndescription: x\nsteps: []\n');
    const both = await cli({}, work, 'skills', 'validate');
    const builtIns = fs.readdirSync(path.join(ROOT, 'skills')).filter((d) => fs.existsSync(path.join(ROOT, 'skills', d, 'skill.yaml'))).length;
    assert.match(both.stdout, new RegExp(`${builtIns + 1} skills: ${builtIns} valid, 1 invalid; 1 chain: 0 valid, 1 invalid\\n$`));
    const listed = JSON.parse((await cli({}, work, 'skills', 'validate', '--json')).stdout);
    assert.deepEqual(listed.filter((s: any) => s.kind === 'chain').map((c: any) => [c.name, c.valid]), [['broken', false]]);
  });

  it('a workspace copy of a built-in skill (an invalid duplicate, never run) does not make the built-in\'s cassettes stale', async () => {
    fs.cpSync(path.join(ROOT, 'skills', 'extract_job'), path.join(work, 'skills', 'extract_job'), { recursive: true });
    const copy = path.join(work, 'skills', 'extract_job', 'skill.yaml');
    fs.writeFileSync(copy, fs.readFileSync(copy, 'utf8').replace('version:', '# edited in the workspace\nversion:'));
    const cassette = path.join(work, 'posting.jsonl');
    fs.copyFileSync(path.join(ROOT, 'skills', 'extract_job', 'tests', 'posting-en.jsonl'), cassette);
    const listed = await cli({}, work, 'skills', 'validate');
    assert.match(listed.stdout, /skills\/extract_job\/skill\.yaml:\d+:\d+: error: .*extract_job/, 'the copy is reported');
    const r = await cli({}, work, 'replay', 'posting.jsonl');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^PASS/m);
  });

  it('run offline routes a plain note to capture_note, writes it, and records lists it', async () => {
    fs.writeFileSync(path.join(work, 'note.txt'), 'Ask Li about the eval setup next week.');
    const dry = await cli({}, work, 'run', '--input', 'note.txt', '--dry-run');
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /capture_note v1 \(fallback: .*offline/);
    assert.match(dry.stdout, /would create\s+create_note/);
    assert.ok(!fs.existsSync(path.join(work, 'home', 'records.sqlite')), 'a dry run writes nothing');
    const real = await cli({}, work, 'run', '--input', 'note.txt');
    assert.equal(real.status, 0, real.stderr);
    const notes = JSON.parse((await cli({}, work, 'records', 'note', '--json')).stdout);
    assert.equal(notes.length, 1);
    assert.equal(notes[0].body_md, 'Ask Li about the eval setup next week.');
    // The same note again: the record is there, unchanged, and the dry run says nothing would be written.
    assert.match(dry.stdout, /^dry run: 1 action would write; nothing was written$/m);
    const same = await cli({}, work, 'run', '--input', 'note.txt', '--dry-run');
    assert.equal(same.status, 0, same.stderr);
    assert.match(same.stdout, /^ {2}unchanged {4}create_note/m);
    assert.ok(!/would unchanged/.test(same.stdout), same.stdout);
    assert.match(same.stdout, /^dry run: nothing to write, every record is already there, unchanged$/m);
  });

  it('run extract_job needs a model offline; with the mock model it writes company, position and the reminder', async () => {
    fs.writeFileSync(path.join(work, 'jd.txt'), 'Job description: Acme Robotics is hiring an Agent Engineer. Apply by 2026-12-20.');
    const offline = await cli({}, work, 'run', 'extract_job', '--input', 'jd.txt');
    assert.equal(offline.status, 2);
    assert.match(offline.stderr, /needs a model/);
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url };
    const r = await cli(env, work, 'run', '--input', 'jd.txt', '--engine', 'anthropic', '--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.route.skill, 'extract_job');
    assert.equal(out.route.how, 'match');
    const records = JSON.parse((await cli({}, work, 'records', '--json')).stdout);
    assert.equal(records.company.length, 1);
    assert.equal(records.position.length, 1);
    assert.equal(records.reminder[0].due_at, '2026-12-17');
    assert.ok(!r.stdout.includes(KEY) && !r.stderr.includes(KEY));
  });

  it('run --json on a run whose actions fail prints the failure as JSON, writes nothing and exits 1', async () => {
    fs.mkdirSync(path.join(work, 'skills', 'bad_link'), { recursive: true });
    fs.writeFileSync(path.join(work, 'skills', 'bad_link', 'skill.yaml'), [
      'name: bad_link', 'version: 1', 'description: Links a note to a company. Use it in a unit test. Not for real inputs.', 'match: {inputs: [text]}',
      'prompt:', '  user: "{{ input.text }}"',
      'output_schema:', '  type: object', '  required: [rel]', '  properties:', '    rel: { type: string, description: The relation to write. }',
      'offline:', '  rel: knows',
      'actions:', '  - upsert_company: { name: Acme }', '    as: company', '  - create_note: { title: t, body_md: b }', '    as: note',
      '  - link: { source: "{{ note.ref }}", relation: "{{ out.rel }}", target: "{{ company.ref }}" }',
    ].join('\n') + '\n');
    fs.writeFileSync(path.join(work, 'note.txt'), 'A line.');
    const r = await cli({}, work, 'run', 'bad_link', '--input', 'note.txt', '--json');
    assert.equal(r.status, 1, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.status, 'failed');
    assert.match(out.error.message, /action 3 \(link\): field "relation" is "knows": must be one of \["works_at"/);
    assert.ok(!fs.existsSync(path.join(work, 'home', 'records.sqlite')) || JSON.parse((await cli({}, work, 'records', 'company', '--json')).stdout).length === 0, 'the company of the failed run was rolled back');
  });

  it('bad input says what to do', async () => {
    assert.equal((await cli({}, work, 'run')).status, 2);
    const missing = await cli({}, work, 'run', '--input', 'nope.txt');
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /file not found: nope\.txt/);
    fs.writeFileSync(path.join(work, 'x.txt'), 'hello');
    const unknown = await cli({}, work, 'run', 'no_such_skill', '--input', 'x.txt');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /no skill named "no_such_skill"; skills: .*capture_note/);
    assert.match((await cli({}, work, 'records', 'planets')).stderr, /unknown record kind "planets"/);
  });
});

describe('CLI: a diagnosis logged as records', function () {
  this.timeout(60_000);
  it('diagnose --json, then run routes the report to log_interview offline: the diagnosis, a note with the plan and reminders', async () => {
    const work = tempDir('il-log-');
    try {
      const d = await runCliIn(work, {}, 'diagnose', path.resolve(__dirname, '..', '..', 'samples', 'backend-interview-zh.txt'), '--json', '--no-history');
      assert.equal(d.status, 0, d.stderr);
      fs.writeFileSync(path.join(work, 'report.json'), d.stdout);
      const report = JSON.parse(d.stdout);
      const r = await runCliIn(work, {}, 'run', '--input', 'report.json', '--json');
      assert.equal(r.status, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.equal(out.route.skill, 'log_interview');
      assert.equal(out.producedBy, 'offline');
      assert.deepEqual(out.planned.map((p: { primitive: string }) => p.primitive), ['create_interview', 'save_diagnosis', 'create_note', 'create_reminder', 'create_reminder', 'create_reminder']);
      assert.equal(out.planned[1].params.score, report.summary.overallScore);
      const records = JSON.parse((await runCliIn(work, {}, 'records', '--json')).stdout);
      assert.equal(records.diagnosis.length, 1);
      assert.equal(records.diagnosis[0].report_id, report.id);
      assert.equal(records.note.length, 1);
      assert.equal(records.reminder.length, 3);
      assert.equal(records.interview.length, 1);
      assert.equal(records.diagnosis[0].interview_id, records.interview[0].id);
      // A report that names its company and position files the interview under them.
      fs.writeFileSync(path.join(work, 'named.json'), JSON.stringify({ ...report, id: 'another-report', createdAt: '2026-12-02T10:00:00.000Z', company: 'Acme Robotics', position: 'Agent Engineer' }));
      assert.equal((await runCliIn(work, {}, 'run', 'log_interview', '--input', 'named.json')).status, 0);
      const after = JSON.parse((await runCliIn(work, {}, 'records', '--json')).stdout);
      const position = after.position.find((p: { title: string }) => p.title === 'Agent Engineer');
      assert.equal(after.company.find((c: { id: string }) => c.id === position.company_id).name, 'Acme Robotics');
      assert.equal(after.interview.find((i: { position_id: string | null }) => i.position_id === position.id).scheduled_at, '2026-12-02T10:00:00.000Z');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('CLI: a chain from the workspace', function () {
  this.timeout(60_000);
  it('run CHAIN runs its steps offline and reports each; skills list shows it', async () => {
    const work = tempDir('il-chain-cli-');
    try {
      fs.mkdirSync(path.join(work, 'skills'));
      fs.writeFileSync(path.join(work, 'skills', 'two_notes.chain.yaml'), 'name: two_notes\ndescription: Keeps the input and a follow-up.\nsteps:\n  - skill: capture_note\n    output_as: first\n  - skill: capture_note\n    args:\n      text: "Follow up on: {{ input.text }}"\n');
      fs.writeFileSync(path.join(work, 'in.txt'), 'Call Ana on Friday.');
      assert.match((await runCliIn(work, {}, 'skills', 'list')).stdout, /two_notes\s+ok\s+chain/);
      const r = await runCliIn(work, {}, 'run', 'two_notes', '--input', 'in.txt');
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.match(r.stdout, /1 capture_note\s+ok\n\s+created\s+create_note\s+note:\S+\n\s+2 capture_note\s+ok\n\s+created\s+create_note\s+note:\S+\n$/);
      const notes = JSON.parse((await runCliIn(work, {}, 'records', 'note', '--json')).stdout);
      assert.deepEqual(notes.map((n: any) => n.body_md).sort(), ['Call Ana on Friday.', 'Follow up on: Call Ana on Friday.']);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('CLI: scripted skills and trust', function () {
  this.timeout(60_000);
  it('a workspace script runs only with --trust; without it the run is refused and nothing runs', async () => {
    const work = tempDir('il-trust-');
    try {
      const dir = path.join(work, 'skills', 'stamp');
      fs.mkdirSync(dir, { recursive: true });
      const marker = path.join(work, 'ran.txt');
      fs.writeFileSync(path.join(dir, 'skill.yaml'), 'name: stamp\nversion: 1\ndescription: Keeps the input as a note through a script. Use it in tests. Not for users.\nmatch: {inputs: [text]}\n');
      fs.writeFileSync(path.join(dir, 'run.ts'), `import * as fs from 'node:fs';\nexport async function execute(ctx: any, input: { text: string }) {\n  fs.writeFileSync(${JSON.stringify(marker)}, 'ran');\n  return { actions: [{ create_note: { body_md: input.text } }] };\n}\n`);
      fs.writeFileSync(path.join(work, 'in.txt'), 'scripted note');
      const refused = await runCliIn(work, {}, 'run', 'stamp', '--input', 'in.txt');
      assert.equal(refused.status, 2);
      assert.match(refused.stderr, /only in a trusted workspace.*--trust/);
      assert.ok(!fs.existsSync(marker), 'the script did not run');
      const trusted = await runCliIn(work, {}, 'run', 'stamp', '--input', 'in.txt', '--trust');
      assert.equal(trusted.status, 0, trusted.stderr);
      assert.ok(fs.existsSync(marker));
      const notes = JSON.parse((await runCliIn(work, {}, 'records', 'note', '--json')).stdout);
      assert.equal(notes[0].body_md, 'scripted note');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
