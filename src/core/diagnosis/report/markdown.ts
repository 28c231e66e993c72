/**
 * The report as Markdown, for notes, a repository or a message: the summary, delivery with its
 * numbers, the comparison with the last session, the plan, and each question with its score,
 * dimensions, missing key points and inaccuracies, in the report's language throughout. What the
 * candidate said and the file name are the transcript's: escaped, so they read as written and
 * never become links, headings or HTML in whatever renders the file.
 */
import { count, formatDate, msg, punct } from '../../text/i18n';
import { skippedNote } from './skipped';
import { escapeControls } from '../../runtime/redact';
import { DIMENSIONS } from '../knowledge/types';
import type { Language } from '../../text/language';
import { deliveryMetrics, noDeliveryNote, speakerEvidence } from './deliveryHtml';
import { fullComparison, topicName } from './generate';
import { comparisonLead } from './comparisonWording';
import type { QuestionReport, Report } from './model';
import { engineLabel, fallbackLine, scoredByLine, usageLine } from './usageText';

/**
 * Text as Markdown inline content: one line, with every character that could start emphasis,
 * code, a link or image (`[`), raw HTML or an entity (`<`, `&`), or a table cell break escaped.
 * Callers never put it at the start of a line, where `#`, `-` or `1.` would matter.
 */
export function mdText(text: string): string {
  // One pass over each run of white space (a pattern around \n would rescan long runs of spaces).
  return String(text).replace(/\s+/g, (ws) => (/[\r\n]/.test(ws) ? ' ' : ws)).replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
}

/** Text as a blockquote, its own line breaks kept. */
function quote(text: string): string {
  return text.split(/\r?\n/).map((l) => (l.trim() ? `> ${mdText(l)}` : '>')).join('\n');
}

/** "**Label:** value" with the colon of the report's language. */
function labelled(lang: Language, label: string, value: string): string {
  return `**${mdText(label)}${lang === 'zh' ? '：' : ':'}**${lang === 'zh' || value === '' ? '' : ' '}${value}`;
}

function table(head: string[], rows: Array<Array<string | number>>, align: Array<'l' | 'r'> = []): string {
  const cell = (c: string | number) => (typeof c === 'number' ? String(c) : c);
  const rule = head.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
  return [head, rule, ...rows.map((r) => r.map(cell))].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

const dash = (v: number | null | undefined) => (typeof v === 'number' ? String(v) : '—');
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const STATUS_ICON = { stated: '✓', mentioned: '~', missing: '✗', contradicted: '≠' } as const;

function summary(report: Report, lang: Language): string[] {
  const s = report.summary;
  const head = [msg(lang, 'report.overall'), msg(lang, 'report.questions'), ...DIMENSIONS.map((d) => msg(lang, `dim.${d}`))].map(mdText);
  const out = [`## ${mdText(msg(lang, 'report.summary'))}`, '', table(head, [[s.overallScore, s.totalQuestions, ...DIMENSIONS.map((d) => dash(s.dimensions[d]))]], head.map(() => 'r')), ''];
  if (s.headline) out.push(mdText(s.headline), '');
  const t = report.transcript;
  if (t) out.push(`${labelled(lang, msg(lang, 'report.format'), mdText(t.format))} · ${labelled(lang, msg(lang, 'report.speakers'), mdText(speakerEvidence(t.speakers, lang, t.swapped).join(punct(lang).semi)))}`, '');
  const skipped = skippedNote(report, lang);
  if (skipped) out.push(`${mdText(skipped.title)}${lang === 'zh' ? '：' : ':'}`, '', ...skipped.items.map((w) => `- ${mdText(w)}`), '');
  return out;
}

function delivery(report: Report, lang: Language): string[] {
  const d = report.delivery;
  if (!d) return [`## ${mdText(msg(lang, 'report.delivery'))}`, '', mdText(noDeliveryNote(report, lang)), ''];
  const o = d.overall;
  const metrics = deliveryMetrics(o, lang);
  const rows = metrics.map((m) => [mdText(m.label), mdText(m.value), m.scored ? String(m.scored.score) : '—', m.scored ? mdText(m.scored.explanation) : '']);
  if (o.talkRatio !== null) rows.push([mdText(msg(lang, 'report.talkRatio')), `${Math.round(o.talkRatio * 100)}%`, o.talkRatioScore ? String(o.talkRatioScore.score) : '—', o.talkRatioScore ? mdText(o.talkRatioScore.explanation) : '']);
  const out = [`## ${mdText(msg(lang, 'report.delivery'))} — ${o.score}/100`, '', table([msg(lang, 'report.metric'), msg(lang, 'report.value'), msg(lang, 'report.score'), msg(lang, 'report.explanation')].map(mdText), rows, ['l', 'l', 'r', 'l']), ''];
  for (const n of d.notes) out.push(`*${mdText(n)}*`, '');
  const unit = (a: (typeof d.perAnswer)[number]) => msg(lang, a.pace.unit === 'chars/min' ? 'unit.charsPerMin' : 'unit.wordsPerMin');
  const perAnswer = d.perAnswer.map((a) => [
    `Q${a.index}`, `${a.pace.value} ${mdText(unit(a))}`, a.fillers.count, a.pauses.measured ? a.pauses.long.length : '—',
    a.pauses.measured && a.pauses.long.length ? mdText(msg(lang, 'unit.seconds', a.pauses.long.reduce((m, p) => Math.max(m, p.durationS), 0))) : '—',
    a.latencyS === null ? '—' : mdText(msg(lang, 'unit.seconds', a.latencyS)), a.scores.overall,
  ]);
  if (perAnswer.length) {
    const head = [msg(lang, 'chart.col.question'), msg(lang, 'report.pace'), msg(lang, 'report.fillers'), msg(lang, 'chart.col.longPauses'), msg(lang, 'chart.legend.longest'), msg(lang, 'report.latency'), msg(lang, 'report.deliveryScore')].map(mdText);
    out.push(`### ${mdText(msg(lang, 'report.deliveryByQuestion'))}`, '', table(head, perAnswer, ['l', 'r', 'r', 'r', 'r', 'r', 'r']), '');
  }
  return out;
}

function comparison(report: Report, lang: Language): string[] {
  const out = [`## ${mdText(msg(lang, 'report.compared'))}`, ''];
  const lead = comparisonLead(report, lang);
  if (lead.legacyRerun) out.push(mdText(lead.legacyRerun), '');
  const c = report.comparedToLast ? fullComparison(report.comparedToLast) : null;
  if (!c) {
    if (lead.none) out.push(mdText(lead.none), '');
    return out;
  }
  const topics = (ts: string[]) => ts.map((t) => topicName(t, lang)).join(lang === 'zh' ? '、' : ', ') || msg(lang, 'compare.noTopics');
  if (lead.compared) out.push(mdText(lead.compared), '');
  if (c.relation === 'no-common-topic') out.push(mdText(msg(lang, 'compare.unrelated', topics(c.onlyBefore), topics(c.onlyNow))), '');
  else {
    out.push(`- ${mdText(msg(lang, 'compare.row', msg(lang, 'report.overall'), report.summary.overallScore - c.overallDelta, report.summary.overallScore, signed(c.overallDelta)))}`);
    for (const t of c.topics) {
      out.push(`- ${mdText(msg(lang, 'compare.topicRow', topicName(t.topic, lang), t.before, t.now, signed(t.delta), count(lang, t.questionsBefore, 'question'), count(lang, t.questionsNow, 'question')))}`);
    }
  }
  for (const d of c.dimensions) out.push(`- ${mdText(msg(lang, 'compare.row', msg(lang, `dim.${d.dimension}`), d.before, d.now, signed(d.delta)))}`);
  if (!c.improved.length && !c.declined.length) out.push('', mdText(msg(lang, 'report.unchanged')));
  out.push('');
  return out;
}

function plan(report: Report, lang: Language): string[] {
  const out = [`## ${mdText(msg(lang, 'report.plan'))}`, ''];
  for (const [key, items] of [['report.immediate', report.improvementPlan.immediate], ['report.shortTerm', report.improvementPlan.shortTerm], ['report.longTerm', report.improvementPlan.longTerm]] as const) {
    out.push(`### ${mdText(msg(lang, key))}`, '', ...(items.length ? items : [msg(lang, 'report.none')]).map((i) => `- ${mdText(i)}`), '');
  }
  return out;
}

function question(q: QuestionReport, lang: Language): string[] {
  const p = punct(lang);
  const out = [`### Q${q.index}. ${mdText(q.question)} — ${q.contentScore}/100`, ''];
  out.push(DIMENSIONS.map((d) => `${mdText(msg(lang, `dim.${d}`))} ${dash(q.dimensions[d])}`).join(' · '), '');
  const flags = (q.flags ?? []).map((f) => msg(lang, `report.flag.${f}`));
  if (flags.length) out.push(flags.map((f) => `\`${f.replace(/`/g, "'")}\``).join(' '), '');
  if (q.confidence) out.push(labelled(lang, msg(lang, 'report.confidence'), mdText(`${msg(lang, `confidence.${q.confidence.level}`)}${q.confidence.reasons.length ? ` — ${q.confidence.reasons.join(p.semi)}` : ''}`)), '');
  const by = scoredByLine(q, lang);
  if (by) out.push(labelled(lang, msg(lang, 'report.scoredBy'), mdText(by)), '');
  if (q.relevance?.offTopic) out.push(`**${mdText(q.explanations.find((e) => e.dimension === 'relevance')?.reason ?? msg(lang, 'why.offTopicNoName'))}**`, '');
  if (q.reference) {
    out.push(labelled(lang, msg(lang, 'report.missing'), q.keyMissing.length ? q.keyMissing.map(mdText).join(lang === 'zh' ? '、' : '; ') : mdText(msg(lang, 'report.none'))), '');
    if (q.coverage?.length) {
      out.push(labelled(lang, msg(lang, 'report.evidence'), ''), '');
      for (const c of q.coverage) out.push(`- ${STATUS_ICON[c.status]} **${mdText(c.label)}**${mdText(`${p.open}${msg(lang, `report.status.${c.status}`)}${p.close}`)}${c.evidence ? ` — “${mdText(c.evidence)}”` : ''}`);
      out.push('');
    }
  } else {
    out.push(mdText(msg(lang, 'report.noReferenceJudged')), '');
  }
  if (q.inaccuracies.length) {
    out.push(labelled(lang, msg(lang, 'report.inaccuracies'), ''), '', ...q.inaccuracies.map((i) => `- “${mdText(i.sentence ?? i.claim)}” → ${mdText(i.correction)}`), '');
  }
  if (q.delivery) {
    const metrics = deliveryMetrics(q.delivery, lang).filter((m) => m.scored).map((m) => `${mdText(m.label)} ${mdText(m.value)} (${m.scored!.score})`);
    out.push(labelled(lang, `${msg(lang, 'report.delivery')} ${q.delivery.scores.overall}/100`, metrics.join(' · ')), '');
  }
  out.push(labelled(lang, msg(lang, 'report.answer'), ''), '', quote(q.answer || '—'), '');
  if (q.reference) out.push(labelled(lang, msg(lang, 'report.reference'), ''), '', quote(q.reference.expertAnswer), '');
  else if (q.related?.length) out.push(labelled(lang, msg(lang, 'report.related'), ''), '', ...q.related.map((r) => `- ${mdText(r.question)}`), '');
  return out;
}

/** The whole report as a Markdown document, in the report's language. */
export function renderMarkdown(report: Report): string {
  const lang = report.language;
  const usage = usageLine(report);
  const fallbacks = fallbackLine(report);
  const lines = [
    `# ${mdText(msg(lang, 'report.title'))}${lang === 'zh' ? '：' : ': '}${mdText(report.source)}`,
    '',
    [labelled(lang, msg(lang, 'report.source'), mdText(report.source)), labelled(lang, msg(lang, 'report.engine'), mdText(engineLabel(report))), labelled(lang, msg(lang, 'report.generated'), mdText(formatDate(report.createdAt, lang)))].join(' · '),
    '',
    ...(usage ? [labelled(lang, msg(lang, 'report.usage'), mdText(usage)), ''] : []),
    ...(fallbacks ? [mdText(fallbacks), ''] : []),
    ...summary(report, lang),
    ...delivery(report, lang),
    ...comparison(report, lang),
    ...plan(report, lang),
    `## ${mdText(msg(lang, 'report.perQuestion'))}`,
    '',
    ...report.perQuestion.flatMap((q) => question(q, lang)),
  ];
  // A transcript's ESC, BEL or bidi overrides would act on whoever cats or previews the file: shown as \uXXXX, as the terminal output shows them.
  return `${escapeControls(lines.join('\n')).replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
