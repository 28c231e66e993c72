import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { REPORT_CSS, renderReportBody, type Report } from '../core';

function escapeAttr(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What the report webview keeps across reloads (vscode.setState), so the panel can be restored. */
export interface ReportPanelState {
  reportId?: string;
  sourceUri?: string;
  revealed?: number;
}

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
    if (!this.panel) {
      this.attach(vscode.window.createWebviewPanel(
        ReportPanel.viewType,
        vscode.l10n.t('Interview report'),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        this.options(),
      ));
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    this.render(report, uri, revealIndex);
  }

  /** Takes over a panel VS Code restored after a reload (see ReportPanelSerializer) and shows `report` in it. */
  adopt(panel: vscode.WebviewPanel, report: Report, uri: vscode.Uri): void {
    if (this.panel && this.panel !== panel) this.panel.dispose();
    panel.webview.options = this.options();
    this.attach(panel);
    this.render(report, uri);
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.png');
    panel.onDidDispose(() => {
      if (this.panel !== panel) return;
      this.panel = undefined;
      this.current = undefined;
    }, null, this.disposables);
    panel.webview.onDidReceiveMessage((m: { type?: string; index?: number }) => {
      if (m?.type === 'openQuestion' && typeof m.index === 'number' && this.current && this.panel === panel) this.onOpenQuestion(this.current.uri, m.index);
    }, null, this.disposables);
  }

  private render(report: Report, uri: vscode.Uri, revealIndex?: number): void {
    this.current = { report, uri };
    this.panel!.title = vscode.l10n.t('Interview report: {0}', report.source);
    this.panel!.webview.html = this.html(this.panel!.webview, report, uri, revealIndex);
  }

  /** Closes the panel if it shows a report of `uri` (that report no longer matches the file). */
  closeFor(uri: vscode.Uri): void {
    if (this.current?.uri.toString() === uri.toString()) this.panel?.dispose();
  }

  /** Scrolls the report to question `index` (opening the panel again if it was closed). */
  reveal(index: number): void {
    if (!this.panel && this.current) this.show(this.current.report, this.current.uri, index);
    else if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
      void this.panel.webview.postMessage({ type: 'reveal', index });
    }
  }

  private html(webview: vscode.Webview, report: Report, uri: vscode.Uri, revealIndex?: number): string {
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview', 'report.js'));
    // The report is written in one language (interviewLens.reportLanguage chose it when it was made).
    const lang = report.language;
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
</head><body data-reveal="${revealIndex ?? ''}" data-report-id="${escapeAttr(report.id)}" data-source-uri="${escapeAttr(uri.toString())}">
${renderReportBody(report, { toolkit: true })}
<script type="module" nonce="${nonce}" src="${script}"></script>
</body></html>`;
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
