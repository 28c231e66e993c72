// Fits the reference model of findReference (src/core/kb/referenceModel.ts) on the realistic
// tuning set (test/fixtures/kb/realistic-tune.yaml; never the held-out file): every candidate
// the question's views put forward is an example, labelled 1 when it answers the question. The
// bias is then shifted so that REFERENCE_THRESHOLD falls where at most one uncovered question in
// twenty is answered (with its answer as context, as a diagnosis calls it), the rule the search
// confidence's threshold follows. Prints the in-sample figures and a 10-fold cross-validation
// (model and threshold fitted without the fold), which is the honest estimate for new wording.
// Usage: node -r esbuild-register scripts/fit-reference.ts [--write] [--grid]
//   --write  updates REFERENCE_MODEL in referenceModel.ts
//   --grid   also tries other answer rules (tie, margin, bonus) and prints their figures
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REFERENCE_THRESHOLD } from '../src/core/kb/confidence';
import { answerSupport, chooseReference } from '../src/core/kb/findReference';
import { HybridKnowledgeBase } from '../src/core/kb/hybrid';
import { loadKnowledgeDir } from '../src/core/kb/loader';
import { referenceCandidates, type ReferenceCandidate } from '../src/core/kb/referenceCandidates';
import { ANSWER_RULES, REFERENCE_MODEL, referenceLogit, sigmoid, type ReferenceFeatures } from '../src/core/kb/referenceModel';
import { prepareCore } from '../src/core/services';
import { loadedSql } from '../src/core/store/sqlite';
import { loadRefItems, REALISTIC_TUNE_FILE, type RefItem } from './lib/refEval';

const KEYS = Object.keys(REFERENCE_MODEL.weights) as Array<keyof ReferenceFeatures>;
/** L2 penalty: keeps the weights small on a few hundred examples. */
const L2 = 0.01;
const logit = (p: number) => Math.log(p / (1 - p));

type Model = typeof REFERENCE_MODEL;
type Rules = typeof ANSWER_RULES;
type Sample = { item: RefItem; wanted: string[]; candidates: ReferenceCandidate[]; support: Map<string, number> };

/** Logistic regression by batch gradient descent on the log loss (convex; a few hundred rows). */
function fit(samples: Sample[]): Model {
  const rows = samples.flatMap((s) => s.candidates.map((c) => ({ x: KEYS.map((k) => c.features[k]), y: s.wanted.includes(c.hit.entry.itemId) ? 1 : 0 })));
  const w = new Array(KEYS.length).fill(0);
  let b = 0;
  for (let epoch = 0; epoch < 1500; epoch++) {
    const gw = new Array(KEYS.length).fill(0);
    let gb = 0;
    for (const { x, y } of rows) {
      const err = sigmoid(b + x.reduce((sum, v, j) => sum + v * w[j], 0)) - y;
      x.forEach((v, j) => (gw[j] += err * v));
      gb += err;
    }
    w.forEach((_, j) => (w[j] -= 2 * (gw[j] / rows.length + L2 * w[j])));
    b -= (2 * gb) / rows.length;
  }
  return { bias: b, weights: Object.fromEntries(KEYS.map((k, j) => [k, w[j]])) as unknown as ReferenceFeatures };
}

/** Shifts the bias so the threshold sits just above the second-highest of twenty uncovered questions (one in twenty answered). */
function calibrate(model: Model, samples: Sample[], rules: Rules): Model {
  const none = samples.filter((s) => s.wanted.length === 0).map((s) => chooseReference(s.candidates, s.support, model, rules, 2).confidence).sort((a, b) => b - a);
  const at = Math.min(0.99, (none[Math.floor(none.length / 20)] ?? 0) + 0.005);
  return { ...model, bias: model.bias + logit(REFERENCE_THRESHOLD) - logit(at) };
}

type Figures = { covered: number; used: number; top: number; none: number; answered: number; pulled: number };
function measure(samples: Sample[], model: Model, rules: Rules, withAnswer = true): Figures {
  const f: Figures = { covered: 0, used: 0, top: 0, none: 0, answered: 0, pulled: 0 };
  for (const s of samples) {
    const choice = chooseReference(s.candidates, withAnswer ? s.support : new Map(), model, rules);
    const best = choice.hit ?? choice.related[0];
    if (s.wanted.length === 0) {
      f.none++;
      if (choice.hit) f.answered++;
      continue;
    }
    f.covered++;
    if (best && s.wanted.includes(best.entry.itemId)) f.top++;
    if (choice.hit && s.wanted.includes(choice.hit.entry.itemId)) f.used++;
    // An off-topic answer moved the choice away from the question's right entry.
    if (s.item.kind === 'offtopic-answer' && choice.via === 'answer' && best && !s.wanted.includes(best.entry.itemId)) f.pulled++;
  }
  return f;
}

function crossValidate(samples: Sample[], rules: Rules, folds = 10): Figures {
  const total: Figures = { covered: 0, used: 0, top: 0, none: 0, answered: 0, pulled: 0 };
  for (let k = 0; k < folds; k++) {
    const train = samples.filter((_, i) => i % folds !== k);
    const test = samples.filter((_, i) => i % folds === k);
    const f = measure(test, calibrate(fit(train), train, rules), rules);
    for (const key of Object.keys(total) as Array<keyof Figures>) total[key] += f[key];
  }
  return total;
}

const pct = (a: number, b: number) => `${b ? Math.round((100 * a) / b) : 0}%`;
const show = (f: Figures) =>
  `used ${f.used}/${f.covered} (${pct(f.used, f.covered)}), right on top ${pct(f.top, f.covered)}, no-match answered ${f.answered}/${f.none}, off-topic answers that moved the choice ${f.pulled}`;

(async () => {
  await prepareCore();
  const kb = new HybridKnowledgeBase(loadedSql()!, loadKnowledgeDir(path.resolve(__dirname, '..', 'knowledge')));
  const samples: Sample[] = loadRefItems(REALISTIC_TUNE_FILE).map((item) => {
    const ctx = { question: item.query, previous: item.previous, language: item.language, answer: item.answer };
    const candidates = referenceCandidates(kb, ctx);
    return {
      item, candidates,
      wanted: item.expect === null ? [] : [item.expect].flat(),
      support: item.answer ? answerSupport(kb, ctx, candidates) : new Map<string, number>(),
    };
  });
  const model = calibrate(fit(samples), samples, ANSWER_RULES);
  const round = (v: number) => Math.round(v * 100) / 100;
  const modelText = `{\n  bias: ${round(model.bias)},\n  weights: { ${KEYS.map((k) => `${k}: ${round(model.weights[k])}`).join(', ')} },\n}`;
  console.log(`${samples.length} questions, ${samples.reduce((n, s) => n + s.candidates.length, 0)} candidates`);
  console.log(`model: ${modelText}`);
  console.log(`in-sample, with the answer:    ${show(measure(samples, model, ANSWER_RULES))}`);
  console.log(`in-sample, without the answer: ${show(measure(samples, model, ANSWER_RULES, false))}`);
  console.log(`10-fold cross-validation:      ${show(crossValidate(samples, ANSWER_RULES))}`);
  if (process.argv.includes('--grid')) {
    const grid = JSON.parse(process.env.GRID ?? '{"tie":[0.3,0.5,0.7],"bonus":[0,0.5,0.8,1.0],"floor":[0,0.2,0.3],"inherit":[0,0.5,1]}') as Record<string, number[]>;
    let combos: Rules[] = [ANSWER_RULES];
    for (const [key, values] of Object.entries(grid)) combos = combos.flatMap((r) => values.map((v) => ({ ...r, [key]: v })));
    const fitted = fit(samples);
    for (const rules of combos) {
      const m = calibrate(fitted, samples, rules);
      console.log(`${Object.keys(grid).map((k) => `${k} ${rules[k as keyof Rules]}`).join(' ')}: in-sample ${show(measure(samples, m, rules))} | CV ${show(crossValidate(samples, rules))}`);
    }
  }
  if (process.argv.includes('--write')) {
    const file = path.resolve(__dirname, '..', 'src', 'core', 'kb', 'referenceModel.ts');
    const text = fs.readFileSync(file, 'utf8').replace(/export const REFERENCE_MODEL: ([^=]+)= \{[\s\S]*?\n\};/, (_m, type: string) => `export const REFERENCE_MODEL: ${type}= ${modelText};`);
    fs.writeFileSync(file, text);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
})();
