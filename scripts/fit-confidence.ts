// Fits the logistic confidence model of the knowledge base (src/core/diagnosis/knowledge/confidence.ts) on the
// tuning and dev queries: every top-3 hit is an example, labelled 1 when it is an entry that
// answers the query. The held-out queries are never used here; `npm run eval:kb` judges the
// result on them. It then picks the reference threshold: the lowest confidence (in steps of 0.01)
// at which at most one no-match query in twenty has a top hit at or above it (half the issue's
// 10 % limit, as a margin for questions unlike the tuning ones).
// Usage: node -r esbuild-register scripts/fit-confidence.ts [--write]  (--write updates confidence.ts)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIDENCE_MODEL, confidenceOf } from '../src/core/diagnosis/knowledge/confidence';
import { HybridKnowledgeBase } from '../src/core/diagnosis/knowledge/hybrid';
import { loadKnowledgeDir } from '../src/core/diagnosis/knowledge/loader';
import type { ConfidenceFeatures } from '../src/core/diagnosis/knowledge/types';
import { prepareCore } from '../src/core/services';
import { loadedSql } from '../src/core/store/sqlite';
import { loadQueries, QUERIES_FILE, TUNE_FILE } from './lib/kbEval';

const KEYS: Array<keyof ConfidenceFeatures> = ['coverage', 'dice', 'ngram', 'latent', 'concept', 'conceptMass', 'agreement', 'lead'];
/** L2 penalty: keeps weights small on a few hundred examples. */
const L2 = 0.01;

type Example = { x: number[]; y: number };
type Top = { none: boolean; ok: boolean; features: ConfidenceFeatures };

/** Top-3 hits of every tune and dev query, ranked by the knowledge base as it is now. */
function collect(kb: HybridKnowledgeBase): { examples: Example[]; tops: Top[] } {
  const examples: Example[] = [];
  const tops: Top[] = [];
  for (const file of [TUNE_FILE, QUERIES_FILE]) {
    for (const q of loadQueries(file)) {
      const wanted = q.expect === null ? [] : Array.isArray(q.expect) ? q.expect : [q.expect];
      const hits = kb.search(q.query, { topK: 3, language: q.language, explain: true });
      for (const h of hits) examples.push({ x: KEYS.map((k) => h.features![k]), y: wanted.includes(h.entry.itemId) ? 1 : 0 });
      if (hits[0]) tops.push({ none: q.expect === null, ok: wanted.includes(hits[0].entry.itemId), features: hits[0].features! });
    }
  }
  return { examples, tops };
}

/** Logistic regression by plain batch gradient descent on the log loss (tiny and convex). */
function fit(examples: Example[]): typeof CONFIDENCE_MODEL {
  const w = new Array(KEYS.length).fill(0);
  let b = 0;
  const rate = 0.5;
  for (let epoch = 0; epoch < 20000; epoch++) {
    const gw = new Array(KEYS.length).fill(0);
    let gb = 0;
    for (const { x, y } of examples) {
      const err = 1 / (1 + Math.exp(-(b + x.reduce((s, v, j) => s + v * w[j], 0)))) - y;
      x.forEach((v, j) => (gw[j] += err * v));
      gb += err;
    }
    w.forEach((_, j) => (w[j] -= rate * (gw[j] / examples.length + L2 * w[j])));
    b -= (rate * gb) / examples.length;
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  return { bias: round(b), weights: Object.fromEntries(KEYS.map((k, j) => [k, round(w[j])])) as unknown as ConfidenceFeatures };
}

(async () => {
  await prepareCore();
  const kb = new HybridKnowledgeBase(loadedSql()!, loadKnowledgeDir(path.resolve(__dirname, '..', 'knowledge')));
  // The hybrid ranks by confidence, so which hits are the top 3 depends on the model: refit on
  // the ranking the new model gives until the weights stop moving.
  let data = collect(kb);
  let model = fit(data.examples);
  for (let round = 0; round < 5; round++) {
    const previous = JSON.stringify(model);
    Object.assign(CONFIDENCE_MODEL, model);
    data = collect(kb);
    model = fit(data.examples);
    if (JSON.stringify(model) === previous) break;
  }
  Object.assign(CONFIDENCE_MODEL, model);
  const { examples, tops } = collect(kb);
  console.log(`${examples.length} examples, ${examples.filter((e) => e.y).length} positive`);
  const modelText = `{\n  bias: ${model.bias},\n  weights: { ${KEYS.map((k) => `${k}: ${model.weights[k]}`).join(', ')} },\n}`;
  console.log(`model: ${modelText}`);
  const answerable = tops.filter((t) => !t.none).length;
  const noMatch = tops.filter((t) => t.none).length;
  let threshold = 0.95;
  for (let c = 95; c >= 30; c--) {
    const at = c / 100;
    const fp = tops.filter((x) => x.none && confidenceOf(x.features, model) >= at).length;
    const tp = tops.filter((x) => !x.none && x.ok && confidenceOf(x.features, model) >= at).length;
    if (c % 5 === 0) console.log(`threshold ${at.toFixed(2)}: correct top hit at or above it ${tp}/${answerable}, no-match at or above it ${fp}/${noMatch}`);
    if (fp <= noMatch / 20) threshold = at;
  }
  console.log(`threshold: ${threshold}`);
  if (process.argv.includes('--write')) {
    const file = path.resolve(__dirname, '..', 'src', 'core', 'diagnosis', 'knowledge', 'confidence.ts');
    const text = fs.readFileSync(file, 'utf8')
      .replace(/export const CONFIDENCE_MODEL: ([^=]+)= \{[\s\S]*?\n\};/, (_m, type: string) => `export const CONFIDENCE_MODEL: ${type}= ${modelText};`)
      .replace(/export const REFERENCE_THRESHOLD = [0-9.]+;/, `export const REFERENCE_THRESHOLD = ${threshold};`);
    fs.writeFileSync(file, text);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
})();
