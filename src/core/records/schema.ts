import type { JsonSchema } from '../runtime/schema';
import { RecordsError } from './errors';
import { companyKey, emailKey, positionFingerprint, sha256, textKey } from './normalize';

/** Every kind of record the actions write; each is one table with the same bookkeeping columns. */
export const ENTITY_KINDS = [
  'company', 'position', 'person', 'application', 'interview', 'offer', 'note', 'event', 'reminder',
  'tag', 'entity_tag', 'link', 'attachment', 'document_version', 'diagnosis',
] as const;

/** A table of the records database. */
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** How a column is stored: `when` is a date (YYYY-MM-DD) or a UTC ISO moment, `json` a JSON text. */
export type ColumnType = 'text' | 'integer' | 'real' | 'boolean' | 'json' | 'when';

/** One column of a records table, with what the editor and the update validator need. */
export interface ColumnSpec {
  name: string;
  type: ColumnType;
  description: string;
  /** NOT NULL. */
  required?: boolean;
  enum?: readonly string[];
  /** Holds the id of a record of this kind. */
  ref?: EntityKind;
  /** Holds a JSON list of ids of records of this kind; deleting one of them takes it out of the list. */
  refList?: EntityKind;
  /** What deleting the record `ref` points at does to this row (see RecordsStore.delete). */
  onDelete?: 'restrict' | 'set_null' | 'cascade';
  /** Computed from other columns (keys, fingerprints); never set directly. */
  derived?: boolean;
  /** Value on create when the action gives none. */
  default?: string | number | boolean | readonly unknown[];
  /** JSON Schema of a json column's value. */
  schema?: JsonSchema;
}

/** A pair of columns naming any record (its kind and id), e.g. what a reminder is about. */
export interface EntityRefSpec {
  kindColumn: string;
  idColumn: string;
  /** Deleting the named record deletes this row (it only describes that record) or empties the pair. */
  onDelete: 'cascade' | 'set_null';
}

/** A unique constraint and the sentence shown when a write would break it. */
export interface UniqueSpec {
  name: string;
  /** Column names, or SQL expressions for NULL-tolerant keys. */
  columns: string[];
  where?: string;
  message: string;
}

/** A records table: its columns, references, constraints and derived columns. */
export interface TableSpec {
  kind: EntityKind;
  description: string;
  columns: ColumnSpec[];
  entityRefs?: EntityRefSpec[];
  unique?: UniqueSpec[];
  indexes?: string[][];
  /** Values of the derived columns from a whole row. */
  derive?(row: Record<string, unknown>): Record<string, unknown>;
}

/** Where a position stands in the user's search. */
export const POSITION_STATUSES = ['saved', 'applied', 'interviewing', 'offer', 'rejected', 'withdrawn', 'closed'] as const;
/** Where an application stands. */
export const APPLICATION_STATUSES = ['planned', 'applied', 'screening', 'interviewing', 'offer', 'accepted', 'rejected', 'withdrawn'] as const;
/** What an interview round is. */
export const INTERVIEW_KINDS = ['phone_screen', 'technical', 'coding', 'system_design', 'behavioral', 'take_home', 'onsite', 'hr', 'final', 'other'] as const;
/** How an interview went. */
export const INTERVIEW_OUTCOMES = ['pending', 'passed', 'failed', 'cancelled'] as const;
/** Where an offer stands. */
export const OFFER_STATUSES = ['pending', 'negotiating', 'accepted', 'declined', 'expired'] as const;
/** What a versioned document is. */
export const DOCUMENT_KINDS = ['resume', 'cover_letter', 'job_description', 'answer', 'transcript', 'notes', 'other'] as const;
/** The job families of the spec's extract_job (a position's `job_family`). */
export const JOB_FAMILIES = ['swe', 'quant', 'data', 'pm', 'research', 'other'] as const;
/** Where the work happens (a position's `work_mode`). */
export const WORK_MODES = ['onsite', 'hybrid', 'remote', 'unknown'] as const;
/** Whether a position sponsors a visa. */
export const VISA_SPONSORSHIP = ['yes', 'no', 'unknown'] as const;
/** How one applies to a position. */
export const APPLY_METHODS = ['portal', 'email', 'referral', 'wechat', 'other'] as const;
/** What the input a record came from was (the spec's `input.source_kind`). */
export const SOURCE_KINDS = ['text', 'link', 'image', 'audio', 'file'] as const;
/** Whether a requirement of a position is a must or nice to have. */
export const REQUIREMENT_KINDS = ['must', 'nice'] as const;
/** Who set a reminder: a skill, the automatic deadline reminder of a skill, or the user. */
export const REMINDER_SOURCES = ['skill', 'auto_deadline', 'user'] as const;
/** How a file or address is attached to a record. */
export const ATTACHMENT_RELATIONS = ['attachment', 'source', 'resume', 'cover_letter', 'screenshot', 'recording', 'transcript'] as const;
/** The tag namespace of tags given without one (and of every tag made before namespaces). */
export const DEFAULT_TAG_NAMESPACE = 'general';

/** One relation of LINK_RELATIONS: the kinds its source (from) and target (to) may be. */
export interface LinkRelation {
  from: readonly string[];
  to: readonly string[];
  description: string;
  /** The same relation either way round: a link and its reverse are one link (related_to). */
  symmetric?: boolean;
  /** `from` and `to` may be swapped (participant: event → person or person → event); a link and its reverse are one link. */
  eitherDirection?: boolean;
}

/**
 * The controlled vocabulary of `link`: each relation with the kinds it may join ('*' is any kind).
 * A relation outside it, or between other kinds, is an input error that lists what is allowed.
 */
export const LINK_RELATIONS: Readonly<Record<string, LinkRelation>> = {
  works_at: { from: ['person'], to: ['company'], description: 'a person works (or worked) at a company' },
  interviewed_for: { from: ['person', 'interview', 'diagnosis'], to: ['position', 'application', 'company'], description: 'an interviewer, an interview or a diagnosed session belongs to a position or application' },
  referred_by: { from: ['application', 'position', 'person'], to: ['person'], description: 'an application, position or person was referred by a person' },
  applied_to: { from: ['person', 'application', 'document_version'], to: ['position', 'company'], description: 'someone (or a resume version) applied to a position or company' },
  attended: { from: ['person'], to: ['event', 'interview'], description: 'a person took part in an event or interview' },
  // The spec writes Link(source=event, target=person, relation="participant"): either direction.
  participant: { from: ['person'], to: ['event', 'interview'], eitherDirection: true, description: 'a person takes part in an event or interview (either direction: event → person or person → event)' },
  mentions: { from: ['note', 'event', 'document_version', 'diagnosis', 'interview', 'attachment'], to: ['*'], description: 'a text mentions a record' },
  related_to: { from: ['*'], to: ['*'], description: 'any two records belong together (either direction)', symmetric: true },
};

const text = (name: string, description: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'text', description, ...extra });
const when = (name: string, description: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'when', description, ...extra });
const idList = (name: string, kind: EntityKind, description: string): ColumnSpec => ({
  name, type: 'json', refList: kind, description, required: true, default: [], schema: { type: 'array', items: { type: 'string' } },
});
const entityPair = (prefix: string, what: string, required = false): ColumnSpec[] => [
  text(`${prefix}kind`, `Kind of the record ${what}.`, { enum: ENTITY_KINDS, required }),
  text(`${prefix}id`, `Id of the record ${what}.`, { required }),
];

/** The tables, in an order where every `ref` points at an earlier table (save the set_null ones to document_version, which a resume or an earlier version may be). */
export const TABLES: readonly TableSpec[] = [
  {
    kind: 'company', description: 'A company the user is looking at or talking to.',
    columns: [
      text('name', 'The company name as the user knows it.', { required: true }),
      text('name_key', 'The name as compared (see companyKey): case, width, spacing, punctuation and legal suffixes removed.', { required: true, derived: true }),
      { name: 'aliases', type: 'json', required: true, default: [], description: 'Other names (brand, legal or Chinese name); any of them finds the company.', schema: { type: 'array', items: { type: 'string' } } },
      text('description_md', 'What the company does (Markdown).'),
      text('website', 'Home page.'),
      text('industry', 'Industry or field.'),
      text('location', 'Headquarters or main office.'),
      text('notes', 'Free notes.'),
    ],
    indexes: [['name_key']],
    derive: (r) => ({ name_key: companyKey(String(r.name ?? '')) }),
  },
  {
    kind: 'position', description: 'A job opening at a company.',
    columns: [
      text('company_id', 'The company offering it.', { required: true, ref: 'company', onDelete: 'restrict' }),
      text('title', 'Job title as posted.', { required: true }),
      text('title_key', 'The title as compared (see textKey).', { required: true, derived: true }),
      text('location', 'City, office or "remote".'),
      text('fingerprint', 'Identity of the position: company, title and location (see positionFingerprint).', { required: true, derived: true }),
      text('job_family', 'Job family.', { enum: JOB_FAMILIES }),
      text('work_mode', 'Onsite, hybrid or remote.', { enum: WORK_MODES }),
      text('visa_sponsorship', 'Whether a visa is sponsored.', { enum: VISA_SPONSORSHIP }),
      {
        name: 'requirements', type: 'json', required: true, default: [], description: 'What the posting asks for, each a must or nice to have.',
        schema: { type: 'array', items: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1, description: 'The requirement.' }, kind: { type: ['string', 'null'], enum: [...REQUIREMENT_KINDS, null], description: 'must or nice.' } } } },
      },
      text('apply_method', 'How to apply.', { enum: APPLY_METHODS }),
      text('apply_url', 'Where to apply.'),
      when('deadline_at', 'Last day (or moment) to apply.'),
      text('source_kind', 'What the input was: text, link, image, audio or file.', { enum: SOURCE_KINDS }),
      text('source_url', 'Where the posting is.'),
      { name: 'interest_level', type: 'integer', description: "The user's interest, 1 (low) to 5 (high)." },
      text('personal_comment_md', "The user's own comment on the position (Markdown)."),
      text('status', 'Where it stands in the search.', { required: true, enum: POSITION_STATUSES, default: 'saved' }),
      text('salary', 'Pay as posted, e.g. "30-50k·15薪".'),
      text('employment_type', 'Full-time, contract, internship…'),
      text('description_md', 'The posting text or a summary of it (Markdown).'),
      text('source', 'Where the posting was found.'),
    ],
    unique: [{ name: 'position_fingerprint', columns: ['fingerprint'], message: 'another position already has this company, title and location' }],
    indexes: [['company_id']],
    derive: (r) => ({
      title_key: textKey(String(r.title ?? '')),
      fingerprint: positionFingerprint(r.company_id as string | null, String(r.title ?? ''), r.location as string | null),
    }),
  },
  {
    kind: 'person', description: 'Someone in the search: recruiter, interviewer, referrer, contact.',
    columns: [
      text('slug', 'Short unique handle, from the name by default (see slugify).', { required: true }),
      text('display_name', 'Full name as shown.', { required: true }),
      text('email', 'Email address; unique among people when present.'),
      text('email_key', 'The email as compared (trimmed, lower case).', { derived: true }),
      text('company_id', 'Where they work.', { ref: 'company', onDelete: 'set_null' }),
      { name: 'roles', type: 'json', required: true, default: [], description: 'Their roles, e.g. ["recruiter"] or ["interviewer", "engineering manager"].', schema: { type: 'array', items: { type: 'string' } } },
      text('current_title', 'Their job title now.'),
      text('phone', 'Phone number.'),
      text('url', 'Profile or home page.'),
      text('notes', 'Free notes.'),
    ],
    unique: [
      { name: 'person_slug', columns: ['slug'], message: 'another person already has this slug' },
      { name: 'person_email', columns: ['email_key'], where: 'email_key IS NOT NULL', message: 'another person already has this email' },
    ],
    derive: (r) => ({ email_key: emailKey(r.email as string | null) }),
  },
  {
    kind: 'application', description: "The user's application to a position (one per position).",
    columns: [
      text('position_id', 'The position applied to.', { required: true, ref: 'position', onDelete: 'restrict' }),
      text('status', 'Where it stands.', { required: true, enum: APPLICATION_STATUSES, default: 'applied' }),
      when('applied_at', 'When it was sent.'),
      text('channel', 'How: website, referral, recruiter, email…'),
      text('referrer_id', 'The person who referred the user.', { ref: 'person', onDelete: 'set_null' }),
      text('resume_version_id', 'The resume version sent (a document_version).', { ref: 'document_version', onDelete: 'set_null' }),
      text('notes', 'Free notes.'),
    ],
    unique: [{ name: 'application_position', columns: ['position_id'], message: 'this position already has an application' }],
  },
  {
    kind: 'interview', description: 'One interview round, for a position when it is known.',
    columns: [
      // Optional: a diagnosed interview is logged before (or without) knowing which position it was for.
      text('position_id', 'The position interviewed for; none while it is not known.', { ref: 'position', onDelete: 'restrict' }),
      text('application_id', 'The application it belongs to.', { ref: 'application', onDelete: 'set_null' }),
      when('scheduled_at', 'When it takes (or took) place.'),
      { name: 'round_no', type: 'integer', description: 'Round number, 1 for the first.' },
      text('kind', 'What kind of round.', { enum: INTERVIEW_KINDS }),
      { name: 'duration_minutes', type: 'integer', description: 'Planned or actual length in minutes.' },
      text('location', 'Place or meeting link.'),
      idList('interviewer_ids', 'person', 'Ids of the people who interviewed.'),
      text('outcome', 'How it went.', { required: true, enum: INTERVIEW_OUTCOMES, default: 'pending' }),
      text('notes', 'Free notes.'),
    ],
    indexes: [['position_id']],
  },
  {
    kind: 'offer', description: 'An offer for a position (one per position; a revised offer updates it).',
    columns: [
      text('position_id', 'The position offered.', { required: true, ref: 'position', onDelete: 'restrict' }),
      text('application_id', 'The application it answers.', { ref: 'application', onDelete: 'set_null' }),
      { name: 'base', type: 'real', description: 'Base pay per `period`, in `currency`.' },
      { name: 'bonus', type: 'real', description: 'Bonus per `period`, in `currency`.' },
      { name: 'equity', type: 'real', description: 'Equity value per `period`, in `currency`.' },
      { name: 'sign_on', type: 'real', description: 'Sign-on bonus, once, in `currency`.' },
      text('currency', 'Currency code, e.g. CNY or USD.'),
      text('period', 'What the amounts are per: year, month or total.'),
      text('bonus_terms', 'Bonus terms in words, when not a plain amount (e.g. "3 months").'),
      text('equity_terms', 'Equity terms in words, when not a plain amount (e.g. "10k RSU over 4 years").'),
      when('deadline', 'Date to answer by.'),
      text('status', 'Where it stands.', { required: true, enum: OFFER_STATUSES, default: 'pending' }),
      text('notes', 'Free notes.'),
    ],
    unique: [{ name: 'offer_position', columns: ['position_id'], message: 'this position already has an offer' }],
  },
  {
    kind: 'note', description: 'A piece of text the user kept.',
    columns: [
      text('title', 'Short title.'),
      text('body_md', 'The text (Markdown).', { required: true }),
      text('kind', 'What kind of note: insight, todo, feeling, idea, meeting, interview…'),
      when('occurred_on', 'The day it is about.'),
      { name: 'structured', type: 'json', description: 'Structured data of the note (any JSON object).', schema: { type: ['object', 'null'], additionalProperties: true } },
      text('source', 'Where it came from: a file, a URL, "chat"…'),
      ...entityPair('entity_', 'the note is about'),
      text('content_key', 'sha256 of the title (as compared) and the trimmed body: the same note twice is one note.', { required: true, derived: true }),
    ],
    entityRefs: [{ kindColumn: 'entity_kind', idColumn: 'entity_id', onDelete: 'set_null' }],
    indexes: [['content_key']],
    derive: (r) => ({ content_key: sha256(`${textKey(r.title as string | null)}\n${String(r.body_md ?? '').trim()}`) }),
  },
  {
    kind: 'event', description: 'Something on the calendar: a coffee chat, a call, a meetup.',
    columns: [
      text('kind', 'What it is: coffee_chat, call, meeting, interview, deadline…', { required: true, default: 'other' }),
      text('title', 'What it is called.', { required: true }),
      text('title_key', 'The title as compared (see textKey).', { required: true, derived: true }),
      when('occurred_at', 'When it happens (or starts).', { required: true }),
      when('ends_at', 'When it ends.'),
      text('location', 'Place or meeting link.'),
      idList('person_ids', 'person', 'Ids of the people taking part.'),
      text('body_md', 'Details (Markdown).'),
      { name: 'structured', type: 'json', description: 'Structured data of the event (any JSON object).', schema: { type: ['object', 'null'], additionalProperties: true } },
    ],
    indexes: [['occurred_at']],
    derive: (r) => ({ title_key: textKey(r.title as string) }),
  },
  {
    kind: 'reminder', description: 'Something to do by a date; due reminders surface in the editor.',
    columns: [
      text('title', 'What to do.', { required: true }),
      text('title_key', 'The title as compared (see textKey).', { required: true, derived: true }),
      when('due_at', 'When it falls due: a day (due from the start of that local day) or a moment.', { required: true }),
      { name: 'done', type: 'boolean', required: true, default: false, description: 'Done already.' },
      ...entityPair('target_', 'the reminder is about'),
      text('source', 'Who set it: skill, auto_deadline (a deadline reminder a skill made) or user.', { required: true, enum: REMINDER_SOURCES, default: 'skill' }),
      text('notes', 'Free notes.'),
    ],
    entityRefs: [{ kindColumn: 'target_kind', idColumn: 'target_id', onDelete: 'set_null' }],
    indexes: [['done', 'due_at']],
    derive: (r) => ({ title_key: textKey(r.title as string) }),
  },
  {
    kind: 'tag', description: 'A label records can carry.',
    columns: [
      text('namespace', 'The group the label belongs to, e.g. general or skill; a tag is its namespace and name.', { required: true, default: DEFAULT_TAG_NAMESPACE }),
      text('name', 'The label as first written.', { required: true }),
      text('name_key', 'The label as compared (see textKey).', { required: true, derived: true }),
    ],
    unique: [{ name: 'tag_namespace_name', columns: ['namespace', 'name_key'], message: 'a tag with this name already exists in this namespace' }],
    derive: (r) => ({ name_key: textKey(r.name as string) }),
  },
  {
    kind: 'entity_tag', description: 'A tag on a record.',
    columns: [
      text('tag_id', 'The tag.', { required: true, ref: 'tag', onDelete: 'cascade' }),
      ...entityPair('entity_', 'tagged', true),
    ],
    entityRefs: [{ kindColumn: 'entity_kind', idColumn: 'entity_id', onDelete: 'cascade' }],
    unique: [{ name: 'entity_tag_once', columns: ['tag_id', 'entity_kind', 'entity_id'], message: 'the record already has this tag' }],
    indexes: [['entity_kind', 'entity_id']],
  },
  {
    kind: 'link', description: 'A relation between two records, from the controlled vocabulary LINK_RELATIONS.',
    columns: [
      ...entityPair('source_', 'the link starts from', true),
      text('relation', 'The relation (see LINK_RELATIONS).', { required: true, enum: Object.keys(LINK_RELATIONS) }),
      ...entityPair('target_', 'the link points to', true),
      text('notes', 'Free notes.'),
    ],
    entityRefs: [
      { kindColumn: 'source_kind', idColumn: 'source_id', onDelete: 'cascade' },
      { kindColumn: 'target_kind', idColumn: 'target_id', onDelete: 'cascade' },
    ],
    unique: [{ name: 'link_once', columns: ['source_kind', 'source_id', 'relation', 'target_kind', 'target_id'], message: 'these records are already linked this way' }],
    indexes: [['target_kind', 'target_id']],
  },
  {
    kind: 'attachment', description: 'A file in the workspace, or a web address, attached to a record.',
    columns: [
      ...entityPair('entity_', 'the file is attached to', true),
      text('relation', 'What the file is to the record: attachment, source, resume, cover_letter, screenshot, recording, transcript.', { required: true, enum: ATTACHMENT_RELATIONS, default: 'attachment' }),
      text('path', 'Path relative to the workspace root, with / separators.'),
      text('uri', 'Web address (http or https), when it is not a workspace file.'),
      text('title', 'What it is.'),
      text('mime', 'Media type, e.g. application/pdf.'),
      { name: 'bytes', type: 'integer', description: 'Size of the file when attached.' },
      text('sha256', 'sha256 of the file when attached.'),
    ],
    entityRefs: [{ kindColumn: 'entity_kind', idColumn: 'entity_id', onDelete: 'cascade' }],
    indexes: [['entity_kind', 'entity_id']],
  },
  {
    kind: 'document_version', description: 'One version of a document (resume, cover letter…), optionally about a record.',
    columns: [
      text('asset_id', 'The document this is a version of (a stable name such as resume-en); versions are numbered per asset.', { required: true }),
      ...entityPair('entity_', 'the document belongs to'),
      text('kind', 'What document it is.', { required: true, enum: DOCUMENT_KINDS, default: 'other' }),
      { name: 'version', type: 'integer', required: true, description: 'Version number, 1 for the first of this document.' },
      text('based_on', 'The version this one was derived from.', { ref: 'document_version', onDelete: 'set_null' }),
      text('title', 'Title of this version.'),
      text('source_content', 'The full text.', { required: true }),
      text('content_hash', 'sha256 of the text.', { required: true, derived: true }),
      text('source', 'Where the text came from.'),
    ],
    entityRefs: [{ kindColumn: 'entity_kind', idColumn: 'entity_id', onDelete: 'cascade' }],
    unique: [{ name: 'document_version_asset_number', columns: ['asset_id', 'version'], message: 'this document already has a version with this number' }],
    derive: (r) => ({ content_hash: sha256(String(r.source_content ?? '')) }),
  },
  {
    kind: 'diagnosis', description: "A diagnosed interview transcript (one of this project's reports).",
    columns: [
      text('report_id', 'Id of the report in the history.', { required: true }),
      text('source', 'The transcript it was computed from.', { required: true }),
      { name: 'score', type: 'real', required: true, description: 'Overall score, 0 to 100.' },
      when('report_created_at', 'When the report was computed.'),
      text('summary', 'One-paragraph summary.'),
      text('interview_id', 'The interview it diagnosed.', { ref: 'interview', onDelete: 'set_null' }),
    ],
    unique: [{ name: 'diagnosis_report', columns: ['report_id'], message: 'this report is already saved as a diagnosis' }],
  },
];

const BY_KIND = new Map<string, TableSpec>(TABLES.map((t) => [t.kind, t]));

/** Columns every entity table has, written by the store, never by an action. */
export const BOOKKEEPING_COLUMNS = ['id', 'created_at', 'updated_at', 'created_by_run', 'updated_by_run'] as const;

/** True for the name of a records table. */
export function isEntityKind(kind: unknown): kind is EntityKind {
  return typeof kind === 'string' && BY_KIND.has(kind);
}

/** The spec of a kind; an unknown kind is an error naming the known ones. */
export function tableOf(kind: string): TableSpec {
  const spec = BY_KIND.get(kind);
  if (!spec) throw new RecordsError('invalid', `unknown record kind "${kind}"; the kinds are ${ENTITY_KINDS.join(', ')}`);
  return spec;
}

/** Columns an update may set: every column that is not derived. */
export function editableColumns(kind: EntityKind): ColumnSpec[] {
  return tableOf(kind).columns.filter((c) => !c.derived);
}

/** JSON Schema of a column's value as an update gives it (null clears an optional column). */
export function columnSchema(c: ColumnSpec): JsonSchema {
  const base: JsonSchema = c.type === 'json' ? { ...(c.schema ?? {}) }
    : { type: c.type === 'integer' ? 'integer' : c.type === 'real' ? 'number' : c.type === 'boolean' ? 'boolean' : 'string' };
  if (c.enum) base.enum = c.required ? [...c.enum] : [...c.enum, null];
  if (!c.required) base.type = Array.isArray(base.type) ? [...new Set([...base.type, 'null'])] : [String(base.type ?? 'string'), 'null'];
  else if (base.type === 'string' && !c.enum) base.minLength = 1;
  base.description = c.description;
  return base;
}

/** JSON Schema of the fields an update of this kind may set. */
export function fieldsSchema(kind: EntityKind): JsonSchema {
  return {
    type: 'object',
    description: `Fields of a ${kind} to change.`,
    properties: Object.fromEntries(editableColumns(kind).map((c) => [c.name, columnSchema(c)])),
    minProperties: 1,
  };
}

/** The kind:id text an alias's `ref` holds and entity parameters take. */
export function refOf(kind: EntityKind, id: string): string {
  return `${kind}:${id}`;
}
