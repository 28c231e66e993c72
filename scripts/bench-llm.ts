// The model-engine part of `npm run bench` (issue 13), against the local mock Anthropic server
// with 300 ms per call, through the real SDK provider:
//   - a 30-question diagnosis at the default concurrency vs a sequential run (concurrency 1);
//   - the share of input tokens read from the prompt cache on the second of two runs;
//   - replay speed: recorded calls replayed per second (tool calls re-run and compared, model calls served).
// Prints medians and ratios. Usage: node -r esbuild-register scripts/bench-llm.ts [--runs N]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createCore, prepareCore } from '../src/core/services';
import { createLlmProvider, engineConfigFromEnv } from '../src/core/llm/engineConfig';
import { benchReplay } from '../src/core/replay/bench';
import { startMockAnthropic } from '../test/support/mockAnthropicServer';
import { anthropicJudgeResponder } from '../test/support/mockJudge';

const ROOT = path.resolve(__dirname, '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const LATENCY_MS = 300;
const KEY = 'bench-key-not-secret';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** The bench's 30-question transcript: knowledge-base questions, alternating expert and novice answers. */
function transcript(n = 30): string {
  const entries = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'knowledge.json'), 'utf8')).filter((e: any) => e.language === 'en');
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const e = entries[i % entries.length];
    parts.push(`Interviewer: ${e.question}`, `Candidate: ${i % 2 ? e.noviceAnswer : e.expertAnswer}`, '');
  }
  return parts.join('\n');
}

(async () => {
  await prepareCore();
  const core = createCore({ knowledgeDir: path.join(ROOT, 'dist', 'knowledge.json') });
  const text = transcript();
  const server = async () => {
    const mock = await startMockAnthropic({ apiKey: KEY, responder: anthropicJudgeResponder });
    mock.script({ kind: 'latency', ms: LATENCY_MS }, 1_000_000);
    return mock;
  };
  const provider = (url: string) => createLlmProvider(engineConfigFromEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: url }, 'anthropic'))!;

  console.log(`\nModel engine against the mock Anthropic server (${LATENCY_MS} ms per call, real SDK provider, default rate limit)`);
  {
    const mock = await server();
    const llm = provider(mock.url);
    const time = async (concurrency: number) => {
      const t = process.hrtime.bigint();
      const r = await core.diagnose({ text, persist: false, concurrency }, { llm });
      if (r.raw.perQuestion.some((q) => q.scoredBy?.fallback)) throw new Error('a question fell back to the offline judge');
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    await time(6);
    const parallel: number[] = [];
    const serial: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      parallel.push(await time(6));
      serial.push(await time(1));
    }
    const p = median(parallel);
    const s = median(serial);
    console.log(`  30-question diagnosis, concurrency 6 (default): median ${ms(p)} over ${RUNS} runs (${(p / LATENCY_MS).toFixed(1)} call latencies; ceil(30/6) = 5)`);
    console.log(`  sequential, concurrency 1 (baseline): median ${ms(s)}  -> ${(s / p).toFixed(1)}x faster (target >= 5x)`);
    await mock.close();
  }
  {
    const mock = await server();
    const llm = provider(mock.url);
    const first = await core.diagnose({ text, persist: false }, { llm });
    const second = await core.diagnose({ text, persist: false }, { llm });
    const share = (r: typeof first) => r.raw.usage!.cacheReadShare;
    console.log(`  input tokens read from the prompt cache: first run ${(share(first) * 100).toFixed(0)}%, second run ${(share(second) * 100).toFixed(0)}% (target >= 70%)`);
    console.log(`  cost of a run at list price (${first.raw.model}): first $${first.raw.usage!.costUsd!.toFixed(4)}, second $${second.raw.usage!.costUsd!.toFixed(4)}`);
    await mock.close();
  }
  {
    const rates: number[] = [];
    const parse: number[] = [];
    let last;
    for (let i = 0; i < RUNS; i++) {
      last = await benchReplay(core.tools, { calls: 2000 });
      rates.push(last.callsPerSecond);
      parse.push(last.parseMs);
    }
    console.log(`  replay of ${last!.toolCalls} tool + ${last!.llmCalls} model calls (${(last!.cassetteBytes / 1048576).toFixed(1)} MB cassette): median ${median(rates).toFixed(0)} calls/s, parse included (target >= 2,000/s); parsing alone (baseline) median ${ms(median(parse))}`);
  }
})().catch((err) => {
  console.error(`bench-llm: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
});
