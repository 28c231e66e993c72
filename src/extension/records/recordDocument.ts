import * as vscode from 'vscode';
import { ENTITY_KINDS, type EntityKind } from '../../core/records/schema';
import type { RecordsHost } from './recordsHost';
import { recordTitle } from './recordLabels';

/** The scheme of read-only record documents. */
export const RECORD_SCHEME = 'interview-lens-record';

/** The document of one record: its title in the tab, kind and id in the path and query. */
export function recordUri(kind: EntityKind, id: string, row?: Record<string, unknown>): vscode.Uri {
  const title = (recordTitle(row, 40) || kind).replace(/[\\/:*?"<>|#%\u0000-\u001f]/g, ' ').trim() || kind;
  return vscode.Uri.from({ scheme: RECORD_SCHEME, path: `/${kind}/${title}.json`, query: new URLSearchParams({ kind, id }).toString() });
}

/**
 * Shows a record as read-only JSON: every column as stored, plus the names of its tags and its
 * links, so what a skill wrote can be read in full. Open documents follow changes to the records.
 */
export class RecordDocumentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly sub: vscode.Disposable;

  constructor(private readonly records: RecordsHost) {
    this.sub = records.onDidChange(() => {
      for (const doc of vscode.workspace.textDocuments) if (doc.uri.scheme === RECORD_SCHEME) this.emitter.fire(doc.uri);
    });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const q = new URLSearchParams(uri.query);
    const kind = q.get('kind') ?? '';
    const id = q.get('id') ?? '';
    if (!(ENTITY_KINDS as readonly string[]).includes(kind)) return `${JSON.stringify({ error: vscode.l10n.t('Unknown record kind.') }, null, 2)}\n`;
    const store = await this.records.open();
    const row = store.get(kind as EntityKind, id);
    if (!row) return `${JSON.stringify({ kind, id, deleted: vscode.l10n.t('This record no longer exists (it was deleted).') }, null, 2)}\n`;
    const tagIds = store.list('entity_tag', { entity_kind: kind, entity_id: id }).map((t) => String(t.tag_id));
    const tags = tagIds.map((t) => store.get('tag', t)).filter((t) => t !== undefined).map((t) => ({ namespace: t.namespace, name: t.name }));
    const links = [
      ...store.list('link', { source_kind: kind, source_id: id }).map((l) => ({ relation: l.relation, target: `${l.target_kind}:${l.target_id}` })),
      ...store.list('link', { target_kind: kind, target_id: id }).map((l) => ({ relation: l.relation, source: `${l.source_kind}:${l.source_id}` })),
    ];
    return `${JSON.stringify({ kind, ...row, ...(tags.length ? { tags } : {}), ...(links.length ? { links } : {}) }, null, 2)}\n`;
  }

  dispose(): void {
    this.sub.dispose();
    this.emitter.dispose();
  }
}
