// Runs inside the "Compare with the expert" webview: the page is rendered by the extension; this
// wires its two buttons (Open entry, Rewrite my answer) and shows the rewrite when it arrives.
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeProgressRing } from '@vscode/webview-ui-toolkit';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeProgressRing());

interface VsCodeApi { postMessage(message: unknown): void }
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();
const T: Record<string, string> = JSON.parse(document.getElementById('strings')!.textContent ?? '{}');

type Inbound = { type: 'rewrite'; busy?: true; text?: string; error?: string };

document.getElementById('open-entry')?.addEventListener('click', () => vscode.postMessage({ type: 'openEntry' }));
const rewrite = document.getElementById('rewrite');
rewrite?.addEventListener('click', () => {
  if (!rewrite.hasAttribute('disabled')) vscode.postMessage({ type: 'rewrite' });
});

window.addEventListener('message', (event: MessageEvent<Inbound>) => {
  const m = event.data;
  const out = document.getElementById('rewrite-out');
  if (m?.type !== 'rewrite' || !out) return;
  if (m.busy) {
    rewrite?.setAttribute('disabled', '');
    const ring = document.createElement('vscode-progress-ring');
    const note = document.createElement('span');
    note.textContent = T.rewriting;
    const row = document.createElement('div');
    row.className = 'row';
    row.setAttribute('role', 'status');
    row.append(ring, note);
    out.replaceChildren(row);
    return;
  }
  rewrite?.removeAttribute('disabled');
  if (typeof m.text === 'string') {
    const p = document.createElement('div');
    p.className = 'rewrite-text';
    p.dataset.testid = 'rewrite-text';
    p.textContent = m.text;
    out.replaceChildren(p);
  } else {
    const p = document.createElement('p');
    p.className = 'notice error';
    p.setAttribute('role', 'alert');
    p.dataset.testid = 'rewrite-error';
    p.textContent = T.refused.replace('{0}', m.error ?? '');
    out.replaceChildren(p);
  }
  rewrite?.focus();
});
