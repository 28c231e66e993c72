// Runs inside the dry-run panel: registers the toolkit components, shows the body the extension
// renders (every text already escaped there), sends the buttons' actions back, and moves the
// keyboard focus to the heading or the status line after a render, so a keyboard or screen
// reader user lands on what changed.
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeProgressRing } from '@vscode/webview-ui-toolkit';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeProgressRing());

interface VsCodeApi { postMessage(message: unknown): void; setState(state: unknown): void; getState(): unknown }
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();

/** Messages the extension sends to this page. */
type Inbound = { type: 'render'; body: string; focus?: 'heading' | 'status'; state?: unknown };

const app = document.getElementById('app')!;

function focusOn(where: 'heading' | 'status'): void {
  if (where === 'heading') {
    document.getElementById('heading')?.focus();
    return;
  }
  // The status line is read out (role=status); the keyboard goes to the notice's button (Show in Job
  // Search, Dry Run Again…), else to the first button of the toolbar that can act.
  const first = app.querySelector<HTMLElement>('.notice vscode-button:not([disabled])') ?? app.querySelector<HTMLElement>('.toolbar vscode-button:not([disabled])');
  (first ?? document.getElementById('heading'))?.focus();
}

window.addEventListener('message', (event: MessageEvent<Inbound>) => {
  const m = event.data;
  if (m?.type !== 'render') return;
  // Kept by VS Code across a window reload: the extension restores the panel from it.
  if (m.state !== undefined) vscode.setState(m.state);
  // A render keeps the reader's place: the <details> they opened stay open.
  const open = new Set<string | undefined>();
  app.querySelectorAll<HTMLDetailsElement>('details[open][data-testid]').forEach((d) => open.add(d.dataset.testid));
  app.innerHTML = m.body;
  app.querySelectorAll<HTMLDetailsElement>('details[data-testid]').forEach((d) => {
    if (open.has(d.dataset.testid)) d.open = true;
  });
  if (m.focus) requestAnimationFrame(() => focusOn(m.focus!));
});

app.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement).closest<HTMLElement>('vscode-button[data-action]');
  if (!button || button.hasAttribute('disabled')) return;
  vscode.postMessage({ type: 'action', action: button.dataset.action, ...(button.dataset.fix ? { fix: button.dataset.fix } : {}) });
});

vscode.postMessage({ type: 'ready' });
