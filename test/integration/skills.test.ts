// Declarative skills in a real VS Code (issue 14, "Where users meet it"): Run Skill… on a
// selection, dry run then apply, the records in the Job Search tree and in records.sqlite, open
// and delete, due reminders, and the skills.paths setting under Workspace Trust. Runs in the
// trusted and in the Restricted Mode window; IL_EXPECT_TRUST says which.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { openWithSelection, ourExtension, sqlWasmPath, trusted, until, workspacePath } from './support';


interface Outcome {
  skill: string;
  route: { skill: string; how: string };
  status: 'applied' | 'dry_run' | 'cancelled' | 'invalid';
  planned: Array<{ op: string; primitive: string; kind: string; id: string; params: Record<string, unknown> }>;
  runId?: string;
  producedBy: string;
}
type Node = { type: 'group'; group: string; count: number; due: number } | { type: 'record'; kind: string; row: { id: string; [k: string]: unknown }; due?: boolean };
interface Api {
  jobSearch: { getChildren(node?: Node): Promise<Node[]>; getTreeItem(node: Node): vscode.TreeItem };
  reminders: { check(): Promise<{ due: Array<{ id: string }>; announced: Array<{ id: string }> }> };
  recordsFile: string;
}

function writeSkill(root: string, name: string, yaml: string, extra: Record<string, string> = {}): void {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'skill.yaml'), yaml);
  for (const [file, text] of Object.entries(extra)) fs.writeFileSync(path.join(dir, file), text);
}

/** An offline skill that writes one record of the given action. */
const offlineSkill = (name: string, action: string) => `name: ${name}
version: 1
description: A skill of the integration suite that runs offline and writes one record.
prompt:
  user: "{{ input.text }}"
output_schema:
  type: object
  required: [title]
  properties:
    title: { type: string }
offline:
  title: "{{ input.text | trim | truncate(60) }}"
actions:
${action}
match:
  inputs: [text]
`;

async function children(api: Api, node?: Node): Promise<Node[]> {
  return api.jobSearch.getChildren(node);
}

async function group(api: Api, id: string): Promise<Node | undefined> {
  return (await children(api)).find((n) => n.type === 'group' && n.group === id);
}

async function recordsInGroup(api: Api, id: string): Promise<Array<Extract<Node, { type: 'record' }>>> {
  const g = await group(api, id);
  return g ? ((await children(api, g)) as Array<Extract<Node, { type: 'record' }>>) : [];
}

describe('Declarative skills in a real VS Code (issue 14)', function () {
  this.timeout(120_000);
  let api: Api;
  const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const skillsDir = () => workspacePath('.interview-lens', 'skills');
  const created: string[] = [];

  before(async () => {
    api = (await ourExtension().activate()) as Api;
    assert.ok(api?.jobSearch, 'activate() returns the Job Search provider');
    const hadDir = fs.existsSync(workspacePath('.interview-lens'));
    writeSkill(skillsDir(), 'remind_probe', offlineSkill('remind_probe', `  - create_reminder:
      title: "{{ out.title }}"
      due_at: "{{ now.date() | days_before(1) }}"`));
    // A script that would leave a mark if anything ran it.
    writeSkill(skillsDir(), 'script_probe', 'name: script_probe\nversion: 1\ndescription: A scripted skill of the integration suite; its script runs only when trusted.\nmatch: {inputs: [text]}\nscript: run.ts\n', {
      'run.ts': "require('fs').writeFileSync(require('path').join(__dirname, 'RAN'), 'ran');\nexport async function execute(ctx, inp) { return { summary_md: '', actions: [], warnings: [], raw: null }; }\n",
    });
    // Company → position → an application with its round 1, a round 2 of no application, and an interview of no known position.
    writeSkill(skillsDir(), 'tree_probe', offlineSkill('tree_probe', `  - upsert_company:
      name: "{{ out.title }}"
    as: company
  - upsert_position:
      company_id: "{{ company.id }}"
      title: "Agent Engineer"
    as: position
  - create_application:
      position_id: "{{ position.id }}"
    as: application
  - create_interview:
      application_id: "{{ application.id }}"
      round: 1
  - create_interview:
      position_id: "{{ position.id }}"
      round: 2
  - create_interview:
      when: "{{ now.iso() }}"
      notes: "{{ out.title }} unplaced"`));
    writeSkill(workspacePath('other-skills'), 'ws_probe', offlineSkill('ws_probe', `  - create_note:
      title: "ws_probe {{ out.title }}"
      body: "{{ input.text }}"`));
    created.push(hadDir ? skillsDir() : workspacePath('.interview-lens'), workspacePath('other-skills'));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const p of created) fs.rmSync(p, { recursive: true, force: true });
    for (const f of ['jobview-note.md', 'jobview-reminder.md']) fs.rmSync(workspacePath(f), { force: true });
  });

  it('contributes Run Skill… (palette and editor menu), the Job Search view, and interviewLens.skills.paths, restricted', () => {
    const pkg = ourExtension().packageJSON;
    assert.ok(pkg.contributes.commands.some((c: { command: string }) => c.command === 'interviewLens.runSkill'));
    assert.ok(pkg.contributes.menus['editor/context'].some((m: { command: string }) => m.command === 'interviewLens.runSkill'));
    assert.ok(Object.values(pkg.contributes.views).flat().some((v) => (v as { id: string }).id === 'interviewLens.jobSearch'));
    assert.deepEqual(pkg.contributes.configuration.properties['interviewLens.skills.paths'].default, ['skills', '.interview-lens/skills']);
    assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('interviewLens.skills.paths'));
  });

  it('runs capture_note on the selection: the dry run writes nothing, Apply writes the note, the tree and records.sqlite show it, Open shows it, Delete removes it', async () => {
    // The token first: capture_note's offline title is the text's first 60 characters.
    const selected = `${token}: Redis keeps a hot cache in front of the orders table; TTL 10 minutes.`;
    await openWithSelection(workspacePath('jobview-note.md'), `# Notes\n\n${selected}\n\nThis line is not selected.\n`, selected);

    const dry = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: 'capture_note', apply: false });
    assert.ok(dry, 'the dry run returned nothing');
    assert.equal(dry.status, 'dry_run');
    assert.equal(dry.producedBy, 'offline');
    assert.deepEqual(dry.planned.map((p) => [p.op, p.primitive]), [['create', 'create_note']]);
    assert.equal(dry.planned[0].params.body_md, selected, 'the input is the selection, not the file');
    assert.equal(dry.planned[0].params.source, 'jobview-note.md');
    const notesBefore = await recordsInGroup(api, 'notes');
    assert.ok(!notesBefore.some((n) => n.row.body_md === selected), 'the dry run wrote a note');

    const applied = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: 'capture_note', apply: true });
    assert.equal(applied?.status, 'applied');
    assert.ok(applied.runId);
    const noteId = applied.planned[0].id;

    const notes = await recordsInGroup(api, 'notes');
    const node = notes.find((n) => n.row.id === noteId);
    assert.ok(node, `the note is not in the Job Search tree (notes: ${notes.map((n) => n.row.id).join(', ')})`);
    assert.equal(node.row.body_md, selected);
    const item = api.jobSearch.getTreeItem(node);
    assert.ok(String(item.label).includes(token), `tree label: ${String(item.label)}`);
    assert.equal(item.contextValue, 'record.note');
    assert.equal(item.command?.command, 'interviewLens.jobSearch.open');
    const groupItem = api.jobSearch.getTreeItem((await group(api, 'notes'))!);
    assert.match(String(groupItem.label), /^(Notes|笔记)/);

    // What is on disk, read by a second store of its own.
    const disk = await RecordsStore.open(api.recordsFile, { wasmPath: sqlWasmPath() });
    try {
      assert.equal(disk.get('note', noteId)?.body_md, selected);
      assert.equal(disk.run(applied.runId!)?.status, 'ok');
      assert.equal(disk.run(applied.runId!)?.skill, 'capture_note');
    } finally {
      disk.close();
    }

    assert.equal(await vscode.commands.executeCommand('interviewLens.jobSearch.open', node), true);
    const shown = vscode.window.activeTextEditor?.document;
    assert.equal(shown?.uri.scheme, 'interview-lens-record');
    assert.equal((JSON.parse(shown!.getText()) as { body_md: string }).body_md, selected);

    const outcome = await vscode.commands.executeCommand<{ deleted: Array<{ kind: string; id: string }> }>('interviewLens.jobSearch.delete', node, { confirmed: true });
    assert.deepEqual(outcome?.deleted, [{ kind: 'note', id: noteId }]);
    assert.ok(!(await recordsInGroup(api, 'notes')).some((n) => n.row.id === noteId), 'the deleted note is still in the tree');
    const again = await RecordsStore.open(api.recordsFile, { wasmPath: sqlWasmPath() });
    try {
      assert.equal(again.get('note', noteId), undefined);
    } finally {
      again.close();
    }
    // The open document follows: it now says the record is gone.
    assert.ok(await until(() => /deleted|已被删除/.test(shown!.getText())), shown!.getText());
  });

  it('Job Search: an interview sits under its application, one of no application under the position, one of no position in Interviews', async () => {
    const name = `Tree Co ${token}`;
    await openWithSelection(workspacePath('jobview-note.md'), `${name}\n`, name);
    const applied = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: 'tree_probe', apply: true });
    assert.equal(applied?.status, 'applied');
    const id = (primitive: string, n = 0) => applied.planned.filter((p) => p.primitive === primitive)[n].id;
    const company = (await recordsInGroup(api, 'companies')).find((n) => n.row.id === id('upsert_company'));
    assert.ok(company, 'the company is listed');
    const underPosition = (await children(api, (await children(api, company))[0])) as Array<Extract<Node, { type: 'record' }>>;
    assert.deepEqual(underPosition.map((n) => [n.kind, n.row.id]), [['application', id('create_application')], ['interview', id('create_interview', 1)]]);
    const application = underPosition[0];
    assert.equal(api.jobSearch.getTreeItem(application).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'an application with interviews expands');
    assert.equal(api.jobSearch.getTreeItem(underPosition[1]).collapsibleState, vscode.TreeItemCollapsibleState.None);
    const underApplication = (await children(api, application)) as Array<Extract<Node, { type: 'record' }>>;
    assert.deepEqual(underApplication.map((n) => [n.kind, n.row.id]), [['interview', id('create_interview', 0)]]);
    const unplaced = await recordsInGroup(api, 'interviews');
    assert.ok(unplaced.some((n) => n.row.id === id('create_interview', 2)), 'the interview of no position is in Interviews');
    assert.ok(!unplaced.some((n) => n.row.id === id('create_interview', 0) || n.row.id === id('create_interview', 1)), 'placed interviews are not listed again');
    assert.match(String(api.jobSearch.getTreeItem((await group(api, 'interviews'))!).label), /^(Interviews|面试) \(\d+\)$/);
  });

  it('routes by itself offline: a plain note goes to capture_note as the fallback', async () => {
    const selected = `Ask the recruiter about the on-call rotation ${token}.`;
    await openWithSelection(workspacePath('jobview-note.md'), `${selected}\n`, selected);
    const dry = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { apply: false });
    assert.equal(dry?.route.skill, 'capture_note');
    assert.equal(dry.route.how, 'fallback');
    assert.equal(dry.status, 'dry_run');
  });

  it('runs a workspace skill\'s script only when the workspace is trusted', async () => {
    await openWithSelection(workspacePath('jobview-note.md'), `text ${token}\n`, `text ${token}`);
    const marker = path.join(skillsDir(), 'script_probe', 'RAN');
    const outcome = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: 'script_probe', apply: true });
    if (vscode.workspace.isTrusted) {
      assert.ok(outcome, 'the trusted run finished');
      assert.ok(fs.existsSync(marker), 'a trusted workspace runs its skill scripts');
      fs.rmSync(marker, { force: true });
    } else {
      assert.equal(outcome, undefined);
      assert.ok(!fs.existsSync(marker), 'the script ran in Restricted Mode');
    }
  });

  it('a reminder that is due shows first in Reminders with its date, is announced once, and Mark Done takes it off', async () => {
    const title = `Follow up with Acme ${token}`;
    await openWithSelection(workspacePath('jobview-reminder.md'), `${title}\n`, title);
    const applied = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: 'remind_probe', apply: true });
    assert.equal(applied?.status, 'applied');
    const id = applied.planned[0].id;
    // The run itself triggers a check; a second one finds it due but announces nothing new.
    assert.ok(await until(async () => (await api.reminders.check()).due.some((r) => r.id === id)));
    const second = await api.reminders.check();
    assert.ok(!second.announced.some((r) => r.id === id), 'announced twice');

    const reminders = await recordsInGroup(api, 'reminders');
    assert.equal(reminders[0]?.due, true, 'due reminders come first');
    const node = reminders.find((n) => n.row.id === id);
    assert.ok(node?.due);
    const item = api.jobSearch.getTreeItem(node);
    assert.match(String(item.description), /\d{4}-\d{2}-\d{2}/);
    assert.equal(item.contextValue, 'record.reminder.open');
    const groupNode = (await group(api, 'reminders'))!;
    assert.ok(groupNode.type === 'group' && groupNode.due >= 1);
    assert.equal(await vscode.commands.executeCommand('interviewLens.showReminders'), true);

    assert.equal(await vscode.commands.executeCommand('interviewLens.jobSearch.markDone', node), true);
    assert.ok(!(await api.reminders.check()).due.some((r) => r.id === id));
    await vscode.commands.executeCommand('interviewLens.jobSearch.delete', node, { confirmed: true });
  });

  it(trusted
    ? 'a workspace interviewLens.skills.paths chooses the skill folders in a trusted workspace'
    : 'in Restricted Mode a workspace interviewLens.skills.paths pointing elsewhere is ignored', async function () {
    const settings = workspacePath('.vscode', 'settings.json');
    const hadFolder = fs.existsSync(workspacePath('.vscode'));
    fs.mkdirSync(workspacePath('.vscode'), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify({ 'interviewLens.skills.paths': ['other-skills'] }, null, 2));
    try {
      const inspect = () => vscode.workspace.getConfiguration('interviewLens.skills').inspect<string[]>('paths')?.workspaceValue;
      const seen = await until(() => JSON.stringify(inspect()) === '["other-skills"]', trusted ? 10_000 : 3000);
      if (trusted) assert.ok(seen, 'VS Code did not pick up the workspace settings');
      this.test!.title += ` (VS Code: workspaceValue = ${JSON.stringify(inspect())})`;
      await openWithSelection(workspacePath('jobview-note.md'), `workspace skill ${token}\n`, `workspace skill ${token}`);
      const fromSetting = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: 'ws_probe', apply: false });
      const fromDefault = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: 'remind_probe', apply: false });
      if (trusted) {
        assert.equal(fromSetting?.skill, 'ws_probe');
        assert.equal(fromDefault, undefined, 'the default folders are still read although the setting replaced them');
      } else {
        assert.equal(fromSetting, undefined, 'a skill from the folder the workspace chose was loaded');
        assert.equal(fromDefault?.skill, 'remind_probe', 'the default folders are read in Restricted Mode');
      }
    } finally {
      fs.rmSync(hadFolder ? settings : workspacePath('.vscode'), { recursive: true, force: true });
      await until(() => vscode.workspace.getConfiguration('interviewLens.skills').inspect('paths')?.workspaceValue === undefined);
    }
  });
});
