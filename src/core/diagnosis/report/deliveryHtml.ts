import { count, listJoin, msg } from '../../text/i18n';
import { skippedNote } from './skipped';
import type { DeliveryReport, DeliveryStats, Scored } from '../speech/delivery';
import type { Language } from '../../text/language';
import type { SpeakerRole } from '../transcript/model';
import { renderDeliveryCharts } from './charts/deliveryCharts';
import { clock } from './charts/svg';
import { escapeHtml as esc, scoreClass as cls } from './htmlText';
import type { Report } from './model';
import { tallyText } from './wordTally';


function row(label: string, value: string, scored: Scored | null, testid: string): string {
  const score = scored ? `<b class="${cls(scored.score)}">${scored.score}</b>` : '<span class="muted">—</span>';
  return `<tr data-testid="${testid}"><th scope="row">${esc(label)}</th><td>${esc(value)}</td><td>${score}</td><td>${scored ? esc(scored.explanation) : ''}</td></tr>`;
}

/** What was said (a filler, a hedge) with how often: quoted, since it stays as spoken; the rest as one "others" entry so the list adds up. */
function said(lang: Language, byWord: Record<string, number>, top = 4): string {
  return tallyText(lang, byWord, top).join(lang === 'zh' ? '、' : ', ');
}

/** "219 characters/min (216 Chinese characters and 2 English words a minute)". */
function paceText(d: DeliveryStats, lang: Language): string {
  const unit = msg(lang, d.pace.unit === 'chars/min' ? 'unit.charsPerMin' : 'unit.wordsPerMin');
  const mixed = d.cjkChars > 0 && d.enWords > 0 ? `${lang === 'zh' ? '（' : ' ('}${msg(lang, 'unit.mixedPace', d.pace.charsPerMin, d.pace.wordsPerMin)}${lang === 'zh' ? '）' : ')'}` : '';
  return `${d.pace.value} ${unit}${mixed}`;
}

function fillerText(d: DeliveryStats, lang: Language): string {
  const top = said(lang, d.fillers.byWord);
  return [count(lang, d.fillers.count, 'filler'), msg(lang, 'unit.per100', d.fillers.per100Tokens), msg(lang, 'unit.perMin', d.fillers.perMinute), top].filter(Boolean).join(' · ');
}

/** One delivery metric as the report states it: its name, its value in words, and its score when it has one. */
export interface DeliveryMetric { label: string; value: string; scored: Scored | null; testid: string }

/** The metrics of an answer (or of all answers), in the order the report lists them; shared by the HTML and Markdown reports. */
export function deliveryMetrics(d: DeliveryStats, lang: Language): DeliveryMetric[] {
  const sep = lang === 'zh' ? '，' : ', ';
  const out: DeliveryMetric[] = [
    { label: msg(lang, 'report.pace'), value: paceText(d, lang), scored: d.scores.pace, testid: 'delivery-pace' },
    { label: msg(lang, 'report.fillers'), value: fillerText(d, lang), scored: d.scores.fillers, testid: 'delivery-fillers' },
  ];
  if (d.pauses.measured) {
    // A loop, not Math.max(...list): a spread of 200,000 pauses overflows the call stack.
    const longest = d.pauses.long.reduce((m, p) => Math.max(m, p.durationS), 0);
    const value = d.pauses.long.length
      ? [String(d.pauses.long.length), msg(lang, 'unit.longest', msg(lang, 'unit.seconds', longest)), msg(lang, 'unit.at', listJoin(lang, d.pauses.long.slice(0, 4).map((p) => clock(p.atS))))].join(sep)
      : '0';
    out.push({ label: msg(lang, 'report.pauses'), value, scored: d.scores.pauses, testid: 'delivery-pauses' });
  }
  if (d.latencyS !== null) out.push({ label: msg(lang, 'report.latency'), value: msg(lang, 'unit.seconds', d.latencyS), scored: d.scores.latency, testid: 'delivery-latency' });
  if (d.articulationRate !== null) {
    out.push({ label: msg(lang, 'report.articulation'), value: `${d.articulationRate} ${msg(lang, d.pace.dominant === 'zh' ? 'unit.charsPerMin' : 'unit.wordsPerMin')}`, scored: null, testid: 'delivery-articulation' });
  }
  if (d.hedges.count) out.push({ label: msg(lang, 'report.hedges'), value: said(lang, d.hedges.byWord, 8), scored: null, testid: 'delivery-hedges' });
  if (d.fillers.clusters.length) {
    out.push({ label: msg(lang, 'report.clusters'), value: d.fillers.clusters.map((c) => msg(lang, 'unit.times', `${clock(c.startS)}–${clock(c.endS)}`, count(lang, c.count, 'filler'))).join(sep), scored: null, testid: 'delivery-clusters' });
  }
  return out;
}

function rows(d: DeliveryStats, lang: Language): string {
  return deliveryMetrics(d, lang).map((m) => row(m.label, m.value, m.scored, m.testid)).join('');
}

/** Why there is no delivery: typed answers have none to measure; a transcript without timestamps could have, from a timed export. */
export function noDeliveryNote(report: Pick<Report, 'transcript'>, lang: Language): string {
  return msg(lang, report.transcript?.typed ? 'report.noDeliveryTyped' : 'report.noDelivery');
}

/** The overall delivery section (or the note that the transcript had no timestamps), with its pictures unless `charts` is false. */
export function renderDeliverySection(report: Report, lang: Language, charts = true): string {
  const d: DeliveryReport | null | undefined = report.delivery;
  if (!d) return `<section class="delivery" data-testid="delivery"><h2>${esc(msg(lang, 'report.delivery'))}</h2><p class="muted" data-testid="delivery-none">${esc(noDeliveryNote(report, lang))}</p></section>`;
  const o = d.overall;
  const talk = o.talkRatio !== null ? row(msg(lang, 'report.talkRatio'), `${Math.round(o.talkRatio * 100)}%`, o.talkRatioScore, 'delivery-talk-ratio') : '';
  return `<section class="delivery" data-testid="delivery">
<h2>${esc(msg(lang, 'report.delivery'))} <span class="score ${cls(o.score)}" data-testid="delivery-score">${o.score}/100</span></h2>
<table class="metrics"><tbody>${rows(o, lang)}${talk}</tbody></table>
${d.notes.map((n) => `<p class="muted note">${esc(n)}</p>`).join('')}
${charts ? renderDeliveryCharts(report, lang) : ''}
</section>`;
}

/** A question's delivery, shown under its content scores. */
export function renderAnswerDelivery(d: DeliveryStats | null | undefined, lang: Language): string {
  if (!d) return '';
  return `<details class="answer-delivery" data-testid="answer-delivery" open><summary>${esc(msg(lang, 'report.delivery'))} <b class="${cls(d.scores.overall)}">${d.scores.overall}</b></summary><table class="metrics"><tbody>${rows(d, lang)}</tbody></table></details>`;
}

/**
 * Whether roles came from the text itself (no labels): the parser then names the speakers after
 * their roles (a real "Interviewer:" label is known, so it has confidence 1).
 */
function byContent(s: SpeakerRole): boolean {
  return (s.speaker === 'interviewer' || s.speaker === 'candidate') && s.confidence < 1;
}

/**
 * Who was taken for whom, and on what evidence: a label, the share of turns that ask questions,
 * or (without labels) what each line says. Speaker names are quoted: they are the transcript's.
 */
export function speakerEvidence(speakers: readonly SpeakerRole[], lang: Language, swapped = false): string[] {
  const q = (s: SpeakerRole) => `“${s.speaker}”`;
  const role = (s: SpeakerRole) => msg(lang, `role.${s.role}`);
  const out: string[] = [];
  const labelled = speakers.filter((s) => s.confidence === 1 && s.role !== 'unknown');
  if (labelled.length) out.push(msg(lang, labelled.length > 1 ? 'speaker.label' : 'speaker.labelOne', listJoin(lang, labelled.map(q))));
  if (speakers.some(byContent)) out.push(msg(lang, 'speaker.content'));
  for (const s of speakers) {
    if (s.confidence === 1 || byContent(s)) continue;
    const asks = Math.round(s.questionRatio * s.turns);
    if (s.role === 'unknown') out.push(msg(lang, 'speaker.unknown', q(s), count(lang, s.turns, 'turn')));
    else if (labelled.length) out.push(msg(lang, 'speaker.othersLabelled', q(s), role(s), asks, count(lang, s.turns, 'turn')));
    else out.push(msg(lang, 'speaker.asks', q(s), role(s), asks, count(lang, s.turns, 'turn'), Math.round(s.confidence * 100)));
  }
  if (swapped) out.push(msg(lang, 'speaker.swapped'));
  return out;
}

/** One line: the format read and who was taken for whom, on what evidence. */
export function renderSpeakers(report: Report, lang: Language): string {
  const t = report.transcript;
  if (!t) return '';
  const colon = lang === 'zh' ? '：' : ': ';
  const skipped = skippedNote(report, lang);
  const skippedHtml = skipped
    ? `<div class="muted note" data-testid="skipped"><p>${esc(skipped.title)}${colon}</p><ul>${skipped.items.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></div>`
    : '';
  return `<p class="muted" data-testid="speakers">${esc(msg(lang, 'report.format'))}${colon}${esc(t.format)} · ${esc(msg(lang, 'report.speakers'))}${colon}${esc(speakerEvidence(t.speakers, lang, t.swapped).join(lang === 'zh' ? '；' : '; '))}</p>${skippedHtml}`;
}
