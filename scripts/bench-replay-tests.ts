// The Test Explorer part of `npm run bench` (issue 16): discovering 500 cassettes through the
// Replays controller's own discovery (discoverCassettes: list the recordings, read each file,
// parse its header, count its calls; the controller turns what it returns into TestItems)
// against reading the same files' bytes alone; and replaying one cassette of 10,000 recorded query_knowledge_base
// calls (each run again and compared with the recording) against running the same 10,000 calls
// without a cassette. Medians of 5 runs (discovery) and 3 runs (replay).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { discoverCassettes } from '../src/core/replay/cassetteDiscovery';
import { outlineCassette } from '../src/core/replay/cassetteOutline';
import { RECORDINGS_DIR } from '../src/core/replay/cassetteRecorder';
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

    // 500 cassettes of 20 calls each, cut from the big one, in a workspace folder's recordings:
    // the discovery reads all of them (and the extension's own built-in tests, as in the editor).
    const lines = big.trimEnd().split('\n');
    const workspace = path.join(dir, 'workspace');
    const folder = path.join(workspace, RECORDINGS_DIR);
    fs.mkdirSync(folder, { recursive: true });
    for (let i = 0; i < 500; i++) {
      const start = 1 + ((i * 20) % (lines.length - 21));
      fs.writeFileSync(path.join(folder, `case-${i}.jsonl`), `${[lines[0], ...lines.slice(start, start + 20)].join('\n')}\n`);
    }
    let listed = 0;
    let calls = 0;
    const roots = { extensionPath: ROOT, workspaceFolders: [workspace] };
    const files = discoverCassettes(roots).map((d) => d.file);
    const discover = await time(() => {
      const found = discoverCassettes(roots).filter((d) => !d.builtIn);
      const bad = found.find((d) => !d.summary);
      if (bad) throw new Error(`bench: ${bad.file} was not discovered: ${bad.error?.message}`);
      listed = found.length;
      calls = found.reduce((n, d) => n + d.summary!.calls, 0);
    }, 5);
    // The same files (the 500 and the built-in tests), their bytes read and nothing else.
    const readOnly = await time(() => {
      for (const file of files) fs.readFileSync(file);
    }, 5);
    if (listed !== 500) throw new Error(`bench: ${listed} of 500 cassettes discovered`);
    const bytes = fs.readdirSync(folder).reduce((n, f) => n + fs.statSync(path.join(folder, f)).size, 0);
    console.log('\nReplays in the Test Explorer');
    console.log(`  discover 500 cassettes through the controller's discovery (${listed} listed, ${calls} calls counted, ${(bytes / 1024 / 1024).toFixed(1)} MB, plus the ${files.length - listed} built-in tests; folders listed, links checked, headers parsed): median ${ms(discover)}; reading the same ${files.length} files' bytes alone (baseline) ${ms(readOnly)} -> ratio ${(discover / readOnly).toFixed(1)}x`);

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
