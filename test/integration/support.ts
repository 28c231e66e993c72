// What every integration suite needs inside the extension host: the extension under test and
// what its activate() returns, the workspace folder the launcher opened, a wait for the workbench
// to catch up, user settings, and editors opened, edited and discarded as a user would.
// Not a *.test.ts: test/vscode/buildSuite.mjs bundles it into each suite that imports it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** The id of the extension under test (publisher.name of package.json). */
export const EXTENSION_ID = 'interview-lens.interview-lens';
/** Whether the launcher opened the folder trusted; IL_EXPECT_TRUST=restricted means Restricted Mode. */
export const trusted = (process.env.IL_EXPECT_TRUST ?? 'trusted') === 'trusted';
/** Set by test/vscode/run.mjs: the test-runner extension (and its fake chat model) is installed. */
export const underCodeServer = !!process.env.IL_TEST_ENTRY;

/** The installed extension under test (fails the test when it is not installed). */
export function ourExtension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed`);
  return ext;
}

/** Activates the extension and returns what its activate() returned, typed as the suite reads it. */
export async function activateApi<T>(): Promise<T> {
  return (await ourExtension().activate()) as T;
}

/** The installed extension's sql.js binary, for opening its stores from a test. */
export function sqlWasmPath(): string {
  return path.join(ourExtension().extensionPath, 'dist', 'sql-wasm.wasm');
}

/** The workspace folder the launcher opened. */
function workspaceFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the launcher must open a workspace folder');
  return folder;
}

/** A path inside the workspace folder (the folder itself without parts). */
export function workspacePath(...parts: string[]): string {
  return path.join(workspaceFolder().uri.fsPath, ...parts);
}

/** The URI of `name` in the workspace folder. */
export function workspaceFile(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceFolder().uri, name);
}

/**
 * Asks `check` every 100 ms until it gives a truthy value or `ms` have passed; returns that value,
 * or what the last check gave. The workbench reports files, settings and tabs a moment later.
 */
export async function until<T>(check: () => T | Promise<T>, ms = 5000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Sets (or with undefined, removes) an interviewLens.* setting in the user settings. */
export async function setUser(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('interviewLens').update(key, value, vscode.ConfigurationTarget.Global);
}

/** Writes `text` to `file`, opens it in an editor and selects the first `selected` in it. */
export async function openWithSelection(file: string, text: string, selected: string): Promise<vscode.TextEditor> {
  fs.writeFileSync(file, text);
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
  const start = text.indexOf(selected);
  editor.selection = new vscode.Selection(editor.document.positionAt(start), editor.document.positionAt(start + selected.length));
  return editor;
}

/** Replaces `from` with `to` in an open document through the editor, and saves it. */
export async function editAndSave(doc: vscode.TextDocument, from: string, to: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  const at = doc.getText().indexOf(from);
  assert.ok(at >= 0, `no "${from}" in ${doc.uri.fsPath}`);
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + from.length)), to);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await doc.save(), 'the save failed');
}

/** The tab of the webview panel whose view type ends with `viewType`, if one is open. */
export function webviewTab(viewType: string): vscode.Tab | undefined {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(viewType));
}

/** Closes an untitled document without the save prompt (a webview opened since may be the active editor). */
export async function discard(doc: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(doc);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

/** Discards every unsaved untitled document the tests left (a failed test must not leave a save prompt that blocks the next suite). */
export async function discardUntitled(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isUntitled && d.isDirty)) await discard(doc);
}
