import * as vscode from 'vscode';
import type { RecordRow } from '../../core/records/rows';
import type { EntityKind } from '../../core/records/schema';
import type { RecordsStore } from '../../core/records/recordsStore';
import { localDay } from '../../core/records/normalize';
import type { RecordsHost } from './recordsHost';
import { kindLabel, oneLine, recordTitle } from './recordLabels';
import { showWarning } from '../shared/notify';

/** The top-level groups of the view, in order, and the kind each lists. */
export const JOB_GROUPS = [
  { id: 'companies', kind: 'company' },
  // Only the interviews whose position is not known yet; the others sit under their position.
  { id: 'interviews', kind: 'interview' },
  { id: 'people', kind: 'person' },
  { id: 'notes', kind: 'note' },
  { id: 'events', kind: 'event' },
  { id: 'reminders', kind: 'reminder' },
  { id: 'diagnoses', kind: 'diagnosis' },
] as const;

/** One of those groups. */
export type JobGroupId = (typeof JOB_GROUPS)[number]['id'];

/** A node of the Job Search tree: a group, or one record (with the node it sits under). */
export type JobNode =
  | { type: 'group'; group: JobGroupId; count: number; due: number }
  | { type: 'record'; kind: EntityKind; row: RecordRow; parent: JobNode; due?: boolean; hasChildren?: boolean };

const ICONS: Partial<Record<EntityKind, string>> = {
  company: 'organization', position: 'briefcase', person: 'person', note: 'note', event: 'calendar', reminder: 'bell',
  application: 'send', interview: 'comment-discussion', offer: 'gift', diagnosis: 'checklist',
};

function groupLabel(group: JobGroupId): string {
  switch (group) {
    case 'companies': return vscode.l10n.t('Companies');
    case 'interviews': return vscode.l10n.t('Interviews');
    case 'people': return vscode.l10n.t('People');
    case 'notes': return vscode.l10n.t('Notes');
    case 'events': return vscode.l10n.t('Events');
    case 'reminders': return vscode.l10n.t('Reminders');
    case 'diagnoses': return vscode.l10n.t('Diagnoses');
  }
}

/** "2026-12-01" or "2026-12-01 09:30" (local time) for a stored date or moment. */
export function shownWhen(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (value.length <= 10) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${localDay(d)} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Who set a reminder, in the UI's language. */
function reminderSource(source: unknown): string | undefined {
  switch (source) {
    case 'skill': return vscode.l10n.t('set by a skill');
    case 'auto_deadline': return vscode.l10n.t('deadline reminder');
    case 'user': return vscode.l10n.t('set by you');
    default: return undefined;
  }
}

/** What follows a record's name in the tree: where, when, how it stands. */
function descriptionOf(kind: EntityKind, row: RecordRow, due: boolean | undefined): string {
  const parts = (...xs: unknown[]) => xs.filter((x) => typeof x === 'string' ? x !== '' : x !== null && x !== undefined).map((x) => oneLine(x, 40)).join(' · ');
  switch (kind) {
    case 'position': return parts(
      row.location, row.work_mode, row.status,
      typeof row.interest_level === 'number' ? vscode.l10n.t('interest {0}/5', row.interest_level) : undefined,
      row.deadline_at ? vscode.l10n.t('apply by {0}', shownWhen(row.deadline_at)) : undefined,
    );
    case 'person': return parts(Array.isArray(row.roles) && row.roles.length > 0 ? row.roles.join(', ') : undefined, row.current_title, row.email);
    case 'note': return parts(row.source, String(row.created_at).slice(0, 10));
    case 'event': return parts(row.kind, shownWhen(row.occurred_at), row.location);
    case 'reminder': return parts(row.done ? vscode.l10n.t('done') : due ? vscode.l10n.t('due {0}', shownWhen(row.due_at)) : shownWhen(row.due_at), reminderSource(row.source));
    case 'application': return parts(row.status, row.applied_at, row.channel);
    case 'interview': return parts(row.kind, shownWhen(row.scheduled_at), row.outcome);
    case 'offer': return parts(row.status, row.base !== null && row.base !== undefined ? `${row.base}${row.currency ? ` ${row.currency}` : ''}${row.period ? `/${row.period}` : ''}` : undefined);
    case 'diagnosis': return parts(typeof row.score === 'number' ? `${Math.round(row.score)}/100` : undefined, row.source);
    case 'company': return parts(row.industry, row.location);
    default: return '';
  }
}

/**
 * The "Job Search" view: what skills wrote, as companies → positions → applications (each with
 * its interviews), the interviews that belong to no application, and offers; the groups
 * Interviews (those whose position is not known yet), People, Notes, Events, Reminders (due ones
 * first, with their date) and Diagnoses. Groups with nothing in them are left out, so an empty records file shows the
 * view's welcome text. Refreshed whenever the records change through this window, and by its
 * Refresh button (for what another window or the CLI wrote).
 */
export class JobSearchTreeProvider implements vscode.TreeDataProvider<JobNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<JobNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly sub: vscode.Disposable;
  private warned = false;

  constructor(private readonly records: RecordsHost, private readonly log: vscode.LogOutputChannel, private readonly clock: () => Date = () => new Date()) {
    this.sub = records.onDidChange(() => this.refresh());
  }

  refresh(): void {
    this.emitter.fire(undefined);
  }

  async getChildren(node?: JobNode): Promise<JobNode[]> {
    if (!node && !this.records.exists) return [];
    let store: RecordsStore;
    try {
      store = await this.records.open();
    } catch (err) {
      this.log.error(`records: ${(err as Error).message}`);
      if (!this.warned) {
        this.warned = true;
        void showWarning(vscode.l10n.t('Interview Lens cannot read its records ({0}). The file is left as it is.', (err as Error).message));
      }
      return [];
    }
    if (!node) return this.groups(store);
    if (node.type === 'group') return this.groupChildren(store, node);
    if (node.kind === 'company') return store.list('position', { company_id: node.row.id }).map((row) => ({ type: 'record', kind: 'position', row, parent: node }));
    if (node.kind === 'position') return this.positionChildren(store, node);
    if (node.kind === 'application') return store.list('interview', { application_id: node.row.id }).map((row) => ({ type: 'record', kind: 'interview', row, parent: node }));
    return [];
  }

  getParent(node: JobNode): JobNode | undefined {
    return node.type === 'record' ? node.parent : undefined;
  }

  getTreeItem(node: JobNode): vscode.TreeItem {
    if (node.type === 'group') {
      const label = node.group === 'reminders' && node.due > 0
        ? vscode.l10n.t('{0} ({1}, {2} due)', groupLabel(node.group), node.count, node.due)
        : vscode.l10n.t('{0} ({1})', groupLabel(node.group), node.count);
      const item = new vscode.TreeItem(label, node.group === 'reminders' && node.due > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `group:${node.group}`;
      item.contextValue = `group.${node.group}`;
      return item;
    }
    const { kind, row } = node;
    const item = new vscode.TreeItem(recordTitle(row) || kindLabel(kind), this.collapsible(node));
    item.id = `${node.parent.type === 'group' ? node.parent.group : node.parent.type === 'record' ? node.parent.row.id : ''}/${kind}:${row.id}`;
    item.description = descriptionOf(kind, row, node.due);
    item.tooltip = new vscode.MarkdownString().appendText(`${kindLabel(kind)}: ${recordTitle(row, 200)}\n\n`).appendText(vscode.l10n.t('Created {0}', shownWhen(row.created_at)));
    const icon = kind === 'reminder' ? (row.done ? 'pass' : node.due ? 'bell-dot' : 'bell') : ICONS[kind] ?? 'symbol-misc';
    item.iconPath = new vscode.ThemeIcon(icon, kind === 'reminder' && node.due ? new vscode.ThemeColor('list.warningForeground') : undefined);
    item.contextValue = kind === 'reminder' && !row.done ? 'record.reminder.open' : `record.${kind}`;
    item.command = { command: 'interviewLens.jobSearch.open', title: vscode.l10n.t('Open Record'), arguments: [node] };
    return item;
  }

  private collapsible(node: Extract<JobNode, { type: 'record' }>): vscode.TreeItemCollapsibleState {
    const expands = node.kind === 'company' || node.kind === 'position' || (node.kind === 'application' && node.hasChildren);
    return expands ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
  }

  /** A position's applications (an application with interviews expands to them), its interviews of no application, its offer. */
  private positionChildren(store: RecordsStore, node: Extract<JobNode, { type: 'record' }>): JobNode[] {
    const interviews = store.list('interview', { position_id: node.row.id });
    const withApplication = new Set(interviews.map((i) => i.application_id).filter((a) => typeof a === 'string'));
    return [
      ...store.list('application', { position_id: node.row.id }).map((row): JobNode => ({ type: 'record', kind: 'application', row, parent: node, ...(withApplication.has(row.id) ? { hasChildren: true } : {}) })),
      ...interviews.filter((i) => i.application_id === null || i.application_id === undefined).map((row): JobNode => ({ type: 'record', kind: 'interview', row, parent: node })),
      ...store.list('offer', { position_id: node.row.id }).map((row): JobNode => ({ type: 'record', kind: 'offer', row, parent: node })),
    ];
  }

  /** The rows a group lists: all of its kind, but only the position-less interviews. */
  private groupRows(store: RecordsStore, kind: EntityKind): RecordRow[] {
    return kind === 'interview' ? store.list('interview', { position_id: null }) : store.list(kind);
  }

  private groups(store: RecordsStore): JobNode[] {
    const due = new Set(store.dueReminders(this.clock()).map((r) => r.id));
    return JOB_GROUPS.map((g): JobNode => ({ type: 'group', group: g.id, count: this.groupRows(store, g.kind).length, due: g.kind === 'reminder' ? due.size : 0 }))
      .filter((g) => g.type === 'group' && g.count > 0);
  }

  private groupChildren(store: RecordsStore, node: Extract<JobNode, { type: 'group' }>): JobNode[] {
    const kind = JOB_GROUPS.find((g) => g.id === node.group)!.kind;
    const rows = this.groupRows(store, kind);
    const record = (row: RecordRow, due?: boolean): JobNode => ({ type: 'record', kind, row, parent: node, ...(due ? { due } : {}) });
    const byText = (a: RecordRow, b: RecordRow) => recordTitle(a).localeCompare(recordTitle(b));
    const newestFirst = (a: RecordRow, b: RecordRow) => String(b.created_at).localeCompare(String(a.created_at));
    switch (kind) {
      case 'reminder': {
        // Due first (oldest due date first), then the ones still to come, then those done.
        const due = store.dueReminders(this.clock());
        const dueIds = new Set(due.map((r) => r.id));
        const byDate = (a: RecordRow, b: RecordRow) => String(a.due_at).localeCompare(String(b.due_at));
        const later = rows.filter((r) => !dueIds.has(r.id) && !r.done).sort(byDate);
        const done = rows.filter((r) => r.done).sort(byDate);
        return [...due.map((r) => record(r, true)), ...later.map((r) => record(r)), ...done.map((r) => record(r))];
      }
      case 'event': return rows.sort((a, b) => String(b.occurred_at).localeCompare(String(a.occurred_at))).map((r) => record(r));
      case 'note': case 'diagnosis': case 'interview': return rows.sort(newestFirst).map((r) => record(r));
      default: return rows.sort(byText).map((r) => record(r));
    }
  }

  dispose(): void {
    this.sub.dispose();
    this.emitter.dispose();
  }
}
