// npm run eval:judge — the model judge on the repository's strong/weak answer pairs
// (test/fixtures/scoring/pairs.yaml), through the path a diagnosis takes, next to the offline judge.
//
//   npm run eval:judge -- --engine anthropic            live: ANTHROPIC_API_KEY (+ ANTHROPIC_BASE_URL, INTERVIEW_LENS_ANTHROPIC_MODEL)
//   npm run eval:judge -- --engine openai-compatible    live: INTERVIEW_LENS_OPENAI_ENDPOINT, _MODEL, _API_KEY
//   npm run eval:judge -- --cassette FILE               replayed from a cassette (no key, no network)
//   npm run eval:judge -- --engine anthropic --record FILE   live, and records the run for later replays
//
// Prints pairwise accuracy (strong scored above weak) for the model and for the offline judge,
// their agreement on the order of each pair, and how many questions fell back. Exit 1 when a
// replayed cassette misses (the prompt changed: re-record it).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createCore, prepareCore } from '../src/core/services';
import { createLlmProvider, engineConfigFromEnv } from '../src/core/llm/engineConfig';
import type { LlmProvider } from '../src/core/llm/provider';
import { CassetteRecorder, readCassette, ReplayProvider } from '../src/core/replay';
import { judgePair } from '../src/core/builtin/codeSkills/judgePair';
import { detectLanguage } from '../src/core/text/language';
import { loadScoringSet, SCORING_SETS } from './lib/scoreEval';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

(async () => {
  await prepareCore();
  const core = createCore({ knowledgeDir: path.resolve(__dirname, '..', 'knowledge') });
  const cassette = arg('--cassette');
  let llm: LlmProvider | undefined;
  let source: string;
  if (cassette) {
    const c = readCassette(cassette);
    llm = new ReplayProvider(c);
    source = `replayed from ${path.relative(process.cwd(), cassette)} (recorded ${c.header.createdAt} with ${c.header.engine} ${c.header.model}${c.header.skill === 'eval-judge-mock' ? ' against the mock server: a pipeline check, not a model measurement' : ''})`;
  } else {
    const config = engineConfigFromEnv(process.env, arg('--engine') ?? process.env.INTERVIEW_LENS_ENGINE);
    llm = createLlmProvider(config);
    if (!llm) {
      console.error('eval:judge needs a model: --engine anthropic|openai-compatible (with its key), or --cassette FILE');
      process.exitCode = 2;
      return;
    }
    source = `live ${llm.engine} ${llm.model}`;
  }
  const record = arg('--record');
  const recorder = record
    ? new CassetteRecorder(path.dirname(path.resolve(record)), 'eval-run', { skill: arg('--skill-name') ?? 'eval-judge', skillHash: core.skillHash('diagnose-transcript') ?? '', engine: llm.engine, model: llm.model })
    : undefined;
  const items = loadScoringSet(SCORING_SETS.find((s) => s.name === 'pairs')!.files);
  const model = core.context({ caller: 'eval', llm, ...(recorder ? { recorder } : {}) });
  const offline = core.context({ caller: 'eval' });
  let modelRight = 0;
  let offlineRight = 0;
  let agree = 0;
  let fallbacks = 0;
  let absDiff = 0;
  let n = 0;
  for (const item of items) {
    if (typeof item.strong !== 'string' || typeof item.weak !== 'string') continue;
    const language = item.language ?? detectLanguage(item.question);
    const judge = async (ctx: typeof model, answer: string) => (await judgePair(ctx, { question: item.question, answer, language, previous: item.context ?? [] })).analysis;
    // One at a time: the order of calls is the order of the cassette.
    const ms = await judge(model, item.strong);
    const mw = await judge(model, item.weak);
    const os = await judge(offline, item.strong);
    const ow = await judge(offline, item.weak);
    fallbacks += [ms, mw].filter((a) => a.scoredBy?.fallback).length;
    if (ms.contentScore > mw.contentScore) modelRight++;
    if (os.contentScore > ow.contentScore) offlineRight++;
    if (Math.sign(ms.contentScore - mw.contentScore) === Math.sign(os.contentScore - ow.contentScore)) agree++;
    absDiff += Math.abs(ms.contentScore - os.contentScore) + Math.abs(mw.contentScore - ow.contentScore);
    n++;
  }
  if (recorder) {
    const written = recorder.finish();
    fs.renameSync(written, path.resolve(record!));
    fs.rmSync(path.dirname(written), { recursive: true, force: true });
    fs.rmSync(path.join(path.dirname(path.resolve(record!)), '.interview-lens'), { recursive: true, force: true });
  }
  const pct = (k: number) => `${((100 * k) / Math.max(1, n)).toFixed(1)}%`;
  const totals = model.usage?.totals();
  console.log(`eval:judge — ${n} strong/weak pairs, ${source}`);
  console.log(`  model   strong above weak ${pct(modelRight)} (${modelRight}/${n})`);
  console.log(`  offline strong above weak ${pct(offlineRight)} (${offlineRight}/${n})`);
  console.log(`  agreement on the order of a pair ${pct(agree)}; mean |model - offline| ${(absDiff / Math.max(1, 2 * n)).toFixed(1)} points`);
  console.log(`  fell back to the offline judge: ${fallbacks} of ${2 * n} answers`);
  if (totals && totals.calls) console.log(`  ${totals.calls} model calls, ${totals.usage.inputTokens + totals.usage.cacheReadTokens + totals.usage.cacheWriteTokens} input tokens (${(totals.cacheReadShare * 100).toFixed(0)}% from cache), cost ${totals.costUsd === null ? 'unknown' : `$${totals.costUsd.toFixed(4)}`}`);
})().catch((err) => {
  console.error(`eval:judge: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
