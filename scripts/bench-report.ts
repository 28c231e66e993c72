// The report renderers' part of `npm run bench` (issue 17): rendering the report of a 30-question
// timed interview as the exported HTML page with the delivery pictures against the same page
// without them (the baseline), the report panel's body with the Progress section of 30 sessions
// against it without, and the Markdown export. Medians of 50 runs after a warm-up.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { computeProgress } from '../src/core/diagnosis/report/progress';
import { renderReportBody, renderStandaloneHtml } from '../src/core/diagnosis/report/html';
import { renderMarkdown } from '../src/core/diagnosis/report/markdown';
import type { Report } from '../src/core/diagnosis/report/model';
import { createCore, prepareCore } from '../src/core/services';
import { msText, timeSync } from './benchTiming';

const ROOT = path.resolve(__dirname, '..');
const ms = (x: number) => msText(x, 2);

/** "00:01:02,500" for an SRT cue. */
function stamp(s: number): string {
  const p = (x: number, w = 2) => String(Math.floor(x)).padStart(w, '0');
  return `${p(s / 3600)}:${p((s / 60) % 60)}:${p(s % 60)},${p((s * 1000) % 1000, 3)}`;
}

/** A timed 30-question interview: each knowledge-base question, answered in 5-second cues with a filler now and then. */
function timedInterview(n = 30): string {
  const entries = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'knowledge.json'), 'utf8')).filter((e: { language: string }) => e.language === 'en');
  const cues: string[] = [];
  let t = 1;
  let k = 0;
  const cue = (text: string, d: number) => {
    cues.push(`${++k}\n${stamp(t)} --> ${stamp(t + d)}\n${text}\n`);
    t += d;
  };
  for (let i = 0; i < n; i++) {
    const e = entries[i % entries.length];
    cue(`Interviewer: ${e.question}`, 4);
    t += 1 + (i % 4);
    const sentences = String(i % 2 ? e.noviceAnswer : e.expertAnswer).split(/(?<=[.!?])\s+/);
    sentences.forEach((s, j) => {
      cue(`${j === 0 ? 'Candidate: ' : ''}${j % 3 === 1 ? 'Um, ' : ''}${s}`, 5);
      if (j % 4 === 3) t += 2.5;
    });
    t += 1;
  }
  return cues.join('\n');
}

async function main(): Promise<void> {
  await prepareCore();
  const core = createCore({ knowledgeDir: path.join(ROOT, 'dist', 'knowledge.json') });
  const report: Report = (await core.diagnose({ text: timedInterview(), source: 'bench-30q.srt' })).raw;
  if (report.perQuestion.length !== 30 || !report.delivery?.paceTimeline) throw new Error(`expected a timed 30-question report, got ${report.perQuestion.length} questions`);
  // 30 sessions of history for the Progress section: the same report at other times and scores.
  const sessions = Array.from({ length: 30 }, (_, k) => ({
    ...report, id: `s${k}`, createdAt: new Date(Date.UTC(2026, 10, 1 + k)).toISOString(),
    summary: { ...report.summary, overallScore: 40 + k, dimensions: { ...report.summary.dimensions, depth: 30 + k } },
    perQuestion: report.perQuestion.map((q) => ({ ...q, contentScore: Math.min(100, q.contentScore + k) })),
  }));
  const progress = computeProgress(sessions);
  const withCharts = timeSync(() => renderStandaloneHtml(report));
  const without = timeSync(() => renderReportBody(report, { toolkit: false, charts: false }));
  const bodyWith = timeSync(() => renderReportBody(report, { toolkit: false }));
  const panel = timeSync(() => renderReportBody(report, { toolkit: true, progress }));
  const panelWithout = timeSync(() => renderReportBody(report, { toolkit: true }));
  const progressOnly = timeSync(() => computeProgress(sessions));
  const markdown = timeSync(() => renderMarkdown(report));
  const kb = (s: string) => `${(Buffer.byteLength(s) / 1024).toFixed(0)} KB`;
  console.log(`\nReport rendering (a 30-question timed interview, ${report.delivery.paceTimeline.windows.length} pace windows; median of 50 runs)`);
  console.log(`  HTML export with the delivery pictures: ${ms(withCharts)} (${kb(renderStandaloneHtml(report))})`);
  console.log(`  report body with the pictures: ${ms(bodyWith)}; without them (baseline): ${ms(without)} -> ratio ${(bodyWith / without).toFixed(2)}x`);
  console.log(`  panel body with Progress over 30 sessions: ${ms(panel)}; without Progress (baseline): ${ms(panelWithout)} -> ratio ${(panel / panelWithout).toFixed(2)}x; computeProgress alone ${ms(progressOnly)}`);
  console.log(`  Markdown export: ${ms(markdown)} (${kb(renderMarkdown(report))})`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
