/**
 * coffee_chat, the built-in scripted skill written to the run contract, with the fake provider
 * (spec section 9): the happy path's planned actions, a schema violation repaired and ending
 * degraded, and a long conversation split into parts and merged with no duplicate person.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, type LoadedSkill } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { loadSkillScript, runScriptedSkill } from '../../src/core/skills/run/scriptedSkill';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { MemoryLogger } from '../../src/core/runtime/logger';
import type { LlmRequest } from '../../src/core/llm/provider';
import { FakeLlm, promptText } from '../support/fakeLlm';
import { ROOT, tempDir } from './helpers';

const NOW = () => new Date('2026-12-01T09:00:00Z');

async function coffeeChat(): Promise<LoadedSkill> {
  const { skills } = await loadSkillFolders([path.join(ROOT, 'skills')], { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
  const s = skills.find((x) => x.name === 'coffee_chat')!;
  assert.ok(s.valid, JSON.stringify(s.problems));
  assert.deepEqual(s.problems.filter((p) => p.severity === 'error'), []);
  return s;
}

/** The user message of a skill call (what the part said). */
const userOf = (req: LlmRequest) => promptText(req);

describe('coffee_chat (scripted, the run contract)', function () {
  this.timeout(60_000);
  let dir: string;
  let skill: LoadedSkill;
  beforeEach(async () => {
    dir = tempDir('il-coffee-');
    skill = await coffeeChat();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (text: string, llm: FakeLlm, dryRun = true) => {
    const records = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const script = loadSkillScript(skill.dir, path.basename(skill.script!), { trusted: true, skill: 'coffee_chat' });
    const result = await runScriptedSkill(skill.manifest!, script, { text }, { records, llm, signal: new AbortController().signal, now: NOW, dryRun, logger: new MemoryLogger() });
    return { result, records };
  };

  it('happy path: the person, the chat as an event, the participant link and a reminder per follow-up, planned; applied in one run', async () => {
    const notes = 'Had coffee with Maya Chen, Staff Engineer at Northwind AI, on 2026-11-28. She offered to refer me. I will send her my CV by 2026-12-05 and read the team\'s eval blog post.';
    const llm = new FakeLlm(() => JSON.stringify({
      person_name: 'Maya Chen', title: 'Staff Engineer', roles: ['engineer', 'referrer'], met_at: '2026-11-28',
      summary: 'Maya\'s team evaluates every retrieval change; she offered a referral.',
      structured: { company: 'Northwind AI', topics: ['evaluation'], advice: ['Show numbers'] },
      action_items: [{ text: 'Send my CV to Maya', due: '2026-12-05' }, { text: 'Read the eval blog post' }],
    }));
    const { result } = await run(notes, llm);
    assert.equal(llm.requests.length, 1, 'a short chat is one part: one call');
    assert.match(llm.requests[0].system[0].text, /networking conversation/, 'the system prompt is the manifest\'s prompt.system');
    assert.match(userOf(llm.requests[0]), /Today is 2026-12-01\.\nNOTES:\nHad coffee with Maya Chen/, 'the user prompt is prompt.user rendered with the chunk');
    assert.equal(result.status, 'dry_run');
    assert.equal(result.scriptVersion, 2);
    assert.deepEqual(result.planned.map((p) => p.primitive), ['upsert_person', 'create_event', 'link', 'create_reminder', 'create_reminder']);
    const [person, event, link, cv, blog] = result.planned;
    assert.deepEqual({ name: person.params.display_name, roles: person.params.roles, title: person.params.current_title }, { name: 'Maya Chen', roles: ['engineer', 'referrer'], title: 'Staff Engineer' });
    assert.equal(event.params.kind, 'coffee_chat');
    assert.equal(String(event.params.occurred_at).slice(0, 10), '2026-11-28');
    assert.equal(event.params.body_md, 'Maya\'s team evaluates every retrieval change; she offered a referral.');
    assert.deepEqual(event.params.structured, { company: 'Northwind AI', topics: ['evaluation'], advice: ['Show numbers'] });
    assert.deepEqual({ source: link.params.source, target: link.params.target, relation: link.params.relation }, { source: event.ref, target: person.ref, relation: 'participant' });
    assert.deepEqual([cv.params.title, String(cv.params.due_at).slice(0, 10), cv.params.target], ['Send my CV to Maya', '2026-12-05', person.ref]);
    assert.equal(String(blog.params.due_at).slice(0, 10), '2026-12-01', 'no agreed day: three days after the chat');
    assert.equal(result.summaryMd, 'Maya\'s team evaluates every retrieval change; she offered a referral.');
    assert.ok(!fs.existsSync(path.join(dir, 'records.sqlite')), 'a dry run writes nothing');

    const applied = await run(notes, llm, false);
    assert.equal(applied.result.status, 'ok');
    assert.equal(applied.records.list('person').length, 1);
    assert.equal(applied.records.list('event').length, 1);
    assert.equal(applied.records.list('reminder').length, 2);
    assert.equal(applied.records.list('link').filter((l) => l.relation === 'participant').length, 1);
  });

  it('a schema violation is repaired, and when it stays invalid the run ends degraded: status invalid, nothing planned or written, no crash', async () => {
    // person_name is required; the model never gives it.
    const llm = new FakeLlm(() => JSON.stringify({ summary: 'A chat.' }));
    const { result, records } = await run('Had coffee with someone nice.', llm, false);
    assert.equal(llm.requests.length, 3, 'the first ask and two repairs');
    assert.match(userOf(llm.requests[1]), /person_name/, 'the repair sends the validation errors back');
    assert.equal(result.status, 'invalid');
    assert.deepEqual(result.planned, []);
    assert.match(result.warnings.join('\n'), /not valid against the schema after 2 repairs.*nothing was written/);
    assert.equal(records.list('person').length + records.list('event').length, 0);
    assert.equal(records.runs()[0].status, 'invalid', 'the audit keeps the run');

    // Repaired on the second try: the run goes on.
    let n = 0;
    const fixes = new FakeLlm(() => (n++ === 0 ? '{"summary": "A chat."}' : '{"person_name": "Ana", "summary": "A chat."}'));
    const repaired = await run('Had coffee with Ana.', fixes);
    assert.equal(fixes.requests.length, 2);
    assert.equal(repaired.result.status, 'dry_run');
    assert.equal(repaired.result.planned[0].params.display_name, 'Ana');
  });

  it('a long conversation is split into N topic parts, each read once, and merged: one person, each follow-up once', async () => {
    const para = (topic: string, body: string) => `# ${topic}\n${body} ${'We talked about how the team evaluates its retrieval changes against a fixed set of questions. '.repeat(28)}`;
    const text = [para('The team', 'Maya Chen leads evaluation at Northwind AI.'), para('Hiring', 'The team hires one engineer this quarter.'), para('Next steps', 'I will send my CV to Maya by 2026-12-05.')].join('\n\n');
    assert.ok(text.length > 6000, 'longer than one part');
    const llm = new FakeLlm((req) => {
      if (req.purpose === 'chunk:topics') return '{"starts": [2, 3]}';
      const u = userOf(req);
      const part = /This is part (\d) of (\d)/.exec(u);
      assert.ok(part, 'each part says which it is');
      const base = { person_name: part[1] === '2' ? 'maya chen' : 'Maya Chen', summary: `Part ${part[1]}.`, action_items: [{ text: 'Send my CV to Maya', due: '2026-12-05' }] };
      return JSON.stringify(part[1] === '1' ? { ...base, title: 'Staff Engineer', roles: ['engineer'] } : { ...base, roles: ['Engineer', 'referrer'] });
    });
    const { result } = await run(text, llm);
    const parts = llm.requests.filter((r) => r.purpose === 'skill:coffee_chat');
    assert.equal(parts.length, 3, 'three topic parts, one call each');
    assert.equal(result.chunks, 3);
    assert.deepEqual(parts.map((r) => /This is part (\d) of 3/.exec(userOf(r))?.[1]), ['1', '2', '3']);
    const people = result.planned.filter((p) => p.primitive === 'upsert_person');
    assert.equal(people.length, 1, 'Maya Chen, named in every part, is one person');
    assert.deepEqual(people[0].params.roles, ['engineer', 'referrer'], 'her roles merged, each once');
    assert.equal(people[0].params.current_title, 'Staff Engineer');
    assert.equal(result.planned.filter((p) => p.primitive === 'create_reminder').length, 1, 'the follow-up every part repeats is one reminder');
    assert.equal(result.planned.find((p) => p.primitive === 'create_event')!.params.body_md, 'Part 1. Part 2. Part 3.');
  });
});
