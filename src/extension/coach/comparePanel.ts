import * as vscode from 'vscode';
import { webviewDocument } from '../shared/webviewDocument';
import { escapeHtml } from '../../core';
import type { ExpertComparison, Rewrite } from '../../core/coach/compareExpert';
import { compareView, type CompareView, type ViewPoint } from '../../core/coach/compareView';

/** Messages the compare page sends. */
type CompareMessage = { type: 'rewrite' } | { type: 'openEntry' };

/** What the compare view was opened on, and what it may offer. */
export interface CompareShown {
  comparison: ExpertComparison;
  view: CompareView;
  /** Where the answer came from (a question of a report, or a selection). */
  source: 'report' | 'selection';
  /** A model engine is configured, so "Rewrite my answer" is offered. */
  canRewrite: boolean;
}

function statusText(status: ViewPoint['status']): string {
  switch (status) {
    case 'stated': return vscode.l10n.t('covered');
    case 'mentioned': return vscode.l10n.t('only named');
    case 'contradicted': return vscode.l10n.t('contradicted');
    default: return vscode.l10n.t('missing');
  }
}

const MARKS: Record<ViewPoint['status'], string> = { stated: '✓', mentioned: '~', missing: '✗', contradicted: '!' };

/**
 * "Compare with the expert": the candidate's answer beside the expert's, each sentence of the
 * answer marked with the key points it covers (numbered as in the list), every key point ticked
 * with its sentence or marked missing, the mistakes with their corrections, and, with a model
 * engine, "Rewrite my answer". The page is rendered here; its script only sends the two buttons.
 * It opens in the editor group it was asked from: two columns need the width.
 */
export class ComparePanel implements vscode.Disposable {
  static readonly viewType = 'interviewLens.compare';
  private panel: vscode.WebviewPanel | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The comparison on show (tests read it). */
  shown: CompareShown | undefined;
  /** Asks the model for a rewrite of the answer on show ("Rewrite my answer"; tests call it too). */
  rewrite: (() => Promise<Rewrite>) | undefined;
  /** Called when the user opens the knowledge-base entry. */
  onOpenEntry: (entryId: string) => void = () => undefined;

  constructor(private readonly extensionUri: vscode.Uri) {}

  show(comparison: ExpertComparison, source: CompareShown['source'], canRewrite: boolean): CompareShown {
    const view = compareView(comparison);
    this.shown = { comparison, view, source, canRewrite };
    if (!this.panel) {
      // Beside the transcript, not over it: the user reads the answer and the comparison side by side.
      const panel = vscode.window.createWebviewPanel(ComparePanel.viewType, vscode.l10n.t('Compare with the expert'), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, {
        enableScripts: true, retainContextWhenHidden: true,
        localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(this.extensionUri, 'media')],
      });
      panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.png');
      this.panel = panel;
      this.subscriptions.push(
        panel.onDidDispose(() => {
          if (this.panel !== panel) return;
          this.panel = undefined;
          this.shown = undefined;
          this.rewrite = undefined;
        }),
        panel.webview.onDidReceiveMessage((m: CompareMessage) => {
          if (this.panel !== panel || !m) return;
          if (m.type === 'rewrite') void this.rewrite?.();
          if (m.type === 'openEntry' && this.shown?.view.expert) this.onOpenEntry(this.shown.view.expert.entryId);
        }),
      );
    } else {
      this.panel.reveal();
    }
    this.panel.title = vscode.l10n.t('Compare: {0}', view.question.length > 40 ? `${view.question.slice(0, 39)}…` : view.question);
    this.panel.webview.html = this.html(this.panel.webview, this.shown);
    return this.shown;
  }

  /** Tells the page a rewrite is on its way, or shows its result. */
  rewriteState(state: { busy: true } | Rewrite): void {
    void this.panel?.webview.postMessage({ type: 'rewrite', ...state });
  }

  private html(webview: vscode.Webview, shown: CompareShown): string {
    const { view } = shown;
    const e = escapeHtml;
    const answer = view.answer.map((s, i) => {
      const classes = ['sentence', ...(s.points.length ? ['covers'] : []), ...(s.mistakes.length ? ['wrong'] : [])].join(' ');
      const refs = s.points.length ? `<sup class="ref" aria-hidden="true">${s.points.map((p) => p + 1).join(', ')}</sup>` : '';
      const label = s.points.length ? ` aria-label="${e(vscode.l10n.t('covers key point {0}', s.points.map((p) => p + 1).join(', ')))}"` : '';
      return `<span class="${classes}" id="s-${i}" data-points="${s.points.join(' ')}"${label}>${e(s.text)}</span>${refs} `;
    }).join('');
    const points = view.points.map((p, i) => `<li data-status="${p.status}" data-testid="point">
<span class="mark" aria-hidden="true">${MARKS[p.status]}</span>
<span><span class="point-label">${i + 1}. ${e(p.label)}</span> <span class="point-status" data-testid="point-status">${e(statusText(p.status))}</span></span>
<span class="muted">${e(vscode.l10n.t('{0}% of the points', p.share))}</span>
${p.sentence ? `<p class="point-quote"><q data-testid="point-sentence">${e(p.sentence)}</q></p>` : ''}
</li>`).join('');
    const mistakes = view.mistakes.length
      ? `<section class="card" aria-labelledby="mistakes-h"><h2 id="mistakes-h">${e(vscode.l10n.t('Mistakes and their corrections'))}</h2><ul class="mistakes">${view.mistakes.map((m) => `<li data-testid="mistake"><span class="claim">“${e(m.claim)}”</span> → ${e(m.correction)}</li>`).join('')}</ul></section>`
      : '';
    const t = view.tally;
    const tally = `<span class="tally" data-testid="tally"><span>${e((t.total === 1 ? vscode.l10n.t('{0} of 1 key point covered', t.stated) : vscode.l10n.t('{0} of {1} key points covered', t.stated, t.total)))}</span>${t.mentioned ? `<span>${e(vscode.l10n.t('{0} only named', t.mentioned))}</span>` : ''}${t.missing ? `<span>${e(vscode.l10n.t('{0} missing', t.missing))}</span>` : ''}${t.contradicted ? `<span>${e(vscode.l10n.t('{0} contradicted', t.contradicted))}</span>` : ''}</span>`;
    const expert = view.expert
      ? `<div class="row"><h2 id="expert-h">${e(vscode.l10n.t('The expert answer'))}</h2><vscode-button appearance="secondary" id="open-entry">${e(vscode.l10n.t('Open entry'))}</vscode-button></div>
<p class="muted">${e(view.expert.question)}</p><div class="expert-text" data-testid="expert-answer">${e(view.expert.answer)}</div>`
      : `<h2 id="expert-h">${e(vscode.l10n.t('The expert answer'))}</h2><p class="notice" data-testid="no-reference">${e(vscode.l10n.t('No knowledge-base entry matches this question confidently, so there is no expert answer to compare with.'))}</p>`;
    const rewrite = !view.rewritable
      ? ''
      : shown.canRewrite
        ? `<section class="card" aria-labelledby="rewrite-h"><h2 id="rewrite-h">${e(vscode.l10n.t('Your answer, rewritten'))}</h2>
<p class="muted">${e(vscode.l10n.t('The model keeps your own facts, numbers and examples, fixes the mistakes and adds what was missing. A rewrite that drops your facts is refused.'))}</p>
<div class="actions"><vscode-button id="rewrite">${e(vscode.l10n.t('Rewrite my answer'))}</vscode-button></div><div id="rewrite-out" aria-live="polite"></div></section>`
        : `<p class="muted" data-testid="rewrite-unavailable">${e(vscode.l10n.t('With a model engine (interviewLens.engine) a rewrite of your answer is offered here.'))}</p>`;
    const texts = { rewriting: vscode.l10n.t('Rewriting with the model…'), refused: vscode.l10n.t('No rewrite: {0}') };
    return webviewDocument({
      webview, language: vscode.env.language.toLowerCase().startsWith('zh') ? 'zh' : 'en',
      stylesheet: { extensionUri: this.extensionUri, name: 'coach.css' }, bodyAttributes: 'class="coach compare"',
      data: { id: 'strings', value: texts }, script: { extensionUri: this.extensionUri, name: 'compare.js' },
      body: `<main>
<h1 data-testid="compare-question">${e(view.question)}</h1>
<p class="row"><span class="score" data-testid="compare-score">${e(vscode.l10n.t('{0}/100', view.score))}</span>${tally}</p>
<div class="columns">
<section class="card" aria-labelledby="answer-h"><h2 id="answer-h">${e(vscode.l10n.t('Your answer'))}</h2><p data-testid="candidate-answer">${answer}</p></section>
<section class="card" aria-labelledby="expert-h">${expert}</section>
</div>
<section class="card" aria-labelledby="points-h"><h2 id="points-h">${e(vscode.l10n.t('Key points'))}</h2><ul class="points">${points || `<li>${e(vscode.l10n.t('No key points to compare.'))}</li>`}</ul></section>
${mistakes}
${rewrite}
</main>`,
    });
  }

  dispose(): void {
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
