// npm run eval:ref [-- --heldout] [-- --quiet] — how often findReference (src/core/diagnosis/knowledge/findReference.ts)
// uses the right knowledge-base entry for realistic interviewer wording: per kind of wording and
// overall, the right entry used (chosen, at or above the threshold), the right entry on top at
// any confidence, and no-match questions answered; with the candidate's answer as context and
// without it, next to the plain search a diagnosis used before. The tuning set also gets a
// per-item listing; the held-out set (--heldout) only ever prints aggregates, so that reading the
// output cannot tune on it. Exit 1 when the targets are missed on the chosen set.
//   --blind   the blind set not yet looked at (heldout-4); --seen3 the blind set 3, measured once and now tuned on
//   --curve   also prints the trade-off of the reference threshold: right references used against
//             uncovered questions given one and precision, from 0.30 to 0.90
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REFERENCE_THRESHOLD } from '../src/core/diagnosis/knowledge/confidence';
import { HybridKnowledgeBase } from '../src/core/diagnosis/knowledge/hybrid';
import { loadKnowledgeDir } from '../src/core/diagnosis/knowledge/loader';
import { prepareCore } from '../src/core/services';
import { loadedSql } from '../src/core/store/sqlite';
import { loadQueries, QUERIES_FILE, TUNE_FILE } from './lib/kbEval';
import {
  chooseWithFindReference, chooseWithSearch, loadRefItems, REALISTIC_HELDOUT_FILE, REALISTIC_TUNE_FILE, REF_KINDS, runItems, scoreOutcomes,
  BLIND_HELDOUT_FILE, SEEN_BLIND_FILE, chooseAt, TARGET_NONE_ANSWERED, TARGET_PRECISION, TARGET_USED, type RefOutcome,
} from './lib/refEval';

(async () => {
  const blind = process.argv.includes('--blind');
  const heldout = blind || process.argv.includes('--heldout');
  const seen3 = process.argv.includes('--seen3');
  const quiet = process.argv.includes('--quiet');
  const curve = process.argv.includes('--curve');
  const file = blind ? BLIND_HELDOUT_FILE : heldout ? REALISTIC_HELDOUT_FILE : seen3 ? SEEN_BLIND_FILE : REALISTIC_TUNE_FILE;
  if (!fs.existsSync(file)) {
    console.error(`${path.relative(process.cwd(), file)} does not exist`);
    process.exitCode = 2;
    return;
  }
  await prepareCore();
  const kb = new HybridKnowledgeBase(loadedSql()!, loadKnowledgeDir(path.resolve(__dirname, '..', 'knowledge')));
  const items = loadRefItems(file);
  const runs = {
    withAnswer: runItems(kb, items, true),
    withoutAnswer: runItems(kb, items, false),
    search: runItems(kb, items, false, chooseWithSearch),
  };
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`.padStart(5);
  const covered = items.filter((i) => i.expect !== null).length;
  console.log(`${heldout ? 'held-out' : seen3 ? 'blind set 3 (measured once, now a tuning set)' : 'tuning'} set: ${items.length} questions (${covered} covered, ${items.length - covered} not covered); threshold ${REFERENCE_THRESHOLD}`);
  console.log('"used": right entry chosen at or above the threshold; "top": right entry first at any confidence; "answered": a no-match question given a reference; "prec": of the references given (covered or not), the share that are right\n');
  console.log(`${''.padEnd(17)}${'with the answer'.padEnd(19)}${'without the answer'.padEnd(19)}plain search (before)`);
  console.log(`${'kind'.padEnd(13)}  n  ${'used  top answ prec  '.repeat(3)}`);
  const groups: Array<[string, (o: RefOutcome) => boolean]> = [
    ...REF_KINDS.map((k) => [k, (o: RefOutcome) => o.item.kind === k] as [string, (o: RefOutcome) => boolean]),
    ['all covered', (o) => o.item.expect !== null],
    ['zh', (o) => o.item.language === 'zh'],
    ['en', (o) => o.item.language === 'en'],
  ];
  for (const [name, keep] of groups) {
    const cells = [runs.withAnswer, runs.withoutAnswer, runs.search].map((outcomes) => {
      const s = scoreOutcomes(outcomes.filter(keep));
      const prec = s.given ? pct(s.precision) : '     ';
      return s.covered ? `${pct(s.used)}${pct(s.topRight)}${s.none ? pct(s.noneAnswered) : '     '}${prec} ` : `${''.padEnd(10)}${pct(s.noneAnswered)}${prec} `;
    });
    const n = runs.withAnswer.filter(keep).length;
    if (n) console.log(`${name.padEnd(12)}${String(n).padStart(4)} ${cells.join('  ')}`);
  }
  if (!heldout && !quiet) {
    // Which items fail and why, for tuning; never for the held-out set.
    console.log('\nper item (with the answer): ✓ used, ~ right entry first but under the threshold, ✗ wrong or no entry, · no-match left alone, ! no-match answered');
    runs.withAnswer.forEach((o, i) => {
      const alone = runs.withoutAnswer[i];
      const mark = o.item.expect === null ? (o.answered ? '!' : '·') : o.used ? '✓' : o.topRight ? '~' : '✗';
      const differs = alone.choice.hit?.entry.itemId !== o.choice.hit?.entry.itemId ? ` (without answer: ${alone.choice.hit?.entry.itemId ?? '-'})` : '';
      const expect = o.item.expect === null ? 'none' : [o.item.expect].flat().join('|');
      console.log(`${mark} ${o.item.kind.padEnd(15)} ${o.choice.confidence.toFixed(2)} ${o.choice.via.padEnd(8)} ${(o.top ?? '-').padEnd(26)} want ${expect.padEnd(30)} ${o.item.query.replace(/\s+/g, ' ').slice(0, 70)}${differs}`);
    });
  }
  // Short off-domain questions (behavioural, algorithms, other back-end topics) from the earlier
  // query sets: findReference must not give them a reference more often than plain search does.
  const earlier = [...loadQueries(TUNE_FILE), ...loadQueries(QUERIES_FILE)].filter((q) => q.expect === null)
    .map((q) => ({ kind: 'none' as const, language: q.language ?? 'en' as const, query: q.query, expect: null }));
  const earlierFound = runItems(kb, earlier, false).filter((o) => o.answered).length;
  const earlierPlain = runItems(kb, earlier, false, chooseWithSearch).filter((o) => o.answered).length;
  // The same behind small talk: a preamble must not make an uncovered question look covered.
  const wrapped = earlier.map((q) => ({ ...q, query: q.language === 'zh' ? `好的，谢谢你的介绍。我们换个话题。${q.query}` : `Okay, thanks for that. Let me move on to something else. ${q.query}` }));
  const wrappedFound = runItems(kb, wrapped, false).filter((o) => o.answered).length;
  console.log(`\nearlier no-match queries (tune.yaml, queries.yaml) given a reference: ${earlierFound}/${earlier.length}, behind a preamble ${wrappedFound}/${earlier.length} (plain search on the bare question ${earlierPlain}/${earlier.length})`);
  const overall = scoreOutcomes(runs.withAnswer);
  const checks: Array<[string, boolean]> = [
    [`right entry used for ${pct(overall.used)} of covered questions (≥ ${TARGET_USED * 100}%)`, overall.used >= TARGET_USED],
    [`no-match questions answered ${pct(overall.noneAnswered)} (≤ ${TARGET_NONE_ANSWERED * 100}%)`, overall.noneAnswered <= TARGET_NONE_ANSWERED],
    [`references given that are right ${pct(overall.precision)} of ${overall.given} (≥ ${TARGET_PRECISION * 100}%)`, overall.precision >= TARGET_PRECISION],
  ];
  checks.push([`earlier no-match queries answered no more often than by plain search, bare or behind a preamble (${earlierFound}, ${wrappedFound} vs ${earlierPlain})`, Math.max(earlierFound, wrappedFound) <= earlierPlain]);
  if (curve) {
    // The threshold trades right references for wrong ones: each row is findReference with that
    // threshold (the contest rule and the answer's tie-break unchanged).
    console.log('\nthreshold trade-off, with the answer: threshold, right entry used (covered), uncovered given one, precision of the references given');
    for (let t = 0.3; t <= 0.901; t += 0.05) {
      const s = scoreOutcomes(runItems(kb, items, true, chooseAt({ threshold: t })));
      const mark = Math.abs(t - REFERENCE_THRESHOLD) < 0.026 ? '  <- shipped ' + REFERENCE_THRESHOLD : '';
      console.log(`  ${t.toFixed(2)}  used ${pct(s.used)}  uncovered answered ${s.none ? pct(s.noneAnswered) : '   - '}  precision ${s.given ? pct(s.precision) : '   - '} of ${String(s.given).padStart(3)}${mark}`);
    }
  }
  console.log('\ntargets, with the answer as context:');
  for (const [text, ok] of checks) console.log(`${ok ? 'met   ' : 'MISSED'} ${text}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
})();
