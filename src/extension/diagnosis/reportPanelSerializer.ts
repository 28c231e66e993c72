import * as vscode from 'vscode';
import { reportOrigin } from '../../core';
import type { ReportPanel, ReportPanelState } from './reportPanel';
import type { CoreHost } from '../shared/coreHost';

/**
 * Restores the report panel after a window reload: the webview remembered which file it showed a
 * report of, and the newest report of that file as it is now is read back from the history. When
 * the file changed since (or is gone, or the history has no such report) the panel is closed
 * rather than left empty or showing scores for text that no longer exists.
 */
export class ReportPanelSerializer implements vscode.WebviewPanelSerializer<ReportPanelState> {
  constructor(private readonly panel: ReportPanel, private readonly host: CoreHost) {}

  async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel, state: ReportPanelState | undefined): Promise<void> {
    try {
      // A report opened from the history without its transcript comes back by its id, still without it.
      if (state?.detached && state.reportId && state.sourceUri) {
        const store = this.host.hasHistory ? await this.host.history() : undefined;
        const report = store?.get(state.reportId);
        if (!report) {
          this.host.log.info('report panel not restored: the report is no longer in the history');
          webviewPanel.dispose();
          return;
        }
        this.panel.adopt(webviewPanel, report, vscode.Uri.parse(state.sourceUri), { detached: state.detached });
        this.host.log.info(`report panel restored from history: ${report.source}`);
        return;
      }
      const uri = state?.sourceUri ? vscode.Uri.parse(state.sourceUri) : undefined;
      const store = uri && this.host.hasHistory ? await this.host.history() : undefined;
      let report = null;
      if (uri && store) {
        const text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
        report = store.latestFor(reportOrigin(uri.toString(), text));
      }
      if (!report || !uri) {
        this.host.log.info('report panel not restored: the file changed since its report, or the report is no longer in the history');
        webviewPanel.dispose();
        return;
      }
      this.panel.adopt(webviewPanel, report, uri);
      this.host.log.info(`report panel restored: ${report.source}`);
    } catch (err) {
      this.host.log.warn(`report panel not restored: ${err instanceof Error ? err.message : String(err)}`);
      webviewPanel.dispose();
    }
  }
}
