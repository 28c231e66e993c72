/**
 * How fast recorded calls replay, for `npm run bench`: a cassette of `calls` tool calls
 * (split_qa_pairs, recorded live through the registry) and `calls` model calls (judge-sized
 * requests), serialised, parsed, then replayed: the tool calls through the replay runner (run
 * again and compared), the model calls through a ReplayProvider.
 */
import type { LlmRequest, LlmResponse } from '../llm/provider';
import { silentLogger } from '../runtime/logger';
import type { ToolRegistry } from '../calls/toolRegistry';
import type { ToolContext } from '../calls/tool';
import { parseCassette } from './cassette';
import { CassetteRecorder } from './cassetteRecorder';
import { ReplayProvider } from './replayProvider';
import { replayCassette } from './replayRunner';

/** Timings of one bench run; rates are calls per second. */
export interface ReplayBenchResult {
  toolCalls: number;
  llmCalls: number;
  cassetteBytes: number;
  parseMs: number;
  toolReplayMs: number;
  llmReplayMs: number;
  toolCallsPerSecond: number;
  llmCallsPerSecond: number;
  /** Both kinds together, parse included. */
  callsPerSecond: number;
}

const TOPICS = ['chunking', 'reranking', 'prompt caching', 'eval sets', 'tool schemas', 'retries', 'rate limits', 'embeddings'];

function transcript(i: number): string {
  const t = TOPICS[i % TOPICS.length];
  return `Interviewer: How would you approach ${t} in system ${i}?\nCandidate: I would measure ${t} first, then change one thing at a time (run ${i}).\n` +
    `Interviewer: And what would you watch in production?\nCandidate: Latency, cost and error rate for ${t}.\n`;
}

/** A judge-sized request (about 3 KB) unique to `i`, and the answer recorded for it. */
function modelCall(i: number): { request: LlmRequest; response: LlmResponse } {
  const rubric = TOPICS.map((t) => `- ${t}: say what was measured, what changed and why it helped.`).join('\n').repeat(4);
  return {
    request: {
      purpose: 'judge',
      system: [{ type: 'text', text: `You grade interview answers against a reference.\n${rubric}`, cache: true }],
      messages: [{ role: 'user', content: [{ type: 'text', text: `Question ${i}: ${transcript(i)}\nReturn JSON with a score from 0 to 100.` }] }],
      maxTokens: 800,
      temperature: 0,
      json: { name: 'grade', schema: { type: 'object', properties: { score: { type: 'integer' } }, required: ['score'] } },
    },
    response: {
      content: [{ type: 'text', text: `{"score": ${40 + (i % 60)}}` }],
      stopReason: 'end_turn',
      usage: { inputTokens: 900, outputTokens: 12, cacheReadTokens: 800, cacheWriteTokens: 0 },
      model: 'bench-model',
      costUsd: null,
      durationMs: 0,
      attempts: 1,
    },
  };
}

/** Records and replays `calls` tool calls and `calls` model calls; throws if any replayed call does not pass. */
export async function benchReplay(tools: ToolRegistry, options: { calls?: number; context?: Partial<ToolContext> } = {}): Promise<ReplayBenchResult> {
  const n = options.calls ?? 2000;
  const contextFor = (): ToolContext => ({
    requestId: 'bench', caller: 'bench', signal: new AbortController().signal, logger: silentLogger, clock: Date.now, settings: {}, ...options.context,
  });
  // The recorder only builds text here: finish() is never called, so nothing is written.
  const recorder = new CassetteRecorder('.', 'bench', { skill: 'bench', skillHash: '', engine: 'replay', model: 'bench-model' });
  const recording = { ...contextFor(), recorder };
  for (let i = 0; i < n; i++) {
    const r = await tools.execute('split_qa_pairs', { text: transcript(i) }, recording);
    if (!r.success) throw new Error(`bench: split_qa_pairs failed while recording: ${r.error!.message}`);
    const call = modelCall(i);
    recorder.recordLlm({ ...call, durationMs: 0 });
  }
  const text = recorder.text();

  let t = performance.now();
  const cassette = parseCassette(text, 'bench');
  const parseMs = performance.now() - t;

  t = performance.now();
  const result = await replayCassette(cassette, { tools, contextFor });
  const toolReplayMs = performance.now() - t;
  if (result.counts.pass !== n) throw new Error(`bench: ${n - result.counts.pass} of ${n} replayed tool calls did not pass`);

  t = performance.now();
  const provider = new ReplayProvider(cassette);
  const signal = new AbortController().signal;
  for (let i = 0; i < n; i++) await provider.complete(modelCall(i).request, { signal });
  const llmReplayMs = performance.now() - t;
  if (provider.misses.length) throw new Error(`bench: ${provider.misses.length} model calls missed`);

  const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));
  return {
    toolCalls: n,
    llmCalls: n,
    cassetteBytes: Buffer.byteLength(text),
    parseMs,
    toolReplayMs,
    llmReplayMs,
    toolCallsPerSecond: rate(n, toolReplayMs),
    llmCallsPerSecond: rate(n, llmReplayMs),
    callsPerSecond: rate(2 * n, parseMs + toolReplayMs + llmReplayMs),
  };
}
