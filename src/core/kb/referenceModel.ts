/** What the question side says for one candidate reference (each 0–1, except `lead`, -1–1). */
export interface ReferenceFeatures {
  /** Best search confidence among the question's own views (whole turn, asking sentences, without small talk). */
  question: number;
  /** Search confidence for the whole turn as asked. */
  whole: number;
  /** Share of the question's own views that rank it first, when it has two or more (0 for a one-sentence question). */
  firsts: number;
  /** Confidence when the question is read with the previous one (0 when it stands alone). */
  context: number;
  /** 1 when the knowledge base lists it as a follow-up of the previous question's entry, or the reverse. */
  linked: number;
  /** For the strongest candidate, its lead over the next; for the others, how far behind (negative). */
  lead: number;
}

/**
 * Weights of the logistic model that turns the question-side evidence into the confidence of a
 * reference, fitted by `node -r esbuild-register scripts/fit-reference.ts` on the realistic
 * tuning set (never the held-out one). The bias is shifted after fitting so that
 * REFERENCE_THRESHOLD falls where at most one uncovered tuning question in twenty is answered,
 * the same rule the search confidence's threshold follows.
 */
export const REFERENCE_MODEL: { bias: number; weights: ReferenceFeatures } = {
  bias: -0.62,
  weights: { question: 1.38, whole: 1.34, firsts: 0.49, context: 0.2, linked: 0.72, lead: 1.83 },
};

/** How the candidate's answer may weigh in (chosen on the tuning set with fit-reference.ts --grid). */
export const ANSWER_RULES = {
  /** A candidate is tied with the question's favourite when its question-side log-odds are at most this far below... */
  tie: 1.5,
  /** ...and the answer must match it by this much more (search confidence) than the favourite to choose it. */
  margin: 0.1,
  /** Answer support at or below this says nothing (an answer about an uncovered topic still shares a word or two with some entry). */
  floor: 0.2,
  /** Support at which the agreement counts in full. */
  full: 0.5,
  /** Most the answer adds to the confidence, in log-odds (about +0.15 near the threshold), when it matches the chosen entry best of all candidates. */
  bonus: 0.6,
  /** Share of the favourite's question-side confidence (in log-odds) a tied candidate keeps when the answer chooses it: the question could not tell them apart. */
  inherit: 0.5,
};

/** The log-odds of a candidate being the question asked, from the question side alone. */
export function referenceLogit(f: ReferenceFeatures, model = REFERENCE_MODEL): number {
  let z = model.bias;
  for (const k of Object.keys(model.weights) as Array<keyof ReferenceFeatures>) z += model.weights[k] * f[k];
  return z;
}

/** Log-odds to probability. */
export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
