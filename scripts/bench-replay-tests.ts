// The Test Explorer part of `npm run bench` (issue 16): discovering 500 cassettes the way the
// Replays controller lists them (read each file, parse its header, count its calls) against
// reading the files alone; and replaying one cassette of 10,000 recorded query_knowledge_base
// calls (each run again and compared with the recording) against running the same 10,000 calls
// without a cassette. Medians of 5 runs (discovery) and 3 runs (replay).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { outlineCassette, summarizeCassette } from '../src/core/replay/cassetteOutline';
import { parseCassette } from '../src/core/replay/cassette';
import { CassetteRecorder } from '../src/core/replay/cassetteRecorder';
import { replayCassette } from '../src/core/replay/replayRunner';
import { createCore, prepareCore } from '../src/core/services';
import { silentLogger } from '../src/core/runtime/logger';
import { msText, timeAsync } from './benchTiming';

const ROOT = path.resolve(__dirname, '..');
const ms = (x: number) => msText(x);
const time = (fn: () => Promise<unknown> | unknown, runs: number) => timeAsync(fn, runs);

const QUERIES = ['prompt injection', 'RAG chunking', 'idempotent API', 'cache invalidation', 'vector index', 'rate limiting', 'eval sets', '幂等', '缓存', 'reranking'];

(async () => {
  await prepareCore();
  const core = createCore({ knowledgeDir: path.join(ROOT, 'knowledge') });
  const contextFor = () => ({ ...core.context({ caller: 'bench' }), logger: silentLogger });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'il-bench-replays-'));
  try {
    // 10,000 recorded calls: recorded live through the registry, as `--record` records them.
    const N = 10_000;
    const recorder = new CassetteRecorder(dir, 'bench', { skill: 'bench', skillHash: '', engine: 'offline', model: 'offline' });
    const recording = { ...contextFor(), recorder };
    for (let i = 0; i < N; i++) {
      const r = await core.tools.execute('query_knowledge_base', { query: `${QUERIES[i % QUERIES.length]} ${i % 97}`, topK: 3 }, recording);
      if (!r.success) throw new Error(`bench: query_knowledge_base failed while recording: ${r.error!.message}`);
    }
    const big = recorder.text();

    // 500 cassettes of 20 calls each, cut from the big one: the discovery reads all of them.
    const lines = big.trimEnd().split('\n');
    const folder = path.join(dir, 'recordings');
    fs.mkdirSync(folder);
    for (let i = 0; i < 500; i++) {
      const start = 1 + ((i * 20) % (lines.length - 21));
      fs.writeFileSync(path.join(folder, `case-${i}.jsonl`), `${[lines[0], ...lines.slice(start, start + 20)].join('\n')}\n`);
    }
    let listed = 0;
    let calls = 0;
    const discover = await time(() => {
      listed = 0;
      calls = 0;
      for (const name of fs.readdirSync(folder).filter((n) => n.endsWith('.jsonl'))) {
        const file = path.join(folder, name);
        calls += summarizeCassette(fs.readFileSync(file, 'utf8'), file).calls;
        listed++;
      }
    }, 5);
    const readOnly = await time(() => {
      for (const name of fs.readdirSync(folder).filter((n) => n.endsWith('.jsonl'))) fs.readFileSync(path.join(folder, name), 'utf8');
    }, 5);
    const bytes = fs.readdirSync(folder).reduce((n, f) => n + fs.statSync(path.join(folder, f)).size, 0);
    console.log('\nReplays in the Test Explorer');
    console.log(`  discover 500 cassettes (${listed} listed, ${calls} calls counted, ${(bytes / 1024 / 1024).toFixed(1)} MB; header parsed, calls counted): median ${ms(discover)}; reading the files alone (baseline) ${ms(readOnly)} -> ratio ${(discover / readOnly).toFixed(1)}x`);

    const outline = await time(() => outlineCassette(big, 'bench'), 5);
    const parse = await time(() => parseCassette(big, 'bench'), 5);
    console.log(`  outline one cassette of ${N} calls (every call validated, each given its line: what expanding its item costs): median ${ms(outline)}; parsing it alone (baseline) ${ms(parse)}`);

    const cassette = parseCassette(big, 'bench');
    let passed = 0;
    const replay = await time(async () => {
      const result = await replayCassette(cassette, { tools: core.tools, contextFor });
      passed = result.counts.pass;
    }, 3);
    if (passed !== N) throw new Error(`bench: ${N - passed} of ${N} replayed calls did not pass`);
    const direct = await time(async () => {
      const ctx = contextFor();
      for (const call of cassette.calls) await core.tools.execute(call.name!, call.request, ctx);
    }, 3);
    console.log(`  replay ${N} recorded query_knowledge_base calls (run again, masked, compared; ${passed} pass): median ${ms(replay)} (${Math.round(N / (replay / 1000))} calls/s); the same ${N} calls without a cassette (baseline) ${ms(direct)} -> replay adds ${ms(replay - direct)} (${((replay - direct) / N * 1000).toFixed(1)} µs a call)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
