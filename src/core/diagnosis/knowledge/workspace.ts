import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { isMap, isSeq, parseDocument, type Node } from 'yaml';
import { yamlProblems } from '../../runtime/yamlProblems';
import schema from '../../../../knowledge/schema.json';
import { toEntries } from './loader';
import type { KnowledgeEntry, KnowledgeItem } from './types';
import { linearRegExpEngine } from '../../runtime/linearRegExp';

/** A problem in a user's knowledge file, with the character range it refers to. */
export interface KnowledgeProblem {
  message: string;
  /** UTF-16 offsets into the file text. */
  start: number;
  end: number;
  severity: 'error' | 'warning';
}

let validateItem: ValidateFunction | undefined;

function itemValidator(): ValidateFunction {
  validateItem ??= new Ajv({ allErrors: true, strict: false, code: { regExp: linearRegExpEngine } }).compile({ $ref: '#/definitions/item', definitions: schema.definitions });
  return validateItem;
}

function message(e: ErrorObject): string {
  const field = e.instancePath.split('/').filter(Boolean).join('.') || 'entry';
  if (e.keyword === 'additionalProperties') return `${field}: unknown field "${(e.params as { additionalProperty: string }).additionalProperty}" (see knowledge/schema.json)`;
  if (e.keyword === 'enum') return `${field}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  if (e.keyword === 'required') return `${field}: missing "${(e.params as { missingProperty: string }).missingProperty}"`;
  if (e.keyword === 'anyOf') return `${field}: needs a "zh" or an "en" version`;
  return `${field}: ${e.message}`;
}

/** The node at a JSON pointer-like path, falling back to its nearest existing parent. */
function nodeAt(root: Node | null | undefined, path: Array<string | number>): Node | undefined {
  let node: unknown = root;
  let found = root ?? undefined;
  for (const key of path) {
    if (isSeq(node)) node = node.items[Number(key)];
    else if (isMap(node)) node = node.get(key, true);
    else break;
    if (!node) break;
    found = node as Node;
  }
  return found ?? undefined;
}

/**
 * Checks one user knowledge file (`.interview-lens/knowledge/*.yaml` in a workspace): every
 * problem with the range it is about, and the entries that passed (a bad entry does not hide the
 * good ones). `knownIds` are ids from the shipped knowledge base and other files, for follow-ups
 * and duplicates.
 */
export function checkKnowledgeFile(text: string, knownIds: ReadonlySet<string>): { entries: KnowledgeEntry[]; items: KnowledgeItem[]; problems: KnowledgeProblem[] } {
  const doc = parseDocument(text, { prettyErrors: false });
  const problems: KnowledgeProblem[] = [];
  for (const p of yamlProblems(text, doc.errors)) problems.push({ ...p, severity: 'error' });
  if (doc.errors.length) return { entries: [], items: [], problems };
  const root = doc.contents;
  const data = doc.toJS() as unknown;
  if (data === null || data === undefined) return { entries: [], items: [], problems };
  if (!Array.isArray(data)) {
    return { entries: [], items: [], problems: [{ message: 'a knowledge file is a YAML list of entries ("- id: …")', start: 0, end: Math.min(text.length, 1) || 0, severity: 'error' }] };
  }
  const validate = itemValidator();
  const items: KnowledgeItem[] = [];
  const ids = new Set<string>();
  data.forEach((raw, i) => {
    const rangeOf = (path: Array<string | number>) => {
      const n = nodeAt(root, [i, ...path]);
      // range = [start, end of the value, end including trailing space]: underline the value.
      const [start, end] = n?.range ?? [0, 1];
      return { start, end: Math.max(end, start + 1) };
    };
    if (!validate(raw)) {
      const seen = new Set<string>();
      for (const e of validate.errors ?? []) {
        const m = message(e);
        // "needs zh or en" is reported once, not as two missing fields.
        const versionRequired = e.keyword === 'required' && ['zh', 'en'].includes((e.params as { missingProperty: string }).missingProperty);
        if (seen.has(m) || versionRequired) continue;
        seen.add(m);
        problems.push({ message: m, ...rangeOf(e.instancePath.split('/').filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k))), severity: 'error' });
      }
      return;
    }
    const item = raw as KnowledgeItem;
    if (ids.has(item.id)) {
      problems.push({ message: `duplicate id "${item.id}" in this file`, ...rangeOf(['id']), severity: 'error' });
      return;
    }
    ids.add(item.id);
    if (knownIds.has(item.id)) problems.push({ message: `"${item.id}" replaces the bundled entry with the same id`, ...rangeOf(['id']), severity: 'warning' });
    (item.followUps ?? []).forEach((f, k) => {
      if (/^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(f) && !knownIds.has(f) && !data.some((d) => (d as { id?: string })?.id === f)) {
        problems.push({ message: `followUps: "${f}" is not an entry id`, ...rangeOf(['followUps', k]), severity: 'warning' });
      }
    });
    let usable = true;
    for (const lang of ['zh', 'en'] as const) {
      if (item[lang] && !item.keyPoints.some((k) => k.label[lang])) {
        problems.push({ message: `the ${lang} version has no key point labelled in ${lang}`, ...rangeOf([lang]), severity: 'error' });
        usable = false;
      }
    }
    if (usable) items.push(item);
  });
  return { entries: items.flatMap(toEntries), items, problems };
}
