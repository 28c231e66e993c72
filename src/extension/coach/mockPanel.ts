import * as vscode from 'vscode';
import { webviewDocument } from '../shared/webviewDocument';
import type { MockView } from '../../core/coach/mockView';
import { msg } from '../../core';
import { CATEGORIES } from '../../core/diagnosis/knowledge/types';

/** Messages the mock-interview page sends. */
export type MockMessage =
  | { type: 'ready' }
  | { type: 'answer'; text: string }
  | { type: 'skip' }
  | { type: 'end'; draft?: string }
  | { type: 'draft'; text?: string; question?: string }
  | { type: 'record' }
  | { type: 'retry' }
  | { type: 'openReport' };

/** What the page shows besides the session: whether it is working, a problem, a transcribed answer. */
export interface MockPanelStatus {
  busy?: 'scoring' | 'transcribing' | 'finishing';
  error?: string;
  /** Text a recording was transcribed to, put into the answer box for the user to check. */
  transcribed?: string;
  /** Whether the Record button is offered (speech-to-text configured, workspace trusted). */
  canRecord: boolean;
}

/** The page's texts in the UI language (the page has no l10n of its own). */
function strings(): Record<string, string> {
  return {
    title: vscode.l10n.t('Mock interview'),
    question: vscode.l10n.t('Question {0} of {1}'),
    mainQuestion: vscode.l10n.t('Question'),
    followUp: vscode.l10n.t('Follow-up'),
    placeholder: vscode.l10n.t('Type your answer as you would say it (Ctrl+Enter or Cmd+Enter submits)'),
    answerLabel: vscode.l10n.t('Your answer'),
    submit: vscode.l10n.t('Submit answer'),
    record: vscode.l10n.t('Answer from a recording…'),
    skip: vscode.l10n.t('Skip question'),
    end: vscode.l10n.t('End interview'),
    scoring: vscode.l10n.t('Scoring your answer…'),
    transcribing: vscode.l10n.t('Transcribing the recording…'),
    finishing: vscode.l10n.t('Diagnosing the interview and saving it to the history…'),
    feedback: vscode.l10n.t('Your last answer'),
    scored: vscode.l10n.t('{0}/100'),
    missed: vscode.l10n.t('Missed'),
    nothingMissed: vscode.l10n.t('Every key point of the expert answer was covered.'),
    offTopic: vscode.l10n.t('This answer seems to be about another question.'),
    followUpWhy: vscode.l10n.t('The interviewer follows up because your answer missed: {0}'),
    done: vscode.l10n.t('Questions so far'),
    skipped: vscode.l10n.t('skipped'),
    finished: vscode.l10n.t('The interview is over: {0} answered. Its report is in the history and open beside this panel.'),
    ended: vscode.l10n.t('The interview ended with no answer, so no report was saved.'),
    openReport: vscode.l10n.t('Open report'),
    retry: vscode.l10n.t('Try again'),
    transcribedNote: vscode.l10n.t('Transcribed from the recording: check the text, then submit.'),
    empty: vscode.l10n.t('Type an answer first, or skip the question.'),
    completeness: vscode.l10n.t('completeness'),
    depth: vscode.l10n.t('depth'),
    accuracy: vscode.l10n.t('accuracy'),
    practicality: vscode.l10n.t('practicality'),
    keys: vscode.l10n.t('Ctrl+Enter submits · Tab moves between the buttons'),
  };
}

/** A category as people read it, in the UI language. */
export function categoryLabel(category: string, lang: 'zh' | 'en'): string {
  return (CATEGORIES as readonly string[]).includes(category) ? msg(lang, `category.${category as (typeof CATEGORIES)[number]}`) : category;
}

/**
 * The mock-interview webview: one question at a time, the answer box, and the feedback on the
 * last answer. It only shows what the controller posts and reports what the user does; the
 * session lives in the store, so a closed or reloaded panel loses nothing.
 */
export class MockPanel implements vscode.Disposable {
  static readonly viewType = 'interviewLens.mockInterview';
  private panel: vscode.WebviewPanel | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private last: { view: MockView; status: MockPanelStatus } | undefined;
  /** Called with each message of the page. */
  onMessage: (m: MockMessage) => void = () => undefined;
  /** Called when the user closes the panel. */
  onClosed: () => void = () => undefined;

  constructor(private readonly extensionUri: vscode.Uri) {}

  get visible(): boolean {
    return !!this.panel;
  }

  /** Shows the panel (creating it, or taking over one VS Code restored after a reload). */
  open(restored?: vscode.WebviewPanel): void {
    if (restored) {
      if (this.panel && this.panel !== restored) this.panel.dispose();
      restored.webview.options = this.options();
      this.attach(restored);
    } else if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Active);
      return;
    } else {
      this.attach(vscode.window.createWebviewPanel(MockPanel.viewType, vscode.l10n.t('Mock interview'), { viewColumn: vscode.ViewColumn.Active, preserveFocus: false }, {
        ...this.options(), retainContextWhenHidden: true,
      }));
    }
    this.panel!.webview.html = this.html(this.panel!.webview);
  }

  /** Shows `view` (the page renders it; a page still loading gets it when it says it is ready). */
  show(view: MockView, status: MockPanelStatus): void {
    this.last = { view, status };
    if (this.panel) {
      this.panel.title = view.current
        ? vscode.l10n.t('Mock interview · {0}/{1}', view.progress.asked, view.progress.total)
        : vscode.l10n.t('Mock interview');
      void this.panel.webview.postMessage({ type: 'state', view, status });
    }
  }

  close(): void {
    this.panel?.dispose();
  }

  private options(): vscode.WebviewOptions {
    return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(this.extensionUri, 'media')] };
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.png');
    // The listeners live as long as their panel (a restored panel replaces the one before).
    const listeners: vscode.Disposable[] = [
      panel.webview.onDidReceiveMessage((m: MockMessage) => {
        if (this.panel !== panel || !m || typeof m.type !== 'string') return;
        if (m.type === 'ready' && this.last) void panel.webview.postMessage({ type: 'state', ...this.last });
        this.onMessage(m);
      }),
    ];
    listeners.push(panel.onDidDispose(() => {
      for (const l of listeners) l.dispose();
      if (this.panel !== panel) return;
      this.panel = undefined;
      this.onClosed();
    }));
    this.subscriptions.push(...listeners);
  }

  private html(webview: vscode.Webview): string {
    return webviewDocument({
      webview, language: vscode.env.language.toLowerCase().startsWith('zh') ? 'zh' : 'en',
      stylesheet: { extensionUri: this.extensionUri, name: 'coach.css' }, bodyAttributes: 'class="coach mock"',
      body: '<main id="app" aria-live="polite"></main>',
      data: { id: 'strings', value: strings() }, script: { extensionUri: this.extensionUri, name: 'mock.js' },
    });
  }

  dispose(): void {
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
