// npm run eval:split — pair precision/recall/F1 per format and overall on the gold set, plus
// role, filler and long-pause accuracy, and whether each CodeLens sits on its question's line.
// Exit 1 when a target of issue 4 or issue 10 is missed.
import { fillerAccuracy, lensAccuracy, prf, scoreGoldSet, type FileScore } from './lib/splitEval';

const scores = scoreGoldSet();
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log('file                               format             pairs (gold/pred/ok)  lens (exp/ok)  roles  fillers (exp/found)  long pauses (exp/found)');
for (const s of scores) {
  const lens = s.lens.expected ? `${s.lens.expected}/${s.lens.found}` : '-';
  console.log(`${s.file.padEnd(34)} ${(s.format + (s.formatOk ? '' : '?')).padEnd(18)} ${`${s.gold}/${s.predicted}/${s.matched}`.padEnd(21)} ${lens.padEnd(14)} ${(s.rolesOk === null ? '-' : s.rolesOk ? 'ok' : 'WRONG').padEnd(6)} ${`${s.fillers.expected}/${s.fillers.found}`.padEnd(20)} ${s.longPauses ? `${s.longPauses.expected}/${s.longPauses.found}` : '-'}${s.error ? `  ERROR ${s.error}` : ''}`);
}
console.log('');
const byFormat = new Map<string, FileScore[]>();
for (const s of scores) byFormat.set(s.format, [...(byFormat.get(s.format) ?? []), s]);
for (const [format, list] of byFormat) {
  const r = prf(list);
  console.log(`${format.padEnd(18)} P ${pct(r.precision)}  R ${pct(r.recall)}  F1 ${r.f1.toFixed(3)}`);
}
console.log('');
const targets: Array<[string, number, number]> = [];
for (const group of ['labeled', 'timed+speakers', 'unlabeled'] as const) {
  const r = prf(scores.filter((s) => s.group === group));
  const target = group === 'unlabeled' ? 0.85 : 0.97;
  targets.push([`pair F1, ${group}`, r.f1, target]);
  console.log(`${group.padEnd(18)} P ${pct(r.precision)}  R ${pct(r.recall)}  F1 ${r.f1.toFixed(3)}  (target ≥ ${target})`);
}
const all = prf(scores);
console.log(`${'overall'.padEnd(18)} P ${pct(all.precision)}  R ${pct(all.recall)}  F1 ${all.f1.toFixed(3)}`);
const roles = scores.filter((s) => s.rolesOk !== null);
console.log(`speaker roles right: ${roles.filter((s) => s.rolesOk).length}/${roles.length} files`);
const fa = fillerAccuracy(scores);
console.log(`filler counts within ±10%: ${pct(fa)} of files`);
const paused = scores.filter((s) => s.longPauses);
const pauseOk = paused.filter((s) => s.longPauses!.expected === s.longPauses!.found).length;
console.log(`long-pause counts exact: ${pauseOk}/${paused.length} files`);
const lensed = scores.reduce((n, s) => n + s.lens.expected, 0);
const la = lensAccuracy(scores);
console.log(`CodeLens on the question's line: ${scores.reduce((n, s) => n + s.lens.found, 0)}/${lensed} pairs`);
targets.push(['filler accuracy', fa, 1], ['long-pause accuracy', pauseOk / Math.max(1, paused.length), 1], ['CodeLens on the question line', la, 1]);
const missed = targets.filter(([, v, t]) => v < t);
for (const [name, v, t] of missed) console.log(`MISSED: ${name} ${v.toFixed(3)} < ${t}`);
process.exitCode = missed.length ? 1 : 0;
