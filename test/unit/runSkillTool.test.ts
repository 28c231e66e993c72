import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createCore, type Core } from '../../src/core/services';
import { openSkillHost } from '../../src/core/skills/run/skillHost';
import type { RunSkillOutput } from '../../src/core/skills/run/runSkillTool';
import { agentToolNames, agentTools } from '../../src/core/calls/agentLoop';
import { KNOWLEDGE_DIR, ROOT, tempDir } from './helpers';

const BUILT_IN = path.join(ROOT, 'skills');

describe('run_skill: skills as a tool of the registry', function () {
  this.timeout(30_000);
  let core: Core;
  let work: string;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });
  beforeEach(() => {
    work = tempDir('il-run-skill-');
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  async function host(options: { trusted?: boolean; allowWrites?: boolean } = {}) {
    return openSkillHost({ dirs: [BUILT_IN, path.join(work, 'skills')], builtInDirs: [BUILT_IN], recordsFile: path.join(work, 'records.sqlite'), trusted: options.trusted ?? false, allowWrites: options.allowWrites ?? false });
  }

  it('routes a note offline, plans it, and the same dry run plans the same ids', async () => {
    const h = await host();
    const ctx = core.context({ caller: 'test', manifestSkills: h });
    const input = { text: 'Remember to ask about the on-call rota.', now: '2026-12-01T09:00:00Z' };
    const a = await core.tools.execute<RunSkillOutput>('run_skill', input, ctx);
    assert.ok(a.success, a.error?.message);
    assert.equal(a.data!.route.skill, 'capture_note');
    assert.equal(a.data!.status, 'dry_run');
    const b = await core.tools.execute<RunSkillOutput>('run_skill', input, ctx);
    assert.deepEqual(b.data!.planned.map((p) => p.id), a.data!.planned.map((p) => p.id));
    assert.ok(!fs.existsSync(path.join(work, 'records.sqlite')), 'a dry run writes nothing');
  });

  it('writes only when the caller allows it; a model calling the tool cannot write', async () => {
    const readOnly = await core.tools.execute('run_skill', { text: 'a note', dry_run: false }, core.context({ caller: 'agent', manifestSkills: await host() }));
    assert.equal(readOnly.error?.code, 'permission_denied');
    assert.match(readOnly.error!.message, /only dry-run/);
    const writer = await core.tools.execute<RunSkillOutput>('run_skill', { text: 'a note', dry_run: false }, core.context({ caller: 'cli', manifestSkills: await host({ allowWrites: true }) }));
    assert.ok(writer.success, writer.error?.message);
    assert.equal(writer.data!.status, 'ok');
    assert.ok(fs.existsSync(path.join(work, 'records.sqlite')));
  });

  it('says what is wrong: no skills here, an unknown skill, a bad clock, an untrusted script', async () => {
    const none = await core.tools.execute('run_skill', { text: 'x' }, core.context({ caller: 'test' }));
    assert.equal(none.error?.code, 'service_error');
    assert.match(none.error!.message, /not loaded here/);
    const ctx = core.context({ caller: 'test', manifestSkills: await host() });
    const unknown = await core.tools.execute('run_skill', { skill: 'no_such', text: 'x' }, ctx);
    assert.equal(unknown.error?.code, 'input_error');
    assert.match(unknown.error!.message, /no skill named "no_such"; skills: capture_note/);
    const clock = await core.tools.execute('run_skill', { text: 'x', now: 'yesterday' }, ctx);
    assert.equal(clock.error?.code, 'input_error');
    const dir = path.join(work, 'skills', 'stamp');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'skill.yaml'), 'name: stamp\nversion: 1\ndescription: Stamps a note. Use it for stamps. Not for anything else.\nmatch: {inputs: [text]}\nscript: run.ts\n');
    const marker = path.join(work, 'ran');
    fs.writeFileSync(path.join(dir, 'run.ts'), `import * as fs from 'node:fs';\nexport async function execute(ctx, inp) { fs.writeFileSync(${JSON.stringify(marker)}, 'ran'); return { actions: [] }; }\n`);
    const refused = await core.tools.execute('run_skill', { skill: 'stamp', text: 'x' }, core.context({ caller: 'test', manifestSkills: await host() }));
    assert.equal(refused.error?.code, 'permission_denied');
    assert.match(refused.error!.message, /trusted workspace/);
    assert.ok(!fs.existsSync(marker), 'the untrusted script never ran');
    const trusted = await core.tools.execute('run_skill', { skill: 'stamp', text: 'x' }, core.context({ caller: 'test', manifestSkills: await host({ trusted: true }) }));
    assert.ok(trusted.success, trusted.error?.message);
    assert.ok(fs.existsSync(marker));
  });

  it('the agent is offered run_skill with its schema', () => {
    assert.ok(agentToolNames(core.tools).includes('run_skill'));
    const [schema] = core.tools.getSchemasFor(['run_skill']);
    assert.deepEqual(schema.inputSchema.required, ['text']);
  });

  it('its description lists the enabled skills this caller loaded (workspace ones too); a disabled one is neither listed nor runnable', async () => {
    const skill = (name: string, enabled: boolean, words: string) => {
      fs.mkdirSync(path.join(work, 'skills', name), { recursive: true });
      fs.writeFileSync(path.join(work, 'skills', name, 'skill.yaml'), `name: ${name}\nversion: 1\nenabled: ${enabled}\ndescription: ${words} Use it in tests. Not for users.\nmatch:\n  inputs: [text]\n  keywords: [${name}]\n  priority: 90\nprompt:\n  user: "{{ input.text }}"\noffline:\n  title: "{{ input.text }}"\noutput_schema:\n  type: object\n  properties:\n    title: { type: string, description: A short title for the note. }\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n      body_md: "{{ input.text }}"\n`);
    };
    skill('salary_notes', true, 'Files what a recruiter said about pay.');
    skill('secret_notes', false, 'Files things nobody should see.');
    const h = await host();
    const ctx = core.context({ caller: 'agent', manifestSkills: h });
    const described = agentTools(ctx).find((t) => t.name === 'run_skill')!.description;
    assert.match(described, /- salary_notes: Files what a recruiter said about pay\./);
    for (const builtIn of ['capture_note', 'extract_job', 'log_interview', 'coffee_chat']) assert.match(described, new RegExp(`- ${builtIn}: `), builtIn);
    assert.doesNotMatch(described, /secret_notes|nobody should see/);
    // Without loaded skills (the static description) no skill is named.
    assert.doesNotMatch(core.tools.getSchemasFor(['run_skill'])[0].description, /capture_note|coffee/);
    const named = await core.tools.execute('run_skill', { skill: 'secret_notes', text: 'secret_notes: x' }, ctx);
    assert.equal(named.error?.code, 'input_error');
    assert.match(named.error!.message, /skill "secret_notes" is disabled/);
    const routed = await core.tools.execute<RunSkillOutput>('run_skill', { text: 'secret_notes and salary_notes: 90k' }, ctx);
    assert.ok(routed.success, routed.error?.message);
    assert.equal(routed.data!.skill, 'salary_notes', 'the disabled skill is not routed to');
  });
});
