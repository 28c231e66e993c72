import type { Database, SqlValue } from 'sql.js';
import { DEFAULT_TAG_NAMESPACE } from './schema';

/** A column name of a table as the file has it, or none when the table does not exist. */
function columnsOf(db: Database, table: string): Set<string> {
  return new Set((db.exec(`PRAGMA table_info("${table}")`)[0]?.values ?? []).map((r) => String(r[1])));
}

/**
 * The asset a document version made before assets existed belongs to: its kind, and the record it
 * is for. An old-form create_document_version (no asset_id) computes the same, so it continues the
 * versions a v2 file already has.
 */
export function legacyAssetId(kind: string, entityKind?: string | null, entityId?: string | null): string {
  return entityKind && entityId ? `${kind}@${entityKind}:${entityId}` : kind;
}

/** A plain amount ("400000", "1,200.5"); anything in words ("3 months", "10k RSU") is not. */
function plainAmount(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}

const RENAMES: ReadonlyArray<[table: string, from: string, to: string]> = [
  ['position', 'url', 'source_url'],
  ['position', 'description', 'description_md'],
  ['position', 'deadline', 'deadline_at'],
  ['person', 'name', 'display_name'],
  ['interview', 'round', 'round_no'],
  ['offer', 'base_salary', 'base'],
  ['offer', 'bonus', 'bonus_terms'],
  ['offer', 'equity', 'equity_terms'],
  ['note', 'body', 'body_md'],
  ['event', 'starts_at', 'occurred_at'],
  ['event', 'description', 'body_md'],
  ['reminder', 'entity_kind', 'target_kind'],
  ['reminder', 'entity_id', 'target_id'],
  ['link', 'from_kind', 'source_kind'],
  ['link', 'from_id', 'source_id'],
  ['link', 'to_kind', 'target_kind'],
  ['link', 'to_id', 'target_id'],
  ['document_version', 'text', 'source_content'],
];

/** Indexes of the v2 layout whose columns or meaning changed; the v3 ones are made from the specs. */
const OLD_INDEXES = ['tag_name', 'document_version_number', 'event_starts_at', 'link_to_kind_to_id'];

/**
 * Layout 2 → 3 (issue 26: the parameters and records of the skill spec), in place and keeping
 * every value: columns renamed to the spec's parameter names (position.deadline is deadline_at,
 * person.name display_name, link from/to source/target, …), person.role becomes the one-item list
 * roles, offer's text bonus and equity become amounts where they are plain numbers and stay as
 * bonus_terms / equity_terms text where not, tags get the namespace `general`, reminders a source
 * (user for those written by hand, skill for the others), document versions the asset of their
 * kind and record. The columns only v3 has are added afterwards by prepareRecords, from the specs.
 * Runs inside prepareRecords' in-memory load; the file changes with the next write.
 */
export function migrateToV3(db: Database): void {
  // Each step looks at what the file has: a new file has no tables yet (the specs make them), an old one may lack some.
  db.exec('SAVEPOINT records_v3');
  try {
    for (const [table, from, to] of RENAMES) {
      const have = columnsOf(db, table);
      if (have.has(from) && !have.has(to)) db.exec(`ALTER TABLE "${table}" RENAME COLUMN "${from}" TO "${to}"`);
    }
    for (const name of OLD_INDEXES) db.exec(`DROP INDEX IF EXISTS "${name}"`);

    const person = columnsOf(db, 'person');
    if (person.has('role')) {
      if (!person.has('roles')) db.exec(`ALTER TABLE person ADD COLUMN roles TEXT NOT NULL DEFAULT '[]'`);
      db.exec(`UPDATE person SET roles = json_array(trim(role)) WHERE role IS NOT NULL AND trim(role) <> ''`);
      db.exec('ALTER TABLE person DROP COLUMN role');
    }

    const offer = columnsOf(db, 'offer');
    if (offer.has('bonus_terms') && !offer.has('bonus')) {
      db.exec('ALTER TABLE offer ADD COLUMN bonus REAL');
      db.exec('ALTER TABLE offer ADD COLUMN equity REAL');
      const rows = db.exec('SELECT id, bonus_terms, equity_terms FROM offer')[0]?.values ?? [];
      for (const [id, bonus, equity] of rows) {
        const b = typeof bonus === 'string' ? plainAmount(bonus) : null;
        const e = typeof equity === 'string' ? plainAmount(equity) : null;
        // An amount moves to the number column; words stay where they are, never lost.
        db.run('UPDATE offer SET bonus = ?, bonus_terms = ?, equity = ?, equity_terms = ? WHERE id = ?',
          [b, b === null ? bonus : null, e, e === null ? equity : null, id] as SqlValue[]);
      }
    }

    const exists = (table: string) => columnsOf(db, table).size > 0;
    if (exists('tag') && !columnsOf(db, 'tag').has('namespace')) {
      db.exec(`ALTER TABLE tag ADD COLUMN namespace TEXT NOT NULL DEFAULT '${DEFAULT_TAG_NAMESPACE}'`);
    }

    if (exists('reminder') && !columnsOf(db, 'reminder').has('source')) {
      db.exec(`ALTER TABLE reminder ADD COLUMN source TEXT NOT NULL DEFAULT 'skill'`);
      db.exec(`UPDATE reminder SET source = 'user' WHERE created_by_run IS NULL`);
    }

    if (exists('document_version') && !columnsOf(db, 'document_version').has('asset_id')) {
      db.exec(`ALTER TABLE document_version ADD COLUMN asset_id TEXT NOT NULL DEFAULT ''`);
      const rows = db.exec('SELECT id, kind, entity_kind, entity_id FROM document_version')[0]?.values ?? [];
      for (const [id, kind, ek, eid] of rows) {
        db.run('UPDATE document_version SET asset_id = ? WHERE id = ?', [legacyAssetId(String(kind), ek as string | null, eid as string | null), id] as SqlValue[]);
      }
    }
    db.exec('RELEASE records_v3');
  } catch (err) {
    db.exec('ROLLBACK TO records_v3');
    db.exec('RELEASE records_v3');
    throw err;
  }
}
