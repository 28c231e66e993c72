/**
 * Where a run's calls go when it is being recorded. The tool registry reports every tool call and
 * the recording provider every model call; the cassette writer behind it canonicalises, redacts
 * and appends them. Recording never changes what a call returns.
 */
import type { LlmErrorKind, LlmRequest, LlmResponse } from '../llm/provider';
import type { ToolResult } from './toolResult';

/** One tool call as the registry ran it: the validated input and the result. */
export interface RecordedToolCall { name: string; input: unknown; result: ToolResult; durationMs: number }

/**
 * One model call as a provider answered it, or the error it failed with after its retries (a run
 * that went on, the question scored offline, replays the same failure).
 */
export interface RecordedLlmCall { request: LlmRequest; response: LlmResponse | RecordedLlmFailure; durationMs: number }

/** A model call that failed, as a cassette keeps it. */
export interface RecordedLlmFailure { error: { kind: LlmErrorKind; message: string } }

/** Whether a recorded model response is a failure. */
export function isRecordedFailure(response: unknown): response is RecordedLlmFailure {
  return !!response && typeof response === 'object' && 'error' in response && !('content' in response);
}

/** Receives the calls of a recorded run, in the order they finish. */
export interface CallRecorder {
  recordTool(call: RecordedToolCall): void;
  recordLlm(call: RecordedLlmCall): void;
}
