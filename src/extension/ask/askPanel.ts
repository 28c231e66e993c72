import * as vscode from 'vscode';
import { webviewDocument } from '../shared/webviewDocument';
import { openBeside } from '../shared/sidePanel';
import { escapeHtml, type AskOutcome } from '../../core';
import { plainTextHtml, sanitizeHtml } from '../shared/safeHtml';
import { uiLanguage } from '../knowledge/knowledgePanel';

const CSS = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 20px 24px; line-height: 1.55; }
header { border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, transparent)); padding: 12px 0 8px; margin-bottom: 12px; }
header h1 { font-size: 1.25em; margin: 0 0 6px; font-weight: 600; }
header .meta { color: var(--vscode-descriptionForeground); display: flex; flex-wrap: wrap; gap: 4px 14px; }
header .meta span { white-space: nowrap; }
.badge { background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); border-radius: 3px; padding: 0 6px; }
.warnings { border-left: 3px solid var(--vscode-editorWarning-foreground); background: var(--vscode-inputValidation-warningBackground, transparent); padding: 6px 10px; margin: 0 0 12px; }
.warnings p { margin: 2px 0; }
main a { color: var(--vscode-textLink-foreground); }
main a:hover { color: var(--vscode-textLink-activeForeground); }
main code { font-family: var(--vscode-editor-font-family); background: var(--vscode-textCodeBlock-background); padding: 1px 3px; border-radius: 3px; }
main pre { background: var(--vscode-textCodeBlock-background); padding: 8px 10px; overflow-x: auto; border-radius: 3px; }
main pre code { background: none; padding: 0; }
main pre.plain { white-space: pre-wrap; }
main blockquote { border-left: 3px solid var(--vscode-textBlockQuote-border); background: var(--vscode-textBlockQuote-background); margin: 0; padding: 2px 12px; }
main table { border-collapse: collapse; }
main th, main td { border: 1px solid var(--vscode-widget-border, var(--vscode-panel-border)); padding: 3px 8px; }
main hr { border: 0; border-top: 1px solid var(--vscode-widget-border, var(--vscode-panel-border)); }
`;

/** `12,345` in the UI's way of writing numbers. */
function count(n: number): string {
  return Math.round(n).toLocaleString(uiLanguage() === 'zh' ? 'zh-CN' : 'en-US');
}

/**
 * The answer of "Interview Lens: Ask" as Markdown in a webview: what answered (a skill, or the
 * agent with its steps), with which engine and model, and what it cost. The Markdown is rendered
 * by VS Code's built-in Markdown extension, its HTML reduced to Markdown's own tags, and the page
 * has no scripts (its CSP allows none) and only a nonce'd style.
 */
export class AskPanel implements vscode.Disposable {
  static readonly viewType = 'interviewLens.ask';
  private panel: vscode.WebviewPanel | undefined;
  /** The request and answer on show (tests read them). */
  shown: { question: string; outcome: AskOutcome } | undefined;

  constructor(private readonly extensionUri: vscode.Uri) {}

  async show(question: string, outcome: AskOutcome): Promise<void> {
    const body = await renderMarkdown(outcome.answerMd);
    this.panel = openBeside(this.panel, AskPanel.viewType, vscode.l10n.t('Interview Lens: Ask'), this.extensionUri, () => {
      this.panel = undefined;
      this.shown = undefined;
    });
    this.panel.title = vscode.l10n.t('Ask: {0}', question.length > 40 ? `${question.slice(0, 39)}…` : question);
    this.panel.webview.html = this.html(question, outcome, body);
    this.shown = { question, outcome };
  }

  private html(question: string, outcome: AskOutcome, body: string): string {
    const lang = uiLanguage();
    const meta: string[] = [];
    meta.push(`<span class="badge">${escapeHtml(outcome.mode === 'skill' ? vscode.l10n.t('Skill: {0}', outcome.skill ?? '?') : vscode.l10n.t('Agent'))}</span>`);
    meta.push(`<span>${escapeHtml(vscode.l10n.t('Engine: {0}', outcome.model ? `${outcome.engine} · ${outcome.model}` : outcome.engine))}</span>`);
    if (outcome.steps) meta.push(`<span>${escapeHtml(vscode.l10n.t('Steps: {0}', outcome.steps.length))}</span>`);
    if (outcome.usage) {
      const u = outcome.usage;
      const cost = u.costUsd === null ? vscode.l10n.t('cost unknown') : `$${u.costUsd.toFixed(4)}`;
      meta.push(`<span>${escapeHtml(vscode.l10n.t('{0} model calls · {1} input tokens ({2}% from cache) · {3} output tokens · {4}',
        u.calls, count(u.usage.inputTokens + u.usage.cacheReadTokens + u.usage.cacheWriteTokens), Math.round(u.cacheReadShare * 100), count(u.usage.outputTokens), cost))}</span>`);
    }
    const warnings = outcome.warnings.length
      ? `<section class="warnings">${outcome.warnings.map((w) => `<p>${escapeHtml(w)}</p>`).join('')}</section>`
      : '';
    return webviewDocument({
      webview: this.panel!.webview, language: lang, css: CSS,
      body: `<header><h1>${escapeHtml(question)}</h1><div class="meta">${meta.join('')}</div></header>
${warnings}
<main class="answer">${body}</main>`,
    });
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

/** Markdown as safe HTML: VS Code's Markdown renderer, reduced to Markdown's tags; plain text if the renderer is missing. */
async function renderMarkdown(md: string): Promise<string> {
  try {
    const html = await vscode.commands.executeCommand<string>('markdown.api.render', md);
    if (typeof html === 'string') return sanitizeHtml(html);
  } catch {
    // The built-in Markdown extension can be disabled: the answer is still shown, as text.
  }
  return plainTextHtml(md);
}
