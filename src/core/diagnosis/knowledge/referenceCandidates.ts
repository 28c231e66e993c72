import { tokenize } from '../../text/tokenize';
import { conceptMatcher } from './concepts';
import type { KnowledgeBase } from './knowledgeBase';
import type { ReferenceFeatures } from './referenceModel';
import { focusOf, isShort, refersBack, sentences, withoutSmallTalk } from './turnViews';
import type { Category, KnowledgeHit } from './types';

/** Hits each view of a turn contributes (the fused list is longer; the right entry is almost always in its top 5). */
const PER_VIEW = 5;
/** Search tokens at which a turn counts as fully long (a three-sentence turn with a preamble). */
const LONG_TOKENS = 30;

/** One way of reading a turn, searched on its own. */
export type ViewName = 'whole' | 'focus' | 'body' | 'context';

/** An entry some view of the question put forward, with the evidence for it. */
export interface ReferenceCandidate {
  hit: KnowledgeHit;
  features: ReferenceFeatures;
  /** The view where it was most confident. */
  view: ViewName;
  /** The turn says one sentence once its small talk is set aside, and has no earlier question to lean on. */
  alone: boolean;
}

/** What the question (and the conversation before it) says, without the answer. */
export interface QuestionEvidence {
  question: string;
  previous?: string[];
  language?: 'zh' | 'en';
  category?: Category;
}

/** The texts a turn is searched as: the whole turn, its asking sentences, the turn without small talk, and, for a follow-up, the previous question with it. */
export interface TurnViews { whole: string; focus?: string; body?: string; context?: string; previous?: string; short: boolean; oneSentence: boolean }

/** How a turn is read (see TurnViews); each view is searched on its own. */
export function viewsOf(ev: QuestionEvidence): TurnViews {
  const question = ev.question.trim();
  const focus = focusOf(question);
  const body = withoutSmallTalk(question);
  const previous = [...(ev.previous ?? [])].reverse().find((p) => p.trim());
  const views: TurnViews = { whole: question, short: isShort(tokenize(focus ?? question).length), oneSentence: sentences(body).length <= 1 };
  // An asking sentence that names nothing ("How do you prevent that?", "你会怎么改？") matches
  // entries by its question words alone: it is searched only when it names a concept.
  if (focus && conceptMatcher().match(focus).size > 0) views.focus = focus;
  if (body !== question && body !== focus) views.body = body;
  // A follow-up that points back ("And how would you test that?") is read with the question it
  // follows; a question that stands on its own is not, so an earlier topic cannot take it over.
  if (previous && (views.short || refersBack(question, tokenize(focus ?? question).length))) {
    views.previous = previous;
    views.context = `${focusOf(previous) ?? previous} ${focus ?? question}`;
  }
  return views;
}

/**
 * Searches every view of the question and gathers the entries they put forward, each with the
 * evidence the reference model weighs: how confident its best view is, how many views put it
 * first, how it does when read with the previous question, and whether the knowledge base lists
 * it as a follow-up of the entry the previous question was about.
 */
export function referenceCandidates(kb: KnowledgeBase, ev: QuestionEvidence): ReferenceCandidate[] {
  const views = viewsOf(ev);
  const opts = { topK: PER_VIEW, language: ev.language, category: ev.category };
  // Views often coincide (a one-sentence turn is its own asking sentence): each text is searched once.
  const searched = new Map<string, KnowledgeHit[]>();
  const search = (text: string) => {
    let hits = searched.get(text);
    if (!hits) searched.set(text, (hits = kb.search(text, opts)));
    return hits;
  };
  const own: Array<[ViewName, KnowledgeHit[]]> = (['whole', 'focus', 'body'] as const)
    .filter((v) => views[v])
    .map((v) => [v, search(views[v]!)]);
  const context = views.context ? search(views.context) : [];
  // The same search as the previous question's own (same options), so a run that has made it reuses it.
  const previousEntry = views.previous ? kb.search(views.previous, opts)[0]?.entry : undefined;

  const byItem = new Map<string, { hit: KnowledgeHit; question: number; whole: number; firsts: number; context: number; view: ViewName }>();
  const slot = (hit: KnowledgeHit) => {
    let c = byItem.get(hit.entry.itemId);
    if (!c) byItem.set(hit.entry.itemId, (c = { hit, question: 0, whole: 0, firsts: 0, context: 0, view: 'whole' }));
    return c;
  };
  for (const [view, hits] of own) {
    hits.forEach((h, rank) => {
      const c = slot(h);
      if (h.confidence > c.question) Object.assign(c, { question: h.confidence, view, hit: h });
      if (view === 'whole') c.whole = h.confidence;
      if (rank === 0) c.firsts++;
    });
  }
  for (const h of context) {
    const c = slot(h);
    c.context = Math.max(c.context, h.confidence);
    // Found only with the previous question: the context is what put it forward.
    if (c.question === 0) Object.assign(c, { view: 'context' as ViewName, hit: h });
  }
  const linked = (itemId: string) => {
    if (!previousEntry || previousEntry.itemId === itemId) return 0;
    const other = [...byItem.values()].find((c) => c.hit.entry.itemId === itemId)?.hit.entry;
    return previousEntry.followUps.some((f) => f === itemId) || (other?.followUps ?? []).some((f) => f === previousEntry.itemId) ? 1 : 0;
  };
  const strength = (c: { question: number; context: number }) => Math.max(c.question, c.context);
  const ranked = [...byItem.values()].sort((a, b) => strength(b) - strength(a));
  const best = ranked[0] ? strength(ranked[0]) : 0;
  const second = ranked[1] ? strength(ranked[1]) : 0;
  const length = Math.min(1, tokenize(ev.question).length / LONG_TOKENS);
  const alone = views.oneSentence && !views.context;
  return ranked.map((c, i) => ({
    hit: c.hit,
    view: c.view,
    alone,
    features: {
      question: c.question,
      whole: c.whole,
      // Agreement needs two views at least: a one-sentence question's only view agrees with itself.
      firsts: own.length > 1 ? c.firsts / own.length : 0,
      context: c.context,
      shortContext: views.short ? c.context : 0,
      linked: linked(c.hit.entry.itemId),
      lead: i === 0 ? best - second : strength(c) - best,
      length,
    },
  }));
}
