import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateSkillManifest, type SkillManifest } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { runManifestSkill } from '../../src/core/skills/run/runManifestSkill';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { FakeLlm, promptText } from '../support/fakeLlm';
import { tempDir } from './helpers';

/** Two paragraphs of about 150 characters each, so max_chars 200 makes exactly two chunks. */
const TEXT = 'Maya Chen leads the evals team at Acme and asked about my RAG work on the search product last year, and about how we measured answer quality.\n\n'
  + 'Leo Park from Acme recruiting will send the take-home task soon; Maya wants a follow-up call on Friday next week to talk about the team and its plans.';

const YAML = `name: people_digest
version: 1
description: Lists the people a long note mentions, merged into one list. Use it on long notes. Not for job postings.
chunking:
  strategy: fixed
  max_chars: 200
  reduce: true
prompt:
  user: "{{ input.text }}"
  reduce:
    system: Merge the partial lists into one; keep each person once.
    user: |
      PARTS:
      {% for p in parts %}- {{ p.people | join(", ") }}
      {% endfor %}MERGED SO FAR: {{ out.people | join(", ") }}
output_schema:
  type: object
  additionalProperties: false
  required: [people]
  properties:
    people:
      type: array
      description: Full names of the people the note mentions.
      items: { type: string }
      maxItems: 3
actions:
  - create_note:
      title: "People: {{ out.people | join(', ') }}"
      body_md: "{{ input.text }}"
match:
  inputs: [text]
`;

function manifest(): SkillManifest {
  const v = validateSkillManifest(YAML, 'people_digest/skill.yaml', { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
  assert.deepEqual(v.problems.filter((p) => p.severity === 'error'), [], JSON.stringify(v.problems));
  return v.manifest!;
}

describe('chunking.reduce: one more model call over the parts', function () {
  this.timeout(20_000);
  let dir: string;
  beforeEach(() => { dir = tempDir('il-reduce-'); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('two chunks, then the reduce call sees both parts and the merge; its output, validated, is what the actions use', async () => {
    const llm = new FakeLlm((req) => {
      if (req.purpose.endsWith(':reduce')) return JSON.stringify({ people: ['Maya Chen', 'Leo Park'] });
      return promptText(req).includes('Leo Park') ? JSON.stringify({ people: ['Leo Park', 'Maya'] }) : JSON.stringify({ people: ['Maya Chen'] });
    });
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const r = await runManifestSkill(manifest(), { text: TEXT }, { records: store, llm, signal: new AbortController().signal, now: () => new Date('2026-12-01T09:00:00Z'), dryRun: true });
    assert.equal(r.chunks, 2);
    assert.deepEqual(llm.requests.map((q) => q.purpose), ['skill:people_digest', 'skill:people_digest', 'skill:people_digest:reduce']);
    const reducePrompt = promptText(llm.requests[2]);
    assert.match(reducePrompt, /^Merge the partial lists into one; keep each person once\./);
    assert.match(reducePrompt, /PARTS:\n- Maya Chen\n- Leo Park, Maya\n/);
    assert.match(reducePrompt, /MERGED SO FAR: Maya Chen, Leo Park, Maya/);
    assert.deepEqual(r.output, { people: ['Maya Chen', 'Leo Park'] });
    assert.equal(r.status, 'dry_run');
    assert.equal(r.planned[0].params.title, 'People: Maya Chen, Leo Park');
  });

  it('a reduce output that breaks output_schema is repaired, then stops the run with nothing planned', async () => {
    const llm = new FakeLlm((req) => (req.purpose.includes(':reduce') ? JSON.stringify({ people: ['A', 'B', 'C', 'D'] }) : JSON.stringify({ people: ['A'] })));
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const r = await runManifestSkill(manifest(), { text: TEXT }, { records: store, llm, signal: new AbortController().signal, now: () => new Date('2026-12-01T09:00:00Z'), dryRun: false });
    assert.equal(r.status, 'invalid');
    assert.deepEqual(r.planned, []);
    assert.match(r.warnings[0], /reduce step's output was not valid against output_schema after 2 repairs/);
    assert.equal(llm.requests.filter((q) => q.purpose.includes(':reduce')).length, 3, 'the reduce call and its two repairs');
    assert.equal(store.list('note').length, 0);
    assert.equal(store.runs()[0].status, 'invalid');
  });
});
