import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fillerChart, pausesChart, paceChart, renderDeliveryCharts } from '../../src/core/diagnosis/report/charts/deliveryCharts';
import { textWidth, timeTicks, ticks } from '../../src/core/diagnosis/report/charts/svg';
import { deliveryMetrics } from '../../src/core/diagnosis/report/deliveryHtml';
import { renderReportBody, renderStandaloneHtml } from '../../src/core/diagnosis/report/html';
import type { Report } from '../../src/core/diagnosis/report/model';
import { createCore } from '../../src/core/services';
import { KNOWLEDGE_DIR, SAMPLES } from './helpers';

/** The parts of one `<svg id="…">` of `html`. */
function svgOf(html: string, id: string): string {
  const start = html.indexOf(`<svg class="chart" id="${id}"`);
  assert.ok(start >= 0, `no svg #${id}`);
  return html.slice(start, html.indexOf('</svg>', start) + 6);
}

function all(re: RegExp, text: string): RegExpMatchArray[] {
  return [...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))];
}

/** Every `<text>` of an svg with its x and content, to check that labels do not overlap. */
function labelsAt(svg: string, y: string): Array<{ x: number; text: string }> {
  return all(/<text class="chart-label[^"]*" x="([\d.]+)" y="([\d.]+)" text-anchor="middle">([^<]*)<\/text>/, svg)
    .filter((m) => m[2] === y).map((m) => ({ x: Number(m[1]), text: m[3] }));
}

describe('delivery as pictures (SVG)', () => {
  let core: ReturnType<typeof createCore>;
  let en: Report;
  let zh: Report;
  before(async () => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const srt = fs.readFileSync(path.join(SAMPLES, 'rag-interview-en.srt'), 'utf8');
    en = (await core.diagnose({ text: srt, source: 'rag-interview-en.srt' })).raw;
    zh = (await core.diagnose({ text: srt, source: 'rag-interview-en.srt', reportLanguage: 'zh' })).raw;
  });

  it('the delivery model cuts each answer into windows of about the same length, inside the answer, with its rate', () => {
    const t = en.delivery!.paceTimeline!;
    assert.equal(t.unit, 'words/min');
    assert.deepEqual(t.comfortable, { low: 120, high: 165 });
    assert.equal(t.windowS, 10);
    assert.equal(t.windows.length, 8);
    for (const w of t.windows) {
      const q = en.perQuestion.find((p) => p.index === w.index)!;
      assert.ok(w.startS >= q.answerStartS! - 0.1 && w.endS <= q.answerEndS! + 0.1, `window ${w.startS}-${w.endS} outside Q${w.index}`);
      assert.ok(w.endS - w.startS > 5 && w.endS - w.startS < 15, `window of ${w.endS - w.startS} s`);
    }
    // The last answer has the 6.2 s pause in its second half: that window is the slowest by far.
    const q4 = t.windows.filter((w) => w.index === 4);
    assert.ok(q4[1].value < q4[0].value / 2, JSON.stringify(q4));
  });

  it('pace over the interview: a marker per window, a line per answer, the comfortable band, title, description and numbers', () => {
    const html = paceChart(en, en.delivery!, 'en');
    const svg = svgOf(html, 'chart-pace');
    const windows = en.delivery!.paceTimeline!.windows;
    assert.match(svg, /role="img" aria-labelledby="chart-pace-title chart-pace-desc"/);
    assert.match(svg, /<title id="chart-pace-title">Pace over the interview<\/title><desc id="chart-pace-desc">Pace in words\/min, in windows of about 10 s/);
    const slowest = windows.reduce((a, b) => (b.value < a.value ? b : a));
    assert.ok(svg.includes(`slowest ${slowest.value} (Q${slowest.index}, `), 'the description names the slowest window');
    // Markers with their value as a tooltip: one per window (plus the legend's), off-band ones marked.
    const tips = all(/<title>Q(\d+) [\d:]+–[\d:]+: (\d+) words\/min<\/title>/, svg);
    assert.deepEqual(tips.map((m) => Number(m[2])), windows.map((w) => w.value));
    const outside = windows.filter((w) => w.value < 120 || w.value > 165).length;
    assert.equal(all(/class="chart-marker s0 outside"/, svg).length, outside);
    assert.equal(all(/<polyline class="chart-line s0"/, svg).length, 4, 'one line per answer, broken between answers');
    assert.equal(all(/<rect class="chart-band"/, svg).length, 1);
    assert.equal(all(/<rect class="chart-span"/, svg).length, 4);
    // The numbers, as a table: one row per window.
    assert.equal(all(/<tr><th scope="row">Q\d+<\/th>/, html.slice(html.indexOf('chart-pace-numbers'))).length, windows.length);
  });

  it('filler timeline: a mark at each filler\'s time with the word, and the count in the description', () => {
    const html = fillerChart(en, en.delivery!, 'en');
    const svg = svgOf(html, 'chart-fillers');
    const hits = en.delivery!.perAnswer.flatMap((a) => a.fillers.hits);
    assert.equal(hits.length, 8);
    assert.equal(all(/<line class="chart-filler"/, svg).length, 8);
    assert.match(svg, /<title>“um” 0:19 \(Q1\)<\/title>/);
    assert.match(svg, /<title>“er” 1:51 \(Q4\)<\/title>/);
    assert.match(svg, /<desc id="chart-fillers-desc">8 fillers, each marked where it was said: “um” \(2\)/);
    // Marks sit in time order along the axis.
    const xs = all(/<line class="chart-filler" x1="([\d.]+)"/, svg).map((m) => Number(m[1]));
    assert.deepEqual(xs, [...xs].sort((a, b) => a - b));
    assert.equal(all(/<tr><th scope="row">\d+:\d\d<\/th><td>“[^”]+”<\/td><td>Q\d<\/td><\/tr>/, html).length, 8);
  });

  it('filler words: the description and the by-word table list the top ones and an "others" row that add up', () => {
    // Eight different words over 15 fillers, as a user saw: the list named 5 and dropped the rest.
    const d = structuredClone(en.delivery!);
    const words = ['um', 'like', 'er', 'you know', 'so', 'basically', 'actually', 'well'];
    d.perAnswer.forEach((a, i) => { a.fillers.byWord = {}; a.fillers.count = 0; });
    const counts = [4, 3, 2, 2, 1, 1, 1, 1];
    words.forEach((w, i) => { const a = d.perAnswer[i % d.perAnswer.length]; a.fillers.byWord[w] = counts[i]; a.fillers.count += counts[i]; });
    const html = fillerChart(en, d, 'en');
    assert.match(svgOf(html, 'chart-fillers'), /<desc id="chart-fillers-desc">15 fillers, each marked where it was said: “um” \(4\), “like” \(3\), “er” \(2\), “you know” \(2\) and others \(4\);/);
    const table = html.slice(html.indexOf('data-testid="chart-fillers-words"'));
    const rows = all(/<tr><th scope="row">([^<]+)<\/th><td>(\d+)<\/td><\/tr>/, table.slice(0, table.indexOf('</details>')));
    assert.deepEqual(rows.map((m) => m[1]), ['“um”', '“like”', '“er”', '“you know”', '“actually”', 'others']);
    assert.equal(rows.reduce((n, m) => n + Number(m[2]), 0), 15);
    const zhHtml = fillerChart(zh, d, 'zh');
    assert.match(zhHtml, /<th scope="row">其他<\/th><td>3<\/td>/);
  });

  it('the delivery metrics name the other fillers too, so the row adds up to its count', () => {
    const stats = structuredClone(en.delivery!.overall);
    stats.fillers.byWord = { um: 4, like: 3, er: 2, 'you know': 2, so: 1, basically: 1, actually: 1, well: 1 };
    stats.fillers.count = 15;
    const row = deliveryMetrics(stats, 'en').find((m) => m.testid === 'delivery-fillers')!;
    assert.match(row.value, /“um” \(4\), “like” \(3\), “er” \(2\), “you know” \(2\), others \(4\)$/);
  });

  it('pauses and latency per question: a bar each, heights in proportion, the 5 s line, described in words', () => {
    const html = pausesChart(en.delivery!, 'en');
    const svg = svgOf(html, 'chart-pauses');
    const heights = (cls: string) => all(new RegExp(`<rect class="chart-bar ${cls}" x="[\\d.]+" y="[\\d.]+" width="[\\d.]+" height="([\\d.]+)"><title>`), svg).map((m) => Number(m[1]));
    const latency = heights('s0');
    const longest = heights('s1');
    assert.equal(latency.length, 4);
    assert.equal(longest.length, 4);
    // Q1 paused 2.4 s, Q4 6.2 s: the bars keep that ratio (to the pixel's tenth).
    assert.ok(Math.abs(longest[3] / longest[0] - 6.2 / 2.4) < 0.05, `${longest[3]} / ${longest[0]}`);
    assert.match(svg, /<title>Q4 Longest pause: 6\.2 s \(Long pauses \(2 s or more\): 1\)<\/title>/);
    assert.match(svg, /<line class="chart-limit"/);
    assert.match(svg, /<desc id="chart-pauses-desc">The longest wait before an answer was 1\.2 s \(Q1\); 0 of 4 answers started after more than 3 s\. Long pauses inside: Q1 \(2\.4 s\), Q4 \(6\.2 s\)\.<\/desc>/);
    assert.deepEqual(labelsAt(svg, '222').map((l) => l.text), ['Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('writes the pictures in the report\'s language, in the panel and in the export', () => {
    const body = renderReportBody(zh, { toolkit: true });
    assert.match(svgOf(body, 'chart-pace'), /<title id="chart-pace-title">整场面试的语速<\/title>/);
    assert.match(svgOf(body, 'chart-fillers'), /<desc id="chart-fillers-desc">共 8 个口头禅/);
    assert.match(svgOf(body, 'chart-pauses'), /每题的反应时间和停顿/);
    const file = renderStandaloneHtml(en);
    assert.match(file, /data-testid="delivery-charts"/);
    assert.ok(!/<script/i.test(file), 'the export has no script');
    assert.match(file, /@media \(prefers-color-scheme: dark\) \{ :root \{[^}]*--vscode-charts-blue:/, 'the export brings its own dark palette');
    assert.ok(!/ style="/.test(renderDeliveryCharts(en, 'en')), 'an inline style attribute (the webview CSP blocks them)');
  });

  it('an untimed transcript has no pictures; a report made before the pace timeline falls back to one point per answer', async () => {
    const untimed = (await core.diagnose({ text: fs.readFileSync(path.join(SAMPLES, 'llm-engineer-en.md'), 'utf8') })).raw;
    assert.equal(renderDeliveryCharts(untimed, 'en'), '');
    const old: Report = JSON.parse(JSON.stringify(en));
    delete old.delivery!.paceTimeline;
    const svg = svgOf(paceChart(old, old.delivery!, 'en'), 'chart-pace');
    assert.equal(all(/<title>Q\d+ [\d:]+–[\d:]+: \d+ words\/min<\/title>/, svg).length, 4);
    assert.match(svg, /Pace of each answer in words\/min/);
  });

  it('a 30-question interview keeps its labels apart and within the picture', () => {
    const report: Report = JSON.parse(JSON.stringify(en));
    const d = report.delivery!;
    const base = d.perAnswer[0];
    d.perAnswer = Array.from({ length: 30 }, (_, k) => ({ ...base, index: k + 1, latencyS: 1 + (k % 7), pauses: { ...base.pauses, long: [{ atS: k * 60 + 20, durationS: 2 + (k % 5) }] } }));
    report.perQuestion = d.perAnswer.map((a, k) => ({ ...en.perQuestion[0], index: a.index, answerStartS: k * 60 + 5, answerEndS: k * 60 + 50 }));
    d.paceTimeline = { ...d.paceTimeline!, windows: report.perQuestion.map((q) => ({ index: q.index, startS: q.answerStartS!, endS: q.answerEndS!, value: 100 + q.index })) };
    for (const svg of [svgOf(pausesChart(d, 'en'), 'chart-pauses'), svgOf(paceChart(report, d, 'en'), 'chart-pace')]) {
      for (const y of new Set(all(/<text class="chart-label[^"]*" x="[\d.]+" y="([\d.]+)" text-anchor="middle">/, svg).map((m) => m[1]))) {
        const labels = labelsAt(svg, y);
        assert.ok(labels.length >= 3, `labels at y=${y}: ${labels.length}`);
        for (let i = 1; i < labels.length; i++) {
          const gap = labels[i].x - labels[i - 1].x - (textWidth(labels[i].text) + textWidth(labels[i - 1].text)) / 2;
          assert.ok(gap >= 4, `"${labels[i - 1].text}" and "${labels[i].text}" overlap (${gap.toFixed(1)} px)`);
        }
        for (const l of labels) assert.ok(l.x - textWidth(l.text) / 2 >= 0 && l.x + textWidth(l.text) / 2 <= 720, `"${l.text}" runs off the edge`);
      }
    }
  });

  it('picks round axis steps', () => {
    assert.deepEqual(ticks(0, 178, 5), [0, 50, 100, 150, 200]);
    assert.deepEqual(ticks(0, 7.2, 5), [0, 2, 4, 6, 8]);
    assert.deepEqual(timeTicks(115), [0, 15, 30, 45, 60, 75, 90, 105, 120]);
    assert.deepEqual(timeTicks(3500).slice(0, 3), [0, 600, 1200]);
  });
});
