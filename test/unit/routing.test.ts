import { strict as assert } from 'node:assert';
import { routeRequest, prefilter, RouteError, type RoutableSkill } from '../../src/core/skills/routing/routeRequest';
import { wildcardMatch } from '../../src/core/skills/routing/wildcard';
import { canaryBucket, inCanary } from '../../src/core/skills/routing/canary';
import { LlmError } from '../../src/core/llm/provider';
import { FakeLlm } from '../support/fakeLlm';

const SKILLS: RoutableSkill[] = [
  { name: 'extract_job', description: 'Extract a job posting into company and position records.', match: { inputs: ['text', 'link'], keywords: ['job description', 'we are hiring', '岗位职责', 'jd'], url_patterns: ['*linkedin.com/jobs/*', '*boss.zhipin.com/*'], priority: 60 } },
  { name: 'coffee_chat', description: 'Turn notes of a coffee chat into a person, an event and reminders.', match: { keywords: ['coffee chat', 'chatted with', '咖啡'], priority: 40 } },
  { name: 'log_interview', description: 'Record an interview and reminders from a diagnosis.', match: { keywords: ['interview', '面试'], priority: 50 } },
  { name: 'capture_note', description: 'Keep anything else as a note.', match: { priority: 0 } },
  { name: 'old_skill', description: 'Disabled.', enabled: false, match: { keywords: ['job description'], priority: 100 } },
];
const signal = () => new AbortController().signal;

describe('routing a request to a skill', () => {
  it('an explicit skill wins; an unknown or disabled one is an error naming the skills', async () => {
    assert.equal((await routeRequest({ kind: 'text', text: 'x' }, SKILLS, { explicit: 'coffee_chat', signal: signal() })).how, 'explicit');
    await assert.rejects(routeRequest({ kind: 'text' }, SKILLS, { explicit: 'nope', signal: signal() }), (e: unknown) => e instanceof RouteError && /extract_job/.test((e as Error).message));
    await assert.rejects(routeRequest({ kind: 'text' }, SKILLS, { explicit: 'old_skill', signal: signal() }), /disabled/);
  });

  it('a unique prefilter hit wins; priority breaks ties; disabled skills never match', async () => {
    const d = await routeRequest({ kind: 'text', text: 'Job description: we are hiring an agent engineer' }, SKILLS, { signal: signal() });
    assert.equal(d.skill, 'extract_job');
    assert.equal(d.how, 'match');
    const both = await routeRequest({ kind: 'text', text: 'Coffee chat after the interview with Ana' }, SKILLS, { signal: signal() });
    assert.equal(both.skill, 'log_interview', 'priority 50 beats 40');
    assert.deepEqual(both.candidates, ['log_interview', 'coffee_chat']);
    const link = await routeRequest({ kind: 'link', url: 'https://www.linkedin.com/jobs/view/123' }, SKILLS, { signal: signal() });
    assert.equal(link.skill, 'extract_job');
    assert.equal(prefilter(SKILLS, { kind: 'image', text: 'job description' }).length, 0, 'no skill takes images');
  });

  it('offline with nothing matching, the fallback takes it and says routing stopped before the model', async () => {
    const d = await routeRequest({ kind: 'text', text: 'Remember to water the plants' }, SKILLS, { signal: signal() });
    assert.equal(d.skill, 'capture_note');
    assert.equal(d.how, 'fallback');
    assert.match(d.reason, /offline, there is no model/);
  });

  it('the model router chooses with a confidence; low confidence or a failure goes to the fallback', async () => {
    const sure = new FakeLlm(() => '{"skill": "coffee_chat", "confidence": 0.9, "reason": "a meeting"}');
    const d = await routeRequest({ kind: 'text', text: 'Met Li for tea, she works at Acme' }, SKILLS, { llm: sure, signal: signal() });
    assert.deepEqual([d.skill, d.how, d.confidence], ['coffee_chat', 'model', 0.9]);
    assert.match(sure.requests[0].system[0].text, /extract_job: Extract a job posting/);
    assert.ok(!sure.requests[0].system[0].text.includes('old_skill'), 'a disabled skill is not offered to the model');
    const unsure = new FakeLlm(() => '{"skill": "coffee_chat", "confidence": 0.3}');
    assert.equal((await routeRequest({ kind: 'text', text: 'hmm' }, SKILLS, { llm: unsure, signal: signal() })).skill, 'capture_note');
    const invented = new FakeLlm(() => '{"skill": "delete_everything", "confidence": 0.99}');
    const r = await routeRequest({ kind: 'text', text: 'hmm' }, SKILLS, { llm: invented, signal: signal() });
    assert.equal(r.skill, 'capture_note');
    assert.match(r.reason, /not a skill here/);
    const down = new FakeLlm(() => new LlmError('overloaded', 'overloaded'));
    assert.equal((await routeRequest({ kind: 'text', text: 'hmm' }, SKILLS, { llm: down, signal: signal() })).how, 'fallback');
  });

  it('URL patterns are wildcards matched without regular expressions, in bounded time', () => {
    assert.ok(wildcardMatch('*linkedin.com/jobs/*', 'https://www.LinkedIn.com/jobs/view/1'));
    assert.ok(!wildcardMatch('*linkedin.com/jobs/*', 'https://linkedin.com/feed'));
    assert.ok(wildcardMatch('https://*.example.com/*', 'https://a.b.example.com/x'));
    assert.ok(!wildcardMatch('a*a*a*a*a*b', 'a'.repeat(5000)));
  });

  it('canary: the same request id always takes the same side, and about N % take the new version', () => {
    assert.equal(inCanary('req-1', 30), inCanary('req-1', 30));
    const n = Array.from({ length: 2000 }, (_, i) => inCanary(`request-${i}`, 20)).filter(Boolean).length;
    assert.ok(n > 320 && n < 480, `${n} of 2000 at 20 %`);
    assert.equal(inCanary('x', 0), false);
    assert.equal(inCanary('x', 100), true);
    assert.ok(canaryBucket('x') >= 0 && canaryBucket('x') < 100);
  });
});
