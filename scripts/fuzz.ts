// npm run fuzz [-- --seed N --count N --jobs N --timeout MS --only I,J --replay FILE --results OUT.json]
// Mutates every fixture format and generates pathological transcripts, runs each through the
// CLI's run() (diagnose or split, --json) in worker threads with a watchdog, and fails (exit 1)
// on any exit 1, stack trace, input over the time limit, hang, heap blow-up or bad error message.
// Failing inputs are saved under out/fuzz-failures/ with their seed and mutation.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { makeCase, FILE_ARG, type FuzzCase } from './fuzz/cases';
import { DEFAULTS, failureClass, isFailure, loadSaved, runCases, summarize, type CaseResult } from './fuzz/harness';
import { loadSeeds } from './fuzz/seeds';

const ROOT = path.resolve(__dirname, '..');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      count: { type: 'string', default: '2000' },
      jobs: { type: 'string' },
      timeout: { type: 'string', default: String(DEFAULTS.limitMs) },
      kill: { type: 'string' },
      memory: { type: 'string', default: String(DEFAULTS.memoryMb) },
      scale: { type: 'string', default: '1' },
      only: { type: 'string' },
      replay: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      results: { type: 'string' },
    },
  });
  const limitMs = Number(values.timeout);
  const options = {
    root: ROOT,
    // the main thread mostly waits; verdicts go by each worker's CPU time, so a busy machine does not fail inputs
    jobs: Math.max(1, Number(values.jobs ?? Math.max(2, os.availableParallelism() - 1))),
    limitMs,
    killMs: Number(values.kill ?? limitMs * 1.5),
    memoryMb: Number(values.memory),
    failuresDir: path.join(ROOT, 'out', 'fuzz-failures'),
  };
  const started = Date.now();

  if (values.replay) {
    const c = loadSaved(path.resolve(values.replay));
    const [r] = await runCases(() => c, [c.index], { ...options, jobs: 1, failuresDir: undefined });
    printReplay(c, r);
    return isFailure(r.outcome) ? 1 : 0;
  }

  const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
  const seeds = loadSeeds(ROOT);
  const count = Number(values.count);
  const indexes = values.only ? values.only.split(',').map(Number) : Array.from({ length: count }, (_, i) => i);
  const scale = Number(values.scale);
  const header = `fuzz: seed ${seed}, ${indexes.length} inputs, ${options.jobs} workers, limit ${limitMs} ms, watchdog ${options.killMs} ms, heap ${options.memoryMb} MB, ${seeds.length} fixtures`;
  console.log(header);
  let failures = 0;
  const results = await runCases((i) => makeCase(seeds, seed, i, { scale }), indexes, {
    ...options,
    onResult: (r, done) => {
      if (isFailure(r.outcome)) {
        failures++;
        console.log(`FAIL #${r.index} ${r.outcome} ${r.mutation} <${r.source}> ${(r.ms / 1000).toFixed(1)} s: ${failureClass(r)}`);
      }
      if (!values.quiet && (done % 100 === 0 || done === indexes.length)) {
        console.log(`  ${done}/${indexes.length} done, ${failures} failures, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    },
  });
  if (values.results) fs.writeFileSync(values.results, `${JSON.stringify(results, null, 1)}\n`);
  console.log('');
  const rerun = `npm run fuzz -- --seed ${seed} ${values.only ? `--only ${values.only}` : `--count ${count}`}${scale !== 1 ? ` --scale ${scale}` : ''}`;
  console.log(summarize(results, Date.now() - started, `seed ${seed} (rerun: ${rerun})`));
  return results.some((r) => isFailure(r.outcome)) ? 1 : 0;
}

function printReplay(c: FuzzCase, r: CaseResult): void {
  console.log(`replay #${c.index} (seed ${c.seed}) ${c.mutation} <${c.source}> ${c.bytes.length} bytes, ext "${c.ext}"`);
  console.log(`argv: ${c.argv.map((a) => (a === FILE_ARG ? `FILE${c.ext}` : a)).join(' ')}`);
  const cpu = r.cpuMs !== undefined ? ` (${(r.cpuMs / 1000).toFixed(2)} s CPU)` : '';
  console.log(`outcome: ${r.outcome}, exit ${r.code ?? '-'}, ${(r.ms / 1000).toFixed(2)} s${cpu}${r.heapMb ? `, heap ${r.heapMb.toFixed(0)} MB` : ''}`);
  if (r.message) console.log(`message: ${r.message}`);
  if (r.stack) console.log(r.stack.map((s) => `    ${s}`).join('\n'));
  if (r.origin) console.log(`began as ${r.origin.error}\n${r.origin.frames.map((s) => `    ${s}`).join('\n')}`);
}

main().then((code) => process.exit(code), (err) => {
  console.error(err);
  process.exit(1);
});
