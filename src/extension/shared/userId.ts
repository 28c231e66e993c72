import * as vscode from 'vscode';

/** The user whose reports the extension saves and shows (interviewLens.userId). */
export function currentUserId(): string {
  return vscode.workspace.getConfiguration('interviewLens').get<string>('userId', 'default') || 'default';
}
