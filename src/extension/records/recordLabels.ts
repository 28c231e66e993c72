import * as vscode from 'vscode';
import type { EntityKind } from '../../core/records/schema';

/** A record kind in the UI's language ("company", "公司"). */
export function kindLabel(kind: EntityKind | string): string {
  switch (kind) {
    case 'company': return vscode.l10n.t('company');
    case 'position': return vscode.l10n.t('position');
    case 'person': return vscode.l10n.t('person');
    case 'application': return vscode.l10n.t('application');
    case 'interview': return vscode.l10n.t('interview');
    case 'offer': return vscode.l10n.t('offer');
    case 'note': return vscode.l10n.t('note');
    case 'event': return vscode.l10n.t('event');
    case 'reminder': return vscode.l10n.t('reminder');
    case 'tag': return vscode.l10n.t('tag');
    case 'entity_tag': return vscode.l10n.t('tag on a record');
    case 'link': return vscode.l10n.t('link');
    case 'attachment': return vscode.l10n.t('attachment');
    case 'document_version': return vscode.l10n.t('document version');
    case 'diagnosis': return vscode.l10n.t('diagnosis');
    default: return kind;
  }
}

/** A value cut to one line of at most `max` characters. */
export function oneLine(value: unknown, max = 60): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The record's name as a person would say it: its name, title or relation, else its text's start. */
export function recordTitle(row: Record<string, unknown> | undefined, max = 60): string {
  if (!row) return '';
  for (const k of ['display_name', 'name', 'title', 'relation', 'slug', 'path', 'uri']) if (typeof row[k] === 'string' && row[k]) return oneLine(row[k], max);
  for (const k of ['body_md', 'source_content', 'summary', 'source']) if (typeof row[k] === 'string' && row[k]) return oneLine(row[k], max);
  return '';
}
