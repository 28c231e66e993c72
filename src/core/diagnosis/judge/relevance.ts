/**
 * Relevance: does the answer address the question asked? The answer's units are compared with
 * the profile of every knowledge-base item. When another item explains the answer much better
 * than the question's own reference (or than the question itself, when there is none) and the
 * answer states little of what was asked, it answers a different question, and the judge says
 * which one. A good answer about the wrong thing must not score as a good answer.
 */
import type { KnowledgeEntry } from '../knowledge/types';
import type { JudgeCorpus } from './corpus';
import type { ReadSentence } from './reading';
import type { Relevance } from './analysis';
import type { AskKind } from './questionAsks';
import { unitsOf } from './units';

export type { Relevance } from './analysis';

/** Content units (Chinese characters + English words) an answer needs before it can be called off-topic. */
const MIN_SIZE = 40;
/** Share of the answer another item must explain before the answer is said to be about it. */
const MIN_FIT = 0.3;

const strip = (key: string) => (key.startsWith('!') ? key.slice(1) : key);

/** The answer's content units with how often each occurs (negation ignored: topic, not claim). */
function answerMass(sentences: readonly ReadSentence[]): Map<string, number> {
  const mass = new Map<string, number>();
  for (const s of sentences) for (const u of s.keys) mass.set(strip(u), (mass.get(strip(u)) ?? 0) + 1);
  return mass;
}

/**
 * Share of the answer's idf mass each item's profile explains (0 for items sharing no unit).
 * One pass over the answer's units and their postings, not a scan of every item; the sums are
 * kept per item position in a typed array, each in the answer's unit order.
 */
function fits(corpus: JudgeCorpus, mass: Map<string, number>): (item: string) => number {
  const { items, byUnit } = corpus.postings();
  const hits = new Float64Array(items.length);
  let total = 0;
  for (const [k, n] of mass) {
    const idf = corpus.topicIdf(k);
    const weight = Math.min(n, 3) * idf;
    total += weight;
    const p = byUnit.get(k);
    if (!p) continue;
    const { at, share } = p;
    for (let i = 0; i < at.length; i++) hits[at[i]] += weight * share[i];
  }
  const position = positionsOf(items);
  return (item) => {
    const at = position.get(item);
    return at === undefined || total === 0 ? 0 : hits[at] / total;
  };
}

/** Item → its position, per items list (the corpus keeps one list). */
const positions = new WeakMap<string[], Map<string, number>>();
function positionsOf(items: string[]): Map<string, number> {
  let m = positions.get(items);
  if (!m) positions.set(items, (m = new Map(items.map((id, i) => [id, i]))));
  return m;
}

/** Judges whether the answer addresses the question (and its reference, when there is one). */
export function judgeRelevance(input: {
  corpus: JudgeCorpus;
  /** The question's units, without negation marks. */
  questionUnits: ReadonlySet<string>;
  sentences: readonly ReadSentence[];
  reference: KnowledgeEntry | null;
  /** Items the question itself put forward (retrieval candidates), when there is no reference. */
  candidates: readonly string[];
  /** Weighted share of the reference's key points the answer states (0–1). */
  statedShare: number;
  /** The transcript's language (whose phrasings of another item are compared). */
  language?: string;
  /** What the question asks for, and whether the answer replies in kind (questionAsks.ts). */
  ask?: { kind: AskKind; replied: boolean };
}): Relevance {
  const { corpus, sentences, reference } = input;
  const mass = answerMass(sentences);
  const qUnits = input.questionUnits;
  let qTotal = 0;
  let qHit = 0;
  for (const k of qUnits) {
    const idf = corpus.topicIdf(k);
    qTotal += idf;
    if (mass.has(k)) qHit += idf;
  }
  const questionShare = qTotal === 0 ? 0 : qHit / qTotal;
  const fit = fits(corpus, mass);
  let bestItem = '';
  let bestFit = 0;
  // Ties go to the item listed first, so the verdict does not depend on map order.
  for (const item of corpus.items()) {
    const f = fit(item);
    if (f > bestFit) {
      bestFit = f;
      bestItem = item;
    }
  }
  // A short answer says too little to tell which question it answers.
  const size = sentences.reduce((s, x) => s + x.shape.size, 0);
  const judgeable = size >= MIN_SIZE && bestFit >= MIN_FIT;
  if (reference) {
    const own = fit(reference.itemId);
    const ratio = bestFit === 0 ? 1 : own / bestFit;
    const offTopic = judgeable && bestItem !== reference.itemId && ratio < 0.8 && input.statedShare < 0.3 && questionShare < 0.6;
    const score = offTopic ? Math.min(0.3, ratio / 2) : Math.min(1, Math.max(ratio, input.statedShare * 2, questionShare));
    return { score: round(score), offTopic, ...(bestItem !== reference.itemId ? { otherItemId: bestItem } : {}), questionShare: round(questionShare) };
  }
  const ownFit = Math.max(0, ...input.candidates.map(fit));
  // From the question itself: the answer says much more of another item's question than of the
  // one asked, and the question asked is not that item's (a candidate the question only brushed
  // against is no excuse: an answer to the neighbouring question fits it best; the question's own
  // favourite is, since a long preamble dilutes how much of the turn its phrasings hold).
  const other = judgeable && bestItem ? otherQuestion(corpus, bestItem, input.language, mass, qUnits) : undefined;
  const answersOther = !!other && bestItem !== input.candidates[0] && questionShare < OTHER_QUESTION.ownBelow && other.answerShare >= Math.max(OTHER_QUESTION.least, OTHER_QUESTION.ratio * questionShare) && other.askedShare < OTHER_QUESTION.askedBelow;
  const offTopic = (judgeable && !input.candidates.includes(bestItem) && questionShare < 0.25 && ownFit < 0.7 * bestFit) || answersOther;
  let score = offTopic ? Math.min(0.3, questionShare) : Math.min(1, Math.max(questionShare * 1.6, bestFit === 0 ? 0 : ownFit / bestFit));
  const missesAsk = !offTopic && !!input.ask && !input.ask.replied && size >= MIN_SIZE;
  if (missesAsk) score *= ASK_MISSED;
  return { score: round(score), offTopic, ...(offTopic ? { otherItemId: bestItem } : {}), questionShare: round(questionShare), ...(missesAsk ? { missedAsk: input.ask!.kind } : {}) };
}

/** When an answer is taken to answer another item's question instead of the one asked. */
const OTHER_QUESTION = { ownBelow: 0.3, least: 0.3, ratio: 2, askedBelow: 0.3 };
/** What relevance keeps when the answer does not give the kind of reply asked for (a comparison, an example…). */
const ASK_MISSED = 0.6;

/** idf-weighted share of `units` found in `have`. */
function shareOf(corpus: JudgeCorpus, units: Iterable<string>, have: { has(k: string): boolean }): number {
  let total = 0;
  let hit = 0;
  for (const k of units) {
    const idf = corpus.topicIdf(k);
    total += idf;
    if (have.has(k)) hit += idf;
  }
  return total === 0 ? 0 : hit / total;
}

/** How much of another item's question (and phrasings) the answer says, and how much of the asked question that item's wording holds. */
function otherQuestion(corpus: JudgeCorpus, itemId: string, language: string | undefined, mass: Map<string, number>, asked: ReadonlySet<string>): { answerShare: number; askedShare: number } | undefined {
  const entry = corpus.entry(itemId, language ?? 'en');
  if (!entry) return undefined;
  const own = new Set(unitsOf(entry.question).map((u) => strip(u.key)));
  const all = new Set(unitsOf([entry.question, ...entry.aliases].join('\n')).map((u) => strip(u.key)));
  return { answerShare: shareOf(corpus, own, mass), askedShare: shareOf(corpus, asked, all) };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
