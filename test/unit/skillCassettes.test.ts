import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readCassette, serializeCassette } from '../../src/core/replay/cassette';
import type { RunSkillOutput } from '../../src/core/skills/run/runSkillTool';
import { runCliIn } from '../support/runCli';
import { tempDir } from './helpers';

const ROOT = path.resolve(__dirname, '..', '..');
const SKILLS = path.join(ROOT, 'skills');

/** The recorded run_skill result of a built-in skill's cassette. */
function recorded(skill: string, name: string): RunSkillOutput {
  const cassette = readCassette(path.join(SKILLS, skill, 'tests', `${name}.jsonl`));
  const call = cassette.calls.find((c) => c.kind === 'tool' && c.name === 'run_skill');
  assert.ok(call, `${skill}/tests/${name}.jsonl records a run_skill call`);
  return (call!.response as { data: RunSkillOutput }).data;
}

/** What each planned action does, in order: primitive, op and the parameters that matter. */
const plan = (r: RunSkillOutput) => r.planned.map((p) => `${p.op} ${p.primitive}`);

describe('built-in skills: recorded runs replayed as tests', function () {
  this.timeout(120_000);

  it('every built-in skill has a tests/ folder with cassettes, and every one replays and passes', async () => {
    const dirs = fs.readdirSync(SKILLS).filter((d) => fs.existsSync(path.join(SKILLS, d, 'skill.yaml')));
    assert.deepEqual(dirs.sort(), ['capture_note', 'coffee_chat', 'extract_job', 'log_interview']);
    const folders = dirs.map((d) => path.join(SKILLS, d, 'tests'));
    for (const f of folders) assert.ok(fs.readdirSync(f).some((n) => n.endsWith('.jsonl')), `${f} holds a cassette`);
    const r = await runCliIn(tempDir('il-skill-replay-'), {}, 'replay', ...folders, '--json');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const results = JSON.parse(r.stdout) as Array<{ file: string; status: string }>;
    assert.ok(results.length >= 6);
    for (const x of results) assert.equal(x.status, 'pass', x.file);
  });

  it('extract_job: the posting plans the company, the position, its tags and the reminder three days before the deadline', () => {
    const r = recorded('extract_job', 'posting-en');
    assert.equal(r.route.how, 'explicit');
    assert.deepEqual(plan(r), ['create upsert_company', 'create upsert_position', 'update add_tags', 'create create_reminder']);
    assert.equal(r.planned[0].params.name, 'Northwind AI');
    assert.equal(r.planned[1].params.title, 'Senior LLM Application Engineer');
    assert.equal(r.planned[1].params.deadline_at, '2026-12-20');
    assert.equal(r.planned[1].params.company_id, r.planned[0].id, 'the position names the company the plan creates');
    assert.deepEqual(r.planned[2].params.names, ['RAG', 'evaluation', 'prompt caching', 'TypeScript']);
    assert.equal(r.planned[3].params.due_at, '2026-12-17');
    assert.equal(r.planned[3].params.target, `position:${r.planned[1].id}`);
  });

  it('extract_job: output that breaks output_schema is sent back twice for repair, then the run stops and plans nothing', () => {
    const cassette = readCassette(path.join(SKILLS, 'extract_job', 'tests', 'schema-violation-stops.jsonl'));
    assert.deepEqual(cassette.calls.filter((c) => c.kind === 'llm').map((c) => c.name), ['skill:extract_job', 'skill:extract_job-repair', 'skill:extract_job-repair']);
    const r = recorded('extract_job', 'schema-violation-stops');
    assert.equal(r.status, 'invalid');
    assert.deepEqual(r.planned, []);
    assert.match(r.warnings[0], /not valid against output_schema after 2 repairs.*nothing was written/);
  });

  it('capture_note: offline and with a model, the note is planned with its title', () => {
    const offline = recorded('capture_note', 'note-offline');
    assert.equal(offline.producedBy, 'offline');
    assert.deepEqual(plan(offline), ['create create_note']);
    const model = recorded('capture_note', 'note-anthropic');
    assert.equal(model.producedBy, 'model');
    assert.deepEqual(plan(model), ['create create_note', 'update add_tags']);
    assert.equal(model.planned[0].params.title, 'Idea for the RAG answer next');
  });

  it('coffee_chat: a long chat is split where the model says topics change, merged into one person, the chat as an event they took part in, and a reminder per follow-up', () => {
    const cassette = readCassette(path.join(SKILLS, 'coffee_chat', 'tests', 'long-chat-topics.jsonl'));
    const names = cassette.calls.filter((c) => c.kind === 'llm').map((c) => c.name);
    assert.equal(names[0], 'chunk:topics');
    assert.equal(names.filter((n) => n === 'skill:coffee_chat').length, 4);
    const r = recorded('coffee_chat', 'long-chat-topics');
    assert.equal(r.chunks, 4);
    assert.equal(r.scriptVersion, 2, 'SKILL_VERSION is recorded with the run');
    assert.deepEqual(plan(r), ['create upsert_person', 'create create_event', 'create link', 'create create_reminder', 'create create_reminder']);
    const [person, event, link] = r.planned;
    assert.equal(person.params.display_name, 'Maya Chen', 'the chat is with Maya Chen, named in three parts and planned once (Leo Park joined one part: the merge keeps the first person)');
    assert.deepEqual([event.params.kind, event.params.occurred_at], ['coffee_chat', '2026-11-28']);
    assert.deepEqual([link.params.source, link.params.target, link.params.relation], [event.ref, person.ref, 'participant']);
    const reminders = r.planned.filter((p) => p.primitive === 'create_reminder').map((p) => [p.params.due_at, p.params.target]);
    assert.deepEqual(reminders, [['2026-12-02', person.ref], ['2026-12-01', person.ref]], 'the agreed date, else three days after the chat; about the person');
  });

  it('log_interview: a diagnosis report becomes the interview, its saved diagnosis, a note with the plan and three practice reminders, offline', () => {
    const cassette = readCassette(path.join(SKILLS, 'log_interview', 'tests', 'diagnosis-zh-offline.jsonl'));
    const r = recorded('log_interview', 'diagnosis-zh-offline');
    assert.equal(r.producedBy, 'offline');
    assert.deepEqual(plan(r), ['create create_interview', 'create save_diagnosis', 'create create_note', 'create create_reminder', 'create create_reminder', 'create create_reminder']);
    const [interview, diagnosis, note, ...reminders] = r.planned;
    assert.equal(interview.params.position_id, undefined, 'the report names no position, so the interview has none');
    assert.equal(interview.params.scheduled_at, (r.output as { created_at: string }).created_at, 'dated by the report, so filing it again updates it');
    assert.equal(diagnosis.params.interview_id, interview.id, 'the diagnosis is of that interview');
    assert.equal(diagnosis.params.score, 57); // the recorded report's overall score (re-recorded with the issue 29 judge)
    assert.equal(note.params.about, `diagnosis:${diagnosis.id}`);
    // Tomorrow, in a week, in a month from the run's day (the recorded clock, in the recording's time zone).
    const now = String((cassette.calls.find((c) => c.name === 'run_skill')!.request as { now: string }).now);
    const first = String(reminders[0].params.due_at);
    const after = (n: number) => new Date(Date.parse(`${first}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    assert.ok(Math.abs(Date.parse(`${first}T12:00:00Z`) - Date.parse(now) - 86_400_000) < 1.5 * 86_400_000, `${first} is the day after ${now}`);
    assert.deepEqual(reminders.map((p) => [String(p.params.title).split(':')[0], p.params.due_at, p.params.target]), [
      ['Practise', first, `diagnosis:${diagnosis.id}`], ['This week', after(6), `diagnosis:${diagnosis.id}`], ['This month', after(29), `diagnosis:${diagnosis.id}`],
    ]);
  });

  describe('a changed expectation or a changed skill', () => {
    let work: string;
    beforeEach(() => {
      work = tempDir('il-skill-cassette-');
    });
    afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

    it('a cassette edited to expect another plan fails with a diff at that value', async () => {
      const file = path.join(work, 'edited.jsonl');
      const cassette = readCassette(path.join(SKILLS, 'extract_job', 'tests', 'posting-en.jsonl'));
      const call = cassette.calls.find((c) => c.name === 'run_skill')!;
      (call.response as { data: RunSkillOutput }).data.planned[3].params.due_at = '2026-12-18';
      fs.writeFileSync(file, serializeCassette(cassette));
      const r = await runCliIn(work, {}, 'replay', file);
      assert.equal(r.status, 1, r.stdout);
      assert.match(r.stdout, /call 2 tool run_skill: mismatch/);
      assert.match(r.stdout, /- +"due_at": "2026-12-18"/);
      assert.match(r.stdout, /\+ +"due_at": "2026-12-17"/);
    });

    it('a workspace skill changed since its recording is stale, not failed', async () => {
      const dir = path.join(work, 'skills', 'jot');
      fs.mkdirSync(dir, { recursive: true });
      const yaml = (title: string) => `name: jot\nversion: 1\ndescription: Keeps a jotted line as a note. Use it for one-line jots. Not for job postings.\nmatch:\n  inputs: [text]\n  keywords: [jot]\nprompt:\n  user: \"{{ input.text }}\"\noutput_schema:\n  type: object\n  properties:\n    title: { type: string, description: The note's title. }\noffline:\n  title: "${title}"\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n      body_md: "{{ input.text }}"\n`;
      fs.writeFileSync(path.join(dir, 'skill.yaml'), yaml('Jot'));
      fs.writeFileSync(path.join(work, 'in.txt'), 'jot: call Maya back');
      const rec = await runCliIn(work, {}, 'run', 'jot', '--input', 'in.txt', '--dry-run', '--record', 'jot');
      assert.equal(rec.status, 0, rec.stderr);
      assert.equal((await runCliIn(work, {}, 'replay')).status, 0);
      fs.writeFileSync(path.join(dir, 'skill.yaml'), yaml('Jotted'));
      const stale = await runCliIn(work, {}, 'replay', '--json');
      assert.equal(stale.status, 3, stale.stdout);
      assert.equal(JSON.parse(stale.stdout)[0].status, 'stale');
    });
  });
});
