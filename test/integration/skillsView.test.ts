// The Skills view and hot reload in a real VS Code (issue 15, "Hot reload and the Skills view"):
// New Skill scaffolds a valid skill that shows in the view; a broken save shows why it is invalid
// while the last good version keeps running; Toggle Enabled edits the file; Validate All counts;
// a deleted folder leaves the view. Runs in the trusted and in the Restricted Mode window.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { editAndSave, ourExtension, until, workspacePath } from './support';


interface Entry { latest: { name: string; dir: string; file: string; valid: boolean; builtIn: boolean; problems: Array<{ message: string; line: number; path: string }>; manifest?: { version: number; enabled?: boolean } }; running?: { manifest?: { version: number } } }
type Node = { type: 'group'; group: string } | { type: 'skill'; key: string; entry: Entry } | { type: 'chain'; key: string } | { type: 'problem'; key: string; problem: { message: string } };
interface Api {
  skills: {
    tree: { getChildren(node?: Node): Node[]; getTreeItem(node: Node): vscode.TreeItem };
    status: { shown: { text: string; tooltip: string } };
    catalog: { registry: { skills(): Entry[]; snapshot(): { skills: Entry['latest'][] }; refresh(): Promise<unknown> } };
  };
}
interface Outcome { skill: string; version: number; status: string; planned: unknown[] }

/** Closes every editor; unsaved ones are reverted first (a "save changes?" dialog would stop the suite). */
async function closeAll(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'file')) {
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

describe('The Skills view and hot reload in a real VS Code (issue 15)', function () {
  this.timeout(120_000);
  let api: Api;
  const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.replace(/[^a-z0-9]/g, '');
  const name = `view_probe_${token}`;
  const skillsRoot = () => workspacePath('skills');
  let hadSkillsRoot = false;

  const workspaceNodes = (): Array<Extract<Node, { type: 'skill' }>> => {
    const group = api.skills.tree.getChildren().find((n) => n.type === 'group' && n.group === 'workspace');
    assert.ok(group, 'the view has a Workspace group');
    return api.skills.tree.getChildren(group) as Array<Extract<Node, { type: 'skill' }>>;
  };
  const nodeOf = (n: string) => workspaceNodes().find((x) => x.entry.latest.name === n);
  const itemOf = (n: string) => {
    const node = nodeOf(n);
    return node ? api.skills.tree.getTreeItem(node) : undefined;
  };

  before(async () => {
    api = (await ourExtension().activate()) as Api;
    assert.ok(api?.skills?.tree, 'activate() returns the Skills view');
    hadSkillsRoot = fs.existsSync(skillsRoot());
    await api.skills.catalog.registry.refresh();
  });

  after(async () => {
    await closeAll();
    fs.rmSync(hadSkillsRoot ? path.join(skillsRoot(), name) : skillsRoot(), { recursive: true, force: true });
    fs.rmSync(path.join(skillsRoot(), `script_${token}`), { recursive: true, force: true });
    fs.rmSync(path.join(skillsRoot(), `broken_${token}`), { recursive: true, force: true });
    fs.rmSync(workspacePath('skills-view-input.md'), { force: true });
  });

  it('contributes the Skills view beside Job Search, its commands and interviewLens.skills.reloadOnEdit (off by default)', () => {
    const pkg = ourExtension().packageJSON;
    const views = pkg.contributes.views.interviewLens.map((v: { id: string }) => v.id);
    assert.ok(views.includes('interviewLens.skills') && views.includes('interviewLens.jobSearch'), views.join(', '));
    for (const c of ['new', 'validateAll', 'reload', 'run', 'dryRun', 'open', 'toggleEnabled']) {
      assert.ok(pkg.contributes.commands.some((x: { command: string }) => x.command === `interviewLens.skills.${c}`), c);
    }
    assert.equal(pkg.contributes.configuration.properties['interviewLens.skills.reloadOnEdit'].default, false);
    assert.equal(vscode.workspace.getConfiguration('interviewLens.skills').get('reloadOnEdit'), false);
  });

  it('lists the built-in skills, and the status bar counts them', () => {
    const builtin = api.skills.tree.getChildren().find((n) => n.type === 'group' && n.group === 'builtin')!;
    const names = (api.skills.tree.getChildren(builtin) as Array<Extract<Node, { type: 'skill' }>>).map((n) => n.entry.latest.name);
    for (const n of ['capture_note', 'extract_job', 'log_interview', 'coffee_chat']) assert.ok(names.includes(n), names.join(', '));
    const item = api.skills.tree.getTreeItem(api.skills.tree.getChildren(builtin).find((n) => n.type === 'skill' && n.entry.latest.name === 'coffee_chat')!);
    assert.equal(item.contextValue, 'skill.builtin.valid', 'a built-in script needs no trust');
    assert.match(String(item.description), /^v\d+ · (scripted|脚本)/);
    assert.match(api.skills.status.shown.text, new RegExp(`^\\$\\(symbol-event\\) ${api.skills.catalog.registry.skills().length} (skills|个技能)`));
  });

  it('New Skill scaffolds a skill that validates, opens its skill.yaml and shows it in the view', async () => {
    const folder = await vscode.commands.executeCommand<string>('interviewLens.skills.new', { name });
    assert.equal(folder, path.join(skillsRoot(), name));
    for (const f of ['skill.yaml', 'description.md', path.join('tests', 'README.md')]) assert.ok(fs.existsSync(path.join(folder, f)), f);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, path.join(folder, 'skill.yaml'));
    const node = nodeOf(name);
    assert.ok(node, 'the new skill is in the Workspace group');
    assert.deepEqual(node.entry.latest.problems, [], 'the scaffold has no problems');
    const item = itemOf(name)!;
    assert.equal(item.contextValue, 'skill.workspace.valid');
    assert.match(String(item.description), /^v1$/);

    // A bad name is refused before anything is written.
    assert.equal(await vscode.commands.executeCommand('interviewLens.skills.new', { name: 'Bad-Name' }), undefined);
    assert.equal(await vscode.commands.executeCommand('interviewLens.skills.new', { name }), undefined, 'a name that exists');
    assert.ok(!fs.existsSync(path.join(skillsRoot(), 'Bad-Name')));
  });

  it('a broken save shows the reason in the view while the last good version keeps running', async () => {
    const file = path.join(skillsRoot(), name, 'skill.yaml');
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    await editAndSave(doc, 'version: 1', 'version: one');

    assert.ok(await until(() => itemOf(name)?.contextValue === 'skill.workspace.lastGood'), `after the save: ${itemOf(name)?.contextValue}`);
    const item = itemOf(name)!;
    assert.match(String(item.description), /(running v1 \(last good\)|正在运行 v1).*(invalid|无效)?/);
    const entry = nodeOf(name)!.entry;
    assert.equal(entry.latest.valid, false);
    assert.ok(entry.latest.problems.some((p) => p.path === '/version' && p.line === 2), JSON.stringify(entry.latest.problems));
    assert.equal(entry.running?.manifest?.version, 1);
    // Its problems are children in the tree.
    const problems = api.skills.tree.getChildren(nodeOf(name)!);
    assert.ok(problems.length >= 1 && problems.every((p) => p.type === 'problem'));

    // Run Skill… runs the last good version from the registry.
    const input = workspacePath('skills-view-input.md');
    fs.writeFileSync(input, `Notes about ${token}\n`);
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(input));
    editor.selection = new vscode.Selection(0, 0, 0, editor.document.lineAt(0).text.length);
    const outcome = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: name, apply: false });
    assert.equal(outcome?.skill, name);
    assert.equal(outcome.version, 1);
    assert.equal(outcome.status, 'dry_run');
    assert.equal(outcome.planned.length, 1);

    // Fixed with a new version: that one runs.
    await editAndSave(doc, 'version: one', 'version: 2');
    assert.ok(await until(() => itemOf(name)?.contextValue === 'skill.workspace.valid'), `after the fix: ${itemOf(name)?.contextValue}`);
    assert.equal(nodeOf(name)!.entry.running?.manifest?.version, 2);
  });

  it('with interviewLens.skills.reloadOnEdit on, an unsaved edit reloads the skill from the editor; reverting it goes back to the file', async () => {
    await closeAll();
    const file = path.join(skillsRoot(), name, 'skill.yaml');
    const onDisk = fs.readFileSync(file, 'utf8');
    assert.match(onDisk, /^version: 2$/m, 'the test before saved version 2');
    const replace = async (doc: vscode.TextDocument, from: string, to: string) => {
      const edit = new vscode.WorkspaceEdit();
      const at = doc.getText().indexOf(from);
      assert.ok(at >= 0, `no "${from}"`);
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + from.length)), to);
      assert.ok(await vscode.workspace.applyEdit(edit));
    };
    // A browser VS Code (code-server) saves edits after a second by default (files.autoSave is
    // afterDelay on the web): off here, or the "unsaved" edits below would be saves.
    const files = vscode.workspace.getConfiguration('files');
    const autoSave = files.inspect('autoSave')?.globalValue;
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    const settings = vscode.workspace.getConfiguration('interviewLens.skills');
    await settings.update('reloadOnEdit', true, vscode.ConfigurationTarget.Global);
    assert.ok(await until(() => vscode.workspace.getConfiguration('interviewLens.skills').get('reloadOnEdit') === true && vscode.workspace.getConfiguration('files').get('autoSave') === 'off'), 'the settings took effect');
    try {
      const doc = await vscode.workspace.openTextDocument(file);
      await vscode.window.showTextDocument(doc);
      await replace(doc, 'version: 2', 'version: 5');
      assert.ok(doc.isDirty, 'the edit is not saved');
      assert.ok(await until(() => nodeOf(name)?.entry.running?.manifest?.version === 5, 10_000), `unsaved edit: running v${nodeOf(name)?.entry.running?.manifest?.version}`);
      assert.ok(doc.isDirty, 'still unsaved');
      assert.equal(fs.readFileSync(file, 'utf8'), onDisk, 'nothing was written');
      assert.equal(itemOf(name)?.contextValue, 'skill.workspace.valid');

      // A broken unsaved edit shows why, while the edited good version keeps running.
      await replace(doc, 'version: 5', 'version: five');
      assert.ok(await until(() => nodeOf(name)?.entry.latest.valid === false, 10_000), 'the broken edit is not shown');
      assert.equal(nodeOf(name)!.entry.running?.manifest?.version, 5);
      assert.equal(itemOf(name)?.contextValue, 'skill.workspace.lastGood');
    } finally {
      await settings.update('reloadOnEdit', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.ok(await until(() => vscode.workspace.getConfiguration('interviewLens.skills').get('reloadOnEdit') === false), 'reloadOnEdit is off again');
    // Reverted and closed (closeAll): the registry goes back to the file.
    await closeAll();
    assert.ok(await until(() => nodeOf(name)?.entry.running?.manifest?.version === 2 && nodeOf(name)?.entry.latest.valid === true, 10_000),
      `after closing unsaved: running v${nodeOf(name)?.entry.running?.manifest?.version}, valid ${nodeOf(name)?.entry.latest.valid}`);

    // With the setting off (the default), an unsaved edit changes nothing until it is saved.
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    await replace(doc, 'version: 2', 'version: 9');
    // Longer than the reload-on-edit pause (150 ms) and the save debounce (40 ms) together, many times over.
    await new Promise((r) => setTimeout(r, 1500));
    try {
      assert.equal(nodeOf(name)!.entry.running?.manifest?.version, 2, 'an unsaved edit reloaded the skill with the setting off');
      assert.ok(doc.isDirty);
    } finally {
      await closeAll();
      await files.update('autoSave', autoSave, vscode.ConfigurationTarget.Global);
    }
  });

  it('Toggle Enabled edits enabled: in the workspace skill.yaml and nothing else; a built-in skill is refused', async () => {
    const file = path.join(skillsRoot(), name, 'skill.yaml');
    await closeAll();
    const before = fs.readFileSync(file, 'utf8');
    const r = await vscode.commands.executeCommand<{ enabled: boolean }>('interviewLens.skills.toggleEnabled', nodeOf(name));
    assert.equal(r?.enabled, false);
    assert.equal(fs.readFileSync(file, 'utf8'), before.replace('enabled: true', 'enabled: false'));
    assert.ok(await until(() => itemOf(name)?.contextValue === 'skill.workspace.disabled'), String(itemOf(name)?.contextValue));
    assert.match(String(itemOf(name)!.description), /(off|已关闭)/);
    const again = await vscode.commands.executeCommand<{ enabled: boolean }>('interviewLens.skills.toggleEnabled', { skill: name });
    assert.equal(again?.enabled, true);
    assert.equal(fs.readFileSync(file, 'utf8'), before);

    const builtinFile = api.skills.catalog.registry.skills().find((s) => s.latest.name === 'capture_note')!.latest.file;
    const builtinText = fs.readFileSync(builtinFile, 'utf8');
    assert.equal(await vscode.commands.executeCommand('interviewLens.skills.toggleEnabled', { skill: 'capture_note' }), undefined);
    assert.equal(fs.readFileSync(builtinFile, 'utf8'), builtinText);
  });

  it(vscode.workspace.isTrusted ? 'a scripted workspace skill is ready to run in a trusted workspace' : 'in Restricted Mode a scripted workspace skill is listed as needing trust', async () => {
    const dir = path.join(skillsRoot(), `script_${token}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'skill.yaml'), `name: script_${token}\nversion: 1\ndescription: A scripted skill of the Skills view suite; it runs only in a trusted workspace.\nmatch: {inputs: [text]}\nscript: run.ts\n`);
    fs.writeFileSync(path.join(dir, 'run.ts'), 'export async function execute() { return { summary_md: "", actions: [], warnings: [], raw: null }; }\n');
    assert.ok(await until(() => !!itemOf(`script_${token}`)), 'the scripted skill appears');
    const item = itemOf(`script_${token}`)!;
    if (vscode.workspace.isTrusted) assert.equal(item.contextValue, 'skill.workspace.valid');
    else {
      assert.equal(item.contextValue, 'skill.workspace.needsTrust');
      assert.match(String(item.description), /(needs Workspace Trust|需要信任工作区)/);
    }
  });

  it('Validate All Skills reloads everything and reports the counts', async () => {
    const broken = path.join(skillsRoot(), `broken_${token}`);
    fs.mkdirSync(broken, { recursive: true });
    fs.writeFileSync(path.join(broken, 'skill.yaml'), `name: broken_${token}\nversion: 1\n`);
    const summary = await vscode.commands.executeCommand<{ skills: number; chains: number; invalid: number; errors: number; warnings: number }>('interviewLens.skills.validateAll');
    const entries = api.skills.catalog.registry.skills();
    assert.equal(summary?.skills, entries.length);
    assert.ok(entries.some((e) => e.latest.name === `broken_${token}` && !e.latest.valid));
    assert.equal(summary.invalid, entries.filter((e) => !e.latest.valid).length);
    assert.ok(summary.errors >= 1);
    assert.equal(itemOf(`broken_${token}`)?.contextValue, 'skill.workspace.invalid');
    assert.match(api.skills.status.shown.text, new RegExp(`${summary.invalid} (invalid|个无效)`));
  });

  it('deleting a skill folder takes it out of the view and the registry', async () => {
    await closeAll();
    fs.rmSync(path.join(skillsRoot(), name), { recursive: true, force: true });
    assert.ok(await until(() => !nodeOf(name)), 'the deleted skill is still in the view');
    assert.ok(!api.skills.catalog.registry.snapshot().skills.some((s) => s.name === name));
    const outcome = await vscode.commands.executeCommand<Outcome>('interviewLens.runSkill', { skill: name, apply: false });
    assert.equal(outcome, undefined, 'a deleted skill still ran');
  });
});
