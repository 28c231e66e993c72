import type { ConfidenceFeatures } from './types';

/**
 * Weights of the logistic confidence model, fitted by `node -r esbuild-register
 * scripts/fit-confidence.ts` on the tuning and dev queries (never on the held-out ones).
 */
export const CONFIDENCE_MODEL: { bias: number; weights: ConfidenceFeatures } = {
  bias: -3.42,
  weights: { coverage: 0.44, dice: 0.71, ngram: 0.93, latent: 0.86, concept: 1, conceptMass: 0.91, agreement: 1.5, lead: 1.17 },
};

/**
 * The confidence at which a hit is taken to be the question asked (a diagnosis uses it as the
 * reference). Chosen on the tuning and dev queries: the lowest at which at most one no-match query
 * in twenty is answered.
 */
export const REFERENCE_THRESHOLD = 0.66;

/** The probability (0–1) that a hit is the question asked. */
export function confidenceOf(f: ConfidenceFeatures, model = CONFIDENCE_MODEL): number {
  let z = model.bias;
  for (const k of Object.keys(model.weights) as Array<keyof ConfidenceFeatures>) z += model.weights[k] * f[k];
  return 1 / (1 + Math.exp(-z));
}
