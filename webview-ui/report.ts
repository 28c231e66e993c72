// Runs inside the report webview: registers the toolkit components, wires "show in editor",
// Export and "Practise weak questions" buttons, and scrolls to a question when the extension asks.
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeDivider, vsCodeTag } from '@vscode/webview-ui-toolkit';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeDivider(), vsCodeTag());

interface VsCodeApi { postMessage(message: unknown): void; setState(state: unknown): void; getState(): unknown }
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();

/** Messages the extension sends to this page. */
type Inbound = { type: 'reveal'; index: number };

function reveal(index: number): void {
  const el = document.getElementById(`q-${index}`);
  if (!el) return;
  document.querySelectorAll('.question.highlight').forEach((q) => q.classList.remove('highlight'));
  el.classList.add('highlight');
  el.scrollIntoView({ block: 'start' });
  document.body.dataset.revealed = String(index);
  remember({ revealed: index });
}

/** Keeps what the extension needs to restore this panel after a reload (the report's id and file). */
function remember(extra: { revealed?: number } = {}): void {
  const previous = (vscode.getState() as Record<string, unknown> | undefined) ?? {};
  vscode.setState({
    ...previous, reportId: document.body.dataset.reportId, sourceUri: document.body.dataset.sourceUri, detached: document.body.dataset.detached || undefined, ...extra,
  });
}

window.addEventListener('message', (event: MessageEvent<Inbound>) => {
  if (event.data?.type === 'reveal') reveal(event.data.index);
});

document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const button = target.closest<HTMLElement>('.goto');
  if (button?.dataset.index) vscode.postMessage({ type: 'openQuestion', index: Number(button.dataset.index) });
  // The toolkit's buttons are keyboard-operable (Enter and Space click them); the extension does the rest.
  const action = target.closest<HTMLElement>('[data-action]')?.dataset.action;
  if (action === 'export' || action === 'practise' || action === 'rerun' || action === 'compareWith') vscode.postMessage({ type: action });
});

const initial = Number(document.body.dataset.reveal ?? '');
const before = vscode.getState() as { revealed?: number; reportId?: string } | undefined;
// A different report in the same panel starts at the top.
const saved = before?.reportId === document.body.dataset.reportId ? before?.revealed : undefined;
remember(saved ? { revealed: saved } : { revealed: undefined });
if (initial > 0) reveal(initial);
else if (saved) reveal(saved);
vscode.postMessage({ type: 'ready' });
