/**
 * The general list of well-known LLM and agent misconceptions (knowledge/misconceptions/*.yaml):
 * checked in every answer, whatever the question and whether or not it has a reference (issue 29).
 * Each item says how people assert the myth (claims), how they debunk it (refutations, never
 * penalised), and what is true (correction). A folder without the list is fine (a workspace KB).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import schema from '../../../../knowledge/misconceptions/schema.json';
import { linearRegExpEngine } from '../../runtime/linearRegExp';
import type { KnowledgeBase } from './knowledgeBase';
import { KnowledgeFormatError } from './loader';
import type { Misconception } from './types';

/** One item of the general list, as written. */
export interface GeneralMisconception {
  id: string;
  topic: string[];
  claims: { zh: string[]; en: string[] };
  refutations: { zh: string[]; en: string[] };
  correction: { zh: string; en: string };
  sources: string[];
}

/** Folder of the list inside a knowledge folder, and the compiled file the build writes next to knowledge.json. */
export const MISCONCEPTIONS_FOLDER = 'misconceptions';
export const COMPILED_MISCONCEPTIONS = 'misconceptions.json';

let validate: ReturnType<Ajv['compile']> | undefined;

/** Checks parsed YAML (or compiled JSON) against knowledge/misconceptions/schema.json; throws naming the file and the field. */
export function checkGeneralMisconceptions(doc: unknown, file: string): GeneralMisconception[] {
  validate ??= new Ajv({ allErrors: true, strict: false, code: { regExp: linearRegExpEngine } }).compile(schema);
  if (validate(doc)) return doc as GeneralMisconception[];
  const first = (validate.errors ?? [])[0];
  const where = first?.instancePath.split('/').filter(Boolean) ?? [];
  const index = Number(where[0]);
  const id = Array.isArray(doc) && !Number.isNaN(index) ? (doc[index] as { id?: unknown })?.id : undefined;
  throw new KnowledgeFormatError(`${file}${Number.isNaN(index) ? '' : ` item ${index + 1}${typeof id === 'string' ? ` (${id})` : ''}`}: ${where.slice(1).join('.') || '(item)'} ${first?.message ?? 'is not valid'}; see knowledge/misconceptions/schema.json`);
}

/**
 * Reads the general list for a knowledge source: `<folder>/misconceptions/*.yaml` for a folder of
 * YAML, `misconceptions.json` beside a compiled knowledge.json. None there: an empty list.
 */
export function loadGeneralMisconceptions(source: string): GeneralMisconception[] {
  if (source.endsWith('.json')) {
    const file = path.join(path.dirname(source), COMPILED_MISCONCEPTIONS);
    if (!fs.existsSync(file)) return [];
    return checkGeneralMisconceptions(JSON.parse(fs.readFileSync(file, 'utf8')), COMPILED_MISCONCEPTIONS);
  }
  const dir = path.join(source, MISCONCEPTIONS_FOLDER);
  if (!fs.existsSync(dir)) return [];
  const out: GeneralMisconception[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => /\.ya?ml$/i.test(f)).sort()) {
    let doc: unknown;
    try {
      doc = parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch (err) {
      throw new KnowledgeFormatError(`${MISCONCEPTIONS_FOLDER}/${file}: not valid YAML (${(err as Error).message.split('\n')[0]})`);
    }
    out.push(...checkGeneralMisconceptions(doc, `${MISCONCEPTIONS_FOLDER}/${file}`));
  }
  return out;
}

/** The list as the judge checks it in one language: the claims of both languages, the correction in this one. */
export function misconceptionsIn(list: readonly GeneralMisconception[], language: 'zh' | 'en'): Misconception[] {
  return list.map((m) => ({
    patterns: [...m.claims[language], ...m.claims[language === 'zh' ? 'en' : 'zh']],
    correction: m.correction[language],
    corrections: m.correction,
    refutations: [...m.refutations.zh, ...m.refutations.en],
  }));
}

const attached = new WeakMap<KnowledgeBase, GeneralMisconception[]>();

/** Gives a knowledge base its general list (createCore does, from the knowledge source). */
export function attachGeneralMisconceptions(kb: KnowledgeBase, list: GeneralMisconception[]): void {
  attached.set(kb, list);
}

/** The general list of a knowledge base (empty when none was attached). */
export function generalMisconceptionsOf(kb: KnowledgeBase | undefined): GeneralMisconception[] {
  return (kb && attached.get(kb)) ?? [];
}
