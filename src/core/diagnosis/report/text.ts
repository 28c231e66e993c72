import { count, formatDate, msg } from '../../text/i18n';
import { DIMENSIONS } from '../knowledge/types';
import { lensTitle } from './lens';
import type { Report } from './model';
import { fullComparison, topicName } from './generate';
import { comparisonLead } from './comparisonWording';
import { skippedNote } from './skipped';
import { engineLabel, fallbackLine, usageLine } from './usageText';

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The readable terminal summary, in the report's language: overall score, each question with its
 * score and main missing point (as on its CodeLens), delivery, what it was compared with, the first steps.
 */
export function renderTextSummary(report: Report): string {
  const lang = report.language;
  const colon = lang === 'zh' ? '：' : ': ';
  const s = report.summary;
  const lines = [
    `${msg(lang, 'report.title')}${colon}${report.source}`,
    `${msg(lang, 'report.overall')}${colon}${s.overallScore}/100 · ${msg(lang, 'report.questions')}${colon}${s.totalQuestions}`,
    DIMENSIONS.map((d) => `${msg(lang, `dim.${d}`)} ${s.dimensions[d] ?? '—'}`).join(' · '),
  ];
  // Which engine scored, and with a model what the run cost; the offline judge needs no line.
  if (report.engine !== 'offline') lines.push(`${msg(lang, 'report.engine')}${colon}${engineLabel(report)}`);
  const usage = usageLine(report);
  if (usage) lines.push(`${msg(lang, 'report.usage')}${colon}${usage}`);
  const fallbacks = fallbackLine(report);
  if (fallbacks) lines.push(fallbacks);
  const skipped = skippedNote(report, lang);
  if (skipped) lines.push(`${skipped.title}${colon}`, ...skipped.items.map((w) => `  ${oneLine(w, 200)}`));
  lines.push('');
  for (const r of report.perQuestion) {
    // The lens line (score, main missing point, confidence), then the question; no reference says what the score rests on.
    const [head, ...rest] = lensTitle(r, lang).split(' · ').slice(1);
    const note = r.reference ? rest.join(' · ') : [...(r.relevance?.offTopic ? [msg(lang, 'lens.offTopic')] : []), msg(lang, 'report.noReferenceShort')].join(' · ');
    lines.push(`Q${r.index}  ${head.padStart(7)}  ${oneLine(r.question, 48)}${note ? `  — ${note}` : ''}`);
  }
  if (report.delivery) {
    const o = report.delivery.overall;
    lines.push('', `${msg(lang, 'report.delivery')}${colon}${o.score}/100`);
    for (const x of [o.scores.pace, o.scores.fillers, o.scores.pauses, o.scores.latency, o.talkRatioScore]) if (x) lines.push(`  ${String(x.score).padStart(3)}  ${x.explanation}`);
    for (const n of report.delivery.notes) lines.push(`  (${n})`);
  }
  const c = report.comparedToLast ? fullComparison(report.comparedToLast) : null;
  const lead = comparisonLead(report, lang);
  if (lead.legacyRerun) lines.push('', lead.legacyRerun);
  if (lead.none) lines.push('', lead.none);
  if (c) {
    lines.push('', `${msg(lang, 'report.compared')}${colon}${lead.compared ?? ''}`);
    if (c.relation === 'no-common-topic') {
      const topics = (ts: string[]) => ts.map((t) => topicName(t, lang)).join(lang === 'zh' ? '、' : ', ') || msg(lang, 'compare.noTopics');
      lines.push(`  ${msg(lang, 'compare.unrelated', topics(c.onlyBefore), topics(c.onlyNow))}`);
    } else {
      lines.push(`  ${msg(lang, 'compare.row', msg(lang, 'report.overall'), s.overallScore - c.overallDelta, s.overallScore, `${c.overallDelta >= 0 ? '+' : ''}${c.overallDelta}`)}`);
      for (const t of c.topics) lines.push(`  ${msg(lang, 'compare.row', topicName(t.topic, lang), t.before, t.now, `${t.delta >= 0 ? '+' : ''}${t.delta}`)}`);
    }
    for (const d of c.dimensions) lines.push(`  ${msg(lang, 'compare.row', msg(lang, `dim.${d.dimension}`), d.before, d.now, `${d.delta >= 0 ? '+' : ''}${d.delta}`)}`);
  }
  if (report.improvementPlan.immediate.length) {
    lines.push('', `${msg(lang, 'report.plan')} — ${msg(lang, 'report.immediate')}${colon}`);
    for (const p of report.improvementPlan.immediate) lines.push(`  • ${oneLine(p, 160)}`);
  }
  return lines.join('\n');
}
