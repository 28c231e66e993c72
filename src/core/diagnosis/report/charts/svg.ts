/**
 * The few SVG pieces the report's charts share: scales, tick steps, axes and the frame with its
 * text alternative. Hand-written rather than a chart library: the charts are four simple kinds
 * (lines, marks, bars, sparklines) rendered as strings by the core, which must run in the CLI
 * without a DOM, produce no script (the HTML export has none and the webview's CSP forbids inline
 * styles), and take every colour from CSS classes so the VS Code theme or the export's own
 * light/dark stylesheet decides them. The libraries that render server-side (Vega, Chart.js with a
 * canvas shim) are large and bring inline styles or canvas.
 */
import { escapeHtml as esc } from '../htmlText';

/** A linear map from a data range to a pixel range. */
export interface Scale {
  (value: number): number;
  domain: [number, number];
}

export function linear(domain: [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  const f = ((v: number) => r0 + ((v - d0) / span) * (r1 - r0)) as Scale;
  f.domain = domain;
  return f;
}

/** Round numbers in pixels: one decimal is finer than a screen shows and keeps the markup short. */
export function px(v: number): string {
  return String(Math.round(v * 10) / 10);
}

/** A step of 1, 2 or 5 times a power of ten that cuts `span` into at most `most` parts. */
export function niceStep(span: number, most = 5): number {
  if (!(span > 0)) return 1;
  const raw = span / most;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** Tick values from 0 (or `min`) up to the first multiple of the step at or above `max`. */
export function ticks(min: number, max: number, most = 5): number[] {
  const step = niceStep(max - min, most);
  const out: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  if (out[out.length - 1] < max) out.push(out[out.length - 1] + step);
  return out;
}

/** Time steps that read well on a clock (seconds): 5 s up to an hour. */
const TIME_STEPS = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

/** Tick times from 0 to at least `end` seconds, at most `most` of them. */
export function timeTicks(end: number, most = 8): number[] {
  const step = TIME_STEPS.find((s) => end / s <= most) ?? Math.ceil(end / most / 3600) * 3600;
  const out: number[] = [];
  for (let t = 0; t < end + step; t += step) out.push(t);
  return out;
}

/** "1:05" or "1:02:05" for seconds into the interview. */
export function clock(s: number): string {
  const total = Math.max(0, Math.floor(s));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Chart geometry: the viewBox and the plot area inside its margins. */
export interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The plot area's edges in pixels. */
export function plot(f: Frame): { x0: number; x1: number; y0: number; y1: number } {
  return { x0: f.left, x1: f.width - f.right, y0: f.height - f.bottom, y1: f.top };
}

/**
 * The `<svg>` element: an image to assistive technology, named by its title and described by its
 * description (the numbers themselves are in the table next to it), scaled to the column width.
 */
export function svg(id: string, f: Frame, title: string, desc: string, body: string, cls = ''): string {
  return `<svg class="chart${cls ? ` ${cls}` : ''}" id="${esc(id)}" viewBox="0 0 ${f.width} ${f.height}" role="img" aria-labelledby="${esc(id)}-title ${esc(id)}-desc" xmlns="http://www.w3.org/2000/svg">`
    + `<title id="${esc(id)}-title">${esc(title)}</title><desc id="${esc(id)}-desc">${esc(desc)}</desc>${body}</svg>`;
}

/** Horizontal grid lines with their values at the left. */
export function yAxis(f: Frame, y: Scale, values: number[], format: (v: number) => string = String): string {
  const { x0, x1 } = plot(f);
  return values.map((v) => `<line class="chart-grid" x1="${px(x0)}" x2="${px(x1)}" y1="${px(y(v))}" y2="${px(y(v))}"/>`
    + `<text class="chart-label" x="${px(x0 - 6)}" y="${px(y(v) + 4)}" text-anchor="end">${esc(format(v))}</text>`).join('');
}

/** Font size of chart text in viewBox pixels (the stylesheet sets the same). */
export const FONT_PX = 12;

/** About how wide `text` is at `fontPx`: Chinese characters a full em, Latin ones a little over half. */
export function textWidth(text: string, fontPx = FONT_PX): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : /[A-Z0-9%]/.test(ch) ? 0.66 : 0.56;
  return w * fontPx;
}

/**
 * Labels centred on their x at height `y`, leaving out any that would touch the one before, so
 * a long interview never prints labels on top of each other; none runs off either edge.
 */
export function xLabels(f: Frame, items: Array<{ x: number; text: string }>, y = f.height - f.bottom + 16, cls = 'chart-label'): string {
  const out: string[] = [];
  let lastRight = -Infinity;
  for (const it of items) {
    const half = textWidth(it.text) / 2;
    const x = Math.min(Math.max(it.x, half + 1), f.width - half - 1);
    if (x - half < lastRight + 6) continue;
    out.push(`<text class="${cls}" x="${px(x)}" y="${px(y)}" text-anchor="middle">${esc(it.text)}</text>`);
    lastRight = x + half;
  }
  return out.join('');
}

/** A legend in one row, right-aligned at the top: a marker or swatch per series, then its name. */
export function legend(f: Frame, items: Array<{ text: string; swatch: (x: number, y: number) => string }>, y = 12): string {
  const gap = 14;
  const sizes = items.map((it) => 14 + textWidth(it.text));
  let x = f.width - f.right - (sizes.reduce((a, b) => a + b, 0) + gap * (items.length - 1));
  const out: string[] = [];
  items.forEach((it, k) => {
    out.push(it.swatch(x + 5, y - 4), `<text class="chart-label" x="${px(x + 14)}" y="${px(y)}">${esc(it.text)}</text>`);
    x += sizes[k] + gap;
  });
  return `<g class="chart-legend">${out.join('')}</g>`;
}

/** The bottom axis line of the plot. */
export function baseline(f: Frame): string {
  const { x0, x1, y0 } = plot(f);
  return `<line class="chart-axis" x1="${px(x0)}" x2="${px(x1)}" y1="${px(y0)}" y2="${px(y0)}"/>`;
}

/** A data table for the numbers a chart draws, folded under the chart (its text alternative for reading). */
export function numbersTable(caption: string, head: string[], rows: Array<Array<string | number>>, testId: string): string {
  const th = head.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`).join('');
  return `<details class="chart-numbers" data-testid="${esc(testId)}"><summary>${esc(caption)}</summary><table class="metrics"><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table></details>`;
}

/**
 * A marker of shape `shape` (circle, square, triangle, diamond, cross) so series differ without
 * colour too; `cls` names the series' colour class.
 */
export function marker(shape: number, x: number, y: number, r = 3.5, cls = ''): string {
  const c = `chart-marker${cls ? ` ${cls}` : ''}`;
  switch (shape % 5) {
    case 0: return `<circle class="${c}" cx="${px(x)}" cy="${px(y)}" r="${px(r)}"/>`;
    case 1: return `<rect class="${c}" x="${px(x - r)}" y="${px(y - r)}" width="${px(2 * r)}" height="${px(2 * r)}"/>`;
    case 2: return `<path class="${c}" d="M${px(x)} ${px(y - r * 1.2)}L${px(x + r * 1.1)} ${px(y + r * 0.9)}L${px(x - r * 1.1)} ${px(y + r * 0.9)}Z"/>`;
    case 3: return `<path class="${c}" d="M${px(x)} ${px(y - r * 1.3)}L${px(x + r * 1.3)} ${px(y)}L${px(x)} ${px(y + r * 1.3)}L${px(x - r * 1.3)} ${px(y)}Z"/>`;
    default: return `<path class="${c}" d="M${px(x - r)} ${px(y - r)}L${px(x + r)} ${px(y + r)}M${px(x + r)} ${px(y - r)}L${px(x - r)} ${px(y + r)}"/>`;
  }
}

/** A polyline through `points`, broken where a point is missing (null). */
export function brokenLine(points: Array<{ x: number; y: number } | null>, cls: string): string {
  const runs: string[] = [];
  let run: string[] = [];
  for (const p of points) {
    if (p) run.push(`${px(p.x)},${px(p.y)}`);
    else if (run.length) {
      runs.push(run.join(' '));
      run = [];
    }
  }
  if (run.length) runs.push(run.join(' '));
  return runs.filter((r) => r.includes(' ')).map((r) => `<polyline class="${cls}" points="${r}"/>`).join('');
}
