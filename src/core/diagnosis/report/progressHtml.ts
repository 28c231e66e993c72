/**
 * The report panel's "Progress" section: the trend of each dimension over the user's sessions,
 * each knowledge topic's trend, the weakest topics, the questions still weak, and (in the panel)
 * the button that practises them. Shown from two sessions on: one point is not a trend.
 */
import { PRACTICE_QUESTIONS, type Progress } from './progress';
import { count, msg } from '../../text/i18n';
import type { Language } from '../../text/language';
import { dimensionTrendChart, shortDate, topicTrendTable } from './charts/progressCharts';
import { topicName } from './generate';
import { escapeHtml as esc } from './htmlText';

/** What the section needs besides the progress: which report is on show, and whether buttons work (webview). */
export interface ProgressOptions {
  currentId?: string;
  toolkit: boolean;
}

/** The section, or '' with fewer than two sessions. */
export function renderProgressSection(progress: Progress, lang: Language, o: ProgressOptions): string {
  const s = progress.sessions;
  if (s.length < 2) return '';
  const weakest = progress.weakestTopics.length
    ? `<ul data-testid="progress-weakest">${progress.weakestTopics.map((t) => `<li data-topic="${esc(t.topic)}">${esc(msg(lang, 'progress.weakestRow', topicName(t.topic, lang), t.recent, count(lang, t.questions, 'question')))}</li>`).join('')}</ul>`
    : `<p class="muted">${esc(msg(lang, 'progress.weakestNone'))}</p>`;
  const weak = progress.weakQuestions;
  const first = shortDate(s[0].createdAt, lang);
  const last = shortDate(s[s.length - 1].createdAt, lang);
  const button = o.toolkit && weak.length
    ? `<p class="practise"><vscode-button appearance="primary" data-action="practise" data-testid="practise-weak">${esc(msg(lang, 'progress.practise'))}</vscode-button> <span class="muted">${esc(msg(lang, 'progress.practiseHint', Math.min(PRACTICE_QUESTIONS, weak.length)))}</span></p>`
    : '';
  // A question is quoted as it was asked: a session in the other language asked it in that language.
  const weakList = weak.length
    ? `<ol data-testid="progress-weak-questions">${weak.map((q) => `<li data-entry="${esc(q.entryId)}">${esc(msg(lang, 'progress.weakRow', '\u0000', q.score, topicName(q.topic, lang), shortDate(q.createdAt, lang))).replace('\u0000', `<q>${esc(q.question)}</q>`)}</li>`).join('')}</ol>${button}`
    : `<p class="muted" data-testid="progress-no-weak">${esc(msg(lang, 'progress.noWeak'))}</p>`;
  return `<section class="progress" data-testid="progress" data-sessions="${s.length}">
<h2>${esc(msg(lang, 'progress.title'))}</h2>
<p class="muted">${esc(first === last ? msg(lang, 'progress.overDay', s.length, first) : msg(lang, 'progress.over', s.length, first, last))}</p>
${dimensionTrendChart(progress, lang, o.currentId)}
<h3>${esc(msg(lang, 'progress.byTopic'))}</h3>
${topicTrendTable(progress, lang)}
<h3>${esc(msg(lang, 'progress.weakest'))}</h3>
${weakest}
<h3>${esc(msg(lang, 'progress.weakQuestions'))}</h3>
${weakList}
</section>`;
}
