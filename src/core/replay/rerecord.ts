/**
 * Re-records a cassette with today's code and a live engine: the recorded tool calls run again
 * (or, for an agent flow, the flow from the header's input), every call goes to a fresh
 * CassetteRecorder, and the file is replaced atomically only when every call succeeded, so a
 * failed or cancelled re-record leaves the old cassette as it was.
 */
import * as path from 'node:path';
import { LlmError, type LlmProvider } from '../llm/provider';
import { writeFileAtomic } from '../store/atomicWrite';
import type { ToolRegistry } from '../calls/toolRegistry';
import type { ToolContext, ToolResult } from '../calls/tool';
import type { CallRecorder } from '../calls/callRecorder';
import { readCassette, type CassetteHeader } from './cassette';
import { CassetteRecorder } from './cassetteRecorder';
import { recording } from '../calls/recordingProvider';

/** What a re-record needs from the running core. */
export interface RerecordOptions {
  tools: ToolRegistry;
  /** The context the tools run with (its `llm` and `recorder` are replaced by the re-record's). */
  contextFor: (llm: LlmProvider | undefined) => ToolContext;
  /** The live engine; undefined re-records offline, which only a cassette without model calls allows. */
  live?: LlmProvider;
  /** Today's definition hash of a skill, written to the new header (the recorded one when unknown). */
  currentSkillHash?: (skill: string) => string | undefined;
  /** Re-runs a recorded agent flow from its header's input, recording into `recorder`; undefined when the cassette is not such a flow. */
  rerun?: (header: CassetteHeader, llm: LlmProvider, recorder: CallRecorder) => Promise<void> | undefined;
  /** Stops the re-record between calls (the file is then left alone). */
  signal?: AbortSignal;
  /** Stamps the new header's createdAt. */
  clock?: () => number;
}

/** The outcome of re-recording one cassette. */
export interface RerecordResult {
  file: string;
  /** Whether the cassette was replaced. */
  written: boolean;
  /** Calls in the new cassette (tool and model). */
  calls: number;
  engine: string;
  model: string;
  /** What went wrong, each naming the call; empty when written. */
  failures: string[];
}

/**
 * Re-records cassette `file` in place. A cassette recorded offline is re-recorded offline; one
 * with model calls needs `live`. Throws CassetteError when the file cannot be read.
 */
export async function rerecordCassette(file: string, options: RerecordOptions): Promise<RerecordResult> {
  const cassette = readCassette(file);
  const { header } = cassette;
  const hasModelCalls = cassette.calls.some((c) => c.kind === 'llm');
  const live = header.engine === 'offline' ? undefined : options.live;
  const engine = live ? live.engine : 'offline';
  const model = live ? live.model : 'offline';
  const refused = (why: string): RerecordResult => ({ file, written: false, calls: 0, engine, model, failures: [why] });
  if (hasModelCalls && !live) {
    return refused(`${path.basename(file)} has ${cassette.calls.filter((c) => c.kind === 'llm').length} model calls: re-recording it needs a model engine (choose one in the settings), the offline engine cannot answer them`);
  }
  // Only text() is used: the file is written below, in place, wherever the cassette lives.
  const recorder = new CassetteRecorder(path.dirname(file), 'rerecord', {
    skill: header.skill, skillHash: options.currentSkillHash?.(header.skill) ?? header.skillHash, engine, model,
    ...(header.tolerance !== undefined ? { tolerance: header.tolerance } : {}), ...(header.input !== undefined ? { input: header.input } : {}),
  }, options.clock);
  const failures: string[] = [];
  // A live call that fails may be survived by the tool (an offline fallback): the cassette would
  // then hold a failure instead of an answer, so any failed model call fails the re-record.
  const watched: LlmProvider | undefined = live && {
    engine: live.engine,
    model: live.model,
    async complete(request, callOptions) {
      try {
        return await live.complete(request, callOptions);
      } catch (err) {
        failures.push(`model call (purpose "${request.purpose}") failed: ${err instanceof Error ? err.message : String(err)}`);
        throw err;
      }
    },
  };
  const cancelled = () => options.signal?.aborted === true;
  const flow = header.input !== undefined && watched ? options.rerun?.(header, watched, recorder) : undefined;
  if (flow) {
    try {
      await flow;
    } catch (err) {
      if (!(err instanceof LlmError) || !failures.length) failures.push(`the recorded flow "${header.skill}" failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  } else {
    for (let i = 0; i < cassette.calls.length && !failures.length; i++) {
      const call = cassette.calls[i];
      if (call.kind !== 'tool') continue;
      if (cancelled()) break;
      const base = options.contextFor(watched);
      const ctx: ToolContext = { ...base, llm: watched && recording(watched, recorder), recorder };
      const result = await options.tools.execute(call.name!, call.request, ctx);
      // A call recorded as a failure (what the test is about) may fail again; one that succeeded must succeed.
      if (!result.success && (call.response as ToolResult).success) failures.push(`call ${i + 1} (tool ${call.name}) failed: ${result.error!.message}`);
    }
  }
  if (cancelled()) failures.push('cancelled before every call was recorded');
  if (recorder.problem) failures.push(recorder.problem);
  if (!failures.length && recorder.count === 0) failures.push('nothing was recorded: today\'s code made no tool or model call for this cassette');
  if (failures.length) {
    recorder.discard();
    return { file, written: false, calls: 0, engine, model, failures };
  }
  const calls = recorder.count;
  writeFileAtomic(file, recorder.text());
  recorder.discard();
  return { file, written: true, calls, engine, model, failures: [] };
}
