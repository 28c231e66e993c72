// Fits the reference model of findReference (src/core/diagnosis/knowledge/referenceModel.ts) in two stages, on
// the realistic tuning set (test/fixtures/kb/realistic-tune.yaml; never the held-out file) and
// the earlier query sets (short paraphrases and no-match questions, tune.yaml and queries.yaml):
//   1. ranking: every candidate the question's views put forward is an example, labelled 1 when
//      it answers the question (realistic questions only: they are what the views are for);
//   2. calibration: each realistic question's chosen candidate is an example, labelled 1 when it
//      is right, over its ranking log-odds and the turn's length; then the bias is shifted so that
//      at most one uncovered question in twenty passes REFERENCE_THRESHOLD in each no-match set,
//      the realistic one (read through the model) and the earlier one (as findReference reads
//      it: a one-sentence question keeps its search confidence), with the answer as context.
// Prints in-sample figures and a 10-fold cross-validation (both stages and the threshold fitted
// without the fold), the honest estimate for wording not seen here.
// Usage: node -r esbuild-register scripts/fit-reference.ts [--write] [--grid] [--seen]
//   --seen   fits on the sets measured blind once and tuned on since as well (never heldout-4)
//   --write  updates REFERENCE_MODEL and REFERENCE_CALIBRATION in referenceModel.ts
//   --grid   also tries other answer rules (GRID='{"tie":[1,1.5],...}') and prints their figures
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REFERENCE_THRESHOLD } from '../src/core/diagnosis/knowledge/confidence';
import { answerSupport, chooseReference } from '../src/core/diagnosis/knowledge/findReference';
import { HybridKnowledgeBase } from '../src/core/diagnosis/knowledge/hybrid';
import { loadKnowledgeDir } from '../src/core/diagnosis/knowledge/loader';
import { referenceCandidates, type ReferenceCandidate } from '../src/core/diagnosis/knowledge/referenceCandidates';
import { ANSWER_RULES, REFERENCE_CALIBRATION, REFERENCE_MODEL, sigmoid, type ReferenceFeatures } from '../src/core/diagnosis/knowledge/referenceModel';
import { prepareCore } from '../src/core/services';
import { loadedSql } from '../src/core/store/sqlite';
import { loadQueries, QUERIES_FILE, TUNE_FILE } from './lib/kbEval';
import { loadRefItems, REALISTIC_HELDOUT_FILE, REALISTIC_TUNE_FILE, SEEN_BLIND_FILE, type RefItem } from './lib/refEval';

const KEYS = Object.keys(REFERENCE_MODEL.weights) as Array<keyof ReferenceFeatures>;
/** L2 penalty: keeps the weights small on a few hundred examples. */
const L2 = 0.01;
const EARLIER_SHARE = Number(process.env.EARLIER_SHARE ?? 1 / 20);
const logit = (p: number) => Math.log(Math.min(0.999, Math.max(0.001, p)) / (1 - Math.min(0.999, Math.max(0.001, p))));

type Model = typeof REFERENCE_MODEL;
type Calibration = typeof REFERENCE_CALIBRATION;
type Rules = typeof ANSWER_RULES;
/** One question replayed; `earlier` marks a query of the earlier sets (fitted on, not reported as realistic). */
type Sample = { item: RefItem; wanted: string[]; candidates: ReferenceCandidate[]; support: Map<string, number>; earlier?: boolean };
type Fitted = { model: Model; calibration: Calibration };

/** Logistic regression by batch gradient descent on the log loss (convex; a few thousand rows). */
function logistic(rows: Array<{ x: number[]; y: number }>, epochs = 1500): { b: number; w: number[] } {
  const n = rows[0]?.x.length ?? 0;
  const w = new Array(n).fill(0);
  let b = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    const gw = new Array(n).fill(0);
    let gb = 0;
    for (const { x, y } of rows) {
      const err = sigmoid(b + x.reduce((sum, v, j) => sum + v * w[j], 0)) - y;
      x.forEach((v, j) => (gw[j] += err * v));
      gb += err;
    }
    w.forEach((_, j) => (w[j] -= 2 * (gw[j] / rows.length + L2 * w[j])));
    b -= (2 * gb) / rows.length;
  }
  return { b, w };
}

const identity: Calibration = { bias: 0, rank: 1, length: 0 };
const right = (s: Sample, id: string | undefined) => !!id && s.wanted.includes(id);

function fit(samples: Sample[], rules: Rules): Fitted {
  // 1. Ranking, on the realistic questions' candidates.
  const ranking = logistic(samples.filter((s) => !s.earlier).flatMap((s) => s.candidates.map((c) => ({ x: KEYS.map((k) => c.features[k]), y: right(s, c.hit.entry.itemId) ? 1 : 0 }))));
  const model: Model = { bias: ranking.b, weights: Object.fromEntries(KEYS.map((k, j) => [k, ranking.w[j]])) as unknown as ReferenceFeatures };
  // 2. Calibration, on every realistic question's choice without the answer's bonus (the bonus
  //    stays a fixed, modest rule); read through the model even when it is one sentence, so the
  //    calibration sees the whole realistic range.
  const noBonus = { ...rules, bonus: 0 };
  const rows = samples.filter((s) => !s.earlier && s.candidates.length).map((s) => {
    const choice = chooseReference(s.candidates, s.support, { model, rules: noBonus, threshold: 2, calibration: identity, modelForAlone: true });
    const best = choice.related[0];
    return { x: [logit(choice.confidence), best ? s.candidates.find((c) => c.hit.entry.itemId === best.entry.itemId)!.features.length : 0], y: right(s, best?.entry.itemId) ? 1 : 0 };
  });
  const cal = logistic(rows, 3000);
  return { model, calibration: shift(model, { bias: cal.b, rank: cal.w[0], length: cal.w[1] }, samples, rules) };
}

/** Moves the calibration's bias so at most one uncovered question in twenty is answered in each no-match set (the stricter wins). */
function shift(model: Model, calibration: Calibration, samples: Sample[], rules: Rules): Calibration {
  const at = Math.max(
    ...([[samples.filter((s) => !s.earlier), 1 / 20], [samples.filter((s) => s.earlier), EARLIER_SHARE]] as const).map(([set, share]) => {
      const none = set.filter((s) => s.wanted.length === 0).map((s) => chooseReference(s.candidates, s.support, { model, rules, threshold: 2, calibration, modelForAlone: !s.earlier }).confidence).sort((a, b) => b - a);
      return Math.min(0.99, (none[Math.floor(none.length * share)] ?? 0) + 0.005);
    }),
  );
  return { ...calibration, bias: calibration.bias + logit(REFERENCE_THRESHOLD) - logit(at) };
}

type Figures = { covered: number; used: number; top: number; none: number; answered: number; pulled: number; earlier: number; earlierAnswered: number };
function measure(samples: Sample[], f: Fitted, rules: Rules, withAnswer = true): Figures {
  const out: Figures = { covered: 0, used: 0, top: 0, none: 0, answered: 0, pulled: 0, earlier: 0, earlierAnswered: 0 };
  for (const s of samples) {
    const choice = chooseReference(s.candidates, withAnswer ? s.support : new Map(), { model: f.model, rules, calibration: f.calibration });
    const best = choice.hit ?? choice.related[0];
    if (s.earlier) {
      if (s.wanted.length === 0) {
        out.earlier++;
        if (choice.hit) out.earlierAnswered++;
      }
      continue;
    }
    if (s.wanted.length === 0) {
      out.none++;
      if (choice.hit) out.answered++;
      continue;
    }
    out.covered++;
    if (right(s, best?.entry.itemId)) out.top++;
    if (right(s, choice.hit?.entry.itemId)) out.used++;
    // An off-topic answer moved the choice away from the question's right entry.
    if (s.item.kind === 'offtopic-answer' && choice.via === 'answer' && !right(s, best?.entry.itemId)) out.pulled++;
  }
  return out;
}

function crossValidate(samples: Sample[], rules: Rules, folds = 10): Figures {
  const total: Figures = { covered: 0, used: 0, top: 0, none: 0, answered: 0, pulled: 0, earlier: 0, earlierAnswered: 0 };
  for (let k = 0; k < folds; k++) {
    const train = samples.filter((_, i) => i % folds !== k);
    const f = measure(samples.filter((_, i) => i % folds === k), fit(train, rules), rules);
    for (const key of Object.keys(total) as Array<keyof Figures>) total[key] += f[key];
  }
  return total;
}

const pct = (a: number, b: number) => `${b ? Math.round((100 * a) / b) : 0}%`;
const show = (f: Figures) =>
  `used ${f.used}/${f.covered} (${pct(f.used, f.covered)}), right on top ${pct(f.top, f.covered)}, no-match answered ${f.answered}/${f.none} ` +
  `(earlier no-match set ${f.earlierAnswered}/${f.earlier}), off-topic answers that moved the choice ${f.pulled}`;

(async () => {
  await prepareCore();
  const kb = new HybridKnowledgeBase(loadedSql()!, loadKnowledgeDir(path.resolve(__dirname, '..', 'knowledge')));
  // --seen: also the sets that were measured blind once and are tuned on since (the realistic
  // held-out set and blind set 3): more wording to fit on; the still-blind set 4 is never read here.
  const files = process.argv.includes('--seen') ? [REALISTIC_TUNE_FILE, REALISTIC_HELDOUT_FILE, SEEN_BLIND_FILE] : [REALISTIC_TUNE_FILE];
  const samples: Sample[] = files.flatMap(loadRefItems).map((item) => {
    const ctx = { question: item.query, previous: item.previous, language: item.language, answer: item.answer };
    const candidates = referenceCandidates(kb, ctx);
    return { item, candidates, wanted: item.expect === null ? [] : [item.expect].flat(), support: item.answer ? answerSupport(kb, ctx, candidates) : new Map<string, number>() };
  });
  // Without the earlier sets' short questions the calibration never sees one and over-trusts it.
  for (const q of [...loadQueries(TUNE_FILE), ...loadQueries(QUERIES_FILE)]) {
    const item: RefItem = { kind: q.expect === null ? 'none' : 'colloquial', language: q.language ?? 'en', query: q.query, expect: q.expect };
    samples.push({ item, wanted: q.expect === null ? [] : [q.expect].flat(), candidates: referenceCandidates(kb, { question: q.query, language: q.language }), support: new Map(), earlier: true });
  }
  const fitted = fit(samples, ANSWER_RULES);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const modelText = `{\n  bias: ${r2(fitted.model.bias)},\n  weights: { ${KEYS.map((k) => `${k}: ${r2(fitted.model.weights[k])}`).join(', ')} },\n}`;
  const calibrationText = `{ bias: ${r2(fitted.calibration.bias)}, rank: ${r2(fitted.calibration.rank)}, length: ${r2(fitted.calibration.length)} }`;
  console.log(`${samples.filter((s) => !s.earlier).length} realistic and ${samples.filter((s) => s.earlier).length} earlier questions`);
  console.log(`ranking model: ${modelText}\ncalibration: ${calibrationText}`);
  console.log(`in-sample, with the answer:    ${show(measure(samples, fitted, ANSWER_RULES))}`);
  console.log(`in-sample, without the answer: ${show(measure(samples, fitted, ANSWER_RULES, false))}`);
  console.log(`10-fold cross-validation:      ${show(crossValidate(samples, ANSWER_RULES))}`);
  const earlierNone = samples.filter((s) => s.earlier && s.wanted.length === 0);
  const plain = earlierNone.filter((s) => (kb.search(s.item.query, { topK: 1, language: s.item.language })[0]?.confidence ?? 0) >= REFERENCE_THRESHOLD).length;
  console.log(`earlier no-match set answered by plain search at the threshold: ${plain}/${earlierNone.length}`);
  if (process.argv.includes('--grid')) {
    const grid = JSON.parse(process.env.GRID ?? '{"tie":[1,1.5,2],"bonus":[0,0.6,1],"inherit":[0,0.5,1]}') as Record<string, number[]>;
    let combos: Rules[] = [ANSWER_RULES];
    for (const [key, values] of Object.entries(grid)) combos = combos.flatMap((r) => values.map((v) => ({ ...r, [key]: v })));
    for (const rules of combos) {
      const f = fit(samples, rules);
      console.log(`${Object.keys(grid).map((k) => `${k} ${rules[k as keyof Rules]}`).join(' ')}: in-sample ${show(measure(samples, f, rules))} | CV ${show(crossValidate(samples, rules))}`);
    }
  }
  if (process.argv.includes('--write')) {
    const file = path.resolve(__dirname, '..', 'src', 'core', 'diagnosis', 'knowledge', 'referenceModel.ts');
    const text = fs.readFileSync(file, 'utf8')
      .replace(/export const REFERENCE_MODEL: ([^=]+)= \{[\s\S]*?\n\};/, (_m, type: string) => `export const REFERENCE_MODEL: ${type}= ${modelText};`)
      .replace(/export const REFERENCE_CALIBRATION = \{[^}]*\};/, `export const REFERENCE_CALIBRATION = ${calibrationText};`);
    fs.writeFileSync(file, text);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
})();
