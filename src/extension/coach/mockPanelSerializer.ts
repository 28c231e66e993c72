import * as vscode from 'vscode';
import type { MockController } from './mockController';

/** What the mock-interview page keeps across reloads (vscode.setState). */
export interface MockPanelState {
  sessionId?: string;
}

/**
 * Restores the mock-interview panel after a window reload: the page remembered its session's id,
 * and the session is read back from the store as it was after the last step. A session no longer
 * in the store (diagnosed, discarded, or resumed in another window and finished there) closes the
 * panel instead of showing a stale question.
 */
export class MockPanelSerializer implements vscode.WebviewPanelSerializer<MockPanelState> {
  constructor(private readonly controller: MockController) {}

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: MockPanelState | undefined): Promise<void> {
    const log = this.controller.deps.host.log;
    try {
      const id = typeof state?.sessionId === 'string' ? state.sessionId : undefined;
      const session = id ? (await this.controller.sessions()).get(id) : undefined;
      if (!session) {
        log.info('mock interview panel not restored: its session is no longer waiting (finished or discarded)');
        panel.dispose();
        return;
      }
      await this.controller.open(session, panel);
      log.info(`mock interview panel restored: session ${session.id}`);
    } catch (err) {
      log.warn(`mock interview panel not restored: ${err instanceof Error ? err.message : String(err)}`);
      panel.dispose();
    }
  }
}
