/**
 * An in-process LlmProvider for unit tests of what sits above the providers (the model judge, the
 * agent loop): each call is answered by a script, and the requests and the concurrency are kept.
 */
import type { LlmProvider, LlmRequest, LlmResponse } from '../../src/core/llm/provider';
import { LlmError } from '../../src/core/llm/provider';

/** The request as one string: what a mock reads the prompt from. */
export function promptText(request: LlmRequest): string {
  const parts: string[] = request.system.map((b) => b.text);
  for (const m of request.messages) for (const b of m.content) if (b.type === 'text') parts.push(b.text);
  return parts.join('\n');
}

export type FakeReply = string | LlmError | Partial<LlmResponse>;

export class FakeLlm implements LlmProvider {
  readonly engine = 'anthropic' as const;
  readonly requests: LlmRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(
    private readonly script: (request: LlmRequest, n: number) => FakeReply | Promise<FakeReply>,
    readonly model = 'fake-model-1',
    private readonly delayMs = 0,
  ) {}

  async complete(request: LlmRequest, options: { signal: AbortSignal }): Promise<LlmResponse> {
    const n = this.requests.length;
    this.requests.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, this.delayMs);
          options.signal.addEventListener('abort', () => { clearTimeout(t); reject(new LlmError('cancelled', 'cancelled')); }, { once: true });
        });
      }
      if (options.signal.aborted) throw new LlmError('cancelled', 'cancelled');
      const reply = await this.script(request, n);
      if (reply instanceof LlmError) throw reply;
      const base: LlmResponse = {
        content: [], stopReason: 'end_turn', model: this.model, costUsd: 0.001, durationMs: this.delayMs, attempts: 1,
        usage: { inputTokens: 100, outputTokens: 50, cacheReadTokens: 0, cacheWriteTokens: 0 },
      };
      return typeof reply === 'string' ? { ...base, content: [{ type: 'text', text: reply }] } : { ...base, ...reply };
    } finally {
      this.inFlight--;
    }
  }
}
