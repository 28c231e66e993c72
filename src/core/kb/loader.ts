import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { DIMENSIONS, type KnowledgeEntry } from './types';

/** Knowledge content that does not match the entry shape; names the file, entry and field. */
export class KnowledgeFormatError extends Error {}

function need(cond: unknown, where: string, what: string): asserts cond {
  if (!cond) throw new KnowledgeFormatError(`${where}: ${what}`);
}

function strings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** Checks one parsed YAML item and returns it typed; throws with the exact field at fault. */
export function toEntry(raw: unknown, where: string): KnowledgeEntry {
  need(raw && typeof raw === 'object', where, 'each entry must be a mapping');
  const e = raw as Record<string, unknown>;
  for (const k of ['id', 'question', 'expertAnswer', 'noviceAnswer', 'gap', 'topic']) {
    need(typeof e[k] === 'string' && (e[k] as string).trim() !== '', where, `"${k}" must be a non-empty string`);
  }
  need(e.language === 'zh' || e.language === 'en', where, '"language" must be zh or en');
  need(DIMENSIONS.includes(e.dimension as never), where, `"dimension" must be one of ${DIMENSIONS.join(', ')}`);
  need(Array.isArray(e.keyPoints) && e.keyPoints.length > 0, where, '"keyPoints" must be a non-empty list');
  const keyPoints = (e.keyPoints as unknown[]).map((kp, i) => {
    const k = kp as Record<string, unknown>;
    need(k && typeof k.label === 'string', where, `keyPoints[${i}].label must be a string`);
    need(strings(k.keywords) && k.keywords.length > 0, where, `keyPoints[${i}].keywords must be a non-empty list of strings`);
    const weight = k.weight === undefined ? 1 : k.weight;
    need(typeof weight === 'number' && weight > 0, where, `keyPoints[${i}].weight must be a positive number`);
    return { label: k.label as string, keywords: k.keywords as string[], weight: weight as number };
  });
  const misconceptions = ((e.misconceptions ?? []) as unknown[]).map((m, i) => {
    const x = m as Record<string, unknown>;
    need(x && strings(x.patterns) && typeof x.correction === 'string', where, `misconceptions[${i}] needs patterns (list) and correction (string)`);
    return { patterns: x.patterns as string[], correction: x.correction as string };
  });
  return {
    id: e.id as string,
    language: e.language as 'zh' | 'en',
    topic: e.topic as string,
    dimension: e.dimension as KnowledgeEntry['dimension'],
    question: e.question as string,
    aliases: strings(e.aliases) ? e.aliases : [],
    expertAnswer: e.expertAnswer as string,
    noviceAnswer: e.noviceAnswer as string,
    gap: e.gap as string,
    keyPoints,
    misconceptions,
  };
}

/** Reads every *.yaml / *.yml file in a folder (sorted, so ids resolve the same way every run). */
export function loadKnowledgeDir(dir: string): KnowledgeEntry[] {
  if (!fs.existsSync(dir)) throw new KnowledgeFormatError(`knowledge folder not found: ${dir}`);
  const files = fs.readdirSync(dir).filter((f) => /\.ya?ml$/i.test(f)).sort();
  const entries: KnowledgeEntry[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const full = path.join(dir, file);
    let doc: unknown;
    try {
      doc = parse(fs.readFileSync(full, 'utf8'));
    } catch (err) {
      throw new KnowledgeFormatError(`${file}: not valid YAML (${(err as Error).message.split('\n')[0]})`);
    }
    need(Array.isArray(doc), file, 'the file must be a YAML list of entries');
    (doc as unknown[]).forEach((raw, i) => {
      const entry = toEntry(raw, `${file} entry ${i + 1}`);
      need(!seen.has(entry.id), `${file} entry ${i + 1}`, `duplicate id "${entry.id}"`);
      seen.add(entry.id);
      entries.push(entry);
    });
  }
  return entries;
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
