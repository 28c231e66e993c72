/**
 * The dry-run panel's HTML, from its view model: a toolbar of real buttons (the webview toolkit's
 * <vscode-button>, a native button inside), then one section per step of the run (route, chunks,
 * model calls with their prompts and replies folded in <details>, validation, planned actions
 * with the records' fields before → after, totals). Every text is escaped; colours come only
 * from --vscode-* variables, so the light, dark and high-contrast themes all read. No `vscode`
 * import, so it is unit-testable.
 */
import { escapeHtml } from '../../core/diagnosis/report/htmlText';
import type { ActionLabels, ActionView, ButtonView, CallView, DryRunView, Fact, NoticeView, RunLabels, RunView, TextBlock } from './panelModel';

/** The panel's stylesheet: theme variables only (high contrast gets its borders from contrastBorder). */
export const DRY_RUN_CSS = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 20px 32px; line-height: 1.5; }
header { position: sticky; top: 0; z-index: 1; background: var(--vscode-editor-background); border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent)); padding: 12px 0 10px; }
h1 { font-size: 1.3em; font-weight: 600; margin: 0 0 4px; }
h1:focus { outline: none; }
h1:focus-visible, summary:focus-visible, a:focus-visible, [tabindex]:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
h2 { font-size: 1.1em; font-weight: 600; margin: 18px 0 6px; }
h3 { font-size: 1em; font-weight: 600; margin: 12px 0 4px; }
.meta { color: var(--vscode-descriptionForeground); display: flex; flex-wrap: wrap; gap: 2px 16px; margin: 0 0 8px; }
.toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 6px 0 2px; }
.hints { margin: 4px 0 0; padding: 0; list-style: none; color: var(--vscode-descriptionForeground); font-size: 0.92em; }
.status { margin: 8px 0 0; font-weight: 600; }
.tone-ok { color: var(--vscode-testing-iconPassed, var(--vscode-foreground)); }
.tone-error { color: var(--vscode-errorForeground); }
.tone-warn { color: var(--vscode-editorWarning-foreground, var(--vscode-foreground)); }
.tone-info { color: var(--vscode-foreground); }
.notice { border-left: 3px solid var(--vscode-focusBorder); background: var(--vscode-textBlockQuote-background); padding: 6px 10px; margin: 10px 0 0; }
.notice.tone-error { border-left-color: var(--vscode-errorForeground); }
.notice.tone-warn { border-left-color: var(--vscode-editorWarning-foreground, var(--vscode-focusBorder)); }
.notice p { margin: 0 0 4px; color: var(--vscode-foreground); }
.notice .toolbar { margin: 4px 0 0; }
.running { display: flex; gap: 10px; align-items: center; margin: 16px 0; }
section.run { margin-top: 8px; }
section.run > h2.step { border-top: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent)); padding-top: 12px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0; }
dl.facts dt { color: var(--vscode-descriptionForeground); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
details { border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent)); border-radius: 3px; margin: 4px 0; padding: 0 8px; }
details[open] { padding-bottom: 6px; }
summary { cursor: pointer; padding: 4px 0; }
pre { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); background: var(--vscode-textCodeBlock-background); color: var(--vscode-foreground); border: 1px solid var(--vscode-contrastBorder, transparent); padding: 6px 8px; margin: 4px 0; white-space: pre-wrap; overflow-wrap: anywhere; border-radius: 3px; max-height: 28em; overflow-y: auto; }
.attempt { margin: 8px 0 4px; }
.attempt .head { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; }
.attempt .detail { color: var(--vscode-descriptionForeground); }
ul.problems { margin: 2px 0 4px 18px; padding: 0; }
.tag { border: 1px solid currentColor; border-radius: 3px; padding: 0 5px; font-size: 0.9em; }
table { border-collapse: collapse; width: 100%; margin: 4px 0; }
th, td { border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, var(--vscode-widget-border))); padding: 4px 8px; text-align: left; vertical-align: top; }
th { font-weight: 600; background: var(--vscode-editorWidget-background, transparent); }
ol.actions { list-style: none; margin: 0; padding: 0; }
li.action { border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, var(--vscode-widget-border))); border-radius: 3px; padding: 4px 10px 8px; margin: 6px 0; }
li.action h3 { margin: 4px 0 2px; overflow-wrap: anywhere; }
li.action p { margin: 2px 0; overflow-wrap: anywhere; }
details.params dl.facts { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); padding-bottom: 4px; }
td { overflow-wrap: anywhere; }
table.changes { margin: 4px 0 0; }
table.changes td, table.changes th { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); padding: 2px 6px; }
.op { font-weight: 600; white-space: nowrap; border: 1px solid currentColor; border-radius: 3px; padding: 0 5px; font-size: 0.9em; }
.op-create { color: var(--vscode-gitDecoration-addedResourceForeground, var(--vscode-foreground)); }
.op-update { color: var(--vscode-gitDecoration-modifiedResourceForeground, var(--vscode-foreground)); }
.op-unchanged { color: var(--vscode-descriptionForeground); }
.before { text-decoration: line-through; color: var(--vscode-descriptionForeground); }
.muted { color: var(--vscode-descriptionForeground); }
.warnings { border-left: 3px solid var(--vscode-editorWarning-foreground, var(--vscode-focusBorder)); padding: 2px 10px; margin: 8px 0; }
`;

const esc = escapeHtml;

function facts(rows: readonly Fact[], testid?: string): string {
  if (!rows.length) return '';
  return `<dl class="facts"${testid ? ` data-testid="${testid}"` : ''}>${rows.map((r) => `<dt>${esc(r.label)}</dt><dd>${esc(r.value)}</dd>`).join('')}</dl>`;
}

function button(b: ButtonView): string {
  const appearance = b.primary ? 'primary' : 'secondary';
  // The toolkit's button is a native <button> in a shadow root: focusable, Enter and Space press it.
  return `<vscode-button data-action="${esc(b.id)}" data-testid="button-${esc(b.id)}" appearance="${appearance}"${b.enabled ? '' : ' disabled'}>${esc(b.label)}</vscode-button>`;
}

function toolbar(buttons: readonly ButtonView[]): string {
  const hints = buttons.filter((b) => b.hint);
  return `<div class="toolbar" role="group">${buttons.map(button).join('')}</div>`
    + (hints.length ? `<ul class="hints">${hints.map((b) => `<li data-testid="hint-${esc(b.id)}">${esc(b.label)}: ${esc(b.hint!)}</li>`).join('')}</ul>` : '');
}

function notice(n: NoticeView, i: number): string {
  const buttons = n.buttons.map((b) => `<vscode-button data-action="fix" data-fix="${esc(b.id)}" appearance="secondary">${esc(b.label)}</vscode-button>`).join('');
  return `<div class="notice tone-${n.tone}" data-testid="notice-${i}"${n.tone === 'error' ? ' role="alert"' : ''}><p>${esc(n.text)}</p>${buttons ? `<div class="toolbar">${buttons}</div>` : ''}</div>`;
}

function textBlock(b: TextBlock, testid: string): string {
  return `<details${b.open ? ' open' : ''} data-testid="${testid}"><summary>${esc(b.label)}</summary><pre>${esc(b.text)}</pre></details>`;
}

function call(c: CallView): string {
  const attempts = c.attempts.map((a, i) => `<div class="attempt" data-testid="${esc(c.id)}-attempt-${i}">
<div class="head"><strong>${esc(a.label)}</strong>${a.verdict ? `<span class="tag tone-${a.tone}">${esc(a.verdict)}</span>` : ''}<span class="detail">${esc(a.meta)}</span></div>
<pre>${esc(a.raw)}</pre>${a.problems.length ? `<ul class="problems tone-error">${a.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` : ''}</div>`).join('');
  return `<section class="call" data-testid="${esc(c.id)}"><h3 class="tone-${c.tone}">${esc(c.heading)}</h3>
${c.prompts.map((p, i) => textBlock(p, `${c.id}-prompt-${i}`)).join('')}${attempts}</section>`;
}

function actionItem(a: ActionView, labels: ActionLabels): string {
  const changesTable = (changes: ActionView['writes'][number]['changes'], op: string) => (changes.length
    ? `<table class="changes"><thead><tr><th scope="col">${esc(labels.field)}</th><th scope="col">${esc(labels.before)}</th><th scope="col">${esc(labels.after)}</th></tr></thead><tbody>${changes.map((ch) => `<tr><td>${esc(ch.field)}</td><td class="${op === 'update' ? 'before' : 'muted'}">${esc(ch.before)}</td><td>${esc(ch.after)}</td></tr>`).join('')}</tbody></table>`
    : '');
  const writes = a.writes.map((w, i) => (i === 0
    ? changesTable(w.changes, w.op)
    : `<p class="also"><span class="muted">${esc(labels.alsoWrites)}</span> <span class="op op-${w.op}">${esc(w.opLabel)}</span> ${esc(w.kind)}${w.title ? ` “${esc(w.title)}”` : ''}</p>${changesTable(w.changes, w.op)}`)).join('');
  return `<li class="action" data-testid="action-${a.index}" data-op="${esc(a.op)}">
<h3><span class="op op-${a.op}">${esc(a.opLabel)}</span> ${esc(a.kind)}${a.title ? ` “${esc(a.title)}”` : ''}</h3>
<p class="muted">${esc(labels.action)}: <code>${esc(a.primitive)}</code>${a.alias ? ` <code>as: ${esc(a.alias)}</code>` : ''}${a.matched ? ` · ${esc(a.matched)}` : ''}</p>
${a.params.length ? `<details class="params" open data-testid="action-${a.index}-params"><summary>${esc(labels.params)}</summary>${facts(a.params)}</details>` : ''}
${writes}${a.warnings.length ? `<ul class="problems tone-warn">${a.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : ''}</li>`;
}

function run(r: RunView, labels: RunLabels): string {
  const parts: string[] = [];
  if (r.heading) parts.push(`<h2 class="step tone-${r.tone}" data-testid="${esc(r.id)}-heading">${esc(r.heading)}</h2>`);
  if (r.error) parts.push(`<p class="tone-error" data-testid="${esc(r.id)}-error">${esc(r.error)}</p>`);
  if (r.route) parts.push(`<h2>${esc(labels.route)}</h2>${facts(r.route, `${r.id}-route`)}`);
  if (r.chunking) {
    parts.push(`<h2>${esc(labels.chunks)}</h2>${facts(r.chunking.facts, `${r.id}-chunking`)}`);
    if (r.chunking.chunks.length) parts.push(`<ul>${r.chunking.chunks.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>`);
    if (r.chunking.warning) parts.push(`<p class="tone-warn">${esc(r.chunking.warning)}</p>`);
  }
  for (const n of r.notes) parts.push(`<p class="muted">${esc(n)}</p>`);
  if (r.calls.length) parts.push(r.calls.map(call).join(''));
  if (r.validation) {
    parts.push(`<h2>${esc(labels.validation)}</h2><p class="tone-${r.validation.tone}" data-testid="${esc(r.id)}-validation">${esc(r.validation.text)}</p>`);
    if (r.validation.problems.length) parts.push(`<ul class="problems tone-error">${r.validation.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`);
  }
  if (r.output) parts.push(textBlock({ label: r.output.label, text: r.output.json, open: false }, `${r.id}-output`));
  if (r.heading === undefined || r.actions.length || r.calls.length) {
    const a = labels.actions;
    parts.push(`<h2>${esc(a.actions)}</h2>`);
    parts.push(r.actions.length
      ? `<ol class="actions" data-testid="${esc(r.id)}-actions">${r.actions.map((x) => actionItem(x, a)).join('')}</ol>`
      : `<p class="muted" data-testid="${esc(r.id)}-no-actions">${esc(a.none)}</p>`);
  }
  if (r.warnings.length) parts.push(`<div class="warnings"><h3>${esc(labels.warnings)}</h3><ul>${r.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></div>`);
  if (r.totals.length) parts.push(`<h3>${esc(labels.totals)}</h3>${facts(r.totals, `${r.id}-totals`)}`);
  return `<section class="run" data-testid="${esc(r.id)}">${parts.join('\n')}</section>`;
}

/** The panel's body (inside <body>): header with the toolbar and status, then the trace. */
export function renderDryRunBody(view: DryRunView): string {
  const labels = view.labels;
  const head = `<header>
<h1 id="heading" tabindex="-1" data-testid="heading">${esc(view.heading)}</h1>
${view.meta.length ? `<p class="meta" data-testid="meta">${view.meta.map((m) => `<span>${esc(m)}</span>`).join('')}</p>` : ''}
${toolbar(view.buttons)}
<p id="status" class="status${view.status ? ` tone-${view.status.tone}` : ''}" role="status" aria-live="polite" data-testid="status">${esc(view.running ?? view.status?.text ?? '')}</p>
${view.notices.map(notice).join('')}
</header>`;
  const running = view.running ? `<div class="running"><vscode-progress-ring></vscode-progress-ring><span>${esc(view.running)}</span></div>` : '';
  const runs = view.runs.map((r) => run(r, labels)).join('\n');
  const totals = view.totals.length ? `<h2>${esc(labels.totals)}</h2>${facts(view.totals, 'totals')}` : '';
  return `${head}<main>${running}${runs}${totals}</main>`;
}
