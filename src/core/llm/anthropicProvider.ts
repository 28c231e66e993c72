/**
 * Claude through the Anthropic Messages API, with the official SDK. The SDK makes no retries of
 * its own (`maxRetries: 0`): `withRetries` does, so retry-after, 529 and the jitter behave as in
 * the OpenAI-compatible provider and tests can drive them. Prompt-cache breakpoints of the
 * request become `cache_control` markers, and SDK errors become LlmErrors that say what to do.
 */
import Anthropic, {
  APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError,
} from '@anthropic-ai/sdk';
import { registerEndpointSecrets, registerSecret, safeMessage } from '../runtime/redact';
import { costOf, type PriceOverride } from './pricing';
import {
  LlmError, type LlmBlock, type LlmCallOptions, type LlmFix, type LlmProvider, type LlmRequest, type LlmResponse,
  type LlmStopReason, type LlmTextBlock, type LlmToolUseBlock, type LlmUsage,
} from './provider';
import {
  AttemptDeadline, ConnectionResetError, cancelledError, describeDuration, errorCode, isConnectionReset, isRetryable, parseRetryAfter, withRetries,
  type RetryResult, type RetryTuning,
} from './retry';

export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
const DEFAULT_TIMEOUT_MS = 60_000;
/** The API refuses a request with more cache breakpoints than this. */
export const MAX_CACHE_BREAKPOINTS = 4;

/** What fixes each kind of Anthropic configuration problem. */
export const ANTHROPIC_FIX = {
  key: { command: 'interviewLens.setAnthropicApiKey', env: 'ANTHROPIC_API_KEY' },
  baseUrl: { setting: 'interviewLens.anthropic.baseUrl', env: 'ANTHROPIC_BASE_URL' },
  model: { setting: 'interviewLens.anthropic.model' },
} as const satisfies Record<string, LlmFix>;

const SET_KEY = '"Interview Lens: Set Anthropic API Key" (ANTHROPIC_API_KEY for the CLI)';

/** Settings of an Anthropic provider. */
export interface AnthropicProviderOptions {
  apiKey: string | undefined;
  model: string;
  /** Default: the public API (or ANTHROPIC_BASE_URL, which the SDK reads). */
  baseUrl?: string;
  /** Per attempt; a stream gets it again with every event it receives. Default 60 s. */
  timeoutMs?: number;
  /** Retries after the first attempt (default 4). */
  retries?: number;
  /** The user's price, instead of the list price. */
  price?: PriceOverride | null;
  /** Backoff tuning (tests make the waits instant). */
  retry?: Omit<RetryTuning, 'retries'>;
}

type MessageParams = Anthropic.MessageCreateParamsNonStreaming;
const EPHEMERAL = { type: 'ephemeral' } as const;

/** An LlmProvider for Claude. */
export class AnthropicProvider implements LlmProvider {
  readonly engine = 'anthropic' as const;
  readonly model: string;
  private readonly client: Anthropic;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private temperatureRefused = false;

  constructor(private readonly options: AnthropicProviderOptions) {
    const apiKey = options.apiKey?.trim();
    if (!apiKey) {
      throw new LlmError('config', `No Anthropic API key is set: run ${SET_KEY}`, { fix: { ...ANTHROPIC_FIX.key } });
    }
    // Whoever built this provider read the key; make sure no message can carry it.
    registerSecret(apiKey);
    registerEndpointSecrets(options.baseUrl);
    if (!options.model?.trim()) {
      throw new LlmError('config', 'No Claude model is set: set interviewLens.anthropic.model (e.g. claude-sonnet-5-5)', { fix: { ...ANTHROPIC_FIX.model } });
    }
    this.model = options.model.trim();
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.client = new Anthropic({
      apiKey,
      baseURL: options.baseUrl || undefined,
      maxRetries: 0,
      timeout: this.timeoutMs,
      // Nothing may print around the redactor; every failure reaches the caller as an LlmError.
      logLevel: 'off',
    });
    this.baseUrl = this.client.baseURL || DEFAULT_ANTHROPIC_BASE_URL;
    // The SDK may have taken it from ANTHROPIC_BASE_URL instead.
    registerEndpointSecrets(this.baseUrl);
  }

  async complete(request: LlmRequest, options: LlmCallOptions): Promise<LlmResponse> {
    const started = Date.now();
    let result: RetryResult<{ message: Anthropic.Message; requestId?: string }>;
    for (;;) {
      const params = toMessageParams(this.model, request, !this.temperatureRefused);
      try {
        result = await withRetries(() => this.attempt(params, options), {
          ...this.options.retry,
          retries: this.options.retries,
          signal: options.signal,
        });
        break;
      } catch (err) {
        // Newer models refuse sampling parameters (they reason adaptively); older ones honour them.
        // Asking each time would cost every call a refused request, so the refusal is remembered.
        if (!refusesTemperature(err, params)) throw err;
        this.temperatureRefused = true;
      }
    }
    const { value: { message, requestId }, attempts } = result;
    const usage = usageOf(message.usage);
    const model = typeof message.model === 'string' && message.model ? message.model : this.model;
    return {
      content: contentOf(message.content),
      stopReason: stopReasonOf(message.stop_reason),
      usage,
      model,
      requestId,
      costUsd: costOf(model, usage, this.options.price),
      durationMs: Date.now() - started,
      attempts,
    };
  }

  private async attempt(params: MessageParams, options: LlmCallOptions): Promise<{ message: Anthropic.Message; requestId?: string }> {
    const deadline = new AttemptDeadline(options.signal, this.timeoutMs);
    let streamed = false;
    try {
      let message: Anthropic.Message;
      let requestId: string | null | undefined;
      if (options.onText) {
        const onText = options.onText;
        const stream = this.client.messages.stream(params, { signal: deadline.signal, timeout: this.timeoutMs });
        stream.on('streamEvent', () => deadline.touch());
        stream.on('text', (delta) => {
          streamed = true;
          onText(delta);
        });
        message = await stream.finalMessage();
        requestId = stream.request_id;
      } else {
        const created = await this.client.messages.create(params, { signal: deadline.signal, timeout: this.timeoutMs });
        message = created;
        requestId = created._request_id;
      }
      if (!message || typeof message !== 'object' || !Array.isArray(message.content) || !message.usage) {
        throw new LlmError('bad_response', safeMessage(`The Anthropic API at ${this.baseUrl} answered something that is not a Messages API response: ${preview(message)}. Check interviewLens.anthropic.baseUrl (ANTHROPIC_BASE_URL for the CLI)`), { requestId: requestId ?? undefined, fix: { ...ANTHROPIC_FIX.baseUrl } });
      }
      return { message, requestId: requestId ?? undefined };
    } catch (err) {
      const mapped = this.mapError(err, deadline, options.signal);
      // Text already shown would be shown twice by another attempt: fail this call instead.
      if (streamed && isRetryable(mapped)) throw new LlmError(mapped.kind, mapped.message, mapped.details);
      throw mapped;
    } finally {
      deadline.dispose();
    }
  }

  private mapError(err: unknown, deadline: AttemptDeadline, run: AbortSignal): LlmError {
    if (err instanceof LlmError) return err;
    if (run.aborted) return cancelledError();
    if (deadline.timedOut || err instanceof APIConnectionTimeoutError) {
      return new LlmError('timeout', `The Anthropic API sent nothing for ${describeDuration(this.timeoutMs)}: it may be overloaded; try again in a few minutes`);
    }
    if (err instanceof APIUserAbortError) return cancelledError();
    if (err instanceof APIConnectionError || (!(err instanceof APIError) && isConnectionReset(err))) {
      const code = errorCode(err);
      if (isConnectionReset(err)) {
        return new ConnectionResetError(safeMessage(`The Anthropic API at ${this.baseUrl} closed the connection (${code ?? 'reset'}): check your network or proxy`), { fix: { ...ANTHROPIC_FIX.baseUrl } });
      }
      return new LlmError('unreachable', safeMessage(`Cannot reach the Anthropic API at ${this.baseUrl}${code ? ` (${code})` : ''}: check interviewLens.anthropic.baseUrl (ANTHROPIC_BASE_URL for the CLI) and your network`), { fix: { ...ANTHROPIC_FIX.baseUrl } });
    }
    if (err instanceof APIError) return this.statusError(err);
    const what = err instanceof SyntaxError ? 'an answer that is not JSON' : `an answer that could not be read (${(err as Error)?.message ?? String(err)})`;
    return new LlmError('bad_response', safeMessage(`The Anthropic API at ${this.baseUrl} sent ${what}: check interviewLens.anthropic.baseUrl (ANTHROPIC_BASE_URL for the CLI), or try again`), { fix: { ...ANTHROPIC_FIX.baseUrl } });
  }

  private statusError(err: APIError): LlmError {
    const status = err.status;
    const requestId = err.requestID ?? undefined;
    const said = apiMessageOf(err);
    const details = { status, requestId };
    if (status === undefined) {
      // An error event inside a stream: the status was 200, the body says what went wrong.
      const type = (err.error as { error?: { type?: string } } | undefined)?.error?.type ?? err.type ?? '';
      const kind = type === 'overloaded_error' || type === 'api_error' ? 'overloaded' : 'bad_response';
      return new LlmError(kind, safeMessage(`The Anthropic API failed mid-answer (${type || 'error'}${said}): try again in a few minutes`), details);
    }
    if (status === 401 || status === 403) {
      return new LlmError('auth', safeMessage(`The Anthropic API refused the API key (${status}${said}): set it again with ${SET_KEY}`), { ...details, fix: { ...ANTHROPIC_FIX.key } });
    }
    if (status === 404 || ((status === 400 || status === 422) && /\bmodel\b/i.test(said) && !/temperature/i.test(said))) {
      return new LlmError('bad_request', safeMessage(`The Anthropic API does not know the model "${this.model}" (${status}${said}): set interviewLens.anthropic.model to a current model id such as claude-sonnet-5-5${status === 404 ? ', and check that interviewLens.anthropic.baseUrl is the API root (no /v1)' : ''}`), { ...details, fix: { ...ANTHROPIC_FIX.model } });
    }
    if (status === 429) {
      return new LlmError('rate_limited', safeMessage(`The Anthropic API is rate-limiting this key (429${said}): wait a minute, or lower interviewLens.concurrency`), { ...details, retryAfterMs: parseRetryAfter(err.headers) });
    }
    if (status >= 500) {
      return new LlmError('overloaded', safeMessage(`The Anthropic API is overloaded or failing (${status}${said}): try again in a few minutes`), { ...details, retryAfterMs: parseRetryAfter(err.headers) });
    }
    return new LlmError('bad_request', safeMessage(`The Anthropic API rejected the request (${status}${said})`), details);
  }
}

/** The server's own explanation, as ": text" (or nothing), cut short. */
function apiMessageOf(err: APIError): string {
  const text = err.apiMessage ?? (err.error as { error?: { message?: string } } | undefined)?.error?.message;
  return text ? `: ${safeMessage(String(text), 200)}` : '';
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return safeMessage(text, 120);
}

function refusesTemperature(err: unknown, params: MessageParams): boolean {
  return err instanceof LlmError && err.kind === 'bad_request' && err.details.status === 400
    && 'temperature' in params && /temperature/i.test(err.message);
}

/**
 * The Messages API request of an LlmRequest, with at most four cache breakpoints. `temperature`
 * is sent only when `withTemperature` (the SDK's types no longer list it: current models refuse it).
 */
export function toMessageParams(model: string, request: LlmRequest, withTemperature = true): MessageParams {
  const params: MessageParams = {
    model,
    max_tokens: request.maxTokens,
    messages: request.messages.map((m) => ({ role: m.role, content: m.content.map(toBlockParam) })),
  };
  if (request.system.length) params.system = request.system.map((b) => textParam(b));
  if (request.tools?.length) {
    const last = request.tools.length - 1;
    params.tools = request.tools.map((t, i) => ({
      name: t.name,
      description: t.description,
      input_schema: t.inputSchema as Anthropic.Tool['input_schema'],
      ...(request.cacheTools && i === last ? { cache_control: EPHEMERAL } : {}),
    }));
  }
  if (request.temperature !== undefined && withTemperature) Object.assign(params, { temperature: request.temperature });
  limitBreakpoints(params);
  return params;
}

function textParam(b: LlmTextBlock): Anthropic.TextBlockParam {
  return { type: 'text', text: b.text, ...(b.cache ? { cache_control: EPHEMERAL } : {}) };
}

function toBlockParam(b: LlmBlock): Anthropic.ContentBlockParam {
  switch (b.type) {
    case 'text':
      return textParam(b);
    case 'tool_use':
      return { type: 'tool_use', id: b.id, name: b.name, input: b.input ?? {} };
    case 'tool_result':
      return { type: 'tool_result', tool_use_id: b.toolUseId, content: b.content, ...(b.isError ? { is_error: true } : {}) };
  }
}

/**
 * Keeps the last four breakpoints when a request marks more (the API would refuse it). The later
 * ones cover the longer prefixes, which save the most when read back.
 */
function limitBreakpoints(params: MessageParams): void {
  const marked: Array<{ cache_control?: unknown }> = [];
  for (const t of params.tools ?? []) if ((t as { cache_control?: unknown }).cache_control) marked.push(t as { cache_control?: unknown });
  for (const b of (params.system ?? []) as Anthropic.TextBlockParam[]) if (b.cache_control) marked.push(b);
  for (const m of params.messages) {
    for (const b of m.content as Array<{ cache_control?: unknown }>) if (b.cache_control) marked.push(b);
  }
  for (const b of marked.slice(0, Math.max(0, marked.length - MAX_CACHE_BREAKPOINTS))) delete b.cache_control;
}

function contentOf(blocks: Anthropic.ContentBlock[]): Array<LlmTextBlock | LlmToolUseBlock> {
  const out: Array<LlmTextBlock | LlmToolUseBlock> = [];
  for (const b of blocks) {
    if (b.type === 'text') out.push({ type: 'text', text: b.text });
    else if (b.type === 'tool_use') out.push({ type: 'tool_use', id: b.id, name: b.name, input: b.input });
  }
  return out;
}

function usageOf(u: Anthropic.Usage): LlmUsage {
  return {
    inputTokens: u.input_tokens ?? 0,
    outputTokens: u.output_tokens ?? 0,
    cacheReadTokens: u.cache_read_input_tokens ?? 0,
    cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
  };
}

function stopReasonOf(reason: string | null | undefined): LlmStopReason {
  switch (reason) {
    case 'end_turn':
    case 'tool_use':
    case 'max_tokens':
    case 'stop_sequence':
    case 'refusal':
      return reason;
    default:
      return 'other';
  }
}
