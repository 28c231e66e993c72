import { DEFAULT_TAG_NAMESPACE, type EntityKind } from './schema';
import type { RecordRow } from './rows';

/** A row's name as `records` lists it: its name or title, else what identifies it. */
export function recordName(kind: EntityKind, row: RecordRow): string {
  if (kind === 'tag') return row.namespace && row.namespace !== DEFAULT_TAG_NAMESPACE ? `${String(row.namespace)}:${String(row.name)}` : String(row.name);
  if (kind === 'link') return `${String(row.source_kind)}:${String(row.source_id).slice(0, 8)} ${String(row.relation)} ${String(row.target_kind)}:${String(row.target_id).slice(0, 8)}`;
  if (kind === 'document_version') return `${String(row.asset_id)} v${String(row.version)}${row.title ? ` ${String(row.title)}` : ''}`;
  const v = row.display_name ?? row.name ?? row.title ?? row.slug ?? row.report_id ?? row.path ?? row.uri ?? row.body_md;
  return typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, 60) : '';
}

/**
 * What `records` shows after a row's name, in English (the CLI's language): the fields a user
 * scans for (a position's work mode, interest and deadline, a person's roles and title, a
 * reminder's source, a tag's namespace…), empty ones left out.
 */
export function recordDetails(kind: EntityKind, row: RecordRow): string {
  const parts = (...xs: unknown[]) => xs.filter((x) => x !== null && x !== undefined && x !== '').map(String).join(' · ');
  const list = (v: unknown) => (Array.isArray(v) && v.length > 0 ? v.join(', ') : undefined);
  switch (kind) {
    case 'position': return parts(row.location, row.work_mode, row.status, row.interest_level != null ? `interest ${String(row.interest_level)}/5` : undefined, row.deadline_at ? `apply by ${String(row.deadline_at)}` : undefined);
    case 'person': return parts(list(row.roles), row.current_title, row.email);
    case 'reminder': return parts(`due ${String(row.due_at)}`, row.source, row.done ? 'done' : undefined);
    case 'event': return parts(row.kind, row.occurred_at, row.location);
    case 'note': return parts(row.kind, row.occurred_on, row.source);
    case 'interview': return parts(row.round_no != null ? `round ${String(row.round_no)}` : undefined, row.kind, row.scheduled_at, row.outcome);
    case 'offer': return parts(row.status, row.base != null ? `base ${String(row.base)}${row.currency ? ` ${String(row.currency)}` : ''}${row.period ? `/${String(row.period)}` : ''}` : undefined);
    case 'application': return parts(row.status, row.applied_at, row.channel);
    case 'company': return parts(row.industry, row.location);
    case 'tag': return parts(row.namespace);
    case 'attachment': return parts(row.relation, row.mime);
    default: return '';
  }
}
