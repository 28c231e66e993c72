// The dry-run panel in a real VS Code (issue 16): "Dry Run Skill…" on a selection returns the
// trace the panel shows, Apply writes exactly that plan and the records appear in the Job Search
// tree; extract_job through the vscode-lm engine shows the model's replies and a repair; a
// chain's dry run shows each step (planned after the steps before it) and Apply writes each in its
// own transaction, also when a step finds what an earlier one creates; the Skills view's
// Dry Run opens the panel (on skills and chains); a built-in cassette opens as its recorded run,
// from its path and from its Test Explorer item; Record as Test writes a cassette that replays
// green (trusted only); Run Skill… runs chains and audits the raw model output. Runs in the
// trusted and in the Restricted Mode window; IL_EXPECT_TRUST says which.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { RecordsStore } from '../../src/core/records/recordsStore';
import type { RunTrace, SkillRunTrace, ChainRunTrace } from '../../src/core/skills/run/runTrace';
import { skillModelResponder } from '../support/mockSkillModel';
import { openWithSelection, ourExtension, setUser, trusted, underCodeServer, until, webviewTab, workspacePath } from './support';

const SYSTEM_PREFIX = 'Instructions for this conversation (system):\n\n';

type Node = { type: 'group'; group: string } | { type: 'record'; kind: string; row: { id: string; [k: string]: unknown } };
interface PanelApi {
  readonly trace: RunTrace | undefined;
  readonly body: string;
  readonly visible: boolean;
  apply(): Promise<{ status: string; runIds: string[]; message: string }>;
  record(name?: string): Promise<string | undefined>;
  copy(): Promise<string | undefined>;
}
interface Api {
  jobSearch: { getChildren(node?: Node): Promise<Node[]> };
  recordsFile: string;
  dryRunPanel: PanelApi;
  replayTests: {
    discover(): Promise<void>;
    itemFor(file: string, resolve?: boolean): vscode.TestItem | undefined;
    run(kind: 'replay', include?: readonly vscode.TestItem[]): Promise<void>;
    outcome(item: vscode.TestItem): { state: string } | undefined;
  };
}
interface RunOutcome { status: string; runId?: string; chain?: { name: string; steps: Array<{ skill: string; status: string; runId?: string }> } }

/** What the runner's fake chat model passes to the responder. */
type FakePart = { type: 'text'; text: string } | { type: 'unknown' };
interface FakeRequest { messages: Array<{ role: 'user' | 'assistant'; content: FakePart[] }> }

let inputs = 0;
/** Writes `text` to a new file of the workspace (an open document would reload it late), opens it and selects `selected`. */
async function openInput(text: string, selected: string): Promise<void> {
  await openWithSelection(workspacePath(`dry-run-input-${++inputs}.md`), text, selected);
}

/** The fake chat model answering as the mock skill model would: the system text leads as a user message. */
function useSkillModel(rewrite?: (reply: string, n: number) => string): FakeRequest[] {
  const seen: FakeRequest[] = [];
  (globalThis as { __interviewLensFakeChatModel?: unknown }).__interviewLensFakeChatModel = {
    respond: async (request: FakeRequest) => {
      seen.push(request);
      const texts = request.messages.map((m) => ({ role: m.role, text: m.content.map((p) => (p.type === 'text' ? p.text : '')).join('') }));
      const system = texts[0]?.text.startsWith(SYSTEM_PREFIX) ? texts.shift()!.text.slice(SYSTEM_PREFIX.length) : '';
      const reply = await skillModelResponder({ system: [{ type: 'text', text: system }], messages: texts.map((t) => ({ role: t.role, content: [{ type: 'text', text: t.text }] })) });
      const text = reply.content.map((b) => ('text' in b ? b.text : '')).join('');
      return { parts: [{ text: rewrite ? rewrite(text, seen.length - 1) : text }] };
    },
  };
  return seen;
}

describe('The dry-run panel in a real VS Code (issue 16)', function () {
  this.timeout(180_000);
  let api: Api;
  let wasmPath: string;
  let extensionPath: string;
  const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const skillsDir = () => workspacePath('.interview-lens', 'skills');
  const chainFile = () => path.join(skillsDir(), `panel_chain_${token}.chain.yaml`);
  const twiceFile = () => path.join(skillsDir(), `panel_twice_${token}.chain.yaml`);
  const created: string[] = [];

  async function records<T>(read: (store: RecordsStore) => T): Promise<T> {
    const disk = await RecordsStore.open(api.recordsFile, { wasmPath });
    try {
      return read(disk);
    } finally {
      disk.close();
    }
  }

  async function inGroup(group: string): Promise<Array<Extract<Node, { type: 'record' }>>> {
    const g = (await api.jobSearch.getChildren()).find((n) => n.type === 'group' && n.group === group);
    return g ? ((await api.jobSearch.getChildren(g)) as Array<Extract<Node, { type: 'record' }>>) : [];
  }

  before(async () => {
    const ext = ourExtension();
    api = (await ext.activate()) as Api;
    extensionPath = ext.extensionPath;
    wasmPath = path.join(extensionPath, 'dist', 'sql-wasm.wasm');
    if (!fs.existsSync(workspacePath('.interview-lens'))) created.push(workspacePath('.interview-lens'));
    fs.mkdirSync(skillsDir(), { recursive: true });
    fs.writeFileSync(chainFile(), `name: panel_chain_${token}
description: Keeps the text as a note, then a follow-up note naming it.
steps:
  - skill: capture_note
    output_as: first
  - skill: capture_note
    args:
      text: "Follow-up {{ first.output.title }}"
`);
    created.push(chainFile());
    // Its second step keeps the same note: planned after the first, it finds that note.
    fs.writeFileSync(twiceFile(), `name: panel_twice_${token}
description: Keeps the text as a note, twice; the second step finds the first step's note.
steps:
  - skill: capture_note
  - skill: capture_note
`);
    created.push(twiceFile());
  });

  after(async () => {
    await setUser('engine', undefined);
    await setUser('vscodeLm.model', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const p of created) fs.rmSync(p, { recursive: true, force: true });
    for (let i = 1; i <= inputs; i++) fs.rmSync(workspacePath(`dry-run-input-${i}.md`), { force: true });
  });

  it('contributes Dry Run Skill… to the palette, Open in Dry-Run Panel to cassette items, and Run / Dry Run to chains', () => {
    const pkg = ourExtension().packageJSON;
    assert.ok(pkg.contributes.commands.some((c: { command: string }) => c.command === 'interviewLens.dryRunSkill'));
    assert.ok(!pkg.contributes.menus.commandPalette.some((m: { command: string; when?: string }) => m.command === 'interviewLens.dryRunSkill' && m.when === 'false'));
    const testing = pkg.contributes.menus['testing/item/context'] as Array<{ command: string; when: string }>;
    assert.deepEqual(testing.map((m) => m.command), ['interviewLens.dryRunCassette']);
    assert.match(testing[0].when, /controllerId == interviewLensReplays/);
    const chainMenus = (pkg.contributes.menus['view/item/context'] as Array<{ command: string; when: string }>).filter((m) => m.when.includes('chain\\.'));
    for (const c of ['interviewLens.skills.run', 'interviewLens.skills.dryRun']) assert.ok(chainMenus.some((m) => m.command === c), c);
    // The panel's script ships in the .vsix (the page would stay blank without it).
    assert.ok(fs.existsSync(path.join(extensionPath, 'dist', 'webview', 'dryRun.js')), 'dist/webview/dryRun.js is not in the installed extension');
  });

  it('opens the panel on the selection: the trace comes back, nothing is written; Apply writes exactly the plan and the note is in the Job Search tree', async () => {
    const selected = `${token} panel: keep a freshness check on the re-index job.`;
    await openInput(`# Notes\n\n${selected}\n\nNot this line.\n`, selected);
    const trace = await vscode.commands.executeCommand<SkillRunTrace>('interviewLens.dryRunSkill', { skill: 'capture_note', input: 'selection' });
    assert.ok(trace, 'the command returned no trace');
    assert.equal(trace.kind, 'skill');
    assert.equal(trace.status, 'dry_run');
    assert.equal(trace.route.decision.how, 'explicit');
    assert.equal(trace.input.text, selected, 'the input is the selection');
    assert.equal(trace.producedBy, 'offline');
    assert.deepEqual(trace.planned.map((p) => [p.op, p.primitive]), [['create', 'create_note']]);
    assert.equal(trace.planned[0].params.body_md, selected);
    assert.equal(trace.input.source, 'dry-run-input-1.md');
    assert.ok(await until(() => !!webviewTab('interviewLens.dryRun'), 10_000), 'no dry-run panel tab');
    assert.equal(api.dryRunPanel.trace, trace);
    assert.match(api.dryRunPanel.body, /Dry run of capture_note v\d|capture_note v\d 的试运行/);
    assert.match(api.dryRunPanel.body, /data-testid="action-1" data-op="create"/);
    const noteId = trace.planned[0].id;
    assert.equal(await records((s) => s.get('note', noteId)), undefined, 'the dry run wrote the note');

    const applied = await api.dryRunPanel.apply();
    assert.equal(applied.status, 'applied', applied.message);
    assert.equal(applied.runIds.length, 1);
    assert.ok(await until(async () => (await inGroup('notes')).some((n) => n.row.id === noteId), 10_000), 'the note is not in the Job Search tree');
    const run = await records((s) => s.run(applied.runIds[0]));
    assert.equal(run?.skill, 'capture_note');
    assert.deepEqual(JSON.parse(run!.raw_output!), trace.rawOutputs, 'the audit keeps the raw output the plan came from');
    assert.equal((await api.dryRunPanel.apply()).status, 'nothing', 'a plan is written once');
    // Copy as JSON: the whole trace, on the clipboard or (a browser that refuses it) in an editor.
    const json = await api.dryRunPanel.copy();
    assert.equal(JSON.parse(json!).planned[0].id, noteId);
    assert.deepEqual(JSON.parse(json!).steps, trace.steps);
    assert.match(api.dryRunPanel.body, /Copied the trace as JSON|已将追踪复制为 JSON|opened as JSON in an editor|以 JSON 形式在编辑器中打开/);
  });

  it('extract_job through the vscode-lm engine: the reply that broke the schema, its repair, and the company and position after Apply', async function () {
    const models = await vscode.lm.selectChatModels({ vendor: 'interview-lens-test' });
    if (models.length === 0) {
      if (!underCodeServer) this.skip();
      assert.fail('the runner\'s fake chat model is not registered');
    }
    await setUser('engine', 'vscode-lm');
    await setUser('vscodeLm.model', 'fake');
    try {
      // The first reply names the company with a number; the repair request gets the real answer.
      const seen = useSkillModel((reply, n) => (n === 0 ? JSON.stringify({ ...JSON.parse(reply), company: 42 }) : reply));
      const company = `Northwind ${token}`;
      const posting = `We are hiring: Agent Engineer\n\nCompany: ${company}\nTitle: Agent Engineer\nLocation: Shanghai\nSkills: RAG, evaluation\n\nApply by 2026-12-20.\n`;
      const trace = await vscode.commands.executeCommand<SkillRunTrace>('interviewLens.dryRunSkill', { skill: 'extract_job', input: { text: posting, source: 'posting.txt' } });
      assert.ok(trace, 'no trace');
      assert.equal(trace.engine, 'vscode-lm');
      assert.equal(trace.steps.length, 1);
      const step = trace.steps[0];
      assert.match(step.system, /^You read one job posting/);
      assert.match(step.user, new RegExp(`POSTING:\\n[\\s\\S]*Company: ${company}`));
      assert.deepEqual(step.attempts.map((a) => [a.repair, a.valid]), [[false, false], [true, true]]);
      assert.deepEqual(step.attempts[0].problems, ['/company must be string']);
      assert.equal(seen.length, 2);
      assert.deepEqual(trace.planned.map((p) => p.primitive), ['upsert_company', 'upsert_position', 'add_tags', 'create_reminder']);
      assert.equal(trace.planned[0].params.name, company);
      assert.match(api.dryRunPanel.body, /Repair 1|修复 1/);
      const applied = await api.dryRunPanel.apply();
      assert.equal(applied.status, 'applied', applied.message);
      assert.equal(seen.length, 2, 'Apply asked the model again');
      const companies = await inGroup('companies');
      const node = companies.find((n) => n.row.name === company);
      assert.ok(node, `the company is not in the tree: ${companies.map((n) => n.row.name).join(', ')}`);
      const positions = await api.jobSearch.getChildren(node);
      assert.ok(positions.some((p) => p.type === 'record' && p.row.title === 'Agent Engineer'), 'the position is not under its company');
      const run = await records((s) => s.run(applied.runIds[0]));
      assert.deepEqual(JSON.parse(run!.raw_output!), [step.attempts[1].raw], 'the audit keeps the model\'s raw reply');
    } finally {
      await setUser('engine', undefined);
      await setUser('vscodeLm.model', undefined);
    }
  });

  it('a chain: each step\'s trace; Apply writes each step in its own transaction; the Skills view\'s Dry Run opens the panel on chains and skills', async () => {
    const name = `panel_chain_${token}`;
    const text = `${token} chain: ask about the eval budget.`;
    const trace = await vscode.commands.executeCommand<ChainRunTrace>('interviewLens.dryRunSkill', { chain: name, input: { text, source: 'chain.md' } });
    assert.ok(trace, 'no chain trace');
    assert.equal(trace.kind, 'chain');
    assert.equal(trace.status, 'dry_run');
    assert.deepEqual(trace.steps.map((s) => [s.report.skill, s.report.status]), [['capture_note', 'dry_run'], ['capture_note', 'dry_run']]);
    assert.match(trace.steps[1].trace!.input.text, new RegExp(`^Follow-up ${token} chain`));
    assert.match(api.dryRunPanel.body, /Step 2: capture_note|第 2 步：capture_note/);
    const applied = await api.dryRunPanel.apply();
    assert.equal(applied.status, 'applied', applied.message);
    assert.equal(applied.runIds.length, 2, 'one transaction per step');
    const notes = await inGroup('notes');
    for (const s of trace.steps) assert.ok(notes.some((n) => n.row.id === s.trace!.planned[0].id), 'a step\'s note is missing from the tree');

    await openInput(`${token} from the view\n`, `${token} from the view`);
    const fromView = await vscode.commands.executeCommand<ChainRunTrace>('interviewLens.skills.dryRun', { chain: name });
    assert.equal(fromView?.kind, 'chain', 'the Skills view\'s Dry Run on a chain did not open the panel');
    assert.equal(fromView.input.text, `${token} from the view`, 'the panel has the focus now: the editor beside it gives the input');
    const skill = await vscode.commands.executeCommand<SkillRunTrace>('interviewLens.skills.dryRun', { skill: 'capture_note' });
    assert.equal(skill?.kind, 'skill');
    assert.equal(skill.input.text, `${token} from the view`);
    assert.equal(api.dryRunPanel.trace, skill);
  });

  it('a chain whose second step finds the first step\'s note: the dry run plans it unchanged, and Apply writes both steps instead of refusing the second as stale', async () => {
    const text = `${token} twice: keep this note once.`;
    const trace = await vscode.commands.executeCommand<ChainRunTrace>('interviewLens.dryRunSkill', { chain: `panel_twice_${token}`, input: { text, source: 'twice.md' } });
    assert.ok(trace, 'no chain trace');
    assert.equal(trace.status, 'dry_run');
    const [first, second] = trace.steps.map((s) => s.trace!.planned);
    assert.deepEqual(first.map((p) => [p.primitive, p.op]), [['create_note', 'create']]);
    assert.deepEqual(second.map((p) => [p.primitive, p.op, p.id]), [['create_note', 'unchanged', first[0].id]], 'the second step was planned against the first step\'s note');
    assert.equal(await records((s) => s.get('note', first[0].id)), undefined, 'the dry run wrote nothing');
    const applied = await api.dryRunPanel.apply();
    assert.equal(applied.status, 'applied', applied.message);
    assert.equal(applied.runIds.length, 2, 'one transaction per step');
    const notes = await records((s) => s.list('note').filter((n) => String(n.body_md).startsWith(`${token} twice`)));
    assert.deepEqual(notes.map((n) => n.id), [first[0].id], 'one note, with the planned id');
  });

  it('Run Skill… runs a chain (each step its own run) and audits a skill\'s raw output, not a re-serialised one', async () => {
    await openInput(`${token} run skill chain\n`, `${token} run skill chain`);
    const chain = await vscode.commands.executeCommand<RunOutcome>('interviewLens.runSkill', { chain: `panel_chain_${token}`, apply: true });
    assert.equal(chain?.status, 'applied');
    assert.deepEqual(chain.chain?.steps.map((s) => s.status), ['dry_run', 'dry_run']);
    assert.ok(chain.chain!.steps.every((s) => s.runId), 'a step has no run');
    assert.notEqual(chain.chain!.steps[0].runId, chain.chain!.steps[1].runId);
    const one = await vscode.commands.executeCommand<RunOutcome>('interviewLens.runSkill', { skill: 'capture_note', apply: true });
    const run = await records((s) => s.run(one!.runId!));
    const raws = JSON.parse(run!.raw_output!) as string[];
    assert.ok(Array.isArray(raws) && raws.length === 1, run!.raw_output!);
    assert.equal((JSON.parse(raws[0]) as { title: string }).title.startsWith(token), true, 'the offline output is the raw output kept');
  });

  it('a built-in cassette opens as its recorded run (no engine needed), from its path and from its Test Explorer item', async () => {
    const file = path.join(extensionPath, 'skills', 'extract_job', 'tests', 'posting-en.jsonl');
    const trace = await vscode.commands.executeCommand<SkillRunTrace>('interviewLens.dryRunCassette', file);
    assert.ok(trace, 'no trace from the cassette');
    assert.equal(trace.replay?.engine, 'anthropic');
    assert.equal(trace.replay?.stale, false);
    const recorded = fs.readFileSync(file, 'utf8').split('\n').map((l) => (l ? JSON.parse(l) : undefined)).find((c) => c?.name === 'run_skill');
    assert.equal(trace.now, new Date(recorded.request.now).toISOString(), 'the recorded clock');
    assert.match(trace.steps[0].attempts[0].raw, /"company":"Northwind AI"/, 'the recorded model output');
    assert.deepEqual(trace.planned.map((p) => p.primitive), ['upsert_company', 'upsert_position', 'add_tags', 'create_reminder']);
    assert.match(api.dryRunPanel.body, /Recorded model output|录制的模型输出/);
    await api.replayTests.discover();
    const item = api.replayTests.itemFor(file);
    assert.ok(item, 'the cassette is not in the Test Explorer');
    const again = await vscode.commands.executeCommand<SkillRunTrace>('interviewLens.dryRunCassette', item);
    assert.equal(again?.replay?.cassette, trace.replay?.cassette);
    const offline = path.join(extensionPath, 'skills', 'capture_note', 'tests', 'note-offline.jsonl');
    assert.equal((await vscode.commands.executeCommand<SkillRunTrace>('interviewLens.dryRunCassette', offline))?.replay?.engine, 'offline');
  });

  it(trusted
    ? 'Record as Test writes .interview-lens/recordings/NAME.jsonl, the Test Explorer lists it, and it replays green'
    : 'in Restricted Mode Record as Test writes nothing and the panel says to trust the workspace', async () => {
    await openInput(`${token} record me\n`, `${token} record me`);
    await vscode.commands.executeCommand('interviewLens.dryRunSkill', { skill: 'capture_note', input: 'selection' });
    const name = `panel-${token}`;
    const file = await api.dryRunPanel.record(name);
    const expected = workspacePath('.interview-lens', 'recordings', `${name}.jsonl`);
    if (!trusted) {
      assert.equal(file, undefined);
      assert.ok(!fs.existsSync(expected), 'a recording was written in Restricted Mode');
      assert.match(api.dryRunPanel.body, /Restricted Mode|受限模式/);
      return;
    }
    created.push(expected);
    assert.equal(file, expected);
    const lines = fs.readFileSync(expected, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; name?: string; skill?: string });
    assert.equal(lines[0].skill, 'capture_note');
    assert.deepEqual(lines.slice(1).map((l) => l.name), ['run_skill']);
    await api.replayTests.discover();
    const item = api.replayTests.itemFor(expected);
    assert.ok(item, 'the new cassette is not in the Test Explorer');
    await api.replayTests.run('replay', [item]);
    assert.equal(api.replayTests.outcome(item)?.state, 'passed');
  });
});
