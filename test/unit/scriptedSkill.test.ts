import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, type LoadedSkill } from '../../src/core/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/manifest/manifestChecks';
import { loadSkillScript, runScriptedSkill, ScriptError } from '../../src/core/skills/manifest/scriptedSkill';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { MemoryLogger } from '../../src/core/runtime/logger';
import { FakeLlm, promptText } from '../support/fakeLlm';
import { ROOT, tempDir } from './helpers';

const NOW = () => new Date('2026-12-01T09:00:00Z');
const checks = { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema };

async function skillIn(dir: string, name: string): Promise<LoadedSkill> {
  const { skills } = await loadSkillFolders([dir], checks);
  const s = skills.find((x) => x.name === name)!;
  assert.ok(s.valid, JSON.stringify(s.problems));
  return s;
}

function workspaceSkill(root: string, name: string, script: string): string {
  const dir = path.join(root, 'skills', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'skill.yaml'), `name: ${name}\nversion: 1\ndescription: A test skill that does one thing. Use it in tests. Not for users.\ntimeout_ms: 200\n`);
  fs.writeFileSync(path.join(dir, 'run.ts'), script);
  return path.join(root, 'skills');
}

describe('scripted skills', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => { dir = tempDir('il-script-'); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('coffee_chat: topic parts read by the model, people merged, then companies, people, the event and the follow-ups as planned actions', async () => {
    const skill = await skillIn(path.join(ROOT, 'skills'), 'coffee_chat');
    const execute = loadSkillScript(skill.dir, path.basename(skill.script!), { trusted: true, skill: skill.name });
    const notes = '# Morning\nHad coffee with Li Wei (li@acme.dev), staff engineer at Acme.\n\n# Later\nLi Wei introduced Ana, recruiter at Acme. I will send my CV by 2026-12-05.';
    const llm = new FakeLlm((req) => (promptText(req).includes('Morning')
      ? JSON.stringify({ date: '2026-11-30', people: [{ name: 'Li Wei', email: 'li@acme.dev', company: 'Acme', role: 'staff engineer' }], follow_ups: [] })
      : JSON.stringify({ people: [{ name: 'li wei' }, { name: 'Ana', company: 'Acme', role: 'recruiter' }], follow_ups: [{ title: 'Send CV to Ana', due: '2026-12-05' }], summary: 'Acme hires.' })));
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const r = await runScriptedSkill(skill.manifest!, execute, { text: notes }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: true, logger: new MemoryLogger() });
    assert.equal(llm.requests.length, 2, 'two topic parts');
    assert.deepEqual(r.planned.map((p) => p.primitive), ['upsert_company', 'upsert_person', 'upsert_person', 'create_event', 'create_reminder']);
    assert.equal(r.planned[1].params.company_id, r.planned[0].alias.id);
    assert.deepEqual(r.planned[3].params.person_ids, [r.planned[1].alias.id, r.planned[2].alias.id]);
    assert.equal(r.planned[3].params.starts_at, '2026-11-30');
    assert.equal(r.planned[4].params.due_at, '2026-12-05');
    assert.ok(!fs.existsSync(path.join(dir, 'records.sqlite')), 'a dry run writes nothing');
    const applied = await runScriptedSkill(skill.manifest!, execute, { text: notes }, { records: store, llm, signal: new AbortController().signal, now: NOW, dryRun: false, logger: new MemoryLogger() });
    assert.equal(applied.status, 'ok');
    assert.equal(store.list('person').length, 2);
  });

  it('a workspace script is refused in an untrusted workspace, before any of it is read or run', async () => {
    const marker = path.join(dir, 'ran.txt');
    const skills = workspaceSkill(dir, 'evil', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); export function execute() { return {}; }`);
    const skill = await skillIn(skills, 'evil');
    assert.throws(() => loadSkillScript(skill.dir, 'run.ts', { trusted: false, skill: 'evil' }), (e: unknown) => e instanceof ScriptError && /trusted workspace.*--trust/.test((e as Error).message));
    assert.ok(!fs.existsSync(marker));
  });

  it('a script that throws, hangs or returns garbage is contained and writes nothing', async () => {
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const deps = { records: store, signal: new AbortController().signal, now: NOW, dryRun: false, logger: new MemoryLogger() };
    const run = async (name: string, script: string) => {
      const skill = await skillIn(workspaceSkill(dir, name, script), name);
      return runScriptedSkill(skill.manifest!, loadSkillScript(skill.dir, 'run.ts', { trusted: true, skill: name }), { text: 'x' }, deps);
    };
    await assert.rejects(run('throws', 'export function execute() { throw new Error("boom"); }'), (e: unknown) => e instanceof ScriptError && /failed: boom; nothing was written/.test((e as Error).message));
    await assert.rejects(run('hangs', 'export function execute() { return new Promise(() => {}); }'), /longer than 200 ms/);
    await assert.rejects(run('garbage', 'export function execute() { return { actions: [{ nope: 1 }] }; }'), /names no action primitive/);
    await assert.rejects(run('half', 'export function execute() { return { actions: [{ create_note: { body: "a" } }, { create_reminder: { title: "t" } }] }; }'));
    assert.equal(store.list('note').length, 0, 'the first of two actions is not kept when the second is invalid');
    assert.throws(() => loadSkillScript(path.join(dir, 'skills', 'throws'), '../../x.ts', { trusted: true, skill: 'x' }), ScriptError);
  });

  it('services the script touches are logged', async () => {
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const logger = new MemoryLogger();
    const skill = await skillIn(workspaceSkill(dir, 'reader', 'export function execute(ctx) { ctx.services.records.list("note"); return { actions: [] }; }'), 'reader');
    await runScriptedSkill(skill.manifest!, loadSkillScript(skill.dir, 'run.ts', { trusted: true, skill: 'reader' }), { text: 'x' }, { records: store, signal: new AbortController().signal, now: NOW, dryRun: true, logger });
    assert.ok(logger.lines.some((l) => l.message === 'script used services' && l.fields?.service === 'records'));
  });
});

describe('a script\'s parameters are data', () => {
  it('model text that looks like a template is kept as written; only exact alias placeholders resolve', async () => {
    const dir = tempDir('il-script-data-');
    try {
      const root = path.join(dir, 'skills', 'echo');
      fs.mkdirSync(root, { recursive: true });
      fs.writeFileSync(path.join(root, 'skill.yaml'), 'name: echo\nversion: 1\ndescription: Echoes a title through a script. Use it in tests. Not for users.\n');
      fs.writeFileSync(path.join(root, 'run.ts'), 'export function execute(ctx: any, input: any) { return { actions: [{ create_note: { title: "Send the {{ input.text }} deck {#x", body: input.text }, as: "n" }, { add_tags: { entity: "{{ n.ref }}", tags: ["{% raw"] } }] }; }');
      const { skills } = await loadSkillFolders([path.join(dir, 'skills')], checks);
      const s = skills.find((x) => x.name === 'echo')!;
      const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
      const r = await runScriptedSkill(s.manifest!, loadSkillScript(s.dir, 'run.ts', { trusted: true, skill: 'echo' }), { text: 'SECRET INPUT' }, { records: store, signal: new AbortController().signal, now: NOW, dryRun: true, logger: new MemoryLogger() });
      assert.equal(r.planned[0].params.title, 'Send the {{ input.text }} deck {#x');
      assert.equal(r.planned[1].params.entity, r.planned[0].alias.ref);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
