import * as vscode from 'vscode';
import { openBeside } from './sidePanel';
import { randomBytes } from 'node:crypto';
import { ENTRY_CSS, REPORT_CSS, renderEntryBody, type KnowledgeEntry } from '../core';
import type { CoreHost } from './services';
import { showError } from './notify';

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
    const nonce = randomBytes(16).toString('base64');
    const lang = uiLanguage();
    this.panel.title = entry.question;
    this.panel.webview.html = `<!DOCTYPE html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style nonce="${nonce}">${REPORT_CSS}${ENTRY_CSS}</style>
</head><body>${renderEntryBody(entry, lang, core.knowledgeBase)}</body></html>`;
    this.shown = entry;
    return true;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
