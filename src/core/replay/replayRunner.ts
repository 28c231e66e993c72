/**
 * Replays a cassette against today's code: every recorded tool call runs again through the tool
 * registry, its model calls answered from the same cassette, and its result is compared with the
 * recorded one. `update` rewrites the recorded results with today's instead.
 */
import type { LlmProvider } from '../llm/provider';
import { redactStrings } from '../runtime/redact';
import type { ToolRegistry } from '../calls/toolRegistry';
import type { ToolContext, ToolResult } from '../calls/tool';
import type { CallKind } from '../runtime/canonical';
import { readCassette, writeCassette, type Cassette, type CassetteCall, type CassetteHeader } from './cassette';
import { compareResults, normalisationNote } from './compare';
import { ReplayProvider, type ReplayMiss } from './replayProvider';

/** How one recorded call fared: same result, a different one, or a model call with no recording. */
export type ReplayCallStatus = 'pass' | 'mismatch' | 'miss';

/** The outcome of one replayed call. */
export interface ReplayCallResult {
  /** 1 for the first call of the cassette (line 2 of the file: line 1 is the header). */
  index: number;
  kind: CallKind;
  name?: string;
  status: ReplayCallStatus;
  /** `- recorded` / `+ today` lines of a mismatch. */
  diff?: string;
  /**
   * A miss's message: the closest recorded request and how it differs. For a call whose model
   * requests were answered live (non-strict), which ones.
   */
  message?: string;
  /** A mismatch: the recorded and today's result as the masked canonical pretty JSON compared (for a side-by-side diff). */
  expected?: string;
  actual?: string;
  /** A mismatch: how both results were normalised before comparing (what is masked, the number tolerance). */
  normalisation?: string;
  /** Non-strict replay: model requests of this call with no recording, answered by the live engine. */
  liveServed?: number;
}

/** pass: every call matched; fail: a mismatch or a miss; stale: the skill definition changed since recording (whatever its calls did). */
export type CassetteStatus = 'pass' | 'fail' | 'stale';

/** Counts of a cassette's replay. */
export interface ReplayCounts {
  /** Tool calls replayed. */
  calls: number;
  pass: number;
  mismatch: number;
  miss: number;
  /** Recorded model calls answered during the replay, and those no replayed call asked for. */
  llmServed: number;
  llmUnused: number;
  /** Non-strict replay only: model requests with no recording that the live engine answered. */
  liveServed?: number;
}

/** The outcome of replaying one cassette (what `replay --json` prints for it). */
export interface CassetteReplayResult {
  file: string;
  status: CassetteStatus;
  calls: ReplayCallResult[];
  counts: ReplayCounts;
  /** Indexes (as in `calls`) of the recorded model calls today's code never asked for; set when there are any. */
  llmUnusedAt?: number[];
  /** Set when the skill definition hash differs from the recorded one. */
  stale?: { skill: string; recorded: string; current: string };
  /** Update mode: whether the cassette was rewritten with today's results. */
  updated?: boolean;
  /** What else the reader should know (skill not registered, why an update was not written). */
  message?: string;
}

/** What a replay needs from the running core. */
export interface ReplayRunnerOptions {
  tools: ToolRegistry;
  /** The context tools run with, given the provider that answers their model calls (one context per cassette, like one run). */
  contextFor: (llm: LlmProvider) => ToolContext;
  /** Today's definition hash of a skill; undefined when unknown (staleness is then not checked). */
  currentSkillHash?: (skill: string) => string | undefined;
  /** The cassette's path: reported, and rewritten in update mode. */
  file?: string;
  /** Rewrite the cassette's tool results (and header skillHash) with today's, atomically. */
  update?: boolean;
  /**
   * Re-runs a recorded flow whose model calls are not made by a tool (agent mode) from the
   * header's `input`, with today's code and the cassette answering; undefined when the cassette's
   * skill is not such a flow. Its model calls must all be recorded; tool calls are compared below.
   */
  rerun?: (header: CassetteHeader, llm: LlmProvider) => Promise<void> | undefined;
  /**
   * Default true: a model request with no recording is a miss. False: it goes to `fallback` (a
   * live engine), the call is compared as usual, and the result says which requests went live.
   */
  strict?: boolean;
  /** The live engine that answers misses when `strict` is false. */
  fallback?: LlmProvider;
}

/** Replays one parsed cassette. */
export async function replayCassette(cassette: Cassette, options: ReplayRunnerOptions): Promise<CassetteReplayResult> {
  const { header } = cassette;
  const strict = options.strict ?? true;
  if (!strict && !options.fallback) throw new Error('a non-strict replay needs a live model engine (fallback) to answer the requests that have no recording');
  const provider = new ReplayProvider(cassette, strict ? {} : { strict: false, fallback: options.fallback });
  // A replay must not record itself, whatever context the caller hands over.
  // A run recorded with the offline engine made no model calls and must not make any now: its tools
  // replay on the offline path, as they ran.
  const offline = cassette.header.engine === 'offline';
  const base = options.contextFor(provider);
  const ctx: ToolContext = offline ? { ...base, llm: undefined, recorder: undefined } : { ...base, llm: provider, recorder: undefined };
  const calls: ReplayCallResult[] = [];
  const todays = new Map<CassetteCall, ToolResult>();
  const flow = header.input !== undefined && !offline ? options.rerun?.(header, provider) : undefined;
  if (flow) {
    // The whole flow first (the agent's turns), then each tool call on its own with the
    // recordings served again from the start.
    let message: string | undefined;
    try {
      await flow;
    } catch (err) {
      message = err instanceof Error ? err.message : String(err);
    }
    const miss = provider.misses.find((m) => !m.forwarded)?.message;
    const live = provider.misses.filter((m) => m.forwarded);
    calls.push(miss || message
      ? { index: 0, kind: 'llm', name: header.skill, status: 'miss', message: miss ?? message }
      : { index: 0, kind: 'llm', name: header.skill, status: 'pass', ...liveNote(live) });
    provider.rewind();
  }
  for (let i = 0; i < cassette.calls.length; i++) {
    const call = cassette.calls[i];
    if (call.kind !== 'tool') continue;
    const missesBefore = provider.misses.length;
    const result = redactStrings(await options.tools.execute(call.name!, call.request, ctx));
    todays.set(call, result);
    const base = { index: i + 1, kind: call.kind, name: call.name };
    const missed = provider.misses.slice(missesBefore);
    // A miss decides the call even when the tool caught the error and carried on without the model.
    const unanswered = missed.find((m) => !m.forwarded);
    if (unanswered) {
      calls.push({ ...base, status: 'miss', message: unanswered.message });
      continue;
    }
    // Requests a live engine answered (non-strict): the result is compared like any other.
    const live = liveNote(missed);
    const comparison = compareResults(call.response, result, header.tolerance);
    calls.push(comparison.equal
      ? { ...base, status: 'pass', ...live }
      : {
        ...base, status: 'mismatch', diff: comparison.diff, expected: comparison.expected, actual: comparison.actual,
        normalisation: normalisationNote(header.tolerance), ...live,
      });
  }
  const counts: ReplayCounts = {
    calls: calls.length,
    pass: calls.filter((c) => c.status === 'pass').length,
    mismatch: calls.filter((c) => c.status === 'mismatch').length,
    miss: calls.filter((c) => c.status === 'miss').length,
    llmServed: cassette.calls.filter((c) => c.kind === 'llm').length - provider.neverServed,
    llmUnused: provider.neverServed,
    ...(strict ? {} : { liveServed: provider.misses.filter((m) => m.forwarded).length }),
  };
  const current = options.currentSkillHash?.(header.skill);
  const stale = current !== undefined && current !== header.skillHash ? { skill: header.skill, recorded: header.skillHash, current } : undefined;
  const out: CassetteReplayResult = {
    file: options.file ?? '',
    // A skill that changed since the recording is expected to ask and answer differently: the
    // cassette needs re-recording, which is not a regression of today's code.
    status: stale ? 'stale' : counts.mismatch || counts.miss || counts.llmUnused ? 'fail' : 'pass',
    calls,
    counts,
    ...(counts.llmUnused ? { llmUnusedAt: cassette.calls.flatMap((c, i) => (c.kind === 'llm' && !provider.wasServed(c) ? [i + 1] : [])) } : {}),
    ...(stale ? { stale } : {}),
  };
  // Recorded model calls nobody asked for: today's flow makes fewer calls, or calls the cassette
  // cannot replay (an agent run recorded without its input).
  if (counts.llmUnused && !stale) {
    out.message = `${counts.llmUnused} recorded model call${counts.llmUnused === 1 ? ' was' : 's were'} never asked for by today's code: the flow changed; re-record the run`;
  }
  if (counts.liveServed) {
    const note = `${counts.liveServed} model request${counts.liveServed === 1 ? '' : 's'} had no recording and ${counts.liveServed === 1 ? 'was' : 'were'} answered by the live engine (${options.fallback!.engine} ${options.fallback!.model}); re-record the run to keep ${counts.liveServed === 1 ? 'it' : 'them'}`;
    out.message = out.message ? `${out.message}; ${note}` : note;
  }
  if (options.currentSkillHash && current === undefined) {
    const note = `skill "${header.skill}" is not registered here, so whether the cassette is stale was not checked`;
    out.message = out.message ? `${out.message}; ${note}` : note;
  }
  if (options.update) update(cassette, out, todays, current, options.file);
  return out;
}

/** The fields of a call result whose model requests a live engine answered (none: no fields). */
function liveNote(forwarded: readonly ReplayMiss[]): Pick<ReplayCallResult, 'liveServed' | 'message'> {
  if (!forwarded.length) return {};
  const purposes = [...new Set(forwarded.map((m) => m.purpose))].map((p) => `"${p}"`).join(', ');
  return { liveServed: forwarded.length, message: `${forwarded.length} model request${forwarded.length === 1 ? '' : 's'} with no recording answered by the live engine (purpose ${purposes})` };
}

/** Rewrites the tool results that changed and the skill hash, when every model call was answered. */
function update(cassette: Cassette, out: CassetteReplayResult, todays: Map<CassetteCall, ToolResult>, current: string | undefined, file: string | undefined): void {
  if (!file) throw new Error('update mode needs the cassette\'s file path');
  if (out.counts.liveServed) {
    out.updated = false;
    out.message = `not updated: ${out.counts.liveServed} model request${out.counts.liveServed === 1 ? ' was' : 's were'} answered live and the cassette would not hold ${out.counts.liveServed === 1 ? 'it' : 'them'}; re-record the run instead`;
    return;
  }
  if (out.counts.miss) {
    out.updated = false;
    out.message = `not updated: ${out.counts.miss} tool call${out.counts.miss === 1 ? '' : 's'} asked the model something the cassette has no answer for; re-record the run to capture the new model calls`;
    return;
  }
  if (!out.counts.mismatch && !out.stale) {
    out.updated = false;
    return;
  }
  const calls = cassette.calls.map((c) => (todays.has(c) ? { ...c, response: todays.get(c) } : c));
  writeCassette(file, { header: { ...cassette.header, skillHash: current ?? cassette.header.skillHash }, calls });
  out.updated = true;
  out.status = 'pass';
  delete out.stale;
}

/** Reads a cassette file and replays it; a file that cannot be read or parsed throws CassetteError. */
export async function replayFile(file: string, options: Omit<ReplayRunnerOptions, 'file'>): Promise<CassetteReplayResult> {
  return replayCassette(readCassette(file), { ...options, file });
}
