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
    md.appendMarkdown(`**Interview Lens · Q${q.index} · ${q.contentScore}/100**\n\n`);
    if (!q.reference) {
      md.appendMarkdown(vscode.l10n.t('No knowledge-base entry matched this question; it was scored on structure only.'));
      return new vscode.Hover(md);
    }
    const core = await this.host.get();
    const entry = core.knowledgeBase.get(q.reference.id);
    md.appendMarkdown(`${vscode.l10n.t('Reference')}: ${escapeMd(q.reference.question)}\n\n`);
    if (entry) {
      const missing = new Set(q.keyMissing);
      for (const k of entry.keyPoints) md.appendMarkdown(`- ${missing.has(k.label) ? '$(circle-slash)' : '$(check)'} ${escapeMd(k.label)} ×${k.weight}\n`);
      md.appendMarkdown('\n');
    }
    const open = encodeURIComponent(JSON.stringify([q.reference.id]));
    const reveal = encodeURIComponent(JSON.stringify([document.uri, q.index]));
    md.appendMarkdown(`[${vscode.l10n.t('Open the entry')}](command:interviewLens.openKnowledgeEntry?${open}) · [${vscode.l10n.t('Show in the report')}](command:interviewLens.revealQuestion?${reveal})`);
    return new vscode.Hover(md, document.lineAt(position.line).range);
  }
}

function escapeMd(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
