import * as vscode from 'vscode';
import { webviewDocument } from '../shared/webviewDocument';
import { openBeside } from '../shared/sidePanel';
import { ENTRY_CSS, REPORT_CSS, renderEntryBody, type KnowledgeEntry } from '../../core';
import type { CoreHost } from '../shared/coreHost';
import { showError } from '../shared/notify';

/** UI language of webviews and hovers: VS Code's display language. */
export function uiLanguage(): 'zh' | 'en' {
  return vscode.env.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** A knowledge-base entry in a webview: expert and novice answers side by side. No scripts. */
export class KnowledgePanel implements vscode.Disposable {
  static readonly viewType = 'interviewLens.knowledgeEntry';
  private panel: vscode.WebviewPanel | undefined;
  /** The entry on show (tests and the search command read it). */
  shown: KnowledgeEntry | undefined;

  constructor(private readonly extensionUri: vscode.Uri, private readonly host: CoreHost) {}

  async show(id: string): Promise<boolean> {
    const core = await this.host.get();
    const entry = core.knowledgeBase.get(id);
    if (!entry) {
      void showError(vscode.l10n.t('There is no knowledge-base entry "{0}".', id));
      return false;
    }
    this.panel = openBeside(this.panel, KnowledgePanel.viewType, entry.question, this.extensionUri, () => {
      this.panel = undefined;
      this.shown = undefined;
    });
    const lang = uiLanguage();
    this.panel.title = entry.question;
    this.panel.webview.html = webviewDocument({ webview: this.panel.webview, language: lang, css: `${REPORT_CSS}${ENTRY_CSS}`, body: renderEntryBody(entry, lang, core.knowledgeBase) });
    this.shown = entry;
    return true;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
