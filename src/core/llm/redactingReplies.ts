/**
 * A model's replies with secrets redacted before anything reads them. A model asked about a text
 * that holds an API key may repeat it (raw, base64- or URL-encoded); the skill runtime stores what
 * the reply says in records (a note's title, its tags and their lower-cased keys), in the run's
 * raw output and in traces, so the reply is redacted where it enters, and every later store,
 * log line and printed summary only ever sees `[redacted]`. The count is told to the user.
 */
import { redactCounting, redactStrings } from '../runtime/redact';
import type { LlmProvider, LlmResponse } from './provider';

/** `llm` whose replies are redacted, with how many secrets were replaced so far. */
export interface RedactingProvider {
  llm: LlmProvider;
  redacted(): number;
}

export function redactingReplies(llm: LlmProvider): RedactingProvider {
  let redacted = 0;
  const wrapped: LlmProvider = {
    engine: llm.engine,
    model: llm.model,
    async complete(request, options) {
      // Streamed deltas cannot be redacted piecewise (a key may straddle two): the whole text, redacted, is passed once.
      const response = await llm.complete(request, { signal: options.signal });
      const content: LlmResponse['content'] = response.content.map((block) => {
        if (block.type === 'text') {
          const r = redactCounting(block.text);
          redacted += r.redacted;
          return r.redacted ? { ...block, text: r.text } : block;
        }
        const input = redactStrings(block.input);
        if (input !== block.input) redacted++;
        return input === block.input ? block : { ...block, input };
      });
      if (options.onText) {
        const text = content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('');
        if (text) options.onText(text);
      }
      return { ...response, content };
    },
  };
  return { llm: wrapped, redacted: () => redacted };
}
