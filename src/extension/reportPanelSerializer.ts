import * as vscode from 'vscode';
import type { ReportPanel, ReportPanelState } from './reportPanel';
import type { CoreHost } from './services';

/**
 * Restores the report panel after a window reload: the webview remembered which report it showed,
 * and the report itself is read back from the history. When it is gone (pruned, or the history
 * is unreadable) the panel is closed rather than left empty.
 */
export class ReportPanelSerializer implements vscode.WebviewPanelSerializer<ReportPanelState> {
  constructor(private readonly panel: ReportPanel, private readonly host: CoreHost) {}

  async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel, state: ReportPanelState | undefined): Promise<void> {
    const store = state?.reportId && state.sourceUri && this.host.hasHistory ? await this.host.history() : undefined;
    const report = store && state?.reportId ? store.get(state.reportId) : null;
    if (!report || !state?.sourceUri) {
      this.host.log.info('report panel not restored: its report is no longer in the history');
      webviewPanel.dispose();
      return;
    }
    this.panel.adopt(webviewPanel, report, vscode.Uri.parse(state.sourceUri));
    this.host.log.info(`report panel restored: ${report.source}`);
  }
}
