import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import type { Channel, KnowledgeBase } from '../../src/core/diagnosis/knowledge/knowledgeBase';
import type { KnowledgeHit } from '../../src/core/diagnosis/knowledge/types';
import { REFERENCE_THRESHOLD } from '../../src/core/diagnosis/knowledge/confidence';

/** One eval query (test/fixtures/kb/queries.yaml). */
export interface KbQuery {
  kind: 'paraphrase' | 'partial' | 'cross' | 'asr' | 'none';
  query: string;
  /** The entry that answers it, several that do equally, or null. */
  expect: string | string[] | null;
  language?: 'zh' | 'en';
}

/** Retrieval quality of one channel over a set of queries. */
export interface KbScores {
  n: number;
  recallAt1: number;
  recallAt3: number;
  mrr: number;
  /** Share of answerable queries whose top hit is right and reaches the threshold (what a diagnosis can use). */
  usable: number;
  /** Share of no-match queries whose top hit reaches the confidence threshold. */
  falsePositiveRate: number;
  noMatch: number;
}

export const QUERIES_FILE = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'kb', 'queries.yaml');
/** Written after the content was finished and never tuned on: the numbers that count. */
/** For retrieval changes made after the held-out set was measured. */
export const TUNE_FILE = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'kb', 'tune.yaml');
export const HELDOUT_FILE = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'kb', 'heldout.yaml');
/** A second held-out set of colloquial paraphrases, written after the concept channel and never tuned on. */
export const HELDOUT2_FILE = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'kb', 'heldout2.yaml');
/** The confidence at which diagnosis uses a reference (MIN_REFERENCE_CONFIDENCE). */
export const THRESHOLD = REFERENCE_THRESHOLD;

export function loadQueries(file = QUERIES_FILE): KbQuery[] {
  return parse(fs.readFileSync(file, 'utf8')) as KbQuery[];
}

/** Recall@1, recall@3 and MRR on queries with an answer; false positives on those without. */
export function evaluate(kb: KnowledgeBase, queries: KbQuery[], channel: Channel): KbScores {
  let r1 = 0;
  let r3 = 0;
  let rr = 0;
  let n = 0;
  let fp = 0;
  let none = 0;
  let usable = 0;
  const confidence = (top: KnowledgeHit | undefined) => {
    // A channel alone is judged by its own 0–1 match score; the hybrid by the fitted confidence.
    const f = top?.features;
    return !top || !f ? 0 : channel === 'bm25' ? Math.max(f.coverage, f.dice) : channel === 'vector' ? f.ngram : channel === 'concept' ? f.concept : top.confidence;
  };
  for (const q of queries) {
    const hits = kb.search(q.query, { topK: 10, language: q.language, channel, explain: true });
    if (q.expect === null) {
      none++;
      if (confidence(hits[0]) >= THRESHOLD) fp++;
      continue;
    }
    n++;
    const wanted = Array.isArray(q.expect) ? q.expect : [q.expect];
    const rank = hits.findIndex((h) => wanted.includes(h.entry.itemId));
    if (rank === 0) r1++;
    if (rank === 0 && confidence(hits[0]) >= THRESHOLD) usable++;
    if (rank >= 0 && rank < 3) r3++;
    if (rank >= 0) rr += 1 / (rank + 1);
  }
  return { n, recallAt1: n ? r1 / n : 0, recallAt3: n ? r3 / n : 0, mrr: n ? rr / n : 0, usable: n ? usable / n : 0, falsePositiveRate: none ? fp / none : 0, noMatch: none };
}
