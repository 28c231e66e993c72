/**
 * Progress as pictures: each dimension's score (and the overall score) over the sessions, and one
 * small line per knowledge topic. Same conventions as the delivery charts: CSS classes for every
 * colour, a marker shape per series, a title and description, and the numbers in a table.
 */
import type { Progress } from '../progress';
import { msg, punct } from '../../../text/i18n';
import { DIMENSIONS } from '../../knowledge/types';
import type { Language } from '../../../text/language';
import { topicName } from '../generate';
import { escapeHtml as esc } from '../htmlText';
import { figure } from './deliveryCharts';
import { brokenLine, type Frame, legend, linear, marker, numbersTable, plot, px, svg, xLabels, yAxis, baseline } from './svg';

// Made once per language: building an Intl formatter costs more than drawing a chart's line.
const DAY_FORMAT: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/** "1 Dec" / "12月1日": a session's day on the chart's axis. */
export function shortDate(iso: string, lang: Language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 10);
  DAY_FORMAT[lang] ??= new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { month: 'short', day: 'numeric' });
  return DAY_FORMAT[lang]!.format(d);
}

const TREND: Frame = { width: 720, height: 250, left: 40, right: 18, top: 34, bottom: 30 };

/** A session's label on the axis: its day, with the time when another session was the same day. */
function sessionLabels(sessions: ReadonlyArray<{ createdAt: string }>, lang: Language): string[] {
  const days = sessions.map((s) => shortDate(s.createdAt, lang));
  return sessions.map((s, k) => {
    if (days.filter((d) => d === days[k]).length === 1) return days[k];
    const d = new Date(s.createdAt);
    return Number.isNaN(d.getTime()) ? days[k] : `${days[k]} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  });
}

/** The overall score and each dimension over the sessions; `currentId` is the report on show. */
export function dimensionTrendChart(progress: Progress, lang: Language, currentId?: string): string {
  const sessions = progress.sessions;
  if (sessions.length < 2) return '';
  const f = TREND;
  const { x0, x1, y0, y1 } = plot(f);
  const pad = 12;
  const x = (k: number) => x0 + pad + ((x1 - x0 - 2 * pad) * k) / (sessions.length - 1);
  const y = linear([0, 100], [y0, y1]);
  const series = [
    { key: 'overall', name: msg(lang, 'progress.overall'), values: sessions.map((s) => s.overall as number | null), cls: 'overall', shape: 0 },
    // Each dimension keeps its colour and marker whichever others were assessed.
    ...DIMENSIONS.map((d, k) => ({ key: d, name: msg(lang, `dim.${d}`), values: sessions.map((s) => s.dimensions[d]), cls: `s${k}`, shape: k + 1 })),
  ].filter((s) => s.values.some((v) => v !== null));
  const names = sessionLabels(sessions, lang);
  const current = sessions.findIndex((s) => s.id === currentId || s.reportIds.includes(currentId ?? '\u0000'));
  const cur = current >= 0 ? `<line class="chart-current" x1="${px(x(current))}" x2="${px(x(current))}" y1="${px(y1)}" y2="${px(y0)}"/>` : '';
  const lines = series.map((s) => brokenLine(s.values.map((v, k) => (v === null ? null : { x: x(k), y: y(v) })), `chart-line ${s.cls}`)).join('');
  const marks = series.map((s) => s.values.map((v, k) => (v === null ? ''
    : `<g>${marker(s.shape, x(k), y(v), s.key === 'overall' ? 4 : 3.2, s.cls)}<title>${esc(`${s.name}${punct(lang).colon}${v}${punct(lang).open}${names[k]}${punct(lang).comma}“${sessions[k].source}”${punct(lang).close}`)}</title></g>`)).join('')).join('');
  const labels = xLabels(f, sessions.map((s, k) => ({ x: x(k), text: names[k] })));
  const key = legend(f, series.map((s) => ({ text: s.name, swatch: (lx: number, ly: number) => `<line class="chart-line ${s.cls}" x1="${px(lx - 6)}" x2="${px(lx + 6)}" y1="${px(ly)}" y2="${px(ly)}"/>${marker(s.shape, lx, ly, 3, s.cls)}` })));
  const firstLast = (values: Array<number | null>) => {
    const v = values.filter((x): x is number => x !== null);
    return v.length ? `${v[0]} → ${v[v.length - 1]}` : '—';
  };
  const sep = lang === 'zh' ? '，' : ', ';
  const desc = msg(lang, 'progress.dims.desc', sessions[0].overall, sessions[sessions.length - 1].overall,
    series.filter((s) => s.key !== 'overall').map((s) => `${s.name} ${firstLast(s.values)}`).join(sep));
  const body = yAxis(f, y, [0, 20, 40, 60, 80, 100]) + baseline(f) + cur + lines + marks + labels + key;
  const table = numbersTable(msg(lang, 'chart.numbers'),
    [msg(lang, 'progress.col.session'), msg(lang, 'progress.col.source'), ...series.map((s) => s.name)],
    // Transcript names are the user's, in any language: quoted, as the report quotes what was said.
    sessions.map((s, k) => [`${names[k]}${k === current ? ' ★' : ''}`, `“${s.source}”`, ...series.map((x) => x.values[k] ?? '—')]), 'progress-dimensions-numbers');
  return figure('chart-dimensions', msg(lang, 'progress.dims.title'), svg('progress-dimensions', f, msg(lang, 'progress.dims.title'), desc, body), desc, table);
}

/** A topic's scores as a small line (120×28), the last point marked; its numbers are its label. */
export function topicSparkline(points: ReadonlyArray<{ score: number }>, label: string, id: string): string {
  const w = 120;
  const h = 28;
  const x = (k: number) => 4 + (points.length > 1 ? ((w - 8) * k) / (points.length - 1) : (w - 8) / 2);
  const y = linear([0, 100], [h - 4, 4]);
  const line = points.length > 1 ? `<polyline class="chart-line s0" points="${points.map((p, k) => `${px(x(k))},${px(y(p.score))}`).join(' ')}"/>` : '';
  const last = points[points.length - 1];
  const mid = `<line class="chart-grid" x1="4" x2="${w - 4}" y1="${px(y(60))}" y2="${px(y(60))}"/>`;
  return `<svg class="chart sparkline" id="${esc(id)}" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}" xmlns="http://www.w3.org/2000/svg"><title>${esc(label)}</title>${mid}${line}${last ? marker(0, x(points.length - 1), y(last.score), 3, 's0') : ''}</svg>`;
}

/** Each topic's trend: sparkline, recent level, change and number of questions, in a table. */
export function topicTrendTable(progress: Progress, lang: Language): string {
  if (progress.topics.length === 0) return '';
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  const rows = progress.topics.map((t, k) => {
    const name = topicName(t.topic, lang);
    const label = msg(lang, 'progress.topicTrend', name, t.points.map((p) => p.score).join(', '));
    return `<tr data-testid="progress-topic" data-topic="${esc(t.topic)}"><th scope="row">${esc(name)}</th><td>${topicSparkline(t.points, label, `topic-trend-${k}`)}</td><td>${t.recent}</td><td>${t.points.length > 1 ? esc(signed(t.change)) : '—'}</td><td>${t.questions}</td></tr>`;
  }).join('');
  const head = [msg(lang, 'progress.col.topic'), msg(lang, 'progress.col.trend'), msg(lang, 'progress.col.recent'), msg(lang, 'progress.col.change'), msg(lang, 'progress.col.questions')]
    .map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  return `<table class="metrics topic-trends" data-testid="progress-topics"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}
