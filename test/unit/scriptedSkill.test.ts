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
  fs.writeFileSync(path.join(dir, 'skill.yaml'), `name: ${name}\nversion: 1\ndescription: A test skill that does one thing. Use it in tests. Not for users.\nmatch: {inputs: [text]}\ntimeout_ms: 200\n`);
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
    assert.equal(r.summaryMd, 'Met Li Wei, Ana (2 parts read); 1 follow-up(s).', "the script's summary_md is kept");
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
      fs.writeFileSync(path.join(root, 'skill.yaml'), 'name: echo\nversion: 1\ndescription: Echoes a title through a script. Use it in tests. Not for users.\nmatch: {inputs: [text]}\n');
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

describe('scripts run in a worker the runtime can stop', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => { dir = tempDir('il-script-worker-'); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const deps = async (over: Record<string, unknown> = {}) => ({
    records: await RecordsStore.open(path.join(dir, 'records.sqlite')), signal: new AbortController().signal, now: NOW, dryRun: false, logger: new MemoryLogger(), ...over,
  });
  const scripted = async (name: string, script: string) => {
    const skill = await skillIn(workspaceSkill(dir, name, script), name);
    return { manifest: skill.manifest!, script: loadSkillScript(skill.dir, 'run.ts', { trusted: true, skill: name }) };
  };

  it('a loop that never yields is stopped at timeout_ms: the host goes on, nothing is written, the audit says failed', async () => {
    const { manifest, script } = await scripted('spin', 'export function execute(ctx) { ctx.logger.info("spinning"); while (true) {} }');
    const d = await deps();
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    try {
      await assert.rejects(runScriptedSkill(manifest, script, { text: 'x' }, d), (e: unknown) => e instanceof ScriptError && /ran longer than 200 ms and was stopped; nothing was written/.test((e as Error).message));
    } finally {
      clearInterval(ticker);
    }
    assert.ok(ticks > 3, 'the host\'s event loop kept running while the script spun');
    assert.ok(Date.now() - started < 10_000);
    assert.equal(d.records.list('note').length, 0);
    const [run] = d.records.runs();
    assert.equal(run.status, 'failed');
    assert.equal(run.skill, 'spin');
    assert.match(String(run.error), /ran longer than 200 ms/);
    assert.ok(d.logger.lines.some((l) => l.message === 'spinning' && l.fields?.skill === 'spin'), 'the script\'s log line reached the logger');
  });

  it('cancel terminates a spinning script at once', async () => {
    const { manifest, script } = await scripted('spin_long', 'export function execute() { while (true) {} }');
    const controller = new AbortController();
    const d = await deps({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(runScriptedSkill({ ...manifest, timeout_ms: 60_000 }, script, { text: 'x' }, d), (e: unknown) => (e as Error).name === 'CancelledError');
    assert.equal(d.records.runs().length, 0, 'a cancel is not the script\'s failure: nothing at all is written');
  });

  it('a script that throws, or crashes its worker, is contained; a real run leaves one failed audit row and no record', async () => {
    const d = await deps();
    const throws = await scripted('thrower', 'export async function execute(ctx) { ctx.services.records.list("note"); throw new TypeError("bad input shape"); }');
    await assert.rejects(runScriptedSkill(throws.manifest, throws.script, { text: 'x' }, d), /thrower": its script failed: bad input shape; nothing was written/);
    const crash = await scripted('crasher', 'export function execute() { setTimeout(() => { throw new Error("late crash"); }); return new Promise(() => {}); }');
    await assert.rejects(runScriptedSkill(crash.manifest, crash.script, { text: 'x' }, d), /crasher": its script failed: late crash/);
    const exits = await scripted('exiter', 'export function execute() { process.exit(3); }');
    await assert.rejects(runScriptedSkill(exits.manifest, exits.script, { text: 'x' }, d), /exiter": its script failed: its worker stopped \(exit code 3\)/);
    assert.deepEqual(d.records.runs().map((r) => [r.skill, r.status]).sort(), [['crasher', 'failed'], ['exiter', 'failed'], ['thrower', 'failed']]);
    assert.equal(d.records.list('note').length, 0);
    // A dry run that fails writes nothing, not even its audit.
    const dry = await deps({ dryRun: true });
    await assert.rejects(runScriptedSkill(throws.manifest, throws.script, { text: 'x' }, dry));
    assert.equal(dry.records.runs().length, 3);
  });

  it('ctx.askJson reaches the FakeLlm through the parent; the audit keeps the prompts\' hash and the raw model outputs', async () => {
    const { manifest, script } = await scripted('asker', `export async function execute(ctx, input) {
  const out = await ctx.askJson({ system: 'Title it.', user: input.text }, { type: 'object', required: ['title'], properties: { title: { type: 'string' } } });
  const chunks = ctx.chunk('one. two. three.', { strategy: 'fixed', max_chars: 1000 });
  return { output: out, actions: [{ create_note: { title: out.title, body: ctx.render('{{ t }} ({{ n }} part)', { t: input.text, n: chunks.length }) } }] };
}`);
    const llm = new FakeLlm((_req, n) => (n === 0 ? '{"title": 7}' : '{"title": "Call Ana"}'));
    const d = await deps({ llm });
    const r = await runScriptedSkill(manifest, script, { text: 'call ana friday' }, d);
    assert.equal(r.status, 'ok');
    assert.equal(llm.requests.length, 2, 'one call and one repair');
    assert.match(promptText(llm.requests[0]), /Title it\.\ncall ana friday/);
    assert.equal(d.records.list('note')[0].body_md, 'call ana friday (1 part)');
    assert.equal(r.promptHash.length, 64);
    assert.notEqual(r.promptHash, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'the prompts were hashed, not nothing');
    assert.equal(r.usage.inputTokens, 200);
    const run = d.records.run(r.runId!)!;
    assert.equal(run.prompt_hash, r.promptHash);
    assert.deepEqual(JSON.parse(run.raw_output!), { output: { title: 'Call Ana' }, model_outputs: ['{"title": 7}', '{"title": "Call Ana"}'] });
  });

  it('without a model, askJson says what to set; ctx.stt transcribes a workspace file with the configured provider', async () => {
    const { manifest, script } = await scripted('no_model', 'export async function execute(ctx) { return { output: await ctx.askJson({ user: "x" }, {}) }; }');
    await assert.rejects(runScriptedSkill(manifest, script, { text: 'x' }, await deps({ dryRun: true })), (e: unknown) => e instanceof ScriptError && e.needsModel && /needs a model: choose an engine/.test((e as Error).message));
    fs.writeFileSync(path.join(dir, 'memo.wav'), 'RIFF');
    const heard: string[] = [];
    const stt = () => ({ name: 'fake', transcribe: async (file: string) => { heard.push(path.extname(file)); return { format: 'whisper-json' as const, text: '{"text": "hello"}', provider: 'fake' }; } });
    const listen = await scripted('listener', 'export async function execute(ctx) { const r = await ctx.stt.transcribe("memo.wav"); let outside = ""; try { await ctx.stt.transcribe("../memo.wav"); } catch (e) { outside = e.message; } return { output: { text: r.text, outside } }; }');
    const r = await runScriptedSkill(listen.manifest, listen.script, { text: 'x' }, await deps({ dryRun: true, stt, workspaceRoot: dir }));
    assert.deepEqual(heard, ['.wav']);
    assert.equal((r.output as { text: string }).text, '{"text": "hello"}');
    assert.match((r.output as { outside: string }).outside, /outside the workspace/);
  });
});
