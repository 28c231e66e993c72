import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { loadSkillFolders, validateChainManifest, type ChainManifest, type SkillManifest } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { runChain } from '../../src/core/skills/run/runChain';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { LlmError } from '../../src/core/llm/provider';
import { FakeLlm, promptText } from '../support/fakeLlm';
import { ROOT, tempDir } from './helpers';

const NOW = () => new Date('2026-12-01T09:00:00Z');
const EXTRACTED = { company: 'Acme Robotics', title: 'Agent Engineer', deadline: '2026-12-20' };

function chainOf(yaml: string): ChainManifest {
  const v = validateChainManifest(yaml, 'test.chain.yaml', { knownSkillNames: ['extract_job', 'capture_note', 'log_interview'] });
  assert.deepEqual(v.problems.filter((p) => p.severity === 'error'), [], JSON.stringify(v.problems));
  return v.manifest ?? (parse(yaml) as ChainManifest);
}

describe('chains of skills', function () {
  this.timeout(30_000);
  let skills: Map<string, SkillManifest>;
  let dir: string;
  before(async () => {
    const loaded = await loadSkillFolders([path.join(ROOT, 'skills')], { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    skills = new Map(loaded.skills.filter((s) => s.valid).map((s) => [s.name, s.manifest!]));
  });
  beforeEach(() => { dir = tempDir('il-chain-'); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('passes a step\'s output to the next by its output_as name, skips a step whose when is false, and reports every step', async () => {
    const chain = chainOf(`name: job_then_note
steps:
  - skill: extract_job
    output_as: job
  - skill: capture_note
    args:
      text: "Follow up with {{ job.output.company }} about {{ job.output.title }}"
  - skill: capture_note
    when: job.output.salary is defined
`);
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const llm = new FakeLlm((req) => (promptText(req).includes('POSTING') ? JSON.stringify(EXTRACTED) : JSON.stringify({ title: 'Follow up', tags: [] })));
    const r = await runChain(chain, { text: 'Acme Robotics is hiring an Agent Engineer.' }, skills, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(r.status, 'ok');
    assert.deepEqual(r.steps.map((s) => [s.skill, s.status]), [['extract_job', 'ok'], ['capture_note', 'ok'], ['capture_note', 'skipped']]);
    assert.match(promptText(llm.requests[1]), /Follow up with Acme Robotics about Agent Engineer/);
    assert.equal(store.list('note')[0].body_md, 'Follow up with Acme Robotics about Agent Engineer');
  });

  it('retries a failing step, then on_error decides: continue goes on, a branch runs instead and the chain goes on', async () => {
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const flaky = new FakeLlm((_req, n) => (n < 2 ? new LlmError('overloaded', 'overloaded') : JSON.stringify(EXTRACTED)));
    const retried = await runChain(chainOf('name: retry\nsteps:\n  - skill: extract_job\n    retry: { times: 2, delay_ms: 1 }\n'), { text: 'job' }, skills,
      { records: store, llm: flaky, signal: new AbortController().signal, now: NOW, dryRun: true });
    assert.equal(retried.steps[0].attempts, 3);
    assert.equal(retried.status, 'dry_run');

    const down = new FakeLlm(() => new LlmError('overloaded', 'overloaded'));
    const goOn = await runChain(chainOf('name: go_on\nsteps:\n  - skill: extract_job\n    on_error: continue\n  - skill: capture_note\n'), { text: 'a note' }, skills,
      { records: store, signal: new AbortController().signal, now: NOW, dryRun: true, llm: down });
    assert.deepEqual(goOn.steps.map((s) => s.status), ['failed', 'failed'], 'capture_note ran too (and failed on the same dead model)');
    const branch = await runChain(chainOf('name: branch\nsteps:\n  - skill: extract_job\n    on_error:\n      - skill: capture_note\n  - skill: capture_note\n    args:\n      text: "after the branch"\n'), { text: 'keep me' }, skills,
      { records: store, signal: new AbortController().signal, now: NOW, dryRun: false });
    assert.equal(branch.status, 'ok');
    assert.deepEqual(branch.steps.map((s) => [s.skill, s.status, !!s.onError]), [['extract_job', 'failed', false], ['capture_note', 'ok', true], ['capture_note', 'ok', false]]);
    assert.match(branch.steps[0].error!, /needs a model/);
    assert.equal(store.list('note').length, 2, 'the branch kept the input as a note, and the chain went on');
  });

  it('a step over its timeout is stopped and reported', async () => {
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const slow = new FakeLlm(() => JSON.stringify(EXTRACTED), 'fake', 2000);
    const r = await runChain(chainOf('name: slow\nsteps:\n  - skill: extract_job\n    timeout_ms: 50\n'), { text: 'job' }, skills,
      { records: store, llm: slow, signal: new AbortController().signal, now: NOW, dryRun: true });
    assert.equal(r.steps[0].status, 'failed');
    assert.match(r.steps[0].error!, /longer than 50 ms/);
  });
});
