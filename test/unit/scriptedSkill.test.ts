import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, type LoadedSkill } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { executeScriptedSkill, loadSkillScript, runScriptedSkill, ScriptError } from '../../src/core/skills/run/scriptedSkill';
import { resolveAliases } from '../../src/core/skills/run/scriptActions';
import { planActions } from '../../src/core/skills/actions/runActions';
import { ACTION_NAMES } from '../../src/core/skills/actions/registry';
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

/** A workspace skill running `script`; timeout_ms is short only where a test is about it (a worker takes a while to start on a busy machine). */
function workspaceSkill(root: string, name: string, script: string, timeoutMs = name === 'hangs' ? 200 : name === 'spin' ? 1000 : 10_000): string {
  const dir = path.join(root, 'skills', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'skill.yaml'), `name: ${name}\nversion: 1\ndescription: A test skill that does one thing. Use it in tests. Not for users.\nmatch: {inputs: [text]}\ntimeout_ms: ${timeoutMs}\n`);
  fs.writeFileSync(path.join(dir, 'run.ts'), script);
  return path.join(root, 'skills');
}

describe('scripted skills', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => { dir = tempDir('il-script-'); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a workspace script is refused in an untrusted workspace, before any of it is read or run', async () => {
    const marker = path.join(dir, 'ran.txt');
    const skills = workspaceSkill(dir, 'evil', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); export async function execute(ctx, inp) { return {}; }`);
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
    await assert.rejects(run('throws', 'export async function execute(ctx, inp) { throw new Error("boom"); }'), (e: unknown) => e instanceof ScriptError && /failed: boom; nothing was written/.test((e as Error).message));
    await assert.rejects(run('hangs', 'export async function execute(ctx, inp) { return new Promise(() => {}); }'), /longer than 200 ms/);
    await assert.rejects(run('garbage', 'export async function execute(ctx, inp) { return { actions: [{ nope: 1 }] }; }'), /names no action primitive/);
    await assert.rejects(run('half', 'export async function execute(ctx, inp) { return { actions: [{ create_note: { title: "a" } }, { create_reminder: { title: "t" } }] }; }'));
    assert.equal(store.list('note').length, 0, 'the first of two actions is not kept when the second is invalid');
    assert.throws(() => loadSkillScript(path.join(dir, 'skills', 'throws'), '../../x.ts', { trusted: true, skill: 'x' }), ScriptError);
  });

  it('services the script touches are logged', async () => {
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const logger = new MemoryLogger();
    const skill = await skillIn(workspaceSkill(dir, 'reader', 'export async function execute(ctx, inp) { ctx.services.records.list("note"); return { actions: [] }; }'), 'reader');
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
      fs.writeFileSync(path.join(root, 'run.ts'), 'export async function execute(ctx: any, input: any) { return { actions: [{ upsert_company: { name: "Send the {{ input.text }} deck {#x" }, as: "c" }, { upsert_position: { company_id: "{{ c.id }}", title: "{% raw" } }] }; }');
      const { skills } = await loadSkillFolders([path.join(dir, 'skills')], checks);
      const s = skills.find((x) => x.name === 'echo')!;
      const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
      const r = await runScriptedSkill(s.manifest!, loadSkillScript(s.dir, 'run.ts', { trusted: true, skill: 'echo' }), { text: 'SECRET INPUT' }, { records: store, signal: new AbortController().signal, now: NOW, dryRun: true, logger: new MemoryLogger() });
      assert.equal(r.planned[0].params.name, 'Send the {{ input.text }} deck {#x');
      assert.equal(r.planned[1].params.title, '{% raw');
      assert.equal(r.planned[1].params.company_id, r.planned[0].alias.id);
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
    const { manifest, script } = await scripted('spin', 'export async function execute(ctx, inp) { ctx.logger.info("spinning"); while (true) {} }');
    const d = await deps();
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    try {
      await assert.rejects(runScriptedSkill(manifest, script, { text: 'x' }, d), (e: unknown) => e instanceof ScriptError && /ran longer than 1000 ms and was stopped; nothing was written/.test((e as Error).message));
    } finally {
      clearInterval(ticker);
    }
    assert.ok(ticks > 3, 'the host\'s event loop kept running while the script spun');
    assert.ok(Date.now() - started < 10_000);
    assert.equal(d.records.list('note').length, 0);
    const [run] = d.records.runs();
    assert.equal(run.status, 'failed');
    assert.equal(run.skill, 'spin');
    assert.match(String(run.error), /ran longer than 1000 ms/);
    assert.ok(d.logger.lines.some((l) => l.message === 'spinning' && l.fields?.skill === 'spin'), 'the script\'s log line reached the logger');
  });

  it('cancel terminates a spinning script at once', async () => {
    const { manifest, script } = await scripted('spin_long', 'export async function execute(ctx, inp) { while (true) {} }');
    const controller = new AbortController();
    const d = await deps({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(runScriptedSkill({ ...manifest, timeout_ms: 60_000 }, script, { text: 'x' }, d), (e: unknown) => (e as Error).name === 'CancelledError');
    assert.equal(d.records.runs().length, 0, 'a cancel is not the script\'s failure: nothing at all is written');
  });

  it('a script that throws, or crashes its worker, is contained; a real run leaves one failed audit row and no record', async () => {
    const d = await deps();
    const throws = await scripted('thrower', 'export async function execute(ctx, inp) { ctx.services.records.list("note"); throw new TypeError("bad input shape"); }');
    await assert.rejects(runScriptedSkill(throws.manifest, throws.script, { text: 'x' }, d), /thrower": its script failed: bad input shape; nothing was written/);
    const crash = await scripted('crasher', 'export async function execute(ctx, inp) { setTimeout(() => { throw new Error("late crash"); }); return new Promise(() => {}); }');
    await assert.rejects(runScriptedSkill(crash.manifest, crash.script, { text: 'x' }, d), /crasher": its script failed: late crash/);
    const exits = await scripted('exiter', 'export async function execute(ctx, inp) { process.exit(3); }');
    await assert.rejects(runScriptedSkill(exits.manifest, exits.script, { text: 'x' }, d), /exiter": its script failed: its worker stopped \(exit code 3\)/);
    assert.deepEqual(d.records.runs().map((r) => [r.skill, r.status]).sort(), [['crasher', 'failed'], ['exiter', 'failed'], ['thrower', 'failed']]);
    assert.equal(d.records.list('note').length, 0);
    // A dry run that fails writes nothing, not even its audit.
    const dry = await deps({ dryRun: true });
    await assert.rejects(runScriptedSkill(throws.manifest, throws.script, { text: 'x' }, dry));
    assert.equal(dry.records.runs().length, 3);
  });

  it('ctx.llm.completeJson reaches the FakeLlm through the parent, repaired; the audit keeps the prompts\' hash, the raw model outputs and SKILL_VERSION', async () => {
    const { manifest, script } = await scripted('asker', `export const SKILL_VERSION = 3;
export async function execute(ctx, input) {
  const res = await ctx.llm.completeJson({ system: 'Title it.', user: input.text, schema: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } } });
  const out = new ctx.SkillResult({ summary_md: 'titled', raw: res.data });
  out.add(ctx.A.UpsertCompany({ name: res.data.title }));
  return out;
}`);
    const llm = new FakeLlm((_req, n) => (n === 0 ? '{"title": 7}' : '{"title": "Acme"}'));
    const d = await deps({ llm });
    const r = await runScriptedSkill(manifest, script, { text: 'call ana friday' }, d);
    assert.equal(r.status, 'ok');
    assert.equal(llm.requests.length, 2, 'one call and one repair');
    assert.match(promptText(llm.requests[0]), /Title it\.\ncall ana friday/);
    assert.equal(d.records.list('company')[0].name, 'Acme');
    assert.equal(r.summaryMd, 'titled');
    assert.deepEqual(r.output, { title: 'Acme' }, 'the result\'s raw is the run\'s output');
    assert.equal(r.scriptVersion, 3, 'SKILL_VERSION is in the result, beside the manifest\'s version');
    assert.equal(r.version, 1);
    assert.equal(r.promptHash.length, 64);
    assert.notEqual(r.promptHash, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'the prompts were hashed, not nothing');
    assert.equal(r.usage.inputTokens, 200);
    const run = d.records.run(r.runId!)!;
    assert.equal(run.prompt_hash, r.promptHash);
    assert.deepEqual(JSON.parse(run.raw_output!), { output: { title: 'Acme' }, model_outputs: ['{"title": 7}', '{"title": "Acme"}'] });
    assert.equal((run.validation as { skill_version?: number }).skill_version, 3, 'and in the audit');
  });

  it('without a model, ctx.llm.completeJson says what to set; ctx.stt transcribes a workspace file with the configured provider', async () => {
    const { manifest, script } = await scripted('no_model', 'export async function execute(ctx, inp) { return { output: await ctx.llm.completeJson({ user: "x", schema: {} }) }; }');
    await assert.rejects(runScriptedSkill(manifest, script, { text: 'x' }, await deps({ dryRun: true })), (e: unknown) => e instanceof ScriptError && e.needsModel && /needs a model: choose an engine/.test((e as Error).message));
    fs.writeFileSync(path.join(dir, 'memo.wav'), 'RIFF');
    const heard: string[] = [];
    const stt = () => ({ name: 'fake', transcribe: async (file: string) => { heard.push(path.extname(file)); return { format: 'whisper-json' as const, text: '{"text": "hello"}', provider: 'fake' }; } });
    const listen = await scripted('listener', 'export async function execute(ctx, inp) { const r = await ctx.stt.transcribe("memo.wav"); let outside = ""; try { await ctx.stt.transcribe("../memo.wav"); } catch (e) { outside = e.message; } return { output: { text: r.text, outside } }; }');
    const r = await runScriptedSkill(listen.manifest, listen.script, { text: 'x' }, await deps({ dryRun: true, stt, workspaceRoot: dir }));
    assert.deepEqual(heard, ['.wav']);
    assert.equal((r.output as { text: string }).text, '{"text": "hello"}');
    assert.match((r.output as { outside: string }).outside, /outside the workspace/);
  });
});

describe('the run contract: what ctx offers a script, and what it returns', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => { dir = tempDir('il-script-ctx-'); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A skill with prompts and an output_schema, as a script written to the spec has. */
  const contractSkill = async (name: string, script: string) => {
    const root = path.join(dir, 'skills', name);
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(root, 'skill.yaml'), [
      `name: ${name}`, 'version: 4', 'description: A test skill written to the run contract. Use it in tests. Not for users.', 'match: {inputs: [text]}', 'timeout_ms: 10000',
      'prompt:', '  system: "You read notes of {{ input.text }}."', '  user: "Part {{ index + 1 }} of {{ total }} on {{ now.date() }}: {{ chunk }}"',
      'output_schema:', '  type: object', '  required: [person_name]', '  properties:', '    person_name: { type: string, description: The person met. }', '',
    ].join('\n'));
    fs.writeFileSync(path.join(root, 'run.ts'), script);
    const skill = await skillIn(path.join(dir, 'skills'), name);
    return { manifest: skill.manifest!, script: loadSkillScript(skill.dir, 'run.ts', { trusted: true, skill: name }) };
  };
  const deps = async (over: Record<string, unknown> = {}) => ({
    records: await RecordsStore.open(path.join(dir, 'records.sqlite')), signal: new AbortController().signal, now: NOW, dryRun: true, logger: new MemoryLogger(), settings: { lang: 'zh' }, ...over,
  });

  it('every ctx member: A, SkillResult, chunk, llm.completeJson, render, manifest, merge, now, settings, logger; no vision without an image model', async () => {
    const { manifest, script } = await contractSkill('probe', `export const SKILL_VERSION = 2;
export async function execute(ctx, inp) {
  const { A, SkillResult } = ctx;
  const fixed = await ctx.chunk('a'.repeat(450) + ' ' + 'b'.repeat(450), { strategy: 'fixed', max_chars: 500 });
  const none = await ctx.chunk('whole text', { strategy: 'none', max_chars: 500 });
  const topic = await ctx.chunk('# One\\nfirst part ' + 'x'.repeat(300) + '\\n\\n# Two\\nsecond part ' + 'y'.repeat(300), { strategy: 'topic', max_chars: 400 });
  let unknownPath = '';
  try { ctx.render('prompt.users'); } catch (e) { unknownPath = e.message; }
  const res = await ctx.llm.completeJson({ system: ctx.render('prompt.system'), user: ctx.render('prompt.user', { chunk: none[0], index: 0, total: 1 }), schema: ctx.manifest.output_schema });
  ctx.logger.info('probed', { n: 1 });
  const merged = ctx.merge([
    { person_name: 'Maya Chen', title: null, people: [{ person_name: 'Maya Chen', note: 'a' }] },
    null,
    { person_name: 'maya chen', title: 'Staff Engineer', people: [{ person_name: 'MAYA CHEN', email: 'maya@x.ai' }, { person_name: 'Li Wei' }] },
  ], { key: 'person_name' });
  const out = new SkillResult({ summary_md: 'probed' });
  out.warnings.push('a warning of the script');
  out.raw = {
    constructors: Object.keys(A), fixed: fixed.map((c) => c.length), none, topic: topic.length, topicFirst: topic[0].slice(0, 5),
    unknownPath, data: res.data, system: ctx.render('prompt.system'), merged, now: ctx.now(), date: ctx.now.date(), iso: ctx.now.iso(),
    settings: ctx.settings, schema: ctx.manifest.output_schema.required, vision: 'vision' in ctx, stt: 'stt' in ctx, version: ctx.manifest.version,
  };
  return out;
}`);
    // The topic split asks the model for its boundaries (paragraph 2 starts a topic); the rest is the skill's call.
    const llm = new FakeLlm((req) => (req.purpose === 'chunk:topics' ? '{"starts": [2]}' : '{"person_name": "Maya Chen"}'));
    const d = await deps({ llm });
    const r = await runScriptedSkill(manifest, script, { text: 'a chat' }, d);
    assert.deepEqual(llm.requests.map((q) => q.purpose), ['chunk:topics', 'skill:probe']);
    const o = r.output as Record<string, any>;
    assert.deepEqual(o.constructors, ACTION_NAMES.map((n) => n.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('')), 'one constructor per primitive of the registry');
    for (const c of ['UpsertCompany', 'UpsertPosition', 'UpsertPerson', 'CreateApplication', 'CreateInterview', 'CreateOffer', 'CreateNote', 'CreateEvent', 'CreateReminder', 'AddTags', 'Link', 'Attach', 'UpdateEntity', 'CreateDocumentVersion', 'SaveDiagnosis']) assert.ok(o.constructors.includes(c), c);
    assert.ok(o.fixed.length >= 2 && o.fixed.every((n: number) => n <= 500), 'fixed chunks are strings of at most max_chars');
    assert.deepEqual(o.none, ['whole text']);
    assert.equal(o.topicFirst, '# One', 'topic chunks split where the model said');
    assert.ok(o.topic >= 2);
    assert.match(o.unknownPath, /ctx\.render\("prompt\.users"\): the manifest has no template there; its templates are prompt\.system, prompt\.user/);
    assert.deepEqual(o.data, { person_name: 'Maya Chen' }, 'completeJson resolves to { data }');
    assert.equal(o.system, 'You read notes of a chat.', 'render has the run\'s input');
    const user = promptText(llm.requests.at(-1)!);
    assert.match(user, /Part 1 of 1 on 2026-12-01: whole text/, 'render has now and the vars given');
    assert.equal(o.merged.person_name, 'Maya Chen', 'scalars: the first that is set');
    assert.equal(o.merged.title, 'Staff Engineer', 'a null is not a value');
    assert.deepEqual(o.merged.people, [{ person_name: 'Maya Chen', note: 'a', email: 'maya@x.ai' }, { person_name: 'Li Wei' }], 'list items of one key are one, merged');
    assert.equal(o.now, o.iso, 'ctx.now() and the older ctx.now.iso() agree');
    assert.equal(new Date(o.now).getTime(), NOW().getTime(), 'ctx.now() is the run\'s clock as ISO 8601');
    assert.equal(o.date, '2026-12-01');
    assert.deepEqual(o.settings, { lang: 'zh' });
    assert.deepEqual(o.schema, ['person_name'], 'ctx.manifest is the validated manifest');
    assert.equal(o.version, 4);
    assert.equal(o.vision, false, 'no provider here describes images: ctx.vision is absent, not faked');
    assert.equal(o.stt, false, 'no stt configured');
    assert.deepEqual(r.warnings, ['a warning of the script']);
    assert.equal(r.summaryMd, 'probed');
    assert.equal(r.scriptVersion, 2);
    assert.ok(d.logger.lines.some((l) => l.message === 'probed' && l.fields?.skill === 'probe' && l.fields?.n === 1));
  });

  it('references from out.add(): as source, target and entity they become alias placeholders; .id fills an *_id and plans to the record\'s id', async () => {
    const { manifest, script } = await contractSkill('refs', `export async function execute(ctx, inp) {
  const { A, SkillResult } = ctx;
  const out = new SkillResult({ summary_md: 'x' });
  const company = out.add(A.UpsertCompany({ name: 'Acme' }));
  const position = out.add(A.UpsertPosition({ company_id: company.id, title: 'Engineer' }));
  out.raw = { again: out.add(A.Link({ source: position, target: company, relation: 'related_to' })) === out.add(A.Link({ source: position, target: company, relation: 'related_to' })), entity: A.AddTags({ entity: position }).params.entity === position, json: JSON.stringify({ position }) };
  return out;
}`);
    const d = await deps();
    // Planned with the registry's own checks: upsert_company and upsert_position take these parameters on every branch.
    const { result } = await executeScriptedSkill(manifest, script, { text: 'x' }, d);
    assert.deepEqual(result!.actions.map((a) => [a.primitive, a.as]), [['upsert_company', 'upsert_company_1'], ['upsert_position', 'upsert_position_2'], ['link', 'link_3'], ['link', 'link_4']]);
    assert.equal(result!.actions[1].params.company_id, '{{ upsert_company_1.id }}');
    assert.deepEqual(result!.actions[2].params, { source: '{{ upsert_position_2.ref }}', target: '{{ upsert_company_1.ref }}', relation: 'related_to' });
    assert.equal((result!.output as { again: boolean }).again, false, 'two actions are two, even alike');
    assert.equal((result!.output as { json: string }).json, '{"position":"{{ upsert_position_2.ref }}"}');
    const planned = planActions(result!.actions.slice(0, 2), d.records, { render: (a, aliases) => resolveAliases(a.params, aliases) as Record<string, unknown> });
    assert.equal(planned[1].params.company_id, planned[0].alias.id, 'company.id planned to the company\'s id');
  });

  it('a result that is not a SkillResult (nor the older { summary_md, actions }) is a clear error; an action not added is not a reference', async () => {
    const d = await deps({ dryRun: false });
    const cases: Array<[string, string, RegExp]> = [
      ['nothing', 'export async function execute(ctx, inp) { }', /execute\(\) returned nothing; return a SkillResult \(const out = new ctx\.SkillResult/],
      ['number', 'export async function execute(ctx, inp) { return 42; }', /returned a number; return a SkillResult/],
      ['list', 'export async function execute(ctx, inp) { return [ctx.A.CreateNote({ title: "x" })]; }', /returned a list; return a SkillResult/],
      ['other', 'export async function execute(ctx, inp) { return { items: [] }; }', /returned an object with "items", which a result does not have/],
      ['unadded', 'export async function execute(ctx, inp) { const out = new ctx.SkillResult({}); const c = ctx.A.UpsertCompany({ name: "A" }); out.add(ctx.A.UpsertPosition({ company_id: c, title: "t" })); return out; }', /action 1 \(upsert_position\): a parameter is an action \(upsert_company\), not a reference; pass what out\.add\(\) returned/],
      ['notaction', 'export async function execute(ctx, inp) { const out = new ctx.SkillResult({}); out.add({ create_note: { title: "x" } }); return out; }', /out\.add\(\) takes an action made by ctx\.A/],
    ];
    for (const [name, source, expected] of cases) {
      const { manifest, script } = await contractSkill(name, source);
      await assert.rejects(runScriptedSkill(manifest, script, { text: 'x' }, d), expected, name);
    }
    assert.equal(d.records.list('note').length + d.records.list('company').length, 0, 'nothing was written');
    assert.deepEqual(d.records.runs().map((r) => r.status), cases.map(() => 'failed'), 'each left its failed audit row');
  });

  it('a model output that stays invalid ends the run degraded (status invalid), not crashed; offline, completeJson needs a model', async () => {
    const source = `export async function execute(ctx, inp) {
  const res = await ctx.llm.completeJson({ user: ctx.render('prompt.user', { chunk: inp.text, index: 0, total: 1 }), schema: ctx.manifest.output_schema });
  const out = new ctx.SkillResult({});
  out.add(ctx.A.UpsertCompany({ name: res.data.person_name }));
  return out;
}`;
    const { manifest, script } = await contractSkill('degrades', source);
    const llm = new FakeLlm(() => '{"name": "no person_name"}');
    const d = await deps({ llm, dryRun: false });
    const r = await runScriptedSkill(manifest, script, { text: 'x' }, d);
    assert.equal(llm.requests.length, 3, 'asked, then repaired twice with the errors sent back');
    assert.match(promptText(llm.requests[1]), /person_name/, 'the repair names what was wrong');
    assert.equal(r.status, 'invalid');
    assert.deepEqual(r.planned, []);
    assert.match(r.warnings.join('\n'), /not valid against the schema after 2 repairs .*nothing was written/);
    assert.equal(d.records.list('company').length, 0);
    assert.equal(d.records.run(r.runId!)!.status, 'invalid', 'the audit keeps the invalid run');
    const offline = await contractSkill('offline', source);
    await assert.rejects(runScriptedSkill(offline.manifest, offline.script, { text: 'x' }, await deps()), (e: unknown) => e instanceof ScriptError && e.needsModel && /needs a model: choose an engine/.test((e as Error).message));
  });
});
