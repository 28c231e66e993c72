/**
 * Delivery as pictures: the pace over the interview, when each filler was said, and per question
 * how long the candidate waited before answering and paused inside the answer. SVG strings,
 * coloured by CSS classes only, each with a title, a description that says what it shows in
 * words, and the numbers in a table beside it.
 */
import { count, listJoin, msg, punct } from '../../../text/i18n';
import type { DeliveryReport, PaceWindow } from '../../speech/delivery';
import { THRESHOLDS as T } from '../../speech/thresholds';
import type { Language } from '../../../text/language';
import { escapeHtml as esc } from '../htmlText';
import type { Report } from '../model';
import { tally, tallyText } from '../wordTally';
import { baseline, clock, type Frame, legend, linear, marker, numbersTable, plot, px, svg, ticks, timeTicks, xLabels, yAxis } from './svg';

/** One answer's place on the time line. */
interface AnswerSpan { index: number; startS: number; endS: number }

function spansOf(report: Report): AnswerSpan[] {
  return report.perQuestion
    .filter((q) => q.answerStartS !== undefined && q.answerEndS !== undefined)
    .map((q) => ({ index: q.index, startS: q.answerStartS!, endS: Math.max(q.answerEndS!, q.answerStartS!) }));
}

/** The windows of the pace timeline, or for a report made before it existed, one per answer. */
function paceWindows(report: Report, d: DeliveryReport): { windows: PaceWindow[]; unit: 'chars/min' | 'words/min'; low: number; high: number; perAnswer: boolean } {
  if (d.paceTimeline) return { windows: d.paceTimeline.windows, unit: d.paceTimeline.unit, low: d.paceTimeline.comfortable.low, high: d.paceTimeline.comfortable.high, perAnswer: false };
  const unit = d.overall.pace.unit;
  const t = unit === 'chars/min' ? T.paceZh : T.paceEn;
  const windows = report.perQuestion
    .filter((q) => q.delivery && q.answerStartS !== undefined && q.answerEndS !== undefined)
    .map((q) => ({ index: q.index, startS: q.answerStartS!, endS: q.answerEndS!, value: q.delivery!.pace.value }));
  return { windows, unit, low: t.low, high: t.high, perAnswer: true };
}

// The top margin holds the legend and, below it, the questions' numbers.
const WIDE: Frame = { width: 720, height: 236, left: 46, right: 14, top: 36, bottom: 30 };
const STRIP: Frame = { width: 720, height: 100, left: 46, right: 14, top: 26, bottom: 30 };

/** Light bands where the candidate was answering, with the question's number at the top. */
function answerSpans(f: Frame, spans: AnswerSpan[], x: (s: number) => number): string {
  const { y0, y1 } = plot(f);
  const rects = spans.map((s) => `<rect class="chart-span" x="${px(x(s.startS))}" y="${px(y1)}" width="${px(Math.max(1, x(s.endS) - x(s.startS)))}" height="${px(y0 - y1)}"><title>Q${s.index}: ${clock(s.startS)}–${clock(s.endS)}</title></rect>`).join('');
  const labels = xLabels(f, spans.map((s) => ({ x: x(s.startS) + Math.min(14, (x(s.endS) - x(s.startS)) / 2), text: `Q${s.index}` })), y1 - 6, 'chart-label chart-qlabel');
  return rects + labels;
}

function timeAxis(f: Frame, end: number, x: (s: number) => number): string {
  const { y0 } = plot(f);
  const tickMarks = timeTicks(end).filter((t) => t <= end).map((t) => `<line class="chart-tick" x1="${px(x(t))}" x2="${px(x(t))}" y1="${px(y0)}" y2="${px(y0 + 4)}"/>`).join('');
  return baseline(f) + tickMarks + xLabels(f, timeTicks(end).filter((t) => t <= end).map((t) => ({ x: x(t), text: clock(t) })));
}

function unitName(lang: Language, unit: 'chars/min' | 'words/min'): string {
  return msg(lang, unit === 'chars/min' ? 'unit.charsPerMin' : 'unit.wordsPerMin');
}

/** Pace over the interview: a line per answer through its windows, over the comfortable band. */
export function paceChart(report: Report, d: DeliveryReport, lang: Language, idPrefix = 'chart'): string {
  const { windows, unit, low, high, perAnswer } = paceWindows(report, d);
  if (windows.length === 0) return '';
  const spans = spansOf(report);
  const f = WIDE;
  const { x0, x1, y0, y1 } = plot(f);
  const end = Math.max(windows.reduce((m, w) => Math.max(m, w.endS), 0), spans.reduce((m, s) => Math.max(m, s.endS), 0));
  const x = linear([0, end], [x0, x1]);
  const top = windows.reduce((m, w) => Math.max(m, w.value), high) * 1.08;
  const yt = ticks(0, top, 5);
  const y = linear([0, yt[yt.length - 1]], [y0, y1]);
  const un = unitName(lang, unit);
  const band = `<rect class="chart-band" x="${px(x0)}" y="${px(y(high))}" width="${px(x1 - x0)}" height="${px(y(low) - y(high))}"/>`
    + `<line class="chart-band-edge" x1="${px(x0)}" x2="${px(x1)}" y1="${px(y(high))}" y2="${px(y(high))}"/><line class="chart-band-edge" x1="${px(x0)}" x2="${px(x1)}" y1="${px(y(low))}" y2="${px(y(low))}"/>`;
  const byAnswer = new Map<number, PaceWindow[]>();
  for (const w of windows) byAnswer.set(w.index, [...(byAnswer.get(w.index) ?? []), w]);
  const mid = (w: PaceWindow) => (w.startS + w.endS) / 2;
  const lines = [...byAnswer.values()].map((ws) => (ws.length > 1
    ? `<polyline class="chart-line s0" points="${ws.map((w) => `${px(x(mid(w)))},${px(y(w.value))}`).join(' ')}"/>`
    : `<line class="chart-line s0" x1="${px(x(ws[0].startS))}" x2="${px(x(ws[0].endS))}" y1="${px(y(ws[0].value))}" y2="${px(y(ws[0].value))}"/>`)).join('');
  const marks = windows.map((w) => {
    const outside = w.value < low || w.value > high;
    return `<g>${marker(0, x(mid(w)), y(w.value), 3.5, outside ? 's0 outside' : 's0')}<title>Q${w.index} ${clock(w.startS)}–${clock(w.endS)}${punct(lang).colon}${w.value} ${un}</title></g>`;
  }).join('');
  const key = legend(f, [
    { text: msg(lang, 'chart.pace.series', un), swatch: (lx, ly) => `<line class="chart-line s0" x1="${px(lx - 6)}" x2="${px(lx + 6)}" y1="${px(ly)}" y2="${px(ly)}"/>${marker(0, lx, ly, 3, 's0')}` },
    { text: msg(lang, 'chart.pace.band', low, high), swatch: (lx, ly) => `<rect class="chart-band chart-band-swatch" x="${px(lx - 6)}" y="${px(ly - 5)}" width="12" height="10"/>` },
  ]);
  const slowest = windows.reduce((a, b) => (b.value < a.value ? b : a));
  const fastest = windows.reduce((a, b) => (b.value > a.value ? b : a));
  const inside = windows.filter((w) => w.value >= low && w.value <= high).length;
  const desc = msg(lang, perAnswer ? 'chart.pace.descAnswers' : 'chart.pace.desc', un, d.paceTimeline?.windowS ?? 0, low, high,
    `${slowest.value} (Q${slowest.index}, ${clock(slowest.startS)})`, `${fastest.value} (Q${fastest.index}, ${clock(fastest.startS)})`, inside, windows.length);
  const body = answerSpans(f, spans, x) + band + yAxis(f, y, yt) + timeAxis(f, end, x) + lines + marks + key;
  const table = numbersTable(msg(lang, 'chart.numbers'), [msg(lang, 'chart.col.question'), msg(lang, 'chart.col.from'), msg(lang, 'chart.col.to'), msg(lang, 'chart.col.pace', un)],
    windows.map((w) => [`Q${w.index}`, clock(w.startS), clock(w.endS), w.value]), 'chart-pace-numbers');
  return figure('chart-pace', msg(lang, 'chart.pace.title'), svg(`${idPrefix}-pace`, f, msg(lang, 'chart.pace.title'), desc, body), desc, table);
}

/** Each filler as a mark at the moment it was said, clusters shaded, over the answers' spans. */
export function fillerChart(report: Report, d: DeliveryReport, lang: Language, idPrefix = 'chart'): string {
  const spans = spansOf(report);
  const hits = d.perAnswer.flatMap((a) => a.fillers.hits.map((h) => ({ ...h, index: a.index })));
  const clusters = d.perAnswer.flatMap((a) => a.fillers.clusters);
  const total = d.perAnswer.reduce((n, a) => n + a.fillers.count, 0);
  if (spans.length === 0) return '';
  const f = STRIP;
  const { x0, x1, y0, y1 } = plot(f);
  // Loops, not Math.max(...list): an interview can list tens of thousands of fillers.
  const end = Math.max(spans.reduce((m, s) => Math.max(m, s.endS), 0), hits.reduce((m, h) => Math.max(m, h.atS), 0));
  const x = linear([0, end], [x0, x1]);
  const shade = clusters.map((c) => `<rect class="chart-cluster" x="${px(x(c.startS) - 3)}" y="${px(y1)}" width="${px(Math.max(6, x(c.endS) - x(c.startS) + 6))}" height="${px(y0 - y1)}"><title>${esc(msg(lang, 'chart.fillers.cluster', clock(c.startS), clock(c.endS), count(lang, c.count, 'filler')))}</title></rect>`).join('');
  const marks = hits.map((h) => `<line class="chart-filler" x1="${px(x(h.atS))}" x2="${px(x(h.atS))}" y1="${px(y0 - 4)}" y2="${px(y1 + 4)}"><title>“${esc(h.word)}” ${clock(h.atS)} (Q${h.index})</title></line>`).join('');
  const byWord = new Map<string, number>();
  for (const a of d.perAnswer) for (const [w, n] of Object.entries(a.fillers.byWord)) byWord.set(w, (byWord.get(w) ?? 0) + n);
  const top = tallyText(lang, byWord, 4);
  const desc = total === 0 ? msg(lang, 'chart.fillers.none')
    : `${msg(lang, 'chart.fillers.desc', count(lang, total, 'filler'), listJoin(lang, top), clusters.length)}${hits.length < total ? ` ${msg(lang, 'chart.fillers.more', hits.length)}` : ''}`;
  const body = answerSpans(f, spans, x) + shade + timeAxis(f, end, x) + marks;
  // Each word with its count, the rest as one "others" row: the rows add up to the total.
  const words = total > 0
    ? numbersTable(msg(lang, 'chart.fillers.byWord'), [msg(lang, 'chart.col.filler'), msg(lang, 'chart.col.count')], tally(lang, byWord, 5).map((l) => [l.label, l.n]), 'chart-fillers-words')
    : '';
  const table = words + (hits.length
    ? numbersTable(msg(lang, 'chart.numbers'), [msg(lang, 'chart.col.time'), msg(lang, 'chart.col.filler'), msg(lang, 'chart.col.question')], hits.map((h) => [clock(h.atS), `“${h.word}”`, `Q${h.index}`]), 'chart-fillers-numbers')
    : '');
  return figure('chart-fillers', msg(lang, 'chart.fillers.title'), svg(`${idPrefix}-fillers`, f, msg(lang, 'chart.fillers.title'), desc, body), desc, table);
}

/** Per question, two bars: the wait before the answer began and the longest pause inside it. */
export function pausesChart(d: DeliveryReport, lang: Language, idPrefix = 'chart'): string {
  const rows = d.perAnswer.map((a) => ({
    index: a.index, latency: a.latencyS, measured: a.pauses.measured, longCount: a.pauses.long.length,
    longest: a.pauses.long.reduce((m, p) => Math.max(m, p.durationS), 0),
    total: Math.round(a.pauses.long.reduce((s, p) => s + p.durationS, 0) * 10) / 10,
  }));
  const pauses = rows.some((r) => r.measured);
  if (rows.length === 0 || (!pauses && rows.every((r) => r.latency === null))) return '';
  const f = WIDE;
  const { x0, x1, y0, y1 } = plot(f);
  const limit = T.latency.slow;
  const top = rows.reduce((m, r) => Math.max(m, r.latency ?? 0, r.longest), limit + 1) * 1.08;
  const yt = ticks(0, top, 5);
  const y = linear([0, yt[yt.length - 1]], [y0, y1]);
  const band = (x1 - x0) / rows.length;
  const bw = Math.max(2, Math.min(18, band * 0.32));
  const seconds = (v: number) => msg(lang, 'unit.seconds', v);
  // The report language's colon and brackets: a Chinese label is followed by "：", never ": ".
  const p = punct(lang);
  const bars = rows.map((r, k) => {
    const cx = x0 + band * (k + 0.5);
    const out: string[] = [];
    if (r.latency !== null) {
      out.push(`<rect class="chart-bar s0" x="${px(cx - bw - 1)}" y="${px(y(r.latency))}" width="${px(bw)}" height="${px(Math.max(0.5, y0 - y(r.latency)))}"><title>Q${r.index} ${esc(msg(lang, 'report.latency'))}${p.colon}${esc(seconds(r.latency))}</title></rect>`);
    }
    if (r.measured) {
      out.push(`<rect class="chart-bar s1" x="${px(cx + 1)}" y="${px(y(r.longest))}" width="${px(bw)}" height="${px(Math.max(0.5, y0 - y(r.longest)))}"><title>Q${r.index} ${esc(msg(lang, 'chart.legend.longest'))}${p.colon}${esc(seconds(r.longest))}${p.open}${esc(msg(lang, 'chart.col.longPauses'))}${p.colon}${r.longCount}${p.close}</title></rect>`);
    }
    return out.join('');
  }).join('');
  const ref = `<line class="chart-limit" x1="${px(x0)}" x2="${px(x1)}" y1="${px(y(limit))}" y2="${px(y(limit))}"/><text class="chart-label chart-limit-label" x="${px(x1 - 2)}" y="${px(y(limit) - 4)}" text-anchor="end">${esc(msg(lang, 'chart.pauses.limit', limit))}</text>`;
  const key = legend(f, [
    ...(rows.some((r) => r.latency !== null) ? [{ text: msg(lang, 'report.latency'), swatch: (lx: number, ly: number) => `<rect class="chart-bar s0" x="${px(lx - 5)}" y="${px(ly - 5)}" width="10" height="10"/>` }] : []),
    ...(pauses ? [{ text: msg(lang, 'chart.legend.longest'), swatch: (lx: number, ly: number) => `<rect class="chart-bar s1" x="${px(lx - 5)}" y="${px(ly - 5)}" width="10" height="10"/>` }] : []),
  ]);
  const labels = xLabels(f, rows.map((r, k) => ({ x: x0 + band * (k + 0.5), text: `Q${r.index}` })));
  const lat = rows.filter((r) => r.latency !== null);
  const slowest = lat.length ? lat.reduce((a, b) => (b.latency! > a.latency! ? b : a)) : null;
  const paused = rows.filter((r) => r.longCount > 0);
  const desc = [
    slowest ? msg(lang, 'chart.pauses.descLatency', seconds(slowest.latency!), `Q${slowest.index}`, lat.filter((r) => r.latency! > T.latency.ok).length, lat.length) : '',
    pauses ? (paused.length ? msg(lang, 'chart.pauses.descPauses', paused.map((r) => `Q${r.index} (${seconds(r.longest)})`).join(lang === 'zh' ? '、' : ', ')) : msg(lang, 'chart.pauses.descNoPause')) : '',
  ].filter(Boolean).join(' ');
  const head = [msg(lang, 'chart.col.question'), msg(lang, 'report.latency'), ...(pauses ? [msg(lang, 'chart.col.longPauses'), msg(lang, 'chart.legend.longest'), msg(lang, 'chart.col.pauseTotal')] : [])];
  const table = numbersTable(msg(lang, 'chart.numbers'), head, rows.map((r) => [`Q${r.index}`, r.latency === null ? '—' : seconds(r.latency), ...(pauses ? [r.longCount, seconds(r.longest), seconds(r.total)] : [])]), 'chart-pauses-numbers');
  const body = yAxis(f, y, yt, (v) => `${v}`) + baseline(f) + ref + bars + labels + key;
  return figure('chart-pauses', msg(lang, 'chart.pauses.title'), svg(`${idPrefix}-pauses`, f, msg(lang, 'chart.pauses.title'), desc, body), desc, table);
}

/** A chart with its heading, its description as visible text, and its numbers. */
export function figure(testId: string, title: string, chart: string, desc: string, table: string): string {
  return `<figure class="chart-figure" data-testid="${esc(testId)}"><figcaption><b>${esc(title)}</b> <span class="muted">${esc(desc)}</span></figcaption>${chart}${table}</figure>`;
}

/** The three delivery pictures, for the overall delivery section. */
export function renderDeliveryCharts(report: Report, lang: Language): string {
  const d = report.delivery;
  if (!d) return '';
  const parts = [paceChart(report, d, lang), fillerChart(report, d, lang), pausesChart(d, lang)].filter(Boolean);
  return parts.length ? `<div class="charts" data-testid="delivery-charts">${parts.join('')}</div>` : '';
}
