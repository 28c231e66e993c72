/**
 * Any OpenAI-compatible `POST {endpoint}/chat/completions` (OpenAI, Ollama, vLLM, LM Studio, a
 * gateway), with plain fetch. Servers differ in what they accept, so the provider learns it: a
 * server that refuses `response_format` json_schema gets json_object, then the schema in the
 * instructions alone; one that refuses `max_tokens` gets `max_completion_tokens`. What it learned
 * holds for the provider's life, so only the first call pays for the probe.
 */
import { endpointUrl } from '../runtime/endpoint';
import { registerEndpointSecrets, registerSecret, safeMessage } from '../runtime/redact';
import { costOf, type PriceOverride } from './pricing';
import {
  LlmError, type LlmCallOptions, type LlmProvider, type LlmRequest, type LlmResponse,
} from './provider';
import { AttemptDeadline, ConnectionResetError, cancelledError, describeDuration, errorCode, isConnectionReset, isRetryable, parseRetryAfter, withRetries, type RetryTuning } from './retry';
import {
  OPENAI_FIX, CHECK_ENDPOINT, type JsonMode, type Completion, type Refusal, isRefusal, serverMessage, chatBody, parseCompletion, readStream, contentOf, usageOf, stopReasonOf,
} from './openAiChatFormat';

export { chatBody, OPENAI_FIX, type JsonMode } from './openAiChatFormat';

const DEFAULT_TIMEOUT_MS = 60_000;

const SET_KEY = '"Interview Lens: Set OpenAI API Key" (INTERVIEW_LENS_OPENAI_API_KEY for the CLI)';

/** Settings of an OpenAI-compatible provider. */
export interface OpenAiCompatibleProviderOptions {
  /** The base URL, usually ending in /v1. */
  endpoint: string;
  model: string;
  /** Optional: a local server (Ollama) needs none. */
  apiKey?: string;
  /** Per attempt; a stream gets it again with every chunk it receives. Default 60 s. */
  timeoutMs?: number;
  retries?: number;
  /** The price of the model (unknown otherwise: costs are reported as null). */
  price?: PriceOverride | null;
  /** Where to start asking for JSON, when the server is known; default json_schema, stepping down on refusal. */
  jsonMode?: JsonMode;
  retry?: Omit<RetryTuning, 'retries'>;
  fetchImpl?: typeof fetch;
}

/** An LlmProvider for an OpenAI-compatible chat completions API. */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly engine = 'openai-compatible' as const;
  readonly model: string;
  private readonly endpoint: string;
  private readonly url: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private jsonMode: JsonMode;
  private maxTokensField: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';

  constructor(private readonly options: OpenAiCompatibleProviderOptions) {
    this.apiKey = options.apiKey?.trim() || undefined;
    registerSecret(this.apiKey);
    registerEndpointSecrets(options.endpoint);
    this.endpoint = options.endpoint?.trim() ?? '';
    if (!/^https?:\/\/[^/?#]/i.test(this.endpoint)) {
      throw new LlmError('config', safeMessage(`${this.endpoint ? `"${this.endpoint}" is not an http(s) URL` : 'No OpenAI-compatible endpoint is set'}: set ${CHECK_ENDPOINT} to the API's base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1`), { fix: { ...OPENAI_FIX.endpoint } });
    }
    if (!options.model?.trim()) {
      throw new LlmError('config', 'No model is set for the OpenAI-compatible endpoint: set interviewLens.openai.model (e.g. gpt-4o-mini, or qwen2.5:7b for Ollama)', { fix: { ...OPENAI_FIX.model } });
    }
    this.model = options.model.trim();
    this.url = endpointUrl(this.endpoint, 'chat/completions');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.jsonMode = options.jsonMode ?? 'json_schema';
  }

  /** How this provider currently asks for JSON (it steps down when the server refuses). */
  get currentJsonMode(): JsonMode {
    return this.jsonMode;
  }

  async complete(request: LlmRequest, options: LlmCallOptions): Promise<LlmResponse> {
    const started = Date.now();
    const { value, attempts } = await withRetries(() => this.negotiate(request, options), {
      ...this.options.retry,
      retries: this.options.retries,
      signal: options.signal,
    });
    const usage = usageOf(value.usage);
    const model = value.model || this.model;
    return {
      content: contentOf(value),
      stopReason: stopReasonOf(value.finishReason, value.toolCalls.length > 0),
      usage,
      model,
      requestId: value.requestId,
      // No list prices here: the same model id means different prices on different servers.
      costUsd: this.options.price ? costOf(model, usage, this.options.price) : null,
      durationMs: Date.now() - started,
      attempts,
    };
  }

  /** One attempt, re-sent at once in a form the server accepts when it refuses a parameter. */
  private async negotiate(request: LlmRequest, options: LlmCallOptions): Promise<Completion> {
    for (;;) {
      const mode = request.json ? this.jsonMode : undefined;
      const maxTokensField = this.maxTokensField;
      const result = await this.send(chatBody(this.model, request, mode, maxTokensField, !!options.onText), options);
      if (!isRefusal(result)) return result;
      if (result.status === 400 && mode && mode !== 'instructions' && /response_format|json_schema|json_object/i.test(result.body)) {
        // Another call may have stepped down already; only step down from what was refused.
        if (this.jsonMode === mode) this.jsonMode = mode === 'json_schema' ? 'json_object' : 'instructions';
        continue;
      }
      if (result.status === 400 && maxTokensField === 'max_tokens' && /max_completion_tokens/.test(result.body)) {
        this.maxTokensField = 'max_completion_tokens';
        continue;
      }
      throw this.statusError(result);
    }
  }

  private async send(body: Record<string, unknown>, options: LlmCallOptions): Promise<Completion | Refusal> {
    const deadline = new AttemptDeadline(options.signal, this.timeoutMs);
    let streamed = false;
    try {
      let res: Response;
      try {
        res = await this.fetchImpl(this.url, {
          method: 'POST',
          signal: deadline.signal,
          headers: {
            'content-type': 'application/json',
            accept: body.stream ? 'text/event-stream' : 'application/json',
            ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
        });
      } catch (err) {
        throw this.transportError(err, deadline, options.signal, true);
      }
      const requestId = res.headers.get('x-request-id') ?? res.headers.get('request-id') ?? undefined;
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        return { status: res.status, body: text, headers: res.headers };
      }
      const isStream = /text\/event-stream/i.test(res.headers.get('content-type') ?? '');
      try {
        if (isStream && res.body) {
          return {
            ...(await readStream(res.body, deadline, (delta) => {
              streamed = true;
              options.onText?.(delta);
            })),
            requestId,
          };
        }
        const text = await res.text();
        const completion = { ...parseCompletion(text, this.url), requestId };
        // A server that ignored `stream: true` still gets its text shown.
        if (options.onText && completion.text) options.onText(completion.text);
        return completion;
      } catch (err) {
        throw this.transportError(err, deadline, options.signal, false);
      }
    } catch (err) {
      // Text already shown would be shown twice by another attempt: fail this call instead.
      if (streamed && isRetryable(err)) throw new LlmError(err.kind, err.message, err.details);
      throw err;
    } finally {
      deadline.dispose();
    }
  }

  private transportError(err: unknown, deadline: AttemptDeadline, run: AbortSignal, connecting: boolean): LlmError {
    if (err instanceof LlmError) return err;
    if (run.aborted) return cancelledError();
    if (deadline.timedOut) {
      return new LlmError('timeout', safeMessage(`${this.url} sent nothing for ${describeDuration(this.timeoutMs)}: the server may be busy or the model still loading; try again, or check ${CHECK_ENDPOINT}`), { fix: { ...OPENAI_FIX.endpoint } });
    }
    const code = errorCode(err);
    if (isConnectionReset(err)) {
      return new ConnectionResetError(safeMessage(`${this.url} closed the connection (${code ?? 'reset'}): check the server and your network`), { fix: { ...OPENAI_FIX.endpoint } });
    }
    if (connecting) {
      return new LlmError('unreachable', safeMessage(`Cannot reach ${this.url}${code ? ` (${code})` : ''}: check ${CHECK_ENDPOINT}, and that the server is running`), { fix: { ...OPENAI_FIX.endpoint } });
    }
    return new LlmError('bad_response', safeMessage(`${this.url} sent an answer that could not be read (${(err as Error)?.message ?? String(err)}): check ${CHECK_ENDPOINT}`), { fix: { ...OPENAI_FIX.endpoint } });
  }

  private statusError({ status, body, headers }: Refusal): LlmError {
    const said = serverMessage(body);
    const details = { status, requestId: headers.get('x-request-id') ?? headers.get('request-id') ?? undefined };
    if (status === 401 || status === 403) {
      return new LlmError('auth', safeMessage(`${this.url} refused the API key (${status}${said}): set it again with ${SET_KEY}`), { ...details, fix: { ...OPENAI_FIX.key } });
    }
    if (status === 404) {
      const model = /model/i.test(said);
      return new LlmError('bad_request', safeMessage(model
        ? `${this.url} does not know the model "${this.model}" (404${said}): set interviewLens.openai.model to a model the server has`
        : `${this.url} does not exist (404${said}): check ${CHECK_ENDPOINT}; it usually ends in /v1`), { ...details, fix: { ...(model ? OPENAI_FIX.model : OPENAI_FIX.endpoint) } });
    }
    if (status === 429) {
      return new LlmError('rate_limited', safeMessage(`${this.url} is rate-limiting requests (429${said}): wait a minute, or lower interviewLens.concurrency`), { ...details, retryAfterMs: parseRetryAfter(headers) });
    }
    if (status >= 500) {
      return new LlmError('overloaded', safeMessage(`${this.url} is overloaded or failing (${status}${said}): try again in a few minutes`), { ...details, retryAfterMs: parseRetryAfter(headers) });
    }
    if (status === 400 || status === 413 || status === 422) {
      return new LlmError('bad_request', safeMessage(`${this.url} rejected the request (${status}${said})`), details);
    }
    return new LlmError('bad_response', safeMessage(`${this.url} answered ${status}${said}: check ${CHECK_ENDPOINT}`), { ...details, fix: { ...OPENAI_FIX.endpoint } });
  }
}
