import { REFERENCE_THRESHOLD } from './confidence';
import type { KnowledgeBase } from './knowledgeBase';
import { referenceCandidates, type ReferenceCandidate } from './referenceCandidates';
import { ANSWER_RULES, calibratedLogit, REFERENCE_CALIBRATION, REFERENCE_MODEL, referenceLogit, sigmoid } from './referenceModel';
import type { Category, KnowledgeHit } from './types';

/** What is known about an interview turn when choosing its reference. */
export interface ReferenceContext { question: string; previous?: string[]; answer?: string; language?: 'zh' | 'en'; category?: Category }

/** The reference chosen for a question, or why there is none; every confidence in it is on the reference model's scale (REFERENCE_THRESHOLD applies). */
export interface ReferenceChoice {
  hit: KnowledgeHit | null;      // the entry to compare with, or null when none is confident enough
  confidence: number;            // 0-1, of the chosen hit (or of the best candidate when hit is null)
  related: KnowledgeHit[];       // up to 3 closest entries (for "closest related entries" when there is no reference)
  via: 'question' | 'focus' | 'context' | 'answer';   // what found it: the whole turn, the asking sentence of a longer turn, earlier questions, or the answer breaking a tie
  contested?: boolean;           // set when the best entry was confident enough but another came too close: no reference is used
}

/**
 * When a second entry is nearly as likely as the chosen one, the question could be either, and a
 * reference for the wrong one is worse than none (issue 29: strong answers average 51 against an
 * unrelated reference, 77 with none). Chosen on the tuning sets with the 306-entry knowledge
 * base: a margin of 0.2 lifts eval:ref's precision from 88 % to 91 % (90 references given instead
 * of 95) for 2 right references of 120 and one of the scoring set's 26; 0.1 changes nothing.
 */
export const CONTEST = {
  /** The runner-up's confidence must be at least this... */
  floor: 0.5,
  /** ...and at most this far below the chosen entry's. */
  margin: 0.2,
};

/** Answer hits looked at: enough to cover every candidate the question put forward. */
const ANSWER_HITS = 10;
/** Characters of the answer searched: its opening says what it is about, and a long answer is the costliest search of the turn. */
const ANSWER_CHARS = 600;

/**
 * Chooses the knowledge-base entry to judge an answer against. The question decides: its whole
 * turn, its asking sentences and, for a follow-up that points back, the previous question put
 * candidates forward and a fitted model weighs them. The answer only breaks a tie between
 * candidates the question itself put forward and adds a little confidence when it agrees with
 * the choice; it never brings in an entry of its own, so an answer about fine-tuning given to a
 * RAG question cannot make fine-tuning the reference.
 */
export function findReference(kb: KnowledgeBase, ctx: ReferenceContext, settings: Partial<ChoiceSettings> = {}): ReferenceChoice {
  const candidates = referenceCandidates(kb, ctx);
  // Searching with the answer is the costliest step of a turn; it is done only when the answer
  // can change the choice: a near tie, or a favourite just under the threshold.
  const support = ctx.answer?.trim() && answerCanMatter(candidates, settings) ? answerSupport(kb, ctx, candidates) : new Map<string, number>();
  return chooseReference(candidates, support, settings);
}

/** Whether the answer's support could change which entry is chosen or whether it is used. */
export function answerCanMatter(found: readonly ReferenceCandidate[], settings: Partial<ChoiceSettings> = {}): boolean {
  const { model, calibration, rules, threshold, modelForAlone } = { ...DEFAULTS, ...settings };
  if (found.length === 0) return false;
  const candidates = found.map((c) => ({ ...c, z: referenceLogit(c.features, model) })).sort((a, b) => b.z - a.z);
  const favourite = candidates[0];
  if (candidates.some((c) => c !== favourite && favourite.z - c.z <= rules.tie)) return true;
  const own = favourite.alone && !modelForAlone ? logit(favourite.features.question) : calibratedLogit(favourite.z, favourite.features.length, calibration);
  const needed = logit(threshold);
  return own < needed && own + rules.bonus >= needed;
}

/** How well the answer matches each candidate: its search confidence with the answer as the query (0 when not among the hits). */
export function answerSupport(kb: KnowledgeBase, ctx: ReferenceContext, candidates: readonly ReferenceCandidate[]): Map<string, number> {
  const wanted = new Set(candidates.map(itemOf));
  const hits = kb.search(ctx.answer!.slice(0, ANSWER_CHARS), { topK: ANSWER_HITS, language: ctx.language, category: ctx.category });
  return new Map(hits.filter((h) => wanted.has(h.entry.itemId)).map((h) => [h.entry.itemId, h.confidence]));
}

/** What a choice is made with; the fitting script varies them. */
export interface ChoiceSettings {
  model: typeof REFERENCE_MODEL;
  calibration: typeof REFERENCE_CALIBRATION;
  rules: typeof ANSWER_RULES;
  threshold: number;
  /** Read short-text evidence through the model too, instead of by its search confidence (the fitting script calibrates the model on every question). */
  modelForAlone: boolean;
  contest: typeof CONTEST;
}
const DEFAULTS: ChoiceSettings = { model: REFERENCE_MODEL, calibration: REFERENCE_CALIBRATION, rules: ANSWER_RULES, threshold: REFERENCE_THRESHOLD, modelForAlone: false, contest: CONTEST };

/** The decision itself, given the candidates and the answer's support for each (no search: the fitting script replays it). */
export function chooseReference(found: readonly ReferenceCandidate[], support: ReadonlyMap<string, number>, settings: Partial<ChoiceSettings> = {}): ReferenceChoice {
  const { model, calibration, rules, threshold, modelForAlone, contest } = { ...DEFAULTS, ...settings };
  const candidates = found.map((c) => ({ ...c, z: referenceLogit(c.features, model) })).sort((a, b) => b.z - a.z);
  // A turn that says one sentence, once its small talk is set aside, keeps that sentence's search
  // confidence, which was calibrated on short questions like it: otherwise small talk around an
  // uncovered question ("Let me ask a classic. What is a Bloom filter used for?") would make its
  // chance match look surer than the bare question's. The model lifts what longer turns found,
  // whose search confidence their length dilutes.
  const questionLogit = (c: ReferenceCandidate & { z: number }) =>
    c.alone && !modelForAlone ? logit(c.features.question) : calibratedLogit(c.z, c.features.length, calibration);
  if (candidates.length === 0) return { hit: null, confidence: 0, related: [], via: 'question' };
  const s = (c: ReferenceCandidate) => support.get(itemOf(c)) ?? 0;
  const favourite = candidates[0];
  let chosen = favourite;
  // The answer breaks a tie: among the candidates the question cannot tell from its favourite,
  // the one the answer matches clearly better.
  const tied = candidates.filter((c) => favourite.z - c.z <= rules.tie);
  const answerPick = [...tied].sort((a, b) => s(b) - s(a))[0];
  if (answerPick !== favourite && s(answerPick) >= s(favourite) + rules.margin) chosen = answerPick;
  // Agreement adds a little confidence, only when the answer matches the chosen entry best of all candidates.
  const answerBest = [...candidates].sort((a, b) => s(b) - s(a))[0];
  const agreement = answerBest === chosen ? Math.max(0, Math.min(1, (s(chosen) - rules.floor) / (rules.full - rules.floor))) : 0;
  const own = questionLogit(chosen);
  const questionSide = chosen === favourite ? own : own + rules.inherit * (questionLogit(favourite) - own);
  const confidence = round(sigmoid(questionSide + rules.bonus * agreement));
  const asHit = (c: ReferenceCandidate & { z: number }): KnowledgeHit => ({ ...c.hit, confidence: c === chosen ? confidence : round(sigmoid(questionLogit(c))) });
  const runnerUp = candidates.filter((c) => c !== chosen && itemOf(c) !== itemOf(chosen)).map((c) => sigmoid(questionLogit(c))).sort((a, b) => b - a)[0] ?? 0;
  const contested = confidence >= threshold && runnerUp >= contest.floor && confidence - runnerUp <= contest.margin;
  const hit = confidence >= threshold && !contested ? asHit(chosen) : null;
  const related = [chosen, ...candidates.filter((c) => c !== chosen)].filter((c) => !hit || c !== chosen).slice(0, 3).map(asHit);
  const via = chosen !== favourite ? 'answer' : chosen.view === 'whole' ? 'question' : chosen.view === 'context' ? 'context' : 'focus';
  return { hit, confidence, related, via, ...(contested ? { contested } : {}) };
}

const itemOf = (c: ReferenceCandidate) => c.hit.entry.itemId;
const round = (x: number) => Math.round(x * 1000) / 1000;
const logit = (p: number) => Math.log(Math.max(1e-4, Math.min(1 - 1e-4, p)) / (1 - Math.max(1e-4, Math.min(1 - 1e-4, p))));
