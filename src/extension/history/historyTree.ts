import * as vscode from 'vscode';
import { isMockInterviewKey, type HistoryRow, type HistoryStore } from '../../core';
import { showWarning } from '../shared/notify';
import type { CoreHost } from '../shared/coreHost';
import { currentUserId } from '../shared/userId';

/** The History view's id. */
export const HISTORY_VIEW = 'interviewLens.history';

/** A node of the History view: a month, or one stored report under it. */
export type HistoryNode =
  | { type: 'month'; key: string; rows: HistoryRow[]; newest: boolean }
  | { type: 'report'; row: HistoryRow; month: string; mock: boolean };

/** How many reports the view lists (the history's own size limit keeps far fewer in practice). */
const MOST_LISTED = 100_000;

function localMonth(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 7);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

function monthLabel(key: string): string {
  const [y, m] = key.split('-').map(Number);
  if (!y || !m) return key;
  return new Intl.DateTimeFormat(vscode.env.language, { year: 'numeric', month: 'long' }).format(new Date(y, m - 1, 1));
}

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** "1 Dec, 21:45": short enough that the score after it stays visible in a narrow side bar (the month is the group). */
function shortWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(vscode.env.language, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
}

/** The reports of `rows` (newest first) grouped by local month, newest month first. */
export function groupByMonth(rows: readonly HistoryRow[]): Array<Extract<HistoryNode, { type: 'month' }>> {
  const months = new Map<string, HistoryRow[]>();
  for (const r of rows) {
    const key = localMonth(r.createdAt);
    months.set(key, [...(months.get(key) ?? []), r]);
  }
  return [...months.entries()].sort((a, b) => b[0].localeCompare(a[0])).map(([key, list], k) => ({ type: 'month', key, rows: list, newest: k === 0 }));
}

/**
 * The "History" view: every diagnosis and mock interview of this user, newest first, by month,
 * with its date, source and overall score. Refreshed when this window saves or deletes a report,
 * and by Refresh for what other windows or the CLI saved (the store re-reads its file).
 */
export class HistoryTreeProvider implements vscode.TreeDataProvider<HistoryNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<HistoryNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly sub: vscode.Disposable;
  private warned = false;

  constructor(private readonly host: CoreHost) {
    this.sub = host.onDidChangeHistory(() => this.refresh());
  }

  refresh(): void {
    this.emitter.fire(undefined);
  }

  async getChildren(node?: HistoryNode): Promise<HistoryNode[]> {
    if (node?.type === 'report') return [];
    if (node?.type === 'month') return node.rows.map((row) => ({ type: 'report', row, month: node.key, mock: isMockInterviewKey(row.sourceKey) }));
    const store = await this.store();
    if (!store) return [];
    return groupByMonth(store.list(currentUserId(), MOST_LISTED));
  }

  getTreeItem(node: HistoryNode): vscode.TreeItem {
    if (node.type === 'month') {
      const item = new vscode.TreeItem(monthLabel(node.key), node.newest ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `month:${node.key}`;
      item.description = node.rows.length === 1 ? vscode.l10n.t('1 report') : vscode.l10n.t('{0} reports', node.rows.length);
      item.contextValue = 'history.month';
      return item;
    }
    const { row, mock } = node;
    const item = new vscode.TreeItem(row.source, vscode.TreeItemCollapsibleState.None);
    item.id = `report:${row.id}`;
    // The score first: a narrow side bar cuts the end of the description.
    item.description = mock
      ? vscode.l10n.t('{0}/100 · mock interview · {1}', row.overallScore, shortWhen(row.createdAt))
      : vscode.l10n.t('{0}/100 · {1}', row.overallScore, shortWhen(row.createdAt));
    item.tooltip = new vscode.MarkdownString()
      .appendText(`${row.source}\n\n`)
      .appendText(mock ? vscode.l10n.t('Mock interview of {0}, overall {1}/100', when(row.createdAt), row.overallScore) : vscode.l10n.t('Diagnosed {0}, overall {1}/100', when(row.createdAt), row.overallScore));
    item.iconPath = new vscode.ThemeIcon(mock ? 'mortar-board' : 'checklist');
    item.contextValue = mock ? 'history.report.mock' : 'history.report';
    item.command = { command: 'interviewLens.history.open', title: vscode.l10n.t('Open Report'), arguments: [node] };
    return item;
  }

  /** The history, opened on first need; none before the first report is saved (the welcome text shows). */
  private async store(): Promise<HistoryStore | undefined> {
    if (!this.host.hasHistory) return undefined;
    try {
      return await this.host.history();
    } catch (err) {
      this.host.log.error(`history view: ${(err as Error).message}`);
      if (!this.warned) {
        this.warned = true;
        void showWarning(vscode.l10n.t('Interview Lens cannot read its history ({0}). The file is left as it is.', (err as Error).message));
      }
      return undefined;
    }
  }

  dispose(): void {
    this.sub.dispose();
    this.emitter.dispose();
  }
}
