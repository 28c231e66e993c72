import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { parse } from 'yaml';
import schema from '../../../../knowledge/schema.json';
import { CATEGORIES, DIMENSIONS, PHRASING_KINDS, type KnowledgeEntry, type KnowledgeItem } from './types';
import { linearRegExpEngine } from '../../runtime/linearRegExp';

/** Knowledge content that does not match the schema; names the file, entry and field. */
export class KnowledgeFormatError extends Error {}

function need(cond: unknown, where: string, what: string): asserts cond {
  if (!cond) throw new KnowledgeFormatError(`${where}: ${what}`);
}

let validateFile: ReturnType<Ajv['compile']> | undefined;

function describe(e: ErrorObject, file: string, items: unknown[]): string {
  const parts = e.instancePath.split('/').filter(Boolean);
  const index = Number(parts[0]);
  const id = (items[index] as { id?: unknown } | undefined)?.id;
  const where = Number.isNaN(index) ? file : `${file} entry ${index + 1}${typeof id === 'string' ? ` (${id})` : ''}`;
  const field = parts.slice(1).join('.') || '(entry)';
  const extra = e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"`
    : e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : '';
  return `${where}: ${field} ${e.message}${extra}`;
}

/** Checks one file's parsed YAML against knowledge/schema.json; every problem is listed. */
export function checkItems(doc: unknown, file: string): { items: KnowledgeItem[]; errors: string[] } {
  validateFile ??= new Ajv({ allErrors: true, strict: false, code: { regExp: linearRegExpEngine } }).compile(schema);
  if (!Array.isArray(doc)) return { items: [], errors: [`${file}: the file must be a YAML list of entries`] };
  if (validateFile(doc)) return { items: doc as KnowledgeItem[], errors: [] };
  // anyOf failures repeat every branch's error; keep one line per place.
  const lines = [...new Set((validateFile.errors ?? []).filter((e) => e.keyword !== 'anyOf').map((e) => describe(e, file, doc)))];
  const anyOf = (validateFile.errors ?? []).filter((e) => e.keyword === 'anyOf');
  for (const e of anyOf) lines.push(`${describe(e, file, doc).replace(/ must match a schema in anyOf$/, '')} needs a "zh" or an "en" version`);
  return { items: [], errors: lines };
}

/** Cross-file rules the schema cannot state: unique ids, follow-ups that name entries exist. */
export function checkLinks(items: Array<{ item: KnowledgeItem; file: string }>): string[] {
  const errors: string[] = [];
  const ids = new Map<string, string>();
  for (const { item, file } of items) {
    const seen = ids.get(item.id);
    if (seen) errors.push(`${file}: duplicate id "${item.id}" (also in ${seen})`);
    ids.set(item.id, file);
  }
  for (const { item, file } of items) {
    for (const f of item.followUps ?? []) {
      if (/^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(f) && !ids.has(f)) errors.push(`${file} (${item.id}): followUps names "${f}", which is not an entry id`);
    }
    for (const lang of ['zh', 'en'] as const) {
      if (item[lang] && !item.keyPoints.some((k) => k.label[lang])) errors.push(`${file} (${item.id}): the ${lang} version has no key point labelled in ${lang}`);
    }
    errors.push(...mistakeLanguages(item).map((e) => `${file} (${item.id}): ${e}`));
  }
  return errors;
}

const LANGUAGE_NAME = { zh: 'Chinese', en: 'English' } as const;

/** The language a mistake's pattern is written in. */
export function patternLanguage(pattern: string): 'zh' | 'en' {
  return /[\u3400-\u9fff]/.test(pattern) ? 'zh' : 'en';
}

/**
 * Each mistake is listed by the versions it has a pattern in; a pattern in a language needs the
 * correction in that language, or the entry of that language would show the mistake corrected in
 * the other one (or not list it at all).
 */
function mistakeLanguages(item: KnowledgeItem): string[] {
  const errors: string[] = [];
  for (const m of item.mistakes ?? []) {
    for (const p of m.patterns) {
      const lang = patternLanguage(p);
      if (!m.correction[lang]) errors.push(`mistake "${p}" is in ${LANGUAGE_NAME[lang]} but has no ${LANGUAGE_NAME[lang]} correction (the ${LANGUAGE_NAME[lang]} entry would show it corrected in another language)`);
    }
  }
  return errors;
}

/**
 * The other phrasings an entry is found by: its paraphrases, then how real interviewers ask it
 * (preamble, scenario, colloquial, follow-up, ASR-noisy), then the other version's cross-lingual
 * phrasing, which is written in this version's language. Its own cross-lingual phrasing is in the
 * other language, so it belongs to the other side.
 */
export function aliasesOf(item: KnowledgeItem, language: 'zh' | 'en'): string[] {
  const own = item[language];
  if (!own) return [];
  const other = item[language === 'zh' ? 'en' : 'zh'];
  const phrasings = PHRASING_KINDS.filter((k) => k !== 'crossLingual').map((k) => own.phrasings?.[k]);
  const crossed = other?.phrasings?.crossLingual;
  const out: string[] = [];
  for (const text of [...own.paraphrases, ...phrasings, crossed]) {
    const t = text?.trim();
    if (t && t !== own.question.trim() && !out.includes(t)) out.push(t);
  }
  return out;
}

/** An item's per-language views (zh-<id>, en-<id>), what retrieval and scoring use. */
export function toEntries(item: KnowledgeItem): KnowledgeEntry[] {
  const out: KnowledgeEntry[] = [];
  for (const language of ['zh', 'en'] as const) {
    const v = item[language];
    if (!v) continue;
    out.push({
      id: `${language}-${item.id}`,
      itemId: item.id,
      language,
      topic: item.dimension,
      category: item.dimension,
      difficulty: item.difficulty,
      tags: item.tags ?? [],
      followUps: item.followUps ?? [],
      dimension: item.focus ?? 'completeness',
      question: v.question,
      aliases: aliasesOf(item, language),
      paraphrases: v.paraphrases,
      expertAnswer: v.expertAnswer,
      noviceAnswer: v.noviceAnswer,
      gap: v.gap,
      keyPoints: item.keyPoints.filter((k) => k.label[language]).map((k) => ({ label: k.label[language]!, keywords: k.synonyms, weight: k.weight, labels: k.label })),
      // A mistake belongs to the versions it has a pattern in (and, checked by kb:check, a correction):
      // an English entry never lists a Chinese mistake. A correction in a language without a pattern is
      // a translation, for a report written in that language.
      misconceptions: (item.mistakes ?? []).filter((m) => m.correction[language] && m.patterns.some((p) => patternLanguage(p) === language))
        .map((m) => ({ patterns: m.patterns, correction: m.correction[language]!, corrections: m.correction })),
    });
  }
  return out;
}

/** Reads and checks every *.yaml / *.yml file of a folder; returns the items and every problem found. */
export function readKnowledgeDir(dir: string): { items: Array<{ item: KnowledgeItem; file: string }>; errors: string[] } {
  if (!fs.existsSync(dir)) return { items: [], errors: [`knowledge folder not found: ${dir}`] };
  const files = fs.readdirSync(dir).filter((f) => /\.ya?ml$/i.test(f)).sort();
  const items: Array<{ item: KnowledgeItem; file: string }> = [];
  const errors: string[] = [];
  for (const file of files) {
    let doc: unknown;
    try {
      doc = parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch (err) {
      errors.push(`${file}: not valid YAML (${(err as Error).message.split('\n')[0]})`);
      continue;
    }
    const checked = checkItems(doc, file);
    errors.push(...checked.errors);
    items.push(...checked.items.map((item) => ({ item, file })));
  }
  errors.push(...checkLinks(items));
  return { items, errors };
}

/** Loads a knowledge folder into per-language entries; the first problem found is thrown. */
export function loadKnowledgeDir(dir: string): KnowledgeEntry[] {
  const { items, errors } = readKnowledgeDir(dir);
  if (errors.length) throw new KnowledgeFormatError(errors.length > 1 ? `${errors[0]} (and ${errors.length - 1} more: run npm run kb:check)` : errors[0]);
  return items.flatMap(({ item }) => toEntries(item));
}

/** Checks one compiled entry (what knowledge.json holds) and returns it typed. */
export function toEntry(raw: unknown, where: string): KnowledgeEntry {
  need(raw && typeof raw === 'object', where, 'each entry must be a mapping');
  const e = raw as Record<string, unknown>;
  for (const k of ['id', 'itemId', 'question', 'expertAnswer', 'noviceAnswer', 'gap', 'topic']) {
    need(typeof e[k] === 'string' && (e[k] as string).trim() !== '', where, `"${k}" must be a non-empty string`);
  }
  need(e.language === 'zh' || e.language === 'en', where, '"language" must be zh or en');
  need(DIMENSIONS.includes(e.dimension as never), where, `"dimension" must be one of ${DIMENSIONS.join(', ')}`);
  need(CATEGORIES.includes(e.category as never), where, `"category" must be one of ${CATEGORIES.join(', ')}`);
  need(Array.isArray(e.keyPoints) && e.keyPoints.length > 0, where, '"keyPoints" must be a non-empty list');
  return e as unknown as KnowledgeEntry;
}

/** File name of the compiled knowledge base that the build writes next to the bundles. */
export const COMPILED_KNOWLEDGE = 'knowledge.json';

/**
 * Loads the knowledge base from `source`: a compiled `knowledge.json` (checked entry by entry,
 * as fast as JSON.parse) or a folder of YAML files (what authors edit).
 */
export function loadKnowledge(source: string): KnowledgeEntry[] {
  if (source.endsWith('.json')) {
    let doc: unknown;
    try {
      doc = JSON.parse(fs.readFileSync(source, 'utf8'));
    } catch (err) {
      throw new KnowledgeFormatError(`${source}: cannot be read as JSON (${(err as Error).message}); rebuild with "npm run build"`);
    }
    need(Array.isArray(doc), source, 'must be a list of entries');
    return (doc as unknown[]).map((raw, i) => toEntry(raw, `${path.basename(source)} entry ${i + 1}`));
  }
  return loadKnowledgeDir(source);
}
