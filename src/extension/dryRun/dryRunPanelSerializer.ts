import * as vscode from 'vscode';
import type { DryRunPanel, DryRunPanelState } from './dryRunPanel';

/**
 * Restores the dry-run panel after a window reload, as the report panel is restored: the page
 * kept the request and the trace it showed (vscode.setState), and the panel shows them again with
 * Dry Run Again ready; Apply waits for a fresh run. A page that kept nothing is closed rather than
 * left empty.
 */
export class DryRunPanelSerializer implements vscode.WebviewPanelSerializer<DryRunPanelState> {
  constructor(private readonly panel: DryRunPanel, private readonly log: { info(m: string): void; warn(m: string): void }) {}

  async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel, state: DryRunPanelState | undefined): Promise<void> {
    try {
      if (!state?.request || typeof state.request !== 'object') {
        this.log.info('dry-run panel not restored: it kept no run to show');
        webviewPanel.dispose();
        return;
      }
      this.panel.adopt(webviewPanel, state);
      this.log.info('dry-run panel restored after a reload');
    } catch (err) {
      this.log.warn(`dry-run panel not restored: ${err instanceof Error ? err.message : String(err)}`);
      webviewPanel.dispose();
    }
  }
}
