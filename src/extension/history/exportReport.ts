import * as vscode from 'vscode';
import * as os from 'node:os';
import * as path from 'node:path';
import { renderMarkdown, renderStandaloneHtml, writeFileAtomic, type Report } from '../../core';
import type { DiagnosisState } from '../diagnosis/diagnosisState';
import type { HistoryNode } from './historyTree';
import { showError } from '../shared/notify';
import type { ReportPanel } from '../diagnosis/reportPanel';
import type { ReportRestorer } from '../diagnosis/reportRestorer';
import type { CoreHost } from '../shared/coreHost';
import { currentUserId } from '../shared/userId';

/** The two export formats. */
export type ExportFormat = 'markdown' | 'html';

/** What "Export Report…" needs. */
export interface ExportDeps {
  host: CoreHost;
  panel: ReportPanel;
  state: DiagnosisState;
  restorer: ReportRestorer;
}

/** What automation (and the panel's button) may pass instead of choosing in dialogs. */
interface ExportArgs { reportId?: string; format?: ExportFormat; target?: vscode.Uri }

const EXTENSION: Record<ExportFormat, string> = { markdown: 'md', html: 'html' };

/** The file's text: Markdown, or the self-contained HTML page (inline CSS and SVG, no script). */
export function exportText(report: Report, format: ExportFormat): string {
  return format === 'markdown' ? renderMarkdown(report) : renderStandaloneHtml(report);
}

function argsOf(arg: unknown): ExportArgs {
  const node = arg as Partial<Extract<HistoryNode, { type: 'report' }>> | undefined;
  if (node?.type === 'report' && typeof node.row?.id === 'string') return { reportId: node.row.id };
  const a = (arg ?? {}) as Record<string, unknown>;
  return {
    ...(typeof a.reportId === 'string' ? { reportId: a.reportId } : {}),
    ...(a.format === 'markdown' || a.format === 'html' ? { format: a.format } : {}),
    ...(a.target instanceof vscode.Uri ? { target: a.target } : {}),
  };
}

/** The report to export: the one asked for, else the one on show, else the active transcript's, else one picked from the history. */
async function reportToExport(deps: ExportDeps, reportId: string | undefined): Promise<Report | undefined> {
  if (reportId) {
    if (deps.panel.shown?.report.id === reportId) return deps.panel.shown.report;
    const store = deps.host.hasHistory ? await deps.host.history() : undefined;
    return store?.get(reportId) ?? undefined;
  }
  if (deps.panel.shown) return deps.panel.shown.report;
  const doc = vscode.window.activeTextEditor?.document;
  const own = doc ? deps.state.last(doc.uri) ?? (await deps.restorer.restore(doc)) : undefined;
  if (own) return own;
  const store = deps.host.hasHistory ? await deps.host.history() : undefined;
  const rows = store?.list(currentUserId(), 50) ?? [];
  if (rows.length === 0) return undefined;
  const picked = await vscode.window.showQuickPick(rows.map((r) => ({ label: r.source, description: `${new Date(r.createdAt).toLocaleString(vscode.env.language)} · ${r.overallScore}/100`, id: r.id })), {
    title: vscode.l10n.t('Export which report?'), placeHolder: vscode.l10n.t('Reports in the history, newest first'),
  });
  return picked ? store?.get(picked.id) ?? undefined : undefined;
}

/** Where the save dialog starts: beside the transcript when it was a file, else the workspace. */
function defaultTarget(report: Report, format: ExportFormat, deps: ExportDeps): vscode.Uri {
  const base = `${path.parse(report.source).name || 'interview'}-report.${EXTENSION[format]}`;
  const shown = deps.panel.shown;
  const beside = shown?.report.id === report.id && shown.uri.scheme === 'file' ? vscode.Uri.joinPath(shown.uri, '..') : undefined;
  const folder = beside ?? vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
  return vscode.Uri.joinPath(folder, base);
}

/**
 * "Interview Lens: Export Report…": a report as Markdown or as one self-contained HTML file
 * (readable in light and dark), written atomically where the user chose. From the palette, the
 * report panel's Export button, or a History item.
 */
export async function exportReportCommand(deps: ExportDeps, arg?: unknown): Promise<vscode.Uri | undefined> {
  const args = argsOf(arg);
  const report = await reportToExport(deps, args.reportId);
  if (!report) {
    void vscode.window.showInformationMessage(args.reportId
      ? vscode.l10n.t('This report is no longer in the history, so it cannot be exported.')
      : vscode.l10n.t('No report to export yet: run "Interview Lens: Diagnose Interview" first.'));
    return undefined;
  }
  let format = args.format;
  if (!format) {
    const picked = await vscode.window.showQuickPick([
      { label: vscode.l10n.t('Markdown'), description: '.md', detail: vscode.l10n.t('Text with tables: for notes, a repository or a message.'), format: 'markdown' as const },
      { label: vscode.l10n.t('HTML'), description: '.html', detail: vscode.l10n.t('One self-contained page with the charts, no scripts; readable in light and dark.'), format: 'html' as const },
    ], { title: vscode.l10n.t('Export the report of {0} as', report.source) });
    format = picked?.format;
  }
  if (!format) return undefined;
  let target = args.target;
  if (target) {
    // Automation may only write inside the workspace; anywhere else is the user's choice in the dialog.
    if (target.scheme !== 'file' || !vscode.workspace.getWorkspaceFolder(target)) {
      void showError(vscode.l10n.t('Not exported: {0} is outside the workspace. Choose the file in the save dialog instead.', target.fsPath));
      return undefined;
    }
  } else {
    target = await vscode.window.showSaveDialog({
      defaultUri: defaultTarget(report, format, deps), saveLabel: vscode.l10n.t('Export'), title: vscode.l10n.t('Export the report of {0}', report.source),
      filters: format === 'markdown' ? { [vscode.l10n.t('Markdown')]: ['md'] } : { [vscode.l10n.t('HTML')]: ['html', 'htm'] },
    });
  }
  if (!target) return undefined;
  const text = exportText(report, format);
  try {
    // A local file is replaced atomically (temp file, fsync, rename): a crash leaves the old file or the new one.
    if (target.scheme === 'file') writeFileAtomic(target.fsPath, text);
    else await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  } catch (err) {
    deps.host.log.error(`export ${report.source}: ${(err as Error).message}`);
    void showError(vscode.l10n.t('Could not export the report to {0}: {1}', target.fsPath, (err as Error).message));
    return undefined;
  }
  deps.host.log.info(`exported the report of ${report.source} as ${format} to ${target.fsPath}`);
  if (!args.target) {
    const open = vscode.l10n.t('Open');
    void vscode.window.showInformationMessage(vscode.l10n.t('Report exported to {0}.', target.fsPath), open).then((c) => c === open && vscode.commands.executeCommand('vscode.open', target));
  }
  return target;
}
