// Runs inside the mock-interview webview: renders what the extension posts (the question waiting,
// the feedback on the last answer, the questions so far) with the toolkit's components, and sends
// back what the user does. Keyboard only works throughout: Ctrl/Cmd+Enter submits from the answer
// box, Tab reaches every button, and focus goes to the answer box when a new question comes.
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeProgressRing, vsCodeTag, vsCodeTextArea } from '@vscode/webview-ui-toolkit';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeProgressRing(), vsCodeTag(), vsCodeTextArea());

interface VsCodeApi { postMessage(message: unknown): void; setState(state: unknown): void; getState(): unknown }
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();

type Dimension = 'completeness' | 'depth' | 'accuracy' | 'practicality';
/** The view the extension posts (src/core/coach/mockView.ts). */
interface MockView {
  sessionId: string;
  status: 'active' | 'finished' | 'ended';
  progress: { asked: number; total: number };
  current?: { kind: 'question' | 'follow-up'; question: string; number: number; draft?: string };
  feedback?: { question: string; score: number; dimensions: Record<Dimension, number | null>; missing: string[]; offTopic: boolean; followUp?: { question: string; probes: string[] } };
  done: Array<{ kind: 'question' | 'follow-up'; question: string; score?: number; skipped: boolean }>;
  answered: number;
  reportId?: string;
}
interface Status { busy?: 'scoring' | 'transcribing' | 'finishing'; error?: string; transcribed?: string; canRecord: boolean }
interface Saved { sessionId?: string; draft?: string; draftFor?: string }

const T: Record<string, string> = JSON.parse(document.getElementById('strings')!.textContent ?? '{}');
const fill = (s: string, ...args: Array<string | number>) => s.replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
const app = document.getElementById('app')!;
let shownQuestion: string | undefined;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Array<Node | string | undefined>): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) if (c !== undefined) e.append(c);
  return e;
}

function custom(tag: string, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function saved(): Saved {
  return (vscode.getState() as Saved | undefined) ?? {};
}

function remember(patch: Saved): void {
  vscode.setState({ ...saved(), ...patch });
}

function button(id: string, label: string, secondary: boolean, onClick: () => void, disabled: boolean): HTMLElement {
  const b = custom('vscode-button', { id, ...(secondary ? { appearance: 'secondary' } : {}), ...(disabled ? { disabled: '' } : {}) }, label);
  b.addEventListener('click', () => {
    if (!b.hasAttribute('disabled')) onClick();
  });
  return b;
}

function answerBox(): (HTMLElement & { value: string }) | null {
  return document.getElementById('answer') as (HTMLElement & { value: string }) | null;
}

function submit(): void {
  const box = answerBox();
  const text = box?.value ?? '';
  if (!text.trim()) {
    showInlineError(T.empty);
    box?.focus();
    return;
  }
  vscode.postMessage({ type: 'answer', text });
}

function showInlineError(message: string): void {
  let n = document.getElementById('inline-error');
  if (!n) {
    n = el('div', { id: 'inline-error', class: 'notice error', role: 'alert' });
    answerBox()?.after(n);
  }
  n.textContent = message;
}

function feedbackCard(f: NonNullable<MockView['feedback']>): HTMLElement {
  const dims = el('ul', { class: 'dims' });
  for (const d of ['completeness', 'depth', 'accuracy', 'practicality'] as const) {
    dims.append(el('li', {}, `${T[d]} `, el('b', {}, f.dimensions[d] === null ? '—' : String(f.dimensions[d]))));
  }
  const card = el('section', { class: 'card feedback', 'aria-label': T.feedback, 'data-testid': 'feedback' },
    el('h2', { class: 'row' }, T.feedback, el('span', { class: 'score', 'data-testid': 'feedback-score' }, fill(T.scored, f.score))),
    el('p', { class: 'muted' }, `“${f.question}”`),
    dims);
  if (f.offTopic) card.append(el('p', { class: 'notice' }, T.offTopic));
  if (f.missing.length) {
    const tags = el('div', { class: 'row', 'data-testid': 'feedback-missing' }, el('span', {}, `${T.missed}:`));
    for (const m of f.missing) tags.append(custom('vscode-tag', {}, m));
    card.append(tags);
  } else {
    card.append(el('p', {}, T.nothingMissed));
  }
  return card;
}

let draftTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends the typed answer to the extension a moment after typing stops: it is kept with the session (closing the panel, Resume). */
function keepDraft(text: string, question: string): void {
  if (draftTimer) clearTimeout(draftTimer);
  // With its question: a draft that arrives after the answer was sent does not land on the next question.
  draftTimer = setTimeout(() => vscode.postMessage({ type: 'draft', text, question }), 400);
}

function askCard(view: MockView, status: Status): HTMLElement {
  const current = view.current!;
  const busy = !!status.busy;
  // The header says which question this is; the card only says when it is a follow-up (the count showed twice).
  const kind = current.kind === 'follow-up' ? T.followUp : T.mainQuestion;
  const card = el('section', { class: 'card ask', 'aria-labelledby': 'question' },
    el('p', { class: 'kind', 'data-testid': 'question-kind' }, kind));
  if (current.kind === 'follow-up' && view.feedback?.followUp?.probes.length) {
    card.append(el('p', { class: 'why muted' }, fill(T.followUpWhy, view.feedback.followUp.probes.join('; '))));
  }
  card.append(el('p', { class: 'question', id: 'question', 'data-testid': 'question' }, current.question));
  const box = custom('vscode-text-area', { id: 'answer', rows: '8', resize: 'vertical', placeholder: T.placeholder, 'aria-describedby': 'keys', ...(busy ? { disabled: '' } : {}) }, T.answerLabel) as HTMLElement & { value: string };
  box.addEventListener('keydown', (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (!busy) submit();
    }
  });
  box.addEventListener('input', () => {
    remember({ draft: box.value, draftFor: current.question });
    keepDraft(box.value, current.question);
  });
  card.append(box);
  if (status.transcribed) card.append(el('p', { class: 'notice info', role: 'status' }, T.transcribedNote));
  const actions = el('div', { class: 'actions' },
    button('submit', T.submit, false, submit, busy),
    ...(status.canRecord ? [button('record', T.record, true, () => vscode.postMessage({ type: 'record' }), busy)] : []),
    button('skip', T.skip, true, () => vscode.postMessage({ type: 'skip' }), busy),
    // The typed, unsent answer goes with End: the extension asks first, and offers to submit it.
    button('end', T.end, true, () => vscode.postMessage({ type: 'end', draft: answerBox()?.value ?? '' }), busy));
  card.append(actions, el('p', { class: 'keys muted', id: 'keys' }, T.keys));
  return card;
}

function overCard(view: MockView, status: Status): HTMLElement {
  const card = el('section', { class: 'card over', 'data-testid': 'over' });
  if (view.reportId) {
    card.append(el('p', {}, fill(T.finished, view.answered)),
      el('div', { class: 'actions' }, button('open-report', T.openReport, false, () => vscode.postMessage({ type: 'openReport' }), false)));
  } else if (status.error) {
    card.append(el('div', { class: 'actions' }, button('retry', T.retry, false, () => vscode.postMessage({ type: 'retry' }), !!status.busy)));
  } else if (!status.busy) {
    card.append(el('p', {}, T.ended));
  }
  return card;
}

function doneList(view: MockView): HTMLElement | undefined {
  if (!view.done.length) return undefined;
  const list = el('ol', { class: 'plain' });
  for (const d of view.done) {
    list.append(el('li', {}, `${d.kind === 'follow-up' ? `${T.followUp}: ` : ''}${d.question}`,
      custom('vscode-tag', { class: 'tagged' }, d.skipped ? T.skipped : fill(T.scored, d.score ?? 0))));
  }
  return el('section', { class: 'done', 'aria-label': T.done }, el('h2', {}, T.done), list);
}

function render(view: MockView, status: Status): void {
  const focusedId = (document.activeElement as HTMLElement | null)?.id;
  const previousDraft = answerBox()?.value;
  remember({ sessionId: view.sessionId });
  document.body.dataset.status = view.status;
  document.body.dataset.busy = status.busy ?? '';
  const total = Math.max(1, view.progress.total);
  const asked = view.current ? view.progress.asked - 1 : view.progress.asked;
  // No counter before the first question ("Question 0 of 0"): it appears with one.
  const counted = view.progress.total > 0 && view.progress.asked > 0;
  const header = el('header', {}, el('h1', {}, T.title));
  if (counted) {
    const meter = el('span', { class: 'meter', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': String(total), 'aria-valuenow': String(asked) }, el('span'));
    (meter.firstChild as HTMLElement).style.width = `${Math.round((100 * asked) / total)}%`;
    header.append(el('div', { class: 'progress' }, el('span', { class: 'muted', 'data-testid': 'progress' }, fill(T.question, view.progress.asked, view.progress.total)), meter));
  }
  const parts: Array<Node | undefined> = [header];
  if (status.error) parts.push(el('div', { class: 'notice error', role: 'alert', 'data-testid': 'error' }, status.error));
  if (view.feedback) parts.push(feedbackCard(view.feedback));
  if (view.current) parts.push(askCard(view, status));
  if (status.busy) {
    parts.push(el('div', { class: 'busy', role: 'status' }, custom('vscode-progress-ring'), el('span', {}, T[status.busy])));
  }
  if (!view.current) parts.push(overCard(view, status));
  parts.push(doneList(view));
  app.replaceChildren(...parts.filter((p): p is Node => p !== undefined));

  const box = answerBox();
  const question = view.current?.question;
  if (box && question) {
    const state = saved();
    // The text typed so far survives a re-render (an error, a busy phase) and a reload; a transcription replaces it.
    // Else what the session kept (the panel was closed, or the interview resumed in another window).
    const draft = status.transcribed ?? (question === shownQuestion ? previousDraft : state.draftFor === question ? state.draft : view.current?.draft);
    if (draft) box.value = draft;
    if (status.transcribed) remember({ draft: status.transcribed, draftFor: question });
    const fresh = question !== shownQuestion;
    if (!status.busy && (fresh || focusedId === 'answer' || status.transcribed || status.error)) setTimeout(() => box.focus(), 0);
    else if (focusedId && document.getElementById(focusedId)) setTimeout(() => document.getElementById(focusedId)?.focus(), 0);
  } else if (!view.current) {
    setTimeout(() => (document.getElementById('open-report') ?? document.getElementById('retry'))?.focus(), 0);
  }
  shownQuestion = question;
}

window.addEventListener('message', (event: MessageEvent<{ type: string; view: MockView; status: Status }>) => {
  if (event.data?.type === 'state') render(event.data.view, event.data.status);
});

vscode.postMessage({ type: 'ready' });
