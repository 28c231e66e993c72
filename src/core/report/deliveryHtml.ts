import { msg } from '../i18n';
import type { DeliveryReport, DeliveryStats, Scored } from '../speech/delivery';
import type { Language } from '../transcript/language';
import { escapeHtml as esc, scoreClass as cls } from './htmlText';
import type { Report } from './model';

function clock(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}

function row(label: string, value: string, scored: Scored | null, testid: string): string {
  const score = scored ? `<b class="${cls(scored.score)}">${scored.score}</b>` : '<span class="muted">—</span>';
  return `<tr data-testid="${testid}"><th scope="row">${esc(label)}</th><td>${esc(value)}</td><td>${score}</td><td>${scored ? esc(scored.explanation) : ''}</td></tr>`;
}

function paceText(d: DeliveryStats, lang: Language): string {
  const unit = d.pace.unit === 'chars/min' ? (lang === 'zh' ? '字/分钟' : 'chars/min') : (lang === 'zh' ? '词/分钟' : 'words/min');
  const mixed = d.cjkChars > 0 && d.enWords > 0 ? ` (${d.pace.charsPerMin} ${lang === 'zh' ? '字' : 'chars'} + ${d.pace.wordsPerMin} ${lang === 'zh' ? '词' : 'words'}/min)` : '';
  return `${d.pace.value} ${unit}${mixed}`;
}

function fillerText(d: DeliveryStats): string {
  const top = Object.entries(d.fillers.byWord).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([w, n]) => `${w}×${n}`).join(', ');
  return `${d.fillers.count} · ${d.fillers.per100Tokens}/100 · ${d.fillers.perMinute}/min${top ? ` · ${top}` : ''}`;
}

function rows(d: DeliveryStats, lang: Language): string {
  const out = [
    row(msg(lang, 'report.pace'), paceText(d, lang), d.scores.pace, 'delivery-pace'),
    row(msg(lang, 'report.fillers'), fillerText(d), d.scores.fillers, 'delivery-fillers'),
  ];
  if (d.pauses.measured) {
    // A loop, not Math.max(...list): a spread of 200,000 pauses overflows the call stack.
    const longest = d.pauses.long.reduce((m, p) => Math.max(m, p.durationS), 0);
    out.push(row(msg(lang, 'report.pauses'), d.pauses.long.length ? `${d.pauses.long.length} · max ${longest}s · ${d.pauses.long.slice(0, 4).map((p) => `@${clock(p.atS)}`).join(' ')}` : '0', d.scores.pauses, 'delivery-pauses'));
  }
  if (d.latencyS !== null) out.push(row(msg(lang, 'report.latency'), `${d.latencyS} s`, d.scores.latency, 'delivery-latency'));
  if (d.articulationRate !== null) out.push(row(msg(lang, 'report.articulation'), String(d.articulationRate), null, 'delivery-articulation'));
  if (d.hedges.count) out.push(row(msg(lang, 'report.hedges'), Object.entries(d.hedges.byWord).map(([w, n]) => `${w}×${n}`).join(', '), null, 'delivery-hedges'));
  if (d.fillers.clusters.length) out.push(row(msg(lang, 'report.clusters'), d.fillers.clusters.map((c) => `${clock(c.startS)}–${clock(c.endS)} (${c.count})`).join(', '), null, 'delivery-clusters'));
  return out.join('');
}

/** The overall delivery section (or the note that the transcript had no timestamps). */
export function renderDeliverySection(report: Report, lang: Language): string {
  const d: DeliveryReport | null | undefined = report.delivery;
  if (!d) return `<section class="delivery" data-testid="delivery"><h2>${esc(msg(lang, 'report.delivery'))}</h2><p class="muted" data-testid="delivery-none">${esc(msg(lang, 'report.noDelivery'))}</p></section>`;
  const o = d.overall;
  const talk = o.talkRatio !== null ? row(msg(lang, 'report.talkRatio'), `${Math.round(o.talkRatio * 100)}%`, o.talkRatioScore, 'delivery-talk-ratio') : '';
  return `<section class="delivery" data-testid="delivery">
<h2>${esc(msg(lang, 'report.delivery'))} <span class="score ${cls(o.score)}" data-testid="delivery-score">${o.score}/100</span></h2>
<table class="metrics"><tbody>${rows(o, lang)}${talk}</tbody></table>
${d.notes.map((n) => `<p class="muted note">${esc(n)}</p>`).join('')}
</section>`;
}

/** A question's delivery, shown under its content scores. */
export function renderAnswerDelivery(d: DeliveryStats | null | undefined, lang: Language): string {
  if (!d) return '';
  return `<details class="answer-delivery" data-testid="answer-delivery" open><summary>${esc(msg(lang, 'report.delivery'))} <b class="${cls(d.scores.overall)}">${d.scores.overall}</b></summary><table class="metrics"><tbody>${rows(d, lang)}</tbody></table></details>`;
}

/** One line per speaker: who was taken for the interviewer and how sure that is. */
export function renderSpeakers(report: Report, lang: Language): string {
  const t = report.transcript;
  if (!t) return '';
  const roles = t.speakers.map((s) => `${esc(s.speaker)} → ${esc(msg(lang, `role.${s.role}`))}${s.confidence < 1 ? ` (${Math.round(s.confidence * 100)}%)` : ''}`).join(' · ');
  return `<p class="muted" data-testid="speakers">${esc(msg(lang, 'report.format'))}: ${esc(t.format)} · ${esc(msg(lang, 'report.speakers'))}: ${roles}</p>`;
}
