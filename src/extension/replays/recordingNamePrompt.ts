/**
 * The input box that asks for a recording's name, shared by "Diagnose and Record…" and the
 * dry-run panel's Record as Test so both check a typed name the same way.
 */
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import { recordingPath } from '../../core/replay/cassetteRecorder';
import { isRecordingName } from './recordingName';

/** What a recording's name may be made of, in the user's words. */
export function recordingNameRule(): string {
  return vscode.l10n.t('Use up to 100 letters, digits, ".", "_" or "-", starting with a letter or digit.');
}

/**
 * Asks for the name of a recording in `root`'s .interview-lens/recordings, `suggested` proposed;
 * a name in use is said to be replaced. The typed name trimmed, or undefined when dismissed.
 */
export async function promptRecordingName(root: string, title: string, suggested: string): Promise<string | undefined> {
  const rule = recordingNameRule();
  const name = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('Name of the recording in .interview-lens/recordings'),
    value: suggested,
    ignoreFocusOut: true,
    validateInput: (v) => {
      if (!isRecordingName(v.trim())) return rule;
      // Said before the run, not after: the same name replaces the earlier recording.
      if (fs.existsSync(recordingPath(root, v.trim()))) {
        return { message: vscode.l10n.t('{0} exists and will be replaced.', `${v.trim()}.jsonl`), severity: vscode.InputBoxValidationSeverity.Warning };
      }
      return undefined;
    },
  });
  return name?.trim();
}
