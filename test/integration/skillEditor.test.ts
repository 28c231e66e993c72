// Editing skills in a real VS Code (issue 15): a broken skill.yaml gets its diagnostics at the
// right characters as it is opened, they clear when it is fixed and saved; completion inside
// `actions` offers the primitives, hover documents a key, a quick fix repairs the file. Runs in
// the trusted and in the Restricted Mode window (nothing here runs any skill).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ourExtension, until, workspacePath } from './support';

const SOURCE = 'Interview Lens skills';

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);

/** The range of the `nth` occurrence of `word` in the document. */
function rangeOf(doc: vscode.TextDocument, word: string, nth = 0): vscode.Range {
  const text = doc.getText();
  let i = -1;
  for (let n = 0; n <= nth; n++) i = text.indexOf(word, i + 1);
  assert.ok(i >= 0, `no ${word} in the document`);
  return new vscode.Range(doc.positionAt(i), doc.positionAt(i + word.length));
}

const BROKEN = `name: editor_probe
version: 1
description: Keeps the pasted text as a note. Use it for a short note. Not for job postings.
prompt:
  user: |
    Keep this:
    {{ input.text | nosuchfilter }}
output_schema:
  type: object
chunking:
  strategy: fixd
match:
  inputs: [text]
actions:
  - create_note:
      body_md: "{{ input.text }}"
`;

describe('Editing skills in a real VS Code (issue 15)', function () {
  this.timeout(60_000);
  const dirs: string[] = [];

  before(async () => {
    await ourExtension().activate();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  function writeSkill(name: string, text: string): vscode.Uri {
    const dir = workspacePath('skills', name);
    dirs.push(dir);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'skill.yaml');
    fs.writeFileSync(file, text);
    return vscode.Uri.file(file);
  }

  it('a broken skill.yaml shows its problems at the exact characters; fixed and saved, they clear', async () => {
    const uri = writeSkill('editor_probe', BROKEN);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    const diags = await until(() => {
      const d = ours(uri);
      return d.length >= 2 ? d : undefined;
    }, 8000);
    assert.ok(diags, `no diagnostics; got ${JSON.stringify(ours(uri).map((d) => d.message))}`);
    const byCode = new Map(diags.map((d) => [String(d.code), d]));
    const template = byCode.get('template-syntax');
    assert.ok(template, `no template-syntax among ${[...byCode.keys()].join(', ')}`);
    assert.ok(template.range.isEqual(rangeOf(doc, 'nosuchfilter')), `template error at ${JSON.stringify(template.range)}`);
    assert.equal(template.severity, vscode.DiagnosticSeverity.Error);
    const enumProblem = byCode.get('schema-enum');
    assert.ok(enumProblem, 'the misspelt strategy is reported');
    assert.ok(enumProblem.range.isEqual(rangeOf(doc, 'fixd')), `enum error at ${JSON.stringify(enumProblem.range)}`);

    // Fix both by typing over them, then save: the problems go away.
    await editor.edit((b) => {
      b.replace(rangeOf(doc, 'nosuchfilter'), 'trim');
      b.replace(rangeOf(doc, 'fixd'), 'fixed');
    });
    await doc.save();
    const cleared = await until(() => ours(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length === 0, 8000);
    assert.ok(cleared, `still: ${ours(uri).map((d) => `${String(d.code)} ${d.message}`).join('; ')}`);
  });

  it('completion inside actions offers the action primitives with their parameters', async () => {
    const uri = writeSkill('editor_complete', BROKEN.replace('editor_probe', 'editor_complete').replace('  - create_note:\n      body_md: "{{ input.text }}"\n', '  - create_note:\n      body_md: "{{ input.text }}"\n  - \n'));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const lastItem = doc.lineAt(doc.lineCount - 2);
    assert.equal(lastItem.text, '  - ');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, lastItem.range.end);
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const p of ['upsert_company', 'create_note', 'create_reminder', 'add_tags', 'save_diagnosis']) assert.ok(labels.includes(p), `no ${p} in ${labels.join(', ')}`);
    const note = list.items.find((i) => i.label === 'create_note')!;
    assert.ok(note.insertText instanceof vscode.SnippetString, 'the primitive comes as a snippet');
    assert.equal(note.insertText.value, 'create_note:\n      body_md: "$1"');
    // Inside {{ out. }} of a parameter: nothing from output_schema here (it has no properties), but input's fields are there.
    const bodyLine = doc.getText().indexOf('{{ input.text }}', doc.getText().indexOf('actions:'));
    const afterDot = doc.positionAt(bodyLine + '{{ input.'.length);
    const fields = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, afterDot, '.');
    assert.ok(fields.items.some((i) => i.label === 'text'), 'input.text is offered');
  });

  it('hover on a key shows its documentation', async () => {
    const uri = vscode.Uri.file(workspacePath('skills', 'editor_probe', 'skill.yaml'));
    const doc = await vscode.workspace.openTextDocument(uri);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, rangeOf(doc, 'strategy').start.translate(0, 2));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /none: the whole input in one call/);
    assert.match(text, /`fixed`/);
  });

  it('a quick fix adds a missing required key', async () => {
    const uri = writeSkill('editor_fix', BROKEN.replace('editor_probe', 'editor_fix').replace('version: 1\n', '').replace('nosuchfilter', 'trim').replace('fixd', 'fixed'));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const missing = await until(() => ours(uri).find((d) => d.code === 'schema-required'), 8000);
    assert.ok(missing, 'the missing version is reported');
    assert.ok(missing.range.isEqual(rangeOf(doc, 'name')), 'a missing root key is shown at the first key');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, missing.range, vscode.CodeActionKind.QuickFix.value);
    const add = actions.find((a) => a.title.includes('version'));
    assert.ok(add?.edit, `no fix adding version among: ${actions.map((a) => a.title).join('; ')}`);
    assert.ok(await vscode.workspace.applyEdit(add.edit));
    assert.match(doc.getText(), /\nversion: 1$/m);
    const clean = await until(() => !ours(uri).some((d) => d.code === 'schema-required'), 8000);
    assert.ok(clean, 'the problem clears once the key is there');
  });
});
