import * as vscode from 'vscode';
import { staleReportLanguage } from '../../core/diagnosis/report/languageNotice';
import { reportLanguageSetting } from './reportLanguage';
import { webviewDocument } from '../shared/webviewDocument';
import { REPORT_CSS, renderReportBody, type Progress, type Report } from '../../core';

function escapeAttr(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Why a report cannot lead back to its transcript: the file is gone, its text changed since, it
 * was a mock interview (typed answers), or it never was a saved file.
 */
export type DetachedReason = 'missing' | 'changed' | 'mock' | 'unsaved';

/** What the report webview keeps across reloads (vscode.setState), so the panel can be restored. */
export interface ReportPanelState {
  reportId?: string;
  sourceUri?: string;
  revealed?: number;
  /** Set when the report was opened from the history without its transcript. */
  detached?: DetachedReason;
}

/** How a report is shown. */
export interface ShowOptions {
  /** The transcript is not there to go back to: say why, and offer no "Show in editor". */
  detached?: DetachedReason;
}

function detachedNotice(reason: DetachedReason, source: string): string {
  switch (reason) {
    case 'missing': return vscode.l10n.t('The transcript {0} is no longer where it was diagnosed, so this report cannot show its questions in the editor. The report itself is kept in the history.', source);
    case 'changed': return vscode.l10n.t('{0} has changed since this report was made, so its questions no longer match the file\'s lines and "Show in editor" is off. Diagnose the file again for a current report.', source);
    case 'mock': return vscode.l10n.t('A mock interview: the answers were typed in Interview Lens, so there is no transcript file to show.');
    case 'unsaved': return vscode.l10n.t('This report was made from text that was never saved to a file, so there is no transcript to show in the editor.');
  }
}

/** The report webview beside the editor; one panel, reused for every report. */
export class ReportPanel implements vscode.Disposable {
  static readonly viewType = 'interviewLens.report';
  private panel: vscode.WebviewPanel | undefined;
  private current: { report: Report; uri: vscode.Uri; detached?: DetachedReason } | undefined;
  private lastHtml: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly onOpenQuestion: (uri: vscode.Uri, index: number) => void,
    /** The user's progress to show with a report (from the history); undefined leaves the section out. */
    private readonly progressFor: (report: Report) => Progress | undefined = () => undefined,
  ) {}

  /** The HTML the webview was last given (what the integration tests read; the webview's DOM is out of their reach). */
  get shownHtml(): string | undefined {
    return this.panel ? this.lastHtml : undefined;
  }

  get visible(): boolean {
    return !!this.panel;
  }

  /** The report on show and the document it belongs to (`detached` when it cannot lead back to it). */
  get shown(): { report: Report; uri: vscode.Uri; detached?: DetachedReason } | undefined {
    return this.current;
  }

  show(report: Report, uri: vscode.Uri, revealIndex?: number, options?: ShowOptions): void {
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
    // Showing the same report again (Show Report, a lens) keeps what is known about its transcript.
    const same = this.current && this.current.report.id === report.id && this.current.uri.toString() === uri.toString();
    this.render(report, uri, revealIndex, options ?? (same ? { detached: this.current!.detached } : {}));
  }

  /** Takes over a panel VS Code restored after a reload (see ReportPanelSerializer) and shows `report` in it. */
  adopt(panel: vscode.WebviewPanel, report: Report, uri: vscode.Uri, options: ShowOptions = {}): void {
    if (this.panel && this.panel !== panel) this.panel.dispose();
    panel.webview.options = this.options();
    this.attach(panel);
    this.render(report, uri, undefined, options);
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
      if (!this.current || this.panel !== panel) return;
      if (m?.type === 'openQuestion' && typeof m.index === 'number' && !this.current.detached) this.onOpenQuestion(this.current.uri, m.index);
      // The toolbar's buttons run the same commands as the palette, for the report on show.
      if (m?.type === 'compareWith') void vscode.commands.executeCommand('interviewLens.compareReportWith', { reportId: this.current.report.id });
      if (m?.type === 'export') void vscode.commands.executeCommand('interviewLens.exportReport', { reportId: this.current.report.id });
      if (m?.type === 'practise') void vscode.commands.executeCommand('interviewLens.practiseWeakQuestions', { userId: this.current.report.userId });
      if (m?.type === 'rerun' && !this.current.detached) void vscode.commands.executeCommand('interviewLens.diagnose', this.current.uri);
    }, null, this.disposables);
  }

  private render(report: Report, uri: vscode.Uri, revealIndex: number | undefined, options: ShowOptions): void {
    this.current = { report, uri, ...(options.detached ? { detached: options.detached } : {}) };
    this.panel!.title = vscode.l10n.t('Interview report: {0}', report.source);
    this.lastHtml = this.html(this.panel!.webview, report, uri, revealIndex, options.detached);
    this.panel!.webview.html = this.lastHtml;
  }

  /** Closes the panel if it shows a report of `uri` (that report no longer matches the file). */
  closeFor(uri: vscode.Uri): void {
    if (this.current?.uri.toString() === uri.toString()) this.panel?.dispose();
  }

  /** Closes the panel if it shows the report `id` (it was deleted from the history). */
  closeReport(id: string): void {
    if (this.current?.report.id === id) this.panel?.dispose();
  }

  /** Scrolls the report to question `index` (opening the panel again if it was closed). */
  reveal(index: number): void {
    if (!this.panel && this.current) this.show(this.current.report, this.current.uri, index, { detached: this.current.detached });
    else if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
      void this.panel.webview.postMessage({ type: 'reveal', index });
    }
  }

  private html(webview: vscode.Webview, report: Report, uri: vscode.Uri, revealIndex: number | undefined, detached: DetachedReason | undefined): string {
    // The report is written in one language (interviewLens.reportLanguage chose it when it was made).
    return webviewDocument({
      webview, language: report.language, css: REPORT_CSS,
      bodyAttributes: `data-reveal="${revealIndex ?? ''}" data-report-id="${escapeAttr(report.id)}" data-source-uri="${escapeAttr(uri.toString())}" data-detached="${detached ?? ''}"`,
      body: `${detached ? `<p class="notice" role="note" data-testid="detached-notice" data-reason="${detached}">${escapeAttr(detachedNotice(detached, report.source))}</p>` : ''}${this.languageNotice(report, detached)}
${renderReportBody(report, { toolkit: true, linkToEditor: !detached, progress: this.progressFor(report) })}`,
      script: { extensionUri: this.extensionUri, name: 'report.js' },
    });
  }

  /** Says when the report is in another language than a new one would be, with a one-click re-run when its transcript is there. */
  private languageNotice(report: Report, detached: DetachedReason | undefined): string {
    const now = staleReportLanguage(report, reportLanguageSetting(vscode.workspace.getConfiguration('interviewLens')));
    if (!now) return '';
    const text = report.language === 'en'
      ? vscode.l10n.t('This report was written in English, before the language changed. Re-run the diagnosis to get it in Chinese.')
      : vscode.l10n.t('This report was written in Chinese, before the language changed. Re-run the diagnosis to get it in English.');
    const button = detached ? '' : `<vscode-button appearance="secondary" data-action="rerun" data-testid="rerun-language">${escapeAttr(now === 'zh' ? vscode.l10n.t('Re-run in Chinese') : vscode.l10n.t('Re-run in English'))}</vscode-button>`;
    return `<p class="notice" role="note" data-testid="language-notice" data-language="${now}">${escapeAttr(text)} ${button}</p>`;
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
