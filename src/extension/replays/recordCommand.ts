import * as vscode from 'vscode';
import * as path from 'node:path';
import { diagnoseDocument, type Deps } from '../diagnosis/diagnoseCommands';
import { showError } from '../shared/notify';
import { isRecordingName, suggestedRecordingName } from './recordingName';
import { promptRecordingName, recordingNameRule } from './recordingNamePrompt';

/**
 * "Interview Lens: Diagnose and Record…": diagnoses the active transcript with every tool and
 * model call recorded, and writes `.interview-lens/recordings/<name>.jsonl` of its workspace
 * folder only when the run succeeds. Trusted workspaces only: it writes into the workspace.
 * `name` may be given (tests, keybindings); otherwise it is asked, with the file's stem proposed.
 * Resolves with the cassette's path, or undefined when nothing was written.
 */
export async function diagnoseAndRecordCommand(deps: Deps, name?: string): Promise<string | undefined> {
  if (!vscode.workspace.isTrusted) {
    void showError(vscode.l10n.t('Recording writes into the workspace, so it is off in Restricted Mode. Trust this workspace first (Workspaces: Manage Workspace Trust).'));
    return undefined;
  }
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc) {
    void showError(vscode.l10n.t('Open an interview transcript in the editor, then run "Diagnose and Record…" again.'));
    return undefined;
  }
  const folder = vscode.workspace.getWorkspaceFolder(doc.uri) ?? vscode.workspace.workspaceFolders?.[0];
  if (!folder || folder.uri.scheme !== 'file') {
    void showError(vscode.l10n.t('Open a folder first: recordings are written to .interview-lens/recordings in the workspace.'));
    return undefined;
  }
  const root = folder.uri.fsPath;
  let chosen = typeof name === 'string' ? name.trim() : undefined;
  if (chosen === undefined) {
    chosen = await promptRecordingName(root, vscode.l10n.t('Diagnose and Record'), suggestedRecordingName(path.basename(doc.uri.path)));
    if (chosen === undefined) return undefined;
  }
  if (!isRecordingName(chosen)) {
    void showError(vscode.l10n.t('"{0}" cannot name a recording. {1}', chosen, recordingNameRule()));
    return undefined;
  }
  const result = await diagnoseDocument(deps, doc.uri, { root, name: chosen });
  const file = result?.recording;
  if (!file) return undefined;
  const open = vscode.l10n.t('Open Recording');
  void vscode.window.showInformationMessage(vscode.l10n.t('Recorded the run to {0}.', path.relative(root, file)), open)
    .then((c) => {
      if (c === open) void vscode.window.showTextDocument(vscode.Uri.file(file));
    });
  return file;
}
