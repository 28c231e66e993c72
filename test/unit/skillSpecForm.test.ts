// Skills written to the skill spec (shared/seeds/004, section 2) validate and run as written; the
// form before the spec still loads, with a warning at each old part, and `skills migrate` / the
// quick fix rewrite it, keeping the file's comments and layout (issue 26).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateSkillManifest, actionSpecs } from '../../src/core/skills/manifest';
import { migrateSkillText, interviewWhenIsTime } from '../../src/core/skills/manifest/specForm';
import { ParamRenderer } from '../../src/core/skills/run/renderParams';
import { skillInputOf } from '../../src/core/skills/run/skillInput';
import { schemaProblems } from '../../src/core/llm/structuredCall';
import { routeRequest } from '../../src/core/skills/routing/routeRequest';
import { explainRoute } from '../../src/cli/skillCommands';
import { runStats } from '../../src/cli/skillSpecCommands';
import { privateSkillDirs } from '../../src/core/skills/catalog/privateSkillDirs';
import { fixesFor, applyEdits } from '../../src/core/skills/editor/quickFixes';
import { FakeLlm } from '../support/fakeLlm';
import { ROOT } from './helpers';
import type { JsonSchema } from '../../src/core/runtime/schema';

/** A skill text in the spec's form (as skills migrate writes it). */
const withoutLegacy = (text: string) => migrateSkillText(text).text;

const SPEC_EXTRACT_JOB = path.join(ROOT, 'test', 'fixtures', 'skills-spec', 'extract_job', 'skill.yaml');

/** A skill in the form before the spec: as/when beside the primitive, old names, reduce as prompts. */
const OLD_FORM = `name: old_notes
version: 1
description: Saves a note. Use it for notes. Not for job postings.
match:
  inputs: [text]
chunking:
  strategy: fixed
  reduce:
    system: |
      Merge the parts.
    user: "{{ parts }}"
prompt:
  system: You take notes.   # the role
  user: "{{ input.text }} from {{ input.url }}"
output_schema:
  type: object
  properties:
    title: { type: string, description: The note's title. }
actions:
  # The note first, named for the reminder.
  - create_note:
      title: "{{ out.title }}"
      body: "{{ input.text }}"
    as: note   # used below
  - create_reminder:
      title: "Read {{ out.title }}"
      due_at: "{{ now.date() | days_before(-1) }}"
      entity: "{{ note.ref }}"
    when: out.title is defined
  - link: { from: "{{ note.ref }}", to: "{{ note.ref }}", relation: related_to }
`;

describe('skill.yaml in the spec\'s form (issue 26)', () => {
  it('the spec\'s own extract_job, unchanged, has no structural error: as/when inside the parameters, reduce: false, input.link/transcript/source_kind', () => {
    const text = fs.readFileSync(SPEC_EXTRACT_JOB, 'utf8');
    const v = validateSkillManifest(text, SPEC_EXTRACT_JOB, { folderName: 'extract_job' });
    const errors = v.problems.filter((p) => p.severity === 'error');
    assert.deepEqual(errors.map((e) => `${e.line}:${e.column} ${e.message}`), []);
    assert.deepEqual(v.problems.filter((p) => p.code === 'legacy-form'), [], 'the spec\'s form is not legacy');
    const specs = actionSpecs(v.manifest!);
    assert.deepEqual(specs.map((s) => [s.primitive, s.as ?? null]), [
      ['upsert_company', 'company'], ['upsert_position', 'position'], ['add_tags', null], ['create_reminder', null], ['create_reminder', null],
    ]);
    assert.equal(specs[3].when, '{{ out.reminder is not none }}');
    assert.ok(!('as' in specs[0].params) && !('when' in specs[3].params), 'as and when are the action\'s, not the primitive\'s');
    assert.equal(v.manifest!.chunking?.reduce, false);
  });

  it('a template variable the spec\'s SkillInput does not have is still reported', () => {
    const text = fs.readFileSync(SPEC_EXTRACT_JOB, 'utf8').replace('{{ input.link }}', '{{ input.linkk }}');
    const v = validateSkillManifest(text, SPEC_EXTRACT_JOB, { folderName: 'extract_job' });
    assert.ok(v.problems.some((p) => /input\.linkk/.test(p.message)), JSON.stringify(v.problems.map((p) => p.message)));
  });

  it('match.inputs is required', () => {
    const text = fs.readFileSync(SPEC_EXTRACT_JOB, 'utf8').replace(/^match:\n(?: {2}.*\n)+/m, '');
    const v = validateSkillManifest(text, SPEC_EXTRACT_JOB, { folderName: 'extract_job' });
    assert.ok(v.problems.some((p) => p.severity === 'error' && /match/.test(p.message)), JSON.stringify(v.problems.map((p) => p.message)));
  });

  it('a when: that mixes two templates is refused (a condition is one expression)', () => {
    const text = withoutLegacy(OLD_FORM).replace('when: "{{ out.title is defined }}"', 'when: "{{ out.title }} and {{ out.title }}"');
    const v = validateSkillManifest(text, 'x/old_notes/skill.yaml', { folderName: 'old_notes' });
    assert.ok(v.problems.some((p) => p.code === 'when-syntax'), JSON.stringify(v.problems.map((p) => p.code)));
  });
});

describe('the form before the spec: a warning each, the same run, and a rewrite that keeps comments (issue 26)', () => {
  it('loads with warnings, not errors, each at the old part', () => {
    const v = validateSkillManifest(OLD_FORM, 'x/old_notes/skill.yaml', { folderName: 'old_notes' });
    assert.deepEqual(v.problems.filter((p) => p.severity === 'error').map((p) => p.message), []);
    const legacy = v.problems.filter((p) => p.code === 'legacy-form');
    const found = legacy.map((p) => `${p.line}:${p.data?.found}→${p.data?.expected}`);
    assert.deepEqual(found.sort(), [
      '8:reduce→reduce: true', '14:input.url→input.link', '23:body→body_md', '24:as→create_note.as', '28:entity→target', '29:when→create_reminder.when', '30:from→source', '30:to→target',
    ].sort());
    assert.ok(legacy.every((p) => p.severity === 'warning'));
  });

  it('the manifest it gives the runtime is in the spec\'s form', () => {
    const m = validateSkillManifest(OLD_FORM, 'x/old_notes/skill.yaml', { folderName: 'old_notes' }).manifest!;
    const specs = actionSpecs(m);
    assert.deepEqual(specs[0].params, { title: '{{ out.title }}', body_md: '{{ input.text }}' });
    assert.equal(specs[0].as, 'note');
    assert.equal(specs[1].when, 'out.title is defined');
    assert.deepEqual(Object.keys(specs[1].params).sort(), ['due_at', 'target', 'title']);
    assert.deepEqual(Object.keys(specs[2].params).sort(), ['relation', 'source', 'target']);
    assert.equal(m.chunking?.reduce, true);
    assert.equal(m.prompt?.reduce?.user, '{{ parts }}');
  });

  it('skills migrate rewrites it into the spec\'s form, keeping every comment and the rest of the layout', () => {
    const { text, findings } = migrateSkillText(OLD_FORM);
    assert.equal(findings.length, 8);
    for (const comment of ['# the role', '# The note first, named for the reminder.', '# used below']) assert.ok(text.includes(comment), `kept: ${comment}\n${text}`);
    assert.match(text, / {6}body_md: "\{\{ input\.text \}\}"\n {6}as: note {3}# used below\n/);
    assert.match(text, / {2}- create_reminder:\n {6}when: "\{\{ out\.title is defined \}\}"\n {6}title:/);
    assert.match(text, /target: "\{\{ note\.ref \}\}"/);
    assert.match(text, /- link: \{ source: "\{\{ note\.ref \}\}", target: "\{\{ note\.ref \}\}", relation: related_to \}/);
    assert.match(text, /\n {2}reduce: true\n/);
    assert.match(text, /prompt:\n {2}system: You take notes\. {3}# the role\n {2}user: "\{\{ input\.text \}\} from \{\{ input\.link \}\}"\n {2}reduce:\n {4}system: \|\n {6}Merge the parts\.\n {4}user: "\{\{ parts \}\}"\n/);
    // Unchanged lines stay byte for byte.
    for (const line of ['name: old_notes', 'output_schema:', "    title: { type: string, description: The note's title. }", '      due_at: "{{ now.date() | days_before(-1) }}"']) assert.ok(text.split('\n').includes(line), line);
    const again = validateSkillManifest(text, 'x/old_notes/skill.yaml', { folderName: 'old_notes' });
    assert.deepEqual(again.problems.filter((p) => p.code === 'legacy-form' || p.severity === 'error').map((p) => p.message), []);
    assert.deepEqual(migrateSkillText(text), { text, findings: [] }, 'a second migration changes nothing');
    // The same plan runs either way.
    const before = actionSpecs(validateSkillManifest(OLD_FORM, 'x/old_notes/skill.yaml', { folderName: 'old_notes' }).manifest!);
    const after = actionSpecs(again.manifest!);
    assert.deepEqual(after.map((s) => [s.primitive, s.as, s.params]), before.map((s) => [s.primitive, s.as, s.params]));
  });

  it('the quick fix on a legacy-form warning applies the same rewrite', () => {
    const v = validateSkillManifest(OLD_FORM, 'x/old_notes/skill.yaml', { folderName: 'old_notes' });
    const warning = v.problems.find((p) => p.code === 'legacy-form')!;
    const [fix] = fixesFor(OLD_FORM, 'skill', warning);
    assert.equal(fix.id, 'migrate-to-spec');
    assert.equal(applyEdits(OLD_FORM, fix.edits), migrateSkillText(OLD_FORM).text.replace(/\n$/, '\n'));
  });

  it("create_interview's old `when` (its time) is told from a condition by its value", () => {
    assert.equal(interviewWhenIsTime('{{ out.created_at }}'), true);
    assert.equal(interviewWhenIsTime('2026-12-01T10:00:00Z'), true);
    assert.equal(interviewWhenIsTime('{{ out.date }}T{{ out.time }}'), true);
    assert.equal(interviewWhenIsTime('{{ now.iso() }}'), true, 'the run\'s clock is a time, never a condition');
    assert.equal(interviewWhenIsTime('{{ out.round is not none }}'), false);
    assert.equal(interviewWhenIsTime('out.company and out.position'), false);
    const text = `name: log_it
version: 1
description: Logs an interview. Use it for interview notes. Not for job postings.
match: { inputs: [text] }
prompt: { user: "{{ input.text }}" }
offline: { held_at: "{{ now }}" }
output_schema: { type: object, properties: { held_at: { type: string, description: When it took place. } } }
actions:
  - create_interview:
      when: "{{ out.held_at }}"
      notes: "x"
`;
    const v = validateSkillManifest(text, 'x/log_it/skill.yaml', { folderName: 'log_it' });
    assert.ok(v.problems.some((p) => p.code === 'legacy-form' && p.data?.reason === 'interview-when'));
    const [spec] = actionSpecs(v.manifest!);
    assert.equal(spec.when, undefined, 'not a condition');
    assert.equal(spec.params.scheduled_at, '{{ out.held_at }}');
    assert.match(migrateSkillText(text).text, /scheduled_at: "\{\{ out\.held_at \}\}"/);
  });
});

describe('rendering: whole expressions keep their type, and none stays null (issue 26)', () => {
  const r = new ParamRenderer();
  const ctx = { out: { skills: ['ts', 'evals'], interest_level: 4, comment: null, reminder: null, title: 'T' } };
  it('lists, integers and null come through as they are; text templates stay text', () => {
    const out = r.render({ names: '{{ out.skills }}', interest_level: '{{ out.interest_level }}', personal_comment_md: '{{ out.comment }}', title: 'About {{ out.title }}', missing: '{{ out.nothing }}' }, ctx, 'p') as Record<string, unknown>;
    assert.deepEqual(out, { names: ['ts', 'evals'], interest_level: 4, personal_comment_md: null, title: 'About T' });
    assert.ok(!('missing' in out), 'an undefined field is left out');
  });
  it('a list written item by item drops the items that are none', () => {
    assert.deepEqual(r.render({ roles: ['{{ out.comment }}', 'recruiter'] }, ctx, 'p'), { roles: ['recruiter'] });
  });
  it('when: as a template and as a bare expression', () => {
    assert.equal(r.holds('{{ out.reminder is not none }}', ctx, 'w'), false);
    assert.equal(r.holds('{{ out.skills | length > 1 }}', ctx, 'w'), true);
    assert.equal(r.holds('out.title is defined', ctx, 'w'), true);
  });
});

describe('output_schema: nullable and formats are checked (issue 26)', () => {
  const schema = {
    type: 'object', required: ['mode'],
    properties: {
      mode: { type: 'string', enum: ['onsite', 'remote'], nullable: true },
      deadline: { type: 'string', format: 'date-time', nullable: true },
      day: { type: 'string', format: 'date' },
      reminder: { type: 'object', nullable: true, properties: { due: { type: 'string', format: 'date-time' } } },
    },
  } as unknown as JsonSchema;
  it('null is accepted where nullable says so, an enum included', () => {
    assert.deepEqual(schemaProblems(schema, { mode: null, deadline: null, reminder: null }), []);
    assert.deepEqual(schemaProblems(schema, { mode: 'remote', deadline: '2026-12-20T09:00:00Z', day: '2026-12-20', reminder: { due: '2026-12-17T09:00:00Z' } }), []);
  });
  it('a wrong date or a null where none is allowed is refused', () => {
    assert.match(schemaProblems(schema, { mode: 'remote', deadline: 'next Friday' }).join(), /deadline.*date-time/);
    assert.match(schemaProblems(schema, { mode: 'remote', day: '2026-13-45' }).join(), /day.*date/);
    assert.match(schemaProblems(schema, { mode: 'remote', day: null }).join(), /day/);
  });
});

describe('SkillInput as the spec names it (issue 26)', () => {
  it('text, link, transcript, attachments, source_kind, hints, requested_skill; the old url and kind still read', () => {
    const input = skillInputOf({ text: 'https://jobs.example.com/1', url: 'https://jobs.example.com/1', kind: 'link', hints: 'deadline is Friday', requestedSkill: 'extract_job' });
    assert.equal(input.link, 'https://jobs.example.com/1');
    assert.equal(input.source_kind, 'link');
    assert.equal(input.hints, 'deadline is Friday');
    assert.equal(input.requested_skill, 'extract_job');
    assert.equal(input.transcript, '');
    assert.deepEqual(input.attachments, []);
    assert.equal(input.url, input.link);
    assert.equal(input.kind, input.source_kind);
  });
  it('a file input is its own attachment, with a stable id', () => {
    const a = skillInputOf({ text: 'Image: card.png', kind: 'image', path: 'shots/card.png' }).attachments as Array<Record<string, unknown>>;
    assert.equal(a.length, 1);
    assert.deepEqual({ ...a[0], id: undefined }, { id: undefined, path: 'shots/card.png', name: 'card.png', mime: 'image/png' });
    assert.equal((skillInputOf({ text: 'x', kind: 'image', path: 'shots/card.png' }).attachments as Array<{ id: string }>)[0].id, a[0].id);
  });
});

describe('routing in the spec\'s order (issue 26)', () => {
  const skills = [
    { name: 'extract_job', description: 'Job postings.', match: { inputs: ['text', 'link'] as Array<'text' | 'link'>, keywords: ['hiring'] } },
    { name: 'coffee_chat', description: 'Networking chats.', match: { inputs: ['text'] as Array<'text'>, keywords: ['coffee', 'hiring'] } },
    { name: 'capture_note', description: 'Anything else.', match: { inputs: ['text'] as Array<'text'> } },
  ];
  const signal = new AbortController().signal;
  it('explicit first, then a unique match, then the model over every skill, then capture_note', async () => {
    assert.equal((await routeRequest({ kind: 'text', text: 'hiring' }, skills, { explicit: 'capture_note', signal })).how, 'explicit');
    assert.deepEqual(await routeRequest({ kind: 'text', text: 'coffee with Ann' }, skills, { signal }).then((d) => [d.how, d.skill]), ['match', 'coffee_chat']);
    // Two matches at the same priority: offline there is no model to choose, so capture_note keeps the input.
    assert.deepEqual(await routeRequest({ kind: 'text', text: 'we are hiring, coffee?' }, skills, { signal }).then((d) => [d.how, d.skill]), ['fallback', 'capture_note']);
    const ranked = skills.map((s) => (s.name === 'extract_job' ? { ...s, match: { ...s.match, priority: 80 } } : s));
    assert.deepEqual(await routeRequest({ kind: 'text', text: 'we are hiring, coffee?' }, ranked, { signal }).then((d) => [d.how, d.skill]), ['match', 'extract_job'], 'priority picks among several matches');
    const llm = new FakeLlm(() => JSON.stringify({ skill: 'extract_job', confidence: 0.9 }));
    const chosen = await routeRequest({ kind: 'text', text: 'we are hiring, coffee?' }, skills, { llm, signal });
    assert.deepEqual([chosen.how, chosen.skill], ['model', 'extract_job']);
    const asked = JSON.stringify(llm.requests[0]);
    for (const s of skills) assert.ok(asked.includes(`${s.name}: ${s.description}`), `the router saw ${s.name}`);
    const low = await routeRequest({ kind: 'text', text: 'hiring coffee' }, skills, { llm: new FakeLlm(() => JSON.stringify({ skill: 'extract_job', confidence: 0.2 })), signal });
    assert.deepEqual([low.how, low.skill], ['fallback', 'capture_note']);
    const offline = await routeRequest({ kind: 'text', text: 'nothing matches this' }, skills, { signal });
    assert.deepEqual([offline.how, offline.skill], ['fallback', 'capture_note']);
  });
  it('--explain-route names the step that chose and why', () => {
    const text = explainRoute({ skill: 'extract_job', how: 'model', confidence: 0.9, reason: 'chosen by the model with confidence 0.90', candidates: ['extract_job', 'coffee_chat'] });
    assert.match(text, /✗ 1\. a skill named/);
    assert.match(text, /✗ 2\. match/);
    assert.match(text, /→ 3\. a model[^\n]*\n {7}chose extract_job: chosen by the model with confidence 0\.90 \(confidence 0\.90\)/);
    assert.match(text, /candidates the prefilter kept: extract_job, coffee_chat/);
  });
});

describe('registry parity: SKILLS_DIR and run statistics (issue 26)', () => {
  it('SKILLS_DIR adds private folders (absolute, ~ expanded); relative ones are ignored', () => {
    const dirs = privateSkillDirs({ SKILLS_DIR: ['/opt/skills', 'relative/skills', '~/my-skills'].join(path.delimiter) }, '/etc/il-skills');
    assert.deepEqual(dirs, ['/opt/skills', path.join(require('node:os').homedir(), 'my-skills'), '/etc/il-skills']);
  });
  it('skills show counts runs, failures, the median time, model calls and the last error', () => {
    const run = (status: string, ms: number, calls: number, error: string | null, at: string) => ({
      id: at, skill: 's', version: 1, prompt_hash: null, raw_output: JSON.stringify(Array.from({ length: calls }, () => '{}')), validation: null,
      tokens: calls ? { inputTokens: 10 * calls, outputTokens: 1 } : { inputTokens: 0, outputTokens: 0 }, duration_ms: ms, status, error, actions: null, created_at: at,
    });
    const stats = runStats([run('failed', 900, 2, 'boom', '3'), run('ok', 100, 1, null, '2'), run('dry_run', 300, 0, null, '1')] as never);
    assert.deepEqual(stats, { runs: 3, failures: 1, medianMs: 300, modelCalls: 3, lastError: 'boom', lastRunAt: '3' });
  });
});
