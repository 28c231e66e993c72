import { msg } from '../i18n';
import { DIMENSIONS } from '../kb/types';
import type { Language } from '../transcript/language';
import type { Report } from './model';

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The readable terminal summary: overall score, each question with its score and main missing point. */
export function renderTextSummary(report: Report, lang: Language = report.language): string {
  const s = report.summary;
  const lines = [
    `${msg(lang, 'report.title')}: ${report.source}`,
    `${msg(lang, 'report.overall')}: ${s.overallScore}/100 · ${msg(lang, 'report.questions')}: ${s.totalQuestions}`,
    DIMENSIONS.map((d) => `${msg(lang, `dim.${d}`)} ${s.dimensions[d] ?? '—'}`).join(' · '),
    '',
  ];
  for (const r of report.perQuestion) {
    const missing = r.relevance?.offTopic
      ? msg(lang, 'report.flag.off-topic')
      : r.keyMissing[0] ? `${msg(lang, 'report.missing')}: ${r.keyMissing[0]}` : '';
    const low = r.confidence?.level === 'low' ? ` (${msg(lang, 'report.confidence')}: ${msg(lang, 'confidence.low')})` : '';
    lines.push(`Q${r.index}  ${String(r.contentScore).padStart(3)}/100${low}  ${oneLine(r.question, 48)}${missing ? `  — ${missing}` : ''}`);
  }
  if (report.delivery) {
    const o = report.delivery.overall;
    lines.push('', `${msg(lang, 'report.delivery')}: ${o.score}/100`);
    for (const x of [o.scores.pace, o.scores.fillers, o.scores.pauses, o.scores.latency, o.talkRatioScore]) if (x) lines.push(`  ${String(x.score).padStart(3)}  ${x.explanation}`);
    for (const n of report.delivery.notes) lines.push(`  (${n})`);
  }
  if (report.comparedToLast) {
    const c = report.comparedToLast;
    lines.push('', `${msg(lang, 'report.compared')}: ${c.overallDelta >= 0 ? '+' : ''}${c.overallDelta}`);
  }
  if (report.improvementPlan.immediate.length) {
    lines.push('', `${msg(lang, 'report.plan')} — ${msg(lang, 'report.immediate')}:`);
    for (const p of report.improvementPlan.immediate) lines.push(`  • ${oneLine(p, 160)}`);
  }
  return lines.join('\n');
}
