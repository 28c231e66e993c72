import * as vscode from 'vscode';
import type { DiagnosisState } from './diagnosisState';
import type { CoreHost } from './services';

/**
 * Hover on a question line of a diagnosed transcript: the matched knowledge-base entry, its key
 * points marked covered or missing, and a link that opens the entry.
 */
export class QuestionHoverProvider implements vscode.HoverProvider {
  constructor(private readonly state: DiagnosisState, private readonly host: CoreHost) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const report = this.state.get(document);
    if (!report) return undefined;
    const q = report.perQuestion.find((p) => document.positionAt(p.startOffset).line === position.line);
    if (!q) return undefined;
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = { enabledCommands: ['interviewLens.openKnowledgeEntry', 'interviewLens.revealQuestion'] };
    md.appendMarkdown(`**Interview Lens · Q${q.index} · ${q.contentScore}/100**`);
    if (q.confidence) md.appendMarkdown(` · ${vscode.l10n.t('confidence: {0}', confidenceLabel(q.confidence.level))}`);
    md.appendMarkdown('\n\n');
    if (q.relevance?.offTopic) {
      const why = q.explanations.find((e) => e.dimension === 'relevance')?.reason;
      md.appendMarkdown(`$(warning) ${escapeMd(why ?? vscode.l10n.t('answers another question'))}\n\n`);
    }
    if (!q.reference) {
      md.appendMarkdown(vscode.l10n.t('No knowledge-base entry matched this question with enough confidence: completeness and accuracy are not assessed; the score rests on relevance, explanations and concrete claims.'));
      if (q.related?.length) {
        md.appendMarkdown(`\n\n${vscode.l10n.t('Closest related entries')}:\n`);
        for (const r of q.related) {
          const args = encodeURIComponent(JSON.stringify([r.id]));
          md.appendMarkdown(`- [${escapeMd(r.question)}](command:interviewLens.openKnowledgeEntry?${args})\n`);
        }
      }
      return new vscode.Hover(md, document.lineAt(position.line).range);
    }
    md.appendMarkdown(`${vscode.l10n.t('Reference')}: ${escapeMd(q.reference.question)}\n\n`);
    if (q.coverage?.length) {
      for (const c of q.coverage) {
        const icon = c.status === 'stated' ? '$(check)' : c.status === 'mentioned' ? '$(circle-large-outline)' : c.status === 'contradicted' ? '$(error)' : '$(circle-slash)';
        const status = c.status === 'stated' ? vscode.l10n.t('stated') : c.status === 'mentioned' ? vscode.l10n.t('named only') : c.status === 'contradicted' ? vscode.l10n.t('contradicted') : vscode.l10n.t('missing');
        md.appendMarkdown(`- ${icon} ${escapeMd(c.label)} ×${c.weight} (${status})${c.evidence ? ` — *“${escapeMd(shorten(c.evidence))}”*` : ''}\n`);
      }
      md.appendMarkdown('\n');
    } else {
      const core = await this.host.get();
      const entry = core.knowledgeBase.get(q.reference.id);
      if (entry) {
        const missing = new Set(q.keyMissing);
        for (const k of entry.keyPoints) md.appendMarkdown(`- ${missing.has(k.label) ? '$(circle-slash)' : '$(check)'} ${escapeMd(k.label)} ×${k.weight}\n`);
        md.appendMarkdown('\n');
      }
    }
    const open = encodeURIComponent(JSON.stringify([q.reference.id]));
    const reveal = encodeURIComponent(JSON.stringify([document.uri, q.index]));
    md.appendMarkdown(`[${vscode.l10n.t('Open the entry')}](command:interviewLens.openKnowledgeEntry?${open}) · [${vscode.l10n.t('Show in the report')}](command:interviewLens.revealQuestion?${reveal})`);
    return new vscode.Hover(md, document.lineAt(position.line).range);
  }
}

function confidenceLabel(level: 'high' | 'medium' | 'low'): string {
  return level === 'high' ? vscode.l10n.t('high') : level === 'medium' ? vscode.l10n.t('medium') : vscode.l10n.t('low');
}

function shorten(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 117)}…` : t;
}

function escapeMd(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
