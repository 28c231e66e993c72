/**
 * Wraps a model engine so each call it answers is reported to a recorder. The caller gets the
 * provider's response untouched; a recorder that throws cannot fail the call.
 */
import { LlmError } from '../llm/provider';
import type { LlmProvider, LlmRequest } from '../llm/provider';
import type { CallRecorder } from './callRecorder';

/**
 * An LlmProvider that forwards to `provider` and reports each answered call to `recorder`.
 * Failed calls are not recorded: a run that fails is discarded, and one that carries on after a
 * failed call (a fallback) replays with a miss at that call, which is the honest outcome.
 */
export function recording(provider: LlmProvider, recorder: CallRecorder): LlmProvider {
  return {
    engine: provider.engine,
    model: provider.model,
    async complete(request, options) {
      // The request as sent: a caller may reuse and extend its message list for the next turn.
      const sent = snapshot(request);
      const started = performance.now();
      let response;
      try {
        response = await provider.complete(request, options);
      } catch (err) {
        // A failure the run survives (the question falls back) must replay as the same failure;
        // a cancel ends the run, which writes no cassette anyway.
        if (err instanceof LlmError && err.kind !== 'cancelled') {
          try {
            recorder.recordLlm({ request: sent, response: { error: { kind: err.kind, message: err.message } }, durationMs: Math.round(performance.now() - started) });
          } catch {
            // As below: a broken recorder costs the recording, never the call.
          }
        }
        throw err;
      }
      try {
        recorder.recordLlm({ request: sent, response, durationMs: Math.round(performance.now() - started) });
      } catch {
        // Recording is a side channel: CassetteRecorder keeps its own failure and refuses to finish.
      }
      return response;
    },
  };
}

/** A deep copy of the request; the request itself when it cannot be cloned (the recorder serialises it at once). */
function snapshot(request: LlmRequest): LlmRequest {
  try {
    return structuredClone(request);
  } catch {
    return request;
  }
}
