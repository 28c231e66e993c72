import * as vscode from 'vscode';
import { count, msg, type KnowledgeEntry, type Report } from '../../core';
import type { DiagnosisState } from './diagnosisState';
import type { CoreHost } from '../shared/coreHost';

/**
 * Hover on a question line of a diagnosed transcript: the matched knowledge-base entry, its key
 * points marked covered or missing with the points each is worth, and a link that opens the
 * entry. Written in the report's language, like the report and the lens.
 */
export class QuestionHoverProvider implements vscode.HoverProvider {
  constructor(private readonly state: DiagnosisState, private readonly host: CoreHost) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const report = this.state.get(document);
    if (!report) return undefined;
    const q = report.perQuestion.find((p) => document.positionAt(p.startOffset).line === position.line);
    if (!q) return undefined;
    const lang = report.language;
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = { enabledCommands: ['interviewLens.openKnowledgeEntry', 'interviewLens.revealQuestion', 'interviewLens.compareWithExpert'] };
    md.appendMarkdown(`**Interview Lens · Q${q.index} · ${q.contentScore}/100**`);
    if (q.confidence) md.appendMarkdown(` · ${escapeMd(msg(lang, 'hover.confidence', msg(lang, `confidence.${q.confidence.level}`)))}`);
    md.appendMarkdown('\n\n');
    if (q.relevance?.offTopic) {
      const why = q.explanations.find((e) => e.dimension === 'relevance')?.reason;
      md.appendMarkdown(`$(warning) ${escapeMd(why ?? msg(lang, 'lens.offTopic'))}\n\n`);
    }
    if (!q.reference) {
      md.appendMarkdown(escapeMd(msg(lang, 'hover.noReference')));
      if (q.related?.length) {
        md.appendMarkdown(`\n\n${escapeMd(msg(lang, 'report.related'))}${lang === 'zh' ? '：' : ':'}\n`);
        for (const r of q.related) {
          const args = encodeURIComponent(JSON.stringify([r.id]));
          md.appendMarkdown(`- [${escapeMd(r.question)}](command:interviewLens.openKnowledgeEntry?${args})\n`);
        }
      }
      return new vscode.Hover(md, document.lineAt(position.line).range);
    }
    const core = await this.host.get();
    md.appendMarkdown(`${escapeMd(msg(lang, 'hover.reference'))}${lang === 'zh' ? '：' : ': '}${escapeMd(q.reference.question)}\n\n`);
    const points = keyPoints(q, report, core.knowledgeBase.get(q.reference.id));
    const total = points.reduce((s, p) => s + p.weight, 0) || 1;
    for (const p of points) {
      const icon = p.status === 'stated' ? '$(check)' : p.status === 'mentioned' ? '$(circle-large-outline)' : p.status === 'contradicted' ? '$(error)' : '$(circle-slash)';
      // What a point is worth, in the points of completeness the report's "Why these scores" adds up.
      const worth = msg(lang, 'hover.points', count(lang, Math.round((100 * p.weight) / total), 'point'));
      const status = msg(lang, `report.status.${p.status}`);
      const how = lang === 'zh' ? `（${status}；${worth}）` : ` (${status}; ${worth})`;
      md.appendMarkdown(`- ${icon} ${escapeMd(p.label)}${escapeMd(how)}${p.evidence ? ` — *“${escapeMd(shorten(p.evidence))}”*` : ''}\n`);
    }
    md.appendMarkdown('\n');
    // The entry in the report's language when the item has one.
    const itemId = q.reference.id.replace(/^(zh|en)-/, '');
    const entryId = core.knowledgeBase.get(`${lang}-${itemId}`) ? `${lang}-${itemId}` : q.reference.id;
    const open = encodeURIComponent(JSON.stringify([entryId]));
    const reveal = encodeURIComponent(JSON.stringify([document.uri, q.index]));
    md.appendMarkdown(`[${escapeMd(msg(lang, 'hover.open'))}](command:interviewLens.openKnowledgeEntry?${open}) · [${escapeMd(msg(lang, 'hover.show'))}](command:interviewLens.revealQuestion?${reveal})`
      + ` · [${escapeMd(msg(lang, 'hover.compare'))}](command:interviewLens.compareWithExpert?${reveal})`);
    return new vscode.Hover(md, document.lineAt(position.line).range);
  }
}

type Point = { label: string; weight: number; status: 'stated' | 'mentioned' | 'missing' | 'contradicted'; evidence?: string };

/** The key points with their status: from the report's coverage, or (older reports) from the entry and the missing list. */
function keyPoints(q: Report['perQuestion'][number], report: Report, entry: KnowledgeEntry | undefined): Point[] {
  if (q.coverage?.length) return q.coverage;
  if (!entry) return [];
  const missing = new Set(q.keyMissing);
  return entry.keyPoints.map((k) => {
    const label = k.labels?.[report.language] ?? k.label;
    return { label, weight: k.weight, status: missing.has(label) ? 'missing' : 'stated' };
  });
}

function shorten(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 117)}…` : t;
}

function escapeMd(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
