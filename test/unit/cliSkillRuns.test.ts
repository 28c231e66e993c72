// The CLI's skill runs around issue 14's gaps: offline routing never drops the input, record
// kinds in the plural, chains checked against every skill and running a code skill, inline
// tests, and an image or a recording as the input.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliIn } from '../support/runCli';
import { ROOT, SAMPLES, tempDir } from './helpers';

const AUDIO = path.join(ROOT, 'test', 'fixtures', 'audio');

describe('CLI: skill runs, records and tests', function () {
  this.timeout(90_000);
  let work: string;
  beforeEach(() => { work = tempDir('il-cli-runs-'); });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));
  const cli = (...args: string[]) => runCliIn(work, {}, ...args);

  it('offline, a posting routed to extract_job (which needs a model) is kept by capture_note, and the output says why; named, extract_job exits 2 with the flag to use', async () => {
    fs.writeFileSync(path.join(work, 'jd.txt'), 'Job description: Acme Robotics is hiring an Agent Engineer. Requirements: TypeScript. Apply by 2026-12-20.');
    const routed = await cli('run', '--input', 'jd.txt');
    assert.equal(routed.status, 0, routed.stderr);
    assert.match(routed.stdout, /^capture_note v1 \(fallback: the only skill whose match fits; but extract_job needs a model and none is configured \(offline\), so capture_note keeps the input instead\)/);
    assert.match(routed.stdout, /created\s+create_note/);
    assert.equal(JSON.parse((await cli('records', 'notes', '--json')).stdout).length, 1);
    const named = await cli('run', 'extract_job', '--input', 'jd.txt');
    assert.equal(named.status, 2);
    assert.match(named.stderr, /extract_job" needs a model: choose an engine \(interviewLens\.engine, or --engine\)/);
  });

  it('offline, a coffee chat routed to its script (which asks for a model) is kept by capture_note instead', async () => {
    fs.writeFileSync(path.join(work, 'chat.txt'), 'Had coffee with Maya from Acme; she will intro me to the hiring manager.');
    const r = await cli('run', '--input', 'chat.txt', '--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.skill, 'capture_note');
    assert.equal(out.route.how, 'fallback');
    assert.match(out.route.reason, /coffee_chat needs a model \(its script asked for one\)/);
  });

  it('records takes the plural kinds (and the singular), and an unknown kind lists them', async () => {
    fs.writeFileSync(path.join(work, 'note.txt'), 'Ask Li about the eval setup.');
    assert.equal((await cli('run', '--input', 'note.txt')).status, 0);
    for (const kind of ['notes', 'note', 'Notes']) assert.equal(JSON.parse((await cli('records', kind, '--json')).stdout).length, 1, kind);
    for (const kind of ['companies', 'positions', 'people', 'reminders', 'diagnoses', 'interviews', 'document_versions']) {
      const r = await cli('records', kind, '--json');
      assert.equal(r.status, 0, `${kind}: ${r.stderr}`);
      assert.deepEqual(JSON.parse(r.stdout), [], kind);
    }
    const bad = await cli('records', 'planets');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown record kind "planets": use one of companies, positions, people, applications, interviews, offers, notes, events, reminders, tags, entity_tags, links, attachments, document_versions, diagnoses/);
  });

  it('skills validate: a chain step naming a skill that exists nowhere is an error at its name; a code skill is a known name', async () => {
    fs.mkdirSync(path.join(work, 'skills'));
    fs.writeFileSync(path.join(work, 'skills', 'broken.chain.yaml'), 'name: broken\nsteps:\n  - skill: capture_note\n  - skill: no_such_skill\n');
    fs.writeFileSync(path.join(work, 'skills', 'diagnose_and_log.chain.yaml'), 'name: diagnose_and_log\ndescription: Diagnoses a transcript and files it.\nsteps:\n  - skill: diagnose-transcript\n    output_as: report\n  - skill: log_interview\n    args:\n      text: "{{ report.output }}"\n');
    const v = await cli('skills', 'validate');
    assert.equal(v.status, 2, v.stdout);
    assert.match(v.stdout, /skills\/broken\.chain\.yaml:4:12: error: no skill is named "no_such_skill"/);
    assert.doesNotMatch(v.stdout, /diagnose_and_log\.chain\.yaml/);
  });

  it('a chain diagnoses a transcript with the code skill, then log_interview files it: diagnosis, interview, note and reminders', async () => {
    fs.mkdirSync(path.join(work, 'skills'));
    fs.writeFileSync(path.join(work, 'skills', 'diagnose_and_log.chain.yaml'), 'name: diagnose_and_log\ndescription: Diagnoses a transcript and files it.\nsteps:\n  - skill: diagnose-transcript\n    output_as: report\n  - skill: log_interview\n    args:\n      text: "{{ report.output }}"\n');
    fs.copyFileSync(path.join(SAMPLES, 'backend-interview-zh.txt'), path.join(work, 'interview.txt'));
    const dry = await cli('run', 'diagnose_and_log', '--input', 'interview.txt', '--dry-run', '--json');
    assert.equal(dry.status, 0, dry.stderr + dry.stdout);
    const report = JSON.parse(dry.stdout);
    assert.deepEqual(report.steps.map((s: { skill: string; status: string }) => [s.skill, s.status]), [['diagnose-transcript', 'dry_run'], ['log_interview', 'dry_run']]);
    assert.ok(!fs.existsSync(path.join(work, 'home', 'records.sqlite')), 'a dry run writes nothing');
    const r = await cli('run', 'diagnose_and_log', '--input', 'interview.txt');
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const records = JSON.parse((await cli('records', '--json')).stdout);
    assert.equal(records.diagnosis.length, 1);
    assert.equal(records.diagnosis[0].source, 'interview.txt');
    assert.equal(records.interview.length, 1);
    assert.equal(records.diagnosis[0].interview_id, records.interview[0].id, 'the diagnosis names the interview it is of');
    assert.equal(records.interview[0].position_id, null, 'no position was named');
    assert.equal(records.note.length, 1);
    assert.equal(records.reminder.length, 3);
  });

  it('skills test runs the inline tests: the built-in ones pass; a wrong expectation fails with the difference and exit 1', async () => {
    const ok = await cli('skills', 'test');
    assert.equal(ok.status, 0, ok.stdout);
    assert.match(ok.stdout, /PASS {2}capture_note \/ a note, offline/);
    assert.match(ok.stdout, /PASS {2}capture_note \/ a note titled and tagged by the model\n2 tests: 2 passed, 0 failed/);
    const dir = path.join(work, 'skills', 'jot');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'skill.yaml'), `name: jot
version: 1
description: Keeps a jotted line as a note. Use it for one-line jots. Not for job postings.
match:
  keywords: [jot]
  inputs: [text]
prompt:
  user: "{{ input.text }}"
output_schema:
  type: object
  properties:
    title: { type: string, description: The note's title. }
offline:
  title: "Jot: {{ input.text }}"
actions:
  - create_note:
      title: "{{ out.title }}"
      body_md: "{{ input.text }}"
tests:
  - name: offline title
    input: call Maya
    expect:
      output: { title: "Jot: call Maya" }
      actions:
        - create_note: { title: "Jot: call Maya" }
  - name: model title
    input: call Maya
    model_output: { title: Call Maya back }
    expect:
      output: { title: Call Maya }
      actions:
        - create_note: { body_md: call Maya }
        - add_tags: { names: [calls] }
`);
    const r = await cli('skills', 'test', 'jot');
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stdout, /PASS {2}jot \/ offline title/);
    assert.match(r.stdout, /FAIL {2}jot \/ model title\n {8}output\.title: expected "Call Maya", got "Call Maya back"\n {8}action 2: expected add_tags, but only 1 was planned\n/);
    assert.match(r.stdout, /2 tests: 1 passed, 1 failed/);
    const json = JSON.parse((await cli('skills', 'test', 'jot', '--json')).stdout);
    assert.deepEqual(json.map((t: { name: string; status: string }) => [t.name, t.status]), [['offline title', 'pass'], ['model title', 'fail']]);
    assert.equal((await cli('skills', 'test', 'nope')).status, 2);
  });

  it('an image is run as kind image and capture_note keeps it as the note\'s attachment; an image outside the folder is refused', async () => {
    fs.mkdirSync(path.join(work, 'shots'));
    fs.writeFileSync(path.join(work, 'shots', 'whiteboard.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    const r = await cli('run', '--input', 'shots/whiteboard.png', '--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.skill, 'capture_note');
    assert.deepEqual(out.planned.map((p: { primitive: string }) => p.primitive), ['create_note', 'attach']);
    const [attachment] = JSON.parse((await cli('records', 'attachments', '--json')).stdout);
    assert.equal(attachment.path, 'shots/whiteboard.png');
    assert.equal(attachment.mime, 'image/png');
    assert.equal(attachment.bytes, 8);
    assert.equal(attachment.entity_kind, 'note');
    const outside = await runCliIn(path.join(work, 'shots'), { INTERVIEW_LENS_HOME: path.join(work, 'home') }, 'run', '--input', path.join(ROOT, 'media', fs.readdirSync(path.join(ROOT, 'media')).find((f) => f.endsWith('.png'))!));
    assert.equal(outside.status, 2);
    assert.match(outside.stderr, /is outside the current folder/);
  });

  it('a recording is transcribed with the configured speech-to-text and run as kind audio; without one, exit 2 says what to set', async () => {
    fs.copyFileSync(path.join(AUDIO, 'interview.wav'), path.join(work, 'memo.wav'));
    const none = await runCliIn(work, { INTERVIEW_LENS_WHISPER_CPP: '', INTERVIEW_LENS_STT_ENDPOINT: '' }, 'run', '--input', 'memo.wav');
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no speech-to-text is configured.*INTERVIEW_LENS_WHISPER_CPP \+ INTERVIEW_LENS_WHISPER_MODEL, or INTERVIEW_LENS_STT_ENDPOINT/);
    const env = { INTERVIEW_LENS_WHISPER_CPP: path.join(AUDIO, 'fake-whisper-cli'), INTERVIEW_LENS_WHISPER_MODEL: path.join(AUDIO, 'ggml-fake.bin') };
    const r = await runCliIn(work, env, 'run', '--input', 'memo.wav', '--dry-run', '--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.skill, 'capture_note', 'offline, nothing else takes audio');
    const body = String(out.planned[0].params.body_md);
    assert.ok(body.length > 20 && !body.trimStart().startsWith('{'), `the transcript as text, not its JSON: ${body.slice(0, 80)}`);
    assert.match(body, /[\u4e00-\u9fff]/, 'the Chinese words of the recording');
    // Routed as audio: a skill that takes audio and knows a word of it wins; a text-only one with the same word is not asked.
    const skill = (name: string, inputs: string) => {
      fs.mkdirSync(path.join(work, 'skills', name), { recursive: true });
      fs.writeFileSync(path.join(work, 'skills', name, 'skill.yaml'), `name: ${name}\nversion: 1\ndescription: Keeps what was said about ReAct as a note. Use it in tests. Not for users.\nmatch:\n  inputs: [${inputs}]\n  keywords: [ReAct]\n  priority: 90\nprompt:\n  user: "{{ input.text }}"\noffline:\n  title: "${name}"\noutput_schema:\n  type: object\n  properties:\n    title: { type: string, description: A short title for the memo. }\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n      body_md: "{{ input.kind }}: {{ input.text }}"\n`);
    };
    skill('voice_memo', 'audio');
    skill('typed_memo', 'text');
    const routed = JSON.parse((await runCliIn(work, env, 'run', '--input', 'memo.wav', '--dry-run', '--json')).stdout);
    assert.equal(routed.skill, 'voice_memo');
    assert.equal(routed.route.how, 'match');
    assert.match(String(routed.planned[0].params.body_md), /^audio: 请你讲讲什么是 ReAct？/);
  });
});
