/**
 * A provider that counts: every call's tokens, cache hits, cost and request id go to the run's
 * meter and one log line, whichever engine answered.
 */
import type { Logger } from '../runtime/logger';
import type { LlmProvider } from './provider';
import type { UsageMeter } from './usageMeter';

export function metered(provider: LlmProvider, meter: UsageMeter, logger: Logger, requestId: string): LlmProvider {
  return {
    engine: provider.engine,
    model: provider.model,
    async complete(request, options) {
      const response = await provider.complete(request, options);
      meter.add({
        purpose: request.purpose, engine: provider.engine, model: response.model, usage: response.usage,
        costUsd: response.costUsd, durationMs: response.durationMs, ...(response.requestId ? { requestId: response.requestId } : {}),
      });
      logger.info('model call', {
        purpose: request.purpose, engine: provider.engine, model: response.model, ms: Math.round(response.durationMs), attempts: response.attempts,
        input: response.usage.inputTokens, cacheRead: response.usage.cacheReadTokens, cacheWrite: response.usage.cacheWriteTokens,
        output: response.usage.outputTokens, stop: response.stopReason, serverRequestId: response.requestId, requestId,
      });
      return response;
    },
  };
}
