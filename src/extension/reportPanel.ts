import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { REPORT_CSS, renderReportBody, type Report } from '../core';
import { uiLanguage } from './knowledgePanel';

/** The report webview beside the editor; one panel, reused for every report. */
export class ReportPanel implements vscode.Disposable {
  static readonly viewType = 'interviewLens.report';
  private panel: vscode.WebviewPanel | undefined;
  private current: { report: Report; uri: vscode.Uri } | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly onOpenQuestion: (uri: vscode.Uri, index: number) => void,
  ) {}

  get visible(): boolean {
    return !!this.panel;
  }

  /** The report on show and the document it belongs to. */
  get shown(): { report: Report; uri: vscode.Uri } | undefined {
    return this.current;
  }

  show(report: Report, uri: vscode.Uri, revealIndex?: number): void {
    this.current = { report, uri };
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        ReportPanel.viewType,
        vscode.l10n.t('Interview report'),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        {
          enableScripts: true,
          retainContextWhenHidden: true,
          localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(this.extensionUri, 'media')],
        },
      );
      this.panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.png');
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.current = undefined;
      }, null, this.disposables);
      this.panel.webview.onDidReceiveMessage((m: { type?: string; index?: number }) => {
        if (m?.type === 'openQuestion' && typeof m.index === 'number' && this.current) this.onOpenQuestion(this.current.uri, m.index);
      }, null, this.disposables);
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    this.panel.title = vscode.l10n.t('Interview report: {0}', report.source);
    this.panel.webview.html = this.html(this.panel.webview, report, revealIndex);
  }

  /** Scrolls the report to question `index` (opening the panel again if it was closed). */
  reveal(index: number): void {
    if (!this.panel && this.current) this.show(this.current.report, this.current.uri, index);
    else if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
      void this.panel.webview.postMessage({ type: 'reveal', index });
    }
  }

  private html(webview: vscode.Webview, report: Report, revealIndex?: number): string {
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview', 'report.js'));
    const lang = uiLanguage();
    const csp = [
      "default-src 'none'",
      `img-src ${webview.cspSource}`,
      `style-src ${webview.cspSource} 'nonce-${nonce}'`,
      `font-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style nonce="${nonce}">${REPORT_CSS}</style>
</head><body data-reveal="${revealIndex ?? ''}">
${renderReportBody(report, { toolkit: true, lang })}
<script type="module" nonce="${nonce}" src="${script}"></script>
</body></html>`;
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
