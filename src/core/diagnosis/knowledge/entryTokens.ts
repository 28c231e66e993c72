import { tokenize } from '../../text/tokenize';
import type { KnowledgeEntry } from './types';

/** The search tokens of entries and queries, as the full-text and Dice channels read them. */

/** FTS4's simple tokenizer splits on anything but ASCII letters/digits and non-ASCII: keep tokens to that. */
export function ftsTokens(text: string): string[] {
  const out: string[] = [];
  for (const t of tokenize(text)) {
    // Most tokens are already clean: kept as they are (what the split would give).
    if (FTS_CLEAN.test(t)) out.push(t);
    else for (const part of t.replace(/[^a-z0-9\u0080-\uffff]+/g, ' ').split(' ')) if (part) out.push(part);
  }
  return out;
}
const FTS_CLEAN = /^[a-z0-9\u0080-\uffff]+$/;

/** The text one entry is found by: its question and paraphrases (twice), its other-language version, its key-point synonyms. */
export function bodyTokens(entry: KnowledgeEntry, sibling: KnowledgeEntry | undefined, tokens: (text: string) => string[] = ftsTokens): string[] {
  const own = [entry.question, ...entry.aliases].flatMap(tokens);
  const other = sibling ? [sibling.question, ...sibling.aliases].flatMap(tokens) : [];
  const synonyms = entry.keyPoints.flatMap((k) => k.keywords).flatMap(ftsTokens);
  return [...own, ...own, ...other, ...synonyms];
}

export function phrasesOf(entry: KnowledgeEntry, sibling: KnowledgeEntry | undefined): string[] {
  return [entry.question, ...entry.aliases, ...(sibling ? [sibling.question, ...sibling.aliases] : [])];
}
