import * as vscode from 'vscode';

/**
 * A script-less webview panel beside the editor, created on first use and revealed after: what
 * the Ask and knowledge-entry panels share. `onDispose` runs when the user closes it.
 */
export function openBeside(existing: vscode.WebviewPanel | undefined, viewType: string, title: string, extensionUri: vscode.Uri, onDispose: () => void): vscode.WebviewPanel {
  if (existing) {
    existing.reveal(vscode.ViewColumn.Beside);
    return existing;
  }
  const panel = vscode.window.createWebviewPanel(viewType, title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, {
    enableScripts: false, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')],
  });
  panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
  panel.onDidDispose(onDispose);
  return panel;
}
