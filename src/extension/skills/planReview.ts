import * as vscode from 'vscode';
import type { PlannedAction } from '../../core/skills/actions/types';
import type { RouteDecision } from '../../core/skills/routing/routeRequest';
import { kindLabel, oneLine, recordTitle } from '../records/recordLabels';

/** What the user decided after reading the dry run. */
export type PlanDecision = 'apply' | 'cancel';

interface Item extends vscode.QuickPickItem {
  decision?: PlanDecision;
}

/** Parameters worth showing first, in this order; ids and long texts come last or not at all. */
const KEY_PARAMS = [
  'name', 'display_name', 'title', 'relation', 'names', 'namespace', 'location', 'status', 'due_at', 'occurred_at', 'scheduled_at', 'deadline_at',
  'work_mode', 'interest_level', 'salary', 'kind', 'email', 'roles', 'current_title', 'source_url', 'path', 'source', 'body_md', 'source_content',
];

/** `title="…" · location="…"`: the parameters that say what an action is about. */
export function keyParams(params: Record<string, unknown>, limit = 4): string {
  const keys = [...KEY_PARAMS.filter((k) => k in params), ...Object.keys(params).filter((k) => !KEY_PARAMS.includes(k) && !/(^|_)ids?$|^entity$|^target$|^structured$|^patch$/.test(k))];
  return keys
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== '' && !(Array.isArray(params[k]) && (params[k] as unknown[]).length === 0))
    .slice(0, limit)
    .map((k) => `${k}: ${oneLine(params[k])}`)
    .join(' · ');
}

/** One line per planned action: what it does to which record, and what it matched. */
export function describeAction(p: PlannedAction): { label: string; description: string; detail: string } {
  const title = recordTitle(p.op === 'create' ? p.writes[0]?.fields : { ...p.existing, ...p.params }) || recordTitle(p.params);
  const what = title ? `${kindLabel(p.kind)} “${title}”` : kindLabel(p.kind);
  const label = p.op === 'create'
    ? `$(add) ${vscode.l10n.t('new {0}', what)}`
    : p.op === 'update'
      ? `$(edit) ${vscode.l10n.t('update {0}', what)}`
      : `$(pass) ${vscode.l10n.t('{0} already there, unchanged', what)}`;
  const parts: string[] = [];
  const params = keyParams(p.params);
  if (params) parts.push(params);
  if (p.existing) parts.push(vscode.l10n.t('matches the existing {0} created {1}', kindLabel(p.kind), String(p.existing.created_at ?? '').slice(0, 10)));
  if (p.op === 'update' && p.changes.length) parts.push(vscode.l10n.t('changes: {0}', p.changes.slice(0, 3).map((c) => `${c.field} ${oneLine(c.before ?? '∅', 20)} → ${oneLine(c.after ?? '∅', 20)}`).join(', ')));
  const extra = p.writes.length - 1;
  if (extra > 0) parts.push(vscode.l10n.t('+{0} more rows', extra));
  for (const w of p.warnings) parts.push(`⚠ ${w}`);
  return { label, description: p.primitive + (p.as ? ` (as ${p.as})` : ''), detail: parts.join(' — ') };
}

/**
 * Shows a dry run's planned actions and asks whether to write them: Apply and Cancel at the top,
 * then each action (new, update or unchanged; the record; its key parameters; what it matched).
 * Picking an action keeps the list open; Escape or hiding it is Cancel.
 */
export function reviewPlan(skill: string, planned: readonly PlannedAction[], warnings: readonly string[], route: RouteDecision | undefined): Promise<PlanDecision> {
  const writes = planned.filter((p) => p.op !== 'unchanged').length;
  const items: Item[] = [
    {
      label: `$(check) ${vscode.l10n.t('Apply')}`,
      detail: writes
        ? (planned.length === 1 ? vscode.l10n.t('Write this action in one transaction (every record can be deleted from the Job Search view).') : vscode.l10n.t('Write these {0} actions in one transaction (every record can be deleted from the Job Search view).', planned.length))
        : vscode.l10n.t('Nothing changes; the run is only recorded.'),
      decision: 'apply',
      alwaysShow: true,
    },
    { label: `$(close) ${vscode.l10n.t('Cancel')}`, detail: vscode.l10n.t('Write nothing.'), decision: 'cancel', alwaysShow: true },
    { label: vscode.l10n.t('Planned actions'), kind: vscode.QuickPickItemKind.Separator },
    ...planned.map((p) => describeAction(p)),
    ...warnings.map((w): Item => ({ label: `$(warning) ${oneLine(w, 120)}`, detail: w.length > 120 ? w : undefined })),
  ];
  const qp = vscode.window.createQuickPick<Item>();
  qp.title = (planned.length === 1 ? vscode.l10n.t('Dry run of {0}: 1 planned action, nothing written yet', skill) : vscode.l10n.t('Dry run of {0}: {1} planned actions, nothing written yet', skill, planned.length));
  qp.placeholder = route ? vscode.l10n.t('Chosen: {0} ({1})', route.skill, route.reason) : vscode.l10n.t('Apply to write them, Cancel to drop them.');
  qp.items = items;
  qp.matchOnDetail = true;
  qp.matchOnDescription = true;
  qp.ignoreFocusOut = true;
  return new Promise<PlanDecision>((resolve) => {
    let decided: PlanDecision | undefined;
    qp.onDidAccept(() => {
      const pick = qp.selectedItems[0];
      if (!pick?.decision) return; // an action line: keep the list open
      decided = pick.decision;
      qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(decided ?? 'cancel');
    });
    qp.show();
  });
}
