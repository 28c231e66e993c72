/**
 * Where a run's calls go when it is being recorded. The tool registry reports every tool call and
 * the recording provider every model call; the cassette writer behind it canonicalises, redacts
 * and appends them. Recording never changes what a call returns.
 */
import type { LlmRequest, LlmResponse } from '../llm/provider';
import type { ToolResult } from '../tools/types';

/** One tool call as the registry ran it: the validated input and the result. */
export interface RecordedToolCall { name: string; input: unknown; result: ToolResult; durationMs: number }

/** One model call as a provider answered it. */
export interface RecordedLlmCall { request: LlmRequest; response: LlmResponse; durationMs: number }

/** Receives the calls of a recorded run, in the order they finish. */
export interface CallRecorder {
  recordTool(call: RecordedToolCall): void;
  recordLlm(call: RecordedLlmCall): void;
}
