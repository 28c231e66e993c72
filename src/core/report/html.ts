import { msg } from '../i18n';
import { DIMENSIONS } from '../kb/types';
import type { Language } from '../transcript/language';
import { renderAnswerDelivery, renderDeliverySection, renderSpeakers } from './deliveryHtml';
import { escapeHtml, scoreClass } from './htmlText';
import type { QuestionReport, Report } from './model';

export { escapeHtml };

/** Options for the shared report body; the webview uses toolkit elements and editor links. */
export interface BodyOptions {
  /** Use @vscode/webview-ui-toolkit elements (webview) instead of plain HTML (standalone file). */
  toolkit: boolean;
  /** UI language of the labels; defaults to the report's language. */
  lang?: Language;
}

function list(items: string[], lang: Language): string {
  if (items.length === 0) return `<p class="muted">${escapeHtml(msg(lang, 'report.none'))}</p>`;
  return `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

function tag(text: string, o: BodyOptions, cls: string): string {
  return o.toolkit
    ? `<vscode-tag class="${cls}">${escapeHtml(text)}</vscode-tag>`
    : `<span class="tag ${cls}">${escapeHtml(text)}</span>`;
}

/** A dimension's score, or a dash when it was not assessed (no reference). */
function dimValue(v: number | null | undefined, lang: Language, testId = ''): string {
  const id = testId ? ` data-testid="${testId}"` : '';
  return typeof v === 'number'
    ? `<b class="${scoreClass(v)}"${id}>${v}</b>`
    : `<b class="muted" title="${escapeHtml(msg(lang, 'report.notAssessed'))}"${id}>—</b>`;
}

const STATUS_ICON = { stated: '✓', mentioned: '~', missing: '✗', contradicted: '≠' } as const;

/** Each key point with how the answer fared on it and the sentence that shows it. */
function coverageList(r: QuestionReport, lang: Language): string {
  if (!r.coverage?.length) return '';
  const items = r.coverage.map((c) => `<li class="kp ${c.status}" data-status="${c.status}"><span class="kp-icon" aria-hidden="true">${STATUS_ICON[c.status]}</span> <b>${escapeHtml(c.label)}</b> <span class="muted">(${escapeHtml(msg(lang, `report.status.${c.status}`))})</span>${c.evidence ? `<br><q>${escapeHtml(c.evidence)}</q>` : ''}</li>`).join('');
  return `<p><b>${escapeHtml(msg(lang, 'report.evidence'))}:</b></p><ul class="coverage">${items}</ul>`;
}

function questionSection(r: QuestionReport, o: BodyOptions, lang: Language): string {
  const dims = DIMENSIONS.map((d) => `<span class="dim"><span class="dim-name">${escapeHtml(msg(lang, `dim.${d}`))}</span> ${dimValue(r.dimensions[d], lang)}</span>`).join('');
  const missing = r.keyMissing.map((k) => tag(k, o, 'missing')).join(' ') || `<span class="muted">${escapeHtml(msg(lang, 'report.none'))}</span>`;
  const button = o.toolkit
    ? `<vscode-button appearance="secondary" class="goto" data-index="${r.index}">${escapeHtml(msg(lang, 'report.goToQuestion'))}</vscode-button>`
    : '';
  const why = r.explanations
    .filter((e) => e.delta !== 0 || e.dimension === 'completeness' || e.dimension === 'relevance' || e.reason)
    .map((e) => `<li><span class="delta ${e.delta >= 0 ? 'plus' : 'minus'}">${e.delta > 0 ? '+' : ''}${e.delta}</span> ${escapeHtml(msg(lang, `dim.${e.dimension}`))}: ${escapeHtml(e.reason)}</li>`)
    .join('');
  const flags = (r.flags ?? []).map((f) => tag(msg(lang, `report.flag.${f}`), o, `flag flag-${f}`)).join(' ');
  const conf = r.confidence;
  const confidence = conf
    ? `<p class="confidence confidence-${conf.level}" data-testid="question-confidence" data-level="${conf.level}"><b>${escapeHtml(msg(lang, 'report.confidence'))}:</b> ${escapeHtml(msg(lang, `confidence.${conf.level}`))}${conf.reasons.length ? ` — ${escapeHtml(conf.reasons.join('; '))}` : ''}</p>`
    : '';
  const offTopic = r.relevance?.offTopic
    ? `<p class="off-topic" data-testid="off-topic">${escapeHtml(r.explanations.find((e) => e.dimension === 'relevance')?.reason ?? msg(lang, 'why.offTopicNoName'))}</p>`
    : '';
  const reference = r.reference
    ? `<blockquote>${escapeHtml(r.reference.expertAnswer)}</blockquote>`
    : `<p class="muted">${escapeHtml(msg(lang, 'report.noReference'))}</p>${r.related?.length ? `<p>${escapeHtml(msg(lang, 'report.related'))}:</p>${list(r.related.map((x) => x.question), lang)}` : ''}`;
  return `<section class="question" id="q-${r.index}" data-index="${r.index}" data-score="${r.contentScore}">
  <header><h3>Q${r.index}. ${escapeHtml(r.question)}</h3><span class="score ${scoreClass(r.contentScore)}" data-testid="question-score">${r.contentScore}/100</span>${flags}${button}</header>
  <div class="dims">${dims}</div>
  ${confidence}
  ${offTopic}
  ${renderAnswerDelivery(r.delivery, lang)}
  ${coverageList(r, lang) || `<p><b>${escapeHtml(msg(lang, 'report.missing'))}:</b> ${missing}</p>`}
  ${r.inaccuracies.length ? `<p><b>${escapeHtml(msg(lang, 'report.inaccuracies'))}:</b></p>${list(r.inaccuracies.map((i) => `“${i.sentence ?? i.claim}” → ${i.correction}`), lang)}` : ''}
  <details><summary>${escapeHtml(msg(lang, 'report.answer'))}</summary><blockquote>${escapeHtml(r.answer)}</blockquote></details>
  <details ${r.reference ? '' : 'open'}><summary>${escapeHtml(msg(lang, 'report.reference'))}</summary>${reference}</details>
  <details><summary>${escapeHtml(msg(lang, 'report.why'))}</summary><ul class="why">${why}</ul></details>
</section>`;
}

/** The report's body, shared by the standalone HTML file and the webview panel. */
export function renderReportBody(report: Report, o: BodyOptions): string {
  const lang = o.lang ?? report.language;
  const s = report.summary;
  const divider = o.toolkit ? '<vscode-divider></vscode-divider>' : '<hr>';
  const dims = DIMENSIONS.map((d) => `<div class="dim-card"><div class="dim-name">${escapeHtml(msg(lang, `dim.${d}`))}</div><div class="big">${dimValue(s.dimensions[d], lang, `dim-${d}`)}</div></div>`).join('');
  const c = report.comparedToLast;
  const compared = !c
    ? `<p class="muted">${escapeHtml(msg(lang, 'report.noPrevious'))}</p>`
    : `<p data-testid="overall-delta">${escapeHtml(msg(lang, 'report.overall'))}: ${c.overallDelta >= 0 ? '+' : ''}${c.overallDelta}</p>
       ${c.improved.length ? `<p>${escapeHtml(msg(lang, 'report.improved'))}: ${c.improved.map((x) => `${escapeHtml(msg(lang, `dim.${x.dimension}`))} +${x.delta}`).join(', ')}</p>` : ''}
       ${c.declined.length ? `<p>${escapeHtml(msg(lang, 'report.declined'))}: ${c.declined.map((x) => `${escapeHtml(msg(lang, `dim.${x.dimension}`))} ${x.delta}`).join(', ')}</p>` : ''}
       ${!c.improved.length && !c.declined.length ? `<p class="muted">${escapeHtml(msg(lang, 'report.unchanged'))}</p>` : ''}`;
  return `<main class="report" data-report-id="${escapeHtml(report.id)}">
<h1>${escapeHtml(msg(lang, 'report.title'))}</h1>
<p class="muted">${escapeHtml(msg(lang, 'report.source'))}: ${escapeHtml(report.source)} · ${escapeHtml(msg(lang, 'report.engine'))}: ${escapeHtml(report.engine)} · ${escapeHtml(msg(lang, 'report.generated'))}: ${escapeHtml(report.createdAt)}</p>
<div class="summary">
  <div class="dim-card"><div class="dim-name">${escapeHtml(msg(lang, 'report.overall'))}</div><div class="big ${scoreClass(s.overallScore)}" data-testid="overall-score">${s.overallScore}</div></div>
  <div class="dim-card"><div class="dim-name">${escapeHtml(msg(lang, 'report.questions'))}</div><div class="big" data-testid="question-count">${s.totalQuestions}</div></div>
  ${dims}
</div>
<p class="headline">${escapeHtml(s.headline)}</p>
${renderSpeakers(report, lang)}
${divider}
${renderDeliverySection(report, lang)}
${divider}
<h2>${escapeHtml(msg(lang, 'report.compared'))}</h2>
${compared}
${divider}
<h2>${escapeHtml(msg(lang, 'report.plan'))}</h2>
<h3>${escapeHtml(msg(lang, 'report.immediate'))}</h3>${list(report.improvementPlan.immediate, lang)}
<h3>${escapeHtml(msg(lang, 'report.shortTerm'))}</h3>${list(report.improvementPlan.shortTerm, lang)}
<h3>${escapeHtml(msg(lang, 'report.longTerm'))}</h3>${list(report.improvementPlan.longTerm, lang)}
${divider}
<h2>${escapeHtml(msg(lang, 'report.perQuestion'))}</h2>
${report.perQuestion.map((r) => questionSection(r, o, lang)).join('\n')}
</main>`;
}

/** Styles shared by both renderings; colours come from --vscode-* variables with fallbacks. */
export const REPORT_CSS = `
body { font-family: var(--vscode-font-family, system-ui, sans-serif); color: var(--vscode-foreground, #1f1f1f); background: var(--vscode-editor-background, #fff); line-height: 1.5; margin: 0; padding: 0 20px 40px; }
.report { max-width: 960px; margin: 0 auto; }
.muted { color: var(--vscode-descriptionForeground, #666); }
.summary { display: flex; flex-wrap: wrap; gap: 12px; margin: 12px 0; }
.dim-card { border: 1px solid var(--vscode-panel-border, #ccc); border-radius: 6px; padding: 8px 14px; min-width: 110px; }
.dim-name { font-size: 0.85em; color: var(--vscode-descriptionForeground, #666); }
.big { font-size: 1.8em; font-weight: 600; }
.good { color: var(--vscode-testing-iconPassed, #2e7d32); }
.fair { color: var(--vscode-editorWarning-foreground, #b26a00); }
.poor { color: var(--vscode-errorForeground, #c62828); }
.question { border-left: 3px solid var(--vscode-panel-border, #ccc); padding: 4px 12px; margin: 16px 0; }
.question.highlight { border-left-color: var(--vscode-focusBorder, #0066cc); background: var(--vscode-editor-selectionHighlightBackground, rgba(0,102,204,0.08)); }
.question header { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
.question h3 { margin: 6px 0; flex: 1 1 auto; font-size: 1.05em; white-space: pre-wrap; }
.score { font-weight: 600; }
.dims { display: flex; gap: 16px; flex-wrap: wrap; }
.tag { display: inline-block; border-radius: 3px; padding: 0 6px; background: var(--vscode-badge-background, #e0e0e0); color: var(--vscode-badge-foreground, #222); font-size: 0.9em; }
blockquote { margin: 6px 0; padding: 6px 12px; border-left: 3px solid var(--vscode-textBlockQuote-border, #ddd); background: var(--vscode-textBlockQuote-background, #f6f6f6); white-space: pre-wrap; }
.delta { display: inline-block; min-width: 2.5em; font-variant-numeric: tabular-nums; }
.delta.plus { color: var(--vscode-testing-iconPassed, #2e7d32); }
.delta.minus { color: var(--vscode-errorForeground, #c62828); }
.metrics { border-collapse: collapse; margin: 6px 0; }
.metrics th, .metrics td { text-align: left; vertical-align: top; padding: 2px 10px 2px 0; }
.metrics th { font-weight: normal; color: var(--vscode-descriptionForeground, #666); white-space: nowrap; }
.answer-delivery { margin: 6px 0; }
.coverage { list-style: none; padding-left: 0; }
.coverage li { margin: 4px 0; }
.coverage q { color: var(--vscode-descriptionForeground, #555); }
.kp-icon { display: inline-block; width: 1.2em; font-weight: 700; }
.kp.stated .kp-icon { color: var(--vscode-testing-iconPassed, #2e7d32); }
.kp.mentioned .kp-icon { color: var(--vscode-editorWarning-foreground, #b26a00); }
.kp.missing .kp-icon, .kp.contradicted .kp-icon { color: var(--vscode-errorForeground, #c62828); }
.confidence-low { color: var(--vscode-editorWarning-foreground, #b26a00); }
.off-topic { color: var(--vscode-errorForeground, #c62828); font-weight: 600; }
hr { border: none; border-top: 1px solid var(--vscode-panel-border, #ddd); }
body.vscode-high-contrast .dim-card, body.vscode-high-contrast .question, body.vscode-high-contrast blockquote { border-color: var(--vscode-contrastBorder); }
body.vscode-high-contrast .question.highlight { outline: 1px dashed var(--vscode-contrastActiveBorder); }
body.vscode-high-contrast .tag { border: 1px solid var(--vscode-contrastBorder); }
@media (prefers-color-scheme: dark) { body:not([data-vscode-theme-kind]) { color: #ddd; background: #1e1e1e; } body:not([data-vscode-theme-kind]) blockquote { background: #2a2a2a; border-color: #444; } }
`;

/** A self-contained HTML file (no scripts) for the CLI's --html. */
export function renderStandaloneHtml(report: Report, lang?: Language): string {
  const l = lang ?? report.language;
  return `<!DOCTYPE html>
<html lang="${l === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(msg(l, 'report.title'))} — ${escapeHtml(report.source)}</title>
<style>${REPORT_CSS}</style></head>
<body>${renderReportBody(report, { toolkit: false, lang: l })}</body></html>
`;
}
