import { count, formatDate, msg, punct, type MessageKey } from '../../text/i18n';
import { DIMENSIONS } from '../knowledge/types';
import type { Language } from '../../text/language';
import type { Progress } from './progress';
import { renderAnswerDelivery, renderDeliverySection, renderSpeakers } from './deliveryHtml';
import { fullComparison, topicName } from './generate';
import { comparisonLead } from './comparisonWording';
import { escapeHtml, scoreClass } from './htmlText';
import type { QuestionReport, Report } from './model';
import { renderProgressSection } from './progressHtml';
import { engineLabel, fallbackLine, scoredByLine, usageLine } from './usageText';

export { escapeHtml };

/**
 * Options for the shared report body. There is no language option: a report is written in one
 * language (`report.language`), and every renderer uses it.
 */
export interface BodyOptions {
  /** Use @vscode/webview-ui-toolkit elements (webview) instead of plain HTML (standalone file). */
  toolkit: boolean;
  /** The user's progress over sessions (the report panel shows it; an export is the report alone). */
  progress?: Progress;
  /** Whether "Show in editor" can work: false when the transcript file is gone or changed (default true). */
  linkToEditor?: boolean;
  /** false leaves the delivery pictures out (their tables stay); default true. */
  charts?: boolean;
}

/** `<b>Label:</b> value` with the colon of the report's language. */
function labelled(lang: Language, label: string, valueHtml: string): string {
  return `<b>${escapeHtml(label)}${lang === 'zh' ? '：' : ':'}</b>${lang === 'zh' ? '' : ' '}${valueHtml}`;
}

function list(items: string[]): string {
  return `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

/** A plain tag: the toolkit's <vscode-tag> upper-cases its text, so a key point would read differently than in the lens. */
function tag(text: string, cls: string): string {
  return `<span class="tag ${cls}">${escapeHtml(text)}</span>`;
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
  const p = punct(lang);
  const items = r.coverage.map((c) => `<li class="kp ${c.status}" data-status="${c.status}"><span class="kp-icon" aria-hidden="true">${STATUS_ICON[c.status]}</span> <b>${escapeHtml(c.label)}</b> <span class="muted">${escapeHtml(`${p.open.trim()}${msg(lang, `report.status.${c.status}`)}${p.close}`)}</span>${c.evidence ? `<br><q>${escapeHtml(c.evidence)}</q>` : ''}</li>`).join('');
  return `<p>${labelled(lang, msg(lang, 'report.evidence'), '')}</p><ul class="coverage">${items}</ul>`;
}

const WHY_GROUPS = [...DIMENSIONS, 'score'] as const;

function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}

/** "Why these scores": each dimension's total, then the lines that add up to it; last, how the question's score is made. */
function whyList(r: QuestionReport, lang: Language): string {
  return WHY_GROUPS.map((g) => {
    const lines = r.explanations.filter((e) => e.dimension === g || (g === 'score' && e.dimension === 'relevance'));
    const total = g === 'score' ? r.contentScore : r.dimensions[g];
    if (lines.length === 0 && g !== 'score') return '';
    const name = msg(lang, (g === 'score' ? 'report.score' : `dim.${g}`) as MessageKey);
    const items = lines.map((e) => `<li><span class="delta ${e.delta > 0 ? 'plus' : e.delta < 0 ? 'minus' : 'zero'}">${signed(e.delta)}</span> ${escapeHtml(e.reason)}</li>`).join('');
    return `<li class="why-group" data-testid="why-total" data-dimension="${g}" data-total="${total ?? ''}"><b>${escapeHtml(name)} ${typeof total === 'number' ? `= ${total}` : '—'}</b>${items ? `<ul>${items}</ul>` : ''}</li>`;
  }).join('');
}

function questionSection(r: QuestionReport, o: BodyOptions, lang: Language): string {
  const p = punct(lang);
  const dims = DIMENSIONS.map((d) => `<span class="dim"><span class="dim-name">${escapeHtml(msg(lang, `dim.${d}`))}</span> ${dimValue(r.dimensions[d], lang)}</span>`).join('');
  const button = o.toolkit && o.linkToEditor !== false
    ? `<vscode-button appearance="secondary" class="goto" data-index="${r.index}">${escapeHtml(msg(lang, 'report.goToQuestion'))}</vscode-button>`
    : '';
  const flags = (r.flags ?? []).map((f) => tag(msg(lang, `report.flag.${f}`), `flag flag-${f}`)).join(' ');
  const conf = r.confidence;
  const confidence = conf
    ? `<p class="confidence confidence-${conf.level}" data-testid="question-confidence" data-level="${conf.level}">${labelled(lang, msg(lang, 'report.confidence'), escapeHtml(`${msg(lang, `confidence.${conf.level}`)}${conf.reasons.length ? ` — ${conf.reasons.join(p.semi)}` : ''}`))}</p>`
    : '';
  const by = scoredByLine(r, lang);
  const scoredBy = by ? `<p class="${r.scoredBy?.fallback ? 'warning' : 'muted'}" data-testid="scored-by">${labelled(lang, msg(lang, 'report.scoredBy'), escapeHtml(by))}</p>` : '';
  const offTopic = r.relevance?.offTopic
    ? `<p class="off-topic" data-testid="off-topic">${escapeHtml(r.explanations.find((e) => e.dimension === 'relevance')?.reason ?? msg(lang, 'why.offTopicNoName'))}</p>`
    : '';
  // Without a reference no key point was checked: say so and what the answer was judged on, never "missing: none".
  const points = r.reference
    ? coverageList(r, lang) || `<p>${labelled(lang, msg(lang, 'report.missing'), r.keyMissing.map((k) => tag(k, 'missing')).join(' ') || `<span class="muted">${escapeHtml(msg(lang, 'report.none'))}</span>`)}</p>`
    : `<p class="no-reference" data-testid="no-reference">${escapeHtml(msg(lang, 'report.noReferenceJudged'))}</p>`;
  const reference = r.reference
    ? `<blockquote>${escapeHtml(r.reference.expertAnswer)}</blockquote>`
    : `<p class="muted">${escapeHtml(msg(lang, 'report.noReference'))}</p>${r.related?.length ? `<p>${escapeHtml(msg(lang, 'report.related'))}${lang === 'zh' ? '：' : ':'}</p>${list(r.related.map((x) => x.question))}` : ''}`;
  return `<section class="question" id="q-${r.index}" data-index="${r.index}" data-score="${r.contentScore}">
  <header><h3>Q${r.index}. ${escapeHtml(r.question)}</h3><span class="score ${scoreClass(r.contentScore)}" data-testid="question-score">${r.contentScore}/100</span>${flags}${button}</header>
  <div class="dims">${dims}</div>
  ${confidence}${scoredBy}
  ${offTopic}
  ${renderAnswerDelivery(r.delivery, lang)}
  ${points}
  ${r.inaccuracies.length ? `<p>${labelled(lang, msg(lang, 'report.inaccuracies'), '')}</p>${list(r.inaccuracies.map((i) => `“${i.sentence ?? i.claim}” → ${i.correction}`))}` : ''}
  <details class="answer"><summary>${escapeHtml(msg(lang, 'report.answer'))}</summary><blockquote>${escapeHtml(r.answer)}</blockquote></details>
  <details ${r.reference ? '' : 'open'}><summary>${escapeHtml(msg(lang, 'report.reference'))}</summary>${reference}</details>
  <details><summary>${escapeHtml(msg(lang, 'report.why'))}</summary><ul class="why">${whyList(r, lang)}</ul></details>
</section>`;
}

function row(lang: Language, name: string, x: { before: number; now: number; delta: number }, attrs: string): string {
  return `<li ${attrs}>${escapeHtml(msg(lang, 'compare.row', name, x.before, x.now, signed(x.delta)))}</li>`;
}

/**
 * What this session is compared with, and how: per dimension, per shared topic, and the overall
 * score only when the topics match. In the webview (`toolkit`) a button picks another report.
 */
function comparisonSection(report: Report, lang: Language, toolkit: boolean): string {
  const c = report.comparedToLast ? fullComparison(report.comparedToLast) : null;
  const pick = toolkit ? `<p><vscode-button appearance="secondary" data-action="compareWith" data-testid="compare-with-other">${escapeHtml(msg(lang, 'report.compareWithOther'))}</vscode-button></p>` : '';
  const lead = comparisonLead(report, lang);
  const rerun = lead.legacyRerun ? `<p class="muted" data-testid="rerun">${escapeHtml(lead.legacyRerun)}</p>` : '';
  if (!c) return `${rerun}${lead.none ? `<p class="muted" data-testid="not-compared">${escapeHtml(lead.none)}</p>` : ''}${pick}`;
  const topics = (ts: string[]) => ts.map((t) => topicName(t, lang)).join(lang === 'zh' ? '、' : ', ') || msg(lang, 'compare.noTopics');
  const relation = c.relation === 'no-common-topic'
    ? msg(lang, 'compare.unrelated', topics(c.onlyBefore), topics(c.onlyNow))
    : c.relation === 'same-topics'
      ? msg(lang, 'compare.sameTopics', topics(c.topics.map((t) => t.topic)))
      : [msg(lang, 'compare.common', topics(c.topics.map((t) => t.topic))), c.onlyNow.length ? msg(lang, 'compare.onlyNow', topics(c.onlyNow)) : '', c.onlyBefore.length ? msg(lang, 'compare.onlyBefore', topics(c.onlyBefore)) : ''].filter(Boolean).join(' ');
  const overall = c.relation === 'no-common-topic' ? ''
    : `<p data-testid="overall-delta">${escapeHtml(msg(lang, 'compare.row', msg(lang, 'report.overall'), report.summary.overallScore - c.overallDelta, report.summary.overallScore, signed(c.overallDelta)))}</p>`;
  const dims = c.dimensions.length
    ? `<h3>${escapeHtml(msg(lang, 'compare.byDimension'))}</h3><ul>${c.dimensions.map((d) => row(lang, msg(lang, `dim.${d.dimension}`), d, `data-testid="compare-dimension" data-dimension="${d.dimension}"`)).join('')}</ul>`
    : '';
  const byTopic = c.topics.length
    ? `<h3>${escapeHtml(msg(lang, 'compare.byTopic'))}</h3><ul>${c.topics.map((t) => `<li data-testid="compare-topic" data-topic="${escapeHtml(t.topic)}">${escapeHtml(msg(lang, 'compare.topicRow', topicName(t.topic, lang), t.before, t.now, signed(t.delta), count(lang, t.questionsBefore, 'question'), count(lang, t.questionsNow, 'question')))}</li>`).join('')}</ul>`
    : '';
  const unchanged = !c.improved.length && !c.declined.length ? `<p class="muted">${escapeHtml(msg(lang, 'report.unchanged'))}</p>` : '';
  const said = lead.compared ? `<p data-testid="compared-with" data-basis="${c.basis ?? ''}" data-previous-id="${escapeHtml(c.previousId)}">${escapeHtml(lead.compared)}</p>` : '';
  const how = c.known ? `<p data-testid="compare-relation" data-relation="${c.relation}">${escapeHtml(relation)}</p>` : '';
  return `${rerun}${said}${pick}${how}${overall}${dims}${byTopic}${unchanged}`;
}

/** The run's model usage and fallbacks, when a model engine scored. */
function modelUsage(report: Report): string {
  const lang = report.language;
  const usage = usageLine(report);
  const fallbacks = fallbackLine(report);
  return [
    usage ? `<p class="muted" data-testid="model-usage">${labelled(lang, msg(lang, 'report.usage'), escapeHtml(usage))}</p>` : '',
    fallbacks ? `<p class="warning" data-testid="model-fallbacks">${escapeHtml(fallbacks)}</p>` : '',
  ].join('');
}

/** The report's body, shared by the standalone HTML file and the webview panel; in the report's language throughout. */
export function renderReportBody(report: Report, o: BodyOptions): string {
  const lang = report.language;
  const s = report.summary;
  const sep = ' · ';
  const divider = o.toolkit ? '<vscode-divider></vscode-divider>' : '<hr>';
  const dims = DIMENSIONS.map((d) => `<div class="dim-card"><div class="dim-name">${escapeHtml(msg(lang, `dim.${d}`))}</div><div class="big">${dimValue(s.dimensions[d], lang, `dim-${d}`)}</div></div>`).join('');
  const plan = (items: string[]) => list(items.length ? items : [msg(lang, 'report.none')]);
  const toolbar = o.toolkit ? `<div class="toolbar"><vscode-button appearance="secondary" data-action="export" data-testid="export-report">${escapeHtml(msg(lang, 'report.export'))}</vscode-button></div>` : '';
  const progress = o.progress ? renderProgressSection(o.progress, lang, { currentId: report.id, toolkit: o.toolkit }) : '';
  return `<main class="report" data-report-id="${escapeHtml(report.id)}" data-language="${lang}" lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<header class="report-header"><h1>${escapeHtml(msg(lang, 'report.title'))}</h1>${toolbar}</header>
<p class="muted">${labelled(lang, msg(lang, 'report.source'), escapeHtml(report.source))}${sep}${labelled(lang, msg(lang, 'report.engine'), `<span data-testid="report-engine">${escapeHtml(engineLabel(report))}</span>`)}${sep}${labelled(lang, msg(lang, 'report.generated'), `<time datetime="${escapeHtml(report.createdAt)}">${escapeHtml(formatDate(report.createdAt, lang))}</time>`)}</p>
${modelUsage(report)}
<div class="summary">
  <div class="dim-card"><div class="dim-name">${escapeHtml(msg(lang, 'report.overall'))}</div><div class="big ${scoreClass(s.overallScore)}" data-testid="overall-score">${s.overallScore}</div></div>
  <div class="dim-card"><div class="dim-name">${escapeHtml(msg(lang, 'report.questions'))}</div><div class="big" data-testid="question-count">${s.totalQuestions}</div></div>
  ${dims}
</div>
<p class="headline">${escapeHtml(s.headline)}</p>
${renderSpeakers(report, lang)}
${divider}
${renderDeliverySection(report, lang, o.charts !== false)}
${divider}
<h2>${escapeHtml(msg(lang, 'report.compared'))}</h2>
<section class="compared" data-testid="compared">${comparisonSection(report, lang, o.toolkit)}</section>
${divider}
${progress ? `${progress}
${divider}` : ''}
<h2>${escapeHtml(msg(lang, 'report.plan'))}</h2>
<h3>${escapeHtml(msg(lang, 'report.immediate'))}</h3>${plan(report.improvementPlan.immediate)}
<h3>${escapeHtml(msg(lang, 'report.shortTerm'))}</h3>${plan(report.improvementPlan.shortTerm)}
<h3>${escapeHtml(msg(lang, 'report.longTerm'))}</h3>${plan(report.improvementPlan.longTerm)}
${divider}
<h2>${escapeHtml(msg(lang, 'report.perQuestion'))}</h2>
${report.perQuestion.map((r) => questionSection(r, o, lang)).join('\n')}
</main>`;
}

/**
 * The charts' colours, all from --vscode-charts-* (the theme's chart palette, which high-contrast
 * themes define too); series also differ by dash and marker shape, so none depends on colour alone.
 */
const CHART_CSS = `
.report-header { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.report-header h1 { flex: 1 1 auto; }
.charts { display: grid; gap: 18px; margin: 14px 0; }
.chart-figure { margin: 0; max-width: 760px; }
.chart-figure figcaption { margin-bottom: 6px; }
.chart-figure figcaption .muted { display: block; font-size: 0.92em; }
.chart { display: block; width: 100%; height: auto; font-size: 12px; font-family: var(--vscode-font-family, system-ui, sans-serif);
  --chart-fg: var(--vscode-charts-foreground, var(--vscode-foreground, #333)); --chart-grid: var(--vscode-charts-lines, rgba(128, 128, 128, 0.3));
  --chart-0: var(--vscode-charts-blue, #1a62c7); --chart-1: var(--vscode-charts-orange, #b85500); --chart-2: var(--vscode-charts-green, #1e7b34);
  --chart-3: var(--vscode-charts-purple, #7a3db8); --chart-warn: var(--vscode-charts-red, #b3261e); }
.chart text { fill: var(--chart-fg); }
.chart-qlabel { font-weight: 600; }
.chart-grid { stroke: var(--chart-grid); stroke-width: 1; }
.chart-axis, .chart-tick { stroke: var(--chart-fg); stroke-width: 1; }
.chart-span { fill: var(--chart-fg); fill-opacity: 0.07; }
.chart-band { fill: var(--chart-2); fill-opacity: 0.16; }
.chart-band-edge { stroke: var(--chart-2); stroke-width: 1; stroke-dasharray: 4 3; }
.chart-line { fill: none; stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; }
.chart-marker { stroke-width: 1.5; }
.chart-line.s0 { stroke: var(--chart-0); }
.chart-line.s1 { stroke: var(--chart-1); stroke-dasharray: 7 3; }
.chart-line.s2 { stroke: var(--chart-2); stroke-dasharray: 2 3; }
.chart-line.s3 { stroke: var(--chart-3); stroke-dasharray: 9 3 2 3; }
.chart-line.overall { stroke: var(--chart-fg); stroke-width: 2.6; }
.chart-marker.s0 { fill: var(--chart-0); stroke: var(--chart-0); }
.chart-marker.s1 { fill: var(--chart-1); stroke: var(--chart-1); }
.chart-marker.s2 { fill: var(--chart-2); stroke: var(--chart-2); }
.chart-marker.s3 { fill: none; stroke: var(--chart-3); stroke-width: 2; }
.chart-marker.overall { fill: var(--chart-fg); stroke: var(--chart-fg); }
.chart-marker.outside { fill: var(--chart-warn); stroke: var(--chart-warn); }
.chart-filler { stroke: var(--chart-1); stroke-width: 2; }
.chart-cluster { fill: var(--chart-warn); fill-opacity: 0.2; }
.chart-bar.s0 { fill: var(--chart-0); }
.chart-bar.s1 { fill: var(--chart-1); }
.chart-limit { stroke: var(--chart-warn); stroke-width: 1.2; stroke-dasharray: 5 4; }
.chart-current { stroke: var(--vscode-focusBorder, #005fb8); stroke-width: 1.5; stroke-dasharray: 3 3; }
.sparkline { display: inline-block; width: 120px; height: 28px; vertical-align: middle; }
.chart-numbers { margin: 4px 0 0; }
.chart-numbers summary { cursor: pointer; color: var(--vscode-descriptionForeground, #5c5c5c); }
.topic-trends td, .topic-trends th { vertical-align: middle; }
.notice { max-width: 960px; margin: 12px auto 0; padding: 6px 10px; border-left: 3px solid var(--vscode-editorWarning-foreground, #8a5300); background: var(--vscode-textBlockQuote-background, #f5f5f5); }
.practise { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
body.vscode-high-contrast .chart-line { stroke-width: 3; }
body.vscode-high-contrast .chart-grid { stroke: var(--vscode-contrastBorder, #6fc3df); stroke-opacity: 0.5; }
body.vscode-high-contrast .chart-span { fill-opacity: 0.16; }
body.vscode-high-contrast .chart-band { fill-opacity: 0.28; }
body.vscode-high-contrast .chart-bar, body.vscode-high-contrast .chart-cluster { stroke: var(--vscode-contrastBorder, #6fc3df); stroke-width: 1; }
`;

/** Styles shared by both renderings; colours come from --vscode-* variables with fallbacks. */
export const REPORT_CSS = `
body { font-family: var(--vscode-font-family, system-ui, sans-serif); color: var(--vscode-foreground, #1f1f1f); background: var(--vscode-editor-background, #fff); line-height: 1.5; margin: 0; padding: 0 20px 40px; }
.report { max-width: 960px; margin: 0 auto; }
.muted { color: var(--vscode-descriptionForeground, #666); }
.warning { color: var(--vscode-editorWarning-foreground, #7a4a00); }
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
.tag { display: inline-block; border-radius: 3px; padding: 0 6px; background: var(--vscode-badge-background, #e0e0e0); color: var(--vscode-badge-foreground, #222); font-size: 0.9em; text-transform: none; }
blockquote { margin: 6px 0; padding: 6px 12px; border-left: 3px solid var(--vscode-textBlockQuote-border, #ddd); background: var(--vscode-textBlockQuote-background, #f6f6f6); white-space: pre-wrap; }
.delta { display: inline-block; min-width: 2.5em; font-variant-numeric: tabular-nums; }
.delta.plus { color: var(--vscode-testing-iconPassed, #2e7d32); }
.delta.minus { color: var(--vscode-errorForeground, #c62828); }
.delta.zero { color: var(--vscode-descriptionForeground, #666); }
.why, .why ul { list-style: none; padding-left: 0; }
.why ul { padding-left: 1.2em; margin: 2px 0 8px; }
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
.no-reference { border-left: 3px solid var(--vscode-editorWarning-foreground, #b26a00); padding-left: 8px; }
hr { border: none; border-top: 1px solid var(--vscode-panel-border, #ddd); }
body.vscode-high-contrast .dim-card, body.vscode-high-contrast .question, body.vscode-high-contrast blockquote { border-color: var(--vscode-contrastBorder); }
body.vscode-high-contrast .question.highlight { outline: 1px dashed var(--vscode-contrastActiveBorder); }
body.vscode-high-contrast .tag { border: 1px solid var(--vscode-contrastBorder); }
${CHART_CSS}`;

/**
 * The exported file's own theme: the --vscode-* variables the stylesheet reads, for a light page
 * and, when the reader's system prefers it, a dark one (there is no VS Code to provide them).
 */
export const STANDALONE_THEME_CSS = `
:root { color-scheme: light dark;
  --vscode-foreground: #1f1f1f; --vscode-editor-background: #ffffff; --vscode-descriptionForeground: #5c5c5c; --vscode-panel-border: #cfcfcf;
  --vscode-testing-iconPassed: #1e7b34; --vscode-editorWarning-foreground: #8a5300; --vscode-errorForeground: #b3261e; --vscode-focusBorder: #005fb8;
  --vscode-badge-background: #e4e4e4; --vscode-badge-foreground: #1f1f1f; --vscode-textBlockQuote-background: #f5f5f5; --vscode-textBlockQuote-border: #d6d6d6;
  --vscode-editor-selectionHighlightBackground: rgba(0, 95, 184, 0.08);
  --vscode-charts-foreground: #333333; --vscode-charts-lines: rgba(0, 0, 0, 0.14); --vscode-charts-blue: #1a62c7; --vscode-charts-orange: #b85500;
  --vscode-charts-green: #1e7b34; --vscode-charts-purple: #7a3db8; --vscode-charts-red: #b3261e; }
@media (prefers-color-scheme: dark) { :root {
  --vscode-foreground: #d6d6d6; --vscode-editor-background: #1e1e1e; --vscode-descriptionForeground: #a6a6a6; --vscode-panel-border: #454545;
  --vscode-testing-iconPassed: #73c991; --vscode-editorWarning-foreground: #e2c08d; --vscode-errorForeground: #f48771; --vscode-focusBorder: #3794ff;
  --vscode-badge-background: #4d4d4d; --vscode-badge-foreground: #ffffff; --vscode-textBlockQuote-background: #2b2b2b; --vscode-textBlockQuote-border: #555555;
  --vscode-editor-selectionHighlightBackground: rgba(55, 148, 255, 0.15);
  --vscode-charts-foreground: #cccccc; --vscode-charts-lines: rgba(255, 255, 255, 0.16); --vscode-charts-blue: #4da3ff; --vscode-charts-orange: #e8a04c;
  --vscode-charts-green: #89d185; --vscode-charts-purple: #c39be6; --vscode-charts-red: #f47272; } }
`;

/** A self-contained HTML file (no scripts) for the CLI's --html, in the report's language. */
export function renderStandaloneHtml(report: Report): string {
  const l = report.language;
  return `<!DOCTYPE html>
<html lang="${l === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(msg(l, 'report.title'))} — ${escapeHtml(report.source)}</title>
<style>${STANDALONE_THEME_CSS}${REPORT_CSS}</style></head>
<body>${renderReportBody(report, { toolkit: false })}</body></html>
`;
}
