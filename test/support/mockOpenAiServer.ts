/**
 * A local stand-in for an OpenAI-compatible `POST {base}/chat/completions` (OpenAI, Ollama, vLLM,
 * LM Studio…), with the differences between such servers as options: whether `response_format`
 * json_schema or json_object is accepted (servers that do not know one answer 400), whether the
 * old `max_tokens` parameter is refused, and whether a key is required at all.
 *
 * Cached tokens follow OpenAI's automatic prefix caching on a token estimate (ceil(characters /
 * 4)): the longest prefix shared with an earlier prompt counts as cached, in steps of 128 tokens
 * from 1024 on. `prompt_tokens` includes the cached tokens, as on the real API.
 */
import type * as http from 'node:http';
import { chunks, delay, retryHeaders, sendJson, startMockHttp, type MockModelServer, modelServerHandle } from './mockHttp';

export type { MockFault, RecordedRequest } from './mockHttp';

/** A tool call the mock model makes; `arguments` that is not a string is sent as its JSON. */
export interface MockToolCall {
  id?: string;
  name: string;
  arguments: unknown;
}

/** What the mock model answers; `finish_reason` defaults to tool_calls when a tool is called, else stop. */
export interface MockOpenAiReply {
  content?: string | null;
  tool_calls?: MockToolCall[];
  finish_reason?: 'stop' | 'length' | 'tool_calls' | 'content_filter';
}

export type OpenAiResponder = (body: any) => MockOpenAiReply | Promise<MockOpenAiReply>;

export interface MockOpenAiOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>`; others get 401. Unset: no key needed (a local server). */
  apiKey?: string;
  responder?: OpenAiResponder;
  /** Accepts `response_format: {type: 'json_schema'}` (default true); false answers 400 as servers without it do. */
  jsonSchema?: boolean;
  /** Accepts `response_format: {type: 'json_object'}` (default true). */
  jsonObject?: boolean;
  /** Refuses `max_tokens` and asks for `max_completion_tokens`, as OpenAI does for its reasoning models. */
  rejectMaxTokens?: boolean;
  /** Models that exist; others get 404. Default: all. */
  knownModel?: (model: string) => boolean;
  streamChunkChars?: number;
  streamDelayMs?: number;
  /** Echo the presented key in 401 messages, as OpenAI itself does in part (checks that our messages redact it). */
  echoKeyOnAuthError?: boolean;
}

/** Usage as the API reports it. */
export interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number };
}

/** The mock chat completions API; `url` is the base URL a client is configured with (http://127.0.0.1:PORT/v1). */
export type MockOpenAi = MockModelServer<OpenAiUsage, OpenAiResponder>;

const MIN_CACHED_TOKENS = 1024;
const CACHE_STEP = 128;

function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** The prompt in the order the model reads it (tools, then messages), as one string. */
function canonicalPrompt(body: any): string {
  const tools = (body.tools ?? []).map((t: unknown) => JSON.stringify(t)).join('\n');
  const messages = (body.messages ?? []).map((m: any) =>
    `<${m.role}${m.tool_call_id ? ` ${m.tool_call_id}` : ''}>${typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')}${m.tool_calls ? JSON.stringify(m.tool_calls) : ''}`).join('\n');
  return `${tools}\n${messages}`;
}

function lastText(body: any): { role: string; text: string } {
  const last = body.messages?.[body.messages.length - 1] ?? {};
  return { role: last.role ?? '', text: typeof last.content === 'string' ? last.content : JSON.stringify(last.content ?? '') };
}

/** The default model: echoes the last message (as a JSON object when JSON was asked for), or reports tool results. */
export function echoResponder(body: any): MockOpenAiReply {
  const last = lastText(body);
  if (last.role === 'tool') {
    const results = body.messages.filter((m: any, i: number) => m.role === 'tool' && body.messages.slice(i + 1).every((n: any) => n.role === 'tool'));
    return { content: `tool results: ${results.map((m: any) => `${m.tool_call_id}:${m.content}`).join('; ')}` };
  }
  if (body.response_format) return { content: JSON.stringify({ echo: last.text }) };
  return { content: `echo: ${last.text}` };
}

function openAiError(res: http.ServerResponse, status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): void {
  const type = status === 401 ? 'invalid_request_error' : status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(res, status, { error: { message, type, param: null, code: null, ...extra } }, headers);
}

export async function startMockOpenAi(options: MockOpenAiOptions = {}): Promise<MockOpenAi> {
  let responder = options.responder ?? echoResponder;
  const knownModel = options.knownModel ?? (() => true);
  const seen: string[] = [];
  const usages: OpenAiUsage[] = [];
  let served = 0;

  /** Tokens of the longest prefix shared with an earlier prompt, as OpenAI counts them. */
  function cachedTokens(prompt: string): number {
    let best = 0;
    for (const p of seen) {
      let i = 0;
      const max = Math.min(p.length, prompt.length);
      while (i < max && p.charCodeAt(i) === prompt.charCodeAt(i)) i++;
      best = Math.max(best, i);
    }
    seen.push(prompt);
    if (seen.length > 50) seen.shift();
    const tokens = Math.floor(best / 4);
    return tokens < MIN_CACHED_TOKENS ? 0 : tokens - ((tokens - MIN_CACHED_TOKENS) % CACHE_STEP);
  }

  const base = await startMockHttp(async (req, res, record, fault) => {
    const n = ++served;
    const headers = { 'x-request-id': `req_oai_mock_${n}` };
    if (req.method !== 'POST' || !/\/chat\/completions(\?|$)/.test(req.url ?? '')) return openAiError(res, 404, `Invalid URL (${req.method} ${req.url})`, {}, headers);
    if (options.apiKey !== undefined) {
      const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (presented !== options.apiKey) {
        const shown = options.echoKeyOnAuthError === false ? '' : ` ${presented ?? '(none)'}`;
        return openAiError(res, 401, `Incorrect API key provided:${shown}. You can find your API key in your account settings.`, { code: 'invalid_api_key' }, headers);
      }
    }
    const body = record.body;
    if (!body || typeof body !== 'object' || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return openAiError(res, 400, 'model and messages are required', {}, headers);
    }
    if (!knownModel(body.model)) return openAiError(res, 404, `The model \`${body.model}\` does not exist or you do not have access to it.`, { code: 'model_not_found' }, headers);
    if (options.rejectMaxTokens && body.max_tokens !== undefined) {
      return openAiError(res, 400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", { param: 'max_tokens', code: 'unsupported_parameter' }, headers);
    }
    const format = body.response_format?.type;
    if ((format === 'json_schema' && options.jsonSchema === false) || (format === 'json_object' && options.jsonObject === false) || (format && !['json_schema', 'json_object', 'text'].includes(format))) {
      return openAiError(res, 400, `response_format type '${format}' is not supported by this server`, { param: 'response_format' }, headers);
    }

    if (fault?.kind === 'latency') await delay(fault.ms);
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'reset') return void req.socket.destroy();
    if (fault?.kind === 'status') return openAiError(res, fault.status, fault.message ?? `mock error ${fault.status}`, {}, { ...headers, ...retryHeaders(fault) });
    if (fault?.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      return void res.end('{"id":"chatcmpl-mock","choices":[{"message":{"content":"');
    }

    const reply = fault?.kind === 'non_json_text' ? { content: 'Sure! Here is the result: {score: 3, "reason": "good' } : await responder(body);
    const toolCalls = (reply.tool_calls ?? []).map((c, i) => ({
      id: c.id ?? `call_mock_${n}_${i}`, type: 'function',
      function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
    }));
    const content = reply.content ?? null;
    const prompt = canonicalPrompt(body);
    const cached = cachedTokens(prompt);
    const promptTokens = estimateTokens(prompt.length);
    const completionTokens = Math.max(1, estimateTokens((content ?? '').length + toolCalls.reduce((s, c) => s + c.function.arguments.length, 0)));
    const usage: OpenAiUsage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens, prompt_tokens_details: { cached_tokens: cached } };
    usages.push(usage);
    const finish = reply.finish_reason ?? (toolCalls.length ? 'tool_calls' : 'stop');
    const id = `chatcmpl-mock-${n}`;
    const created = Math.floor(Date.now() / 1000);

    if (!body.stream) {
      const message = { role: 'assistant', content, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
      const answer = { id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message, finish_reason: finish }], usage };
      if (fault?.kind === 'stall') {
        res.writeHead(200, { 'content-type': 'application/json', ...headers });
        return void res.write(JSON.stringify(answer).slice(0, 20));
      }
      return sendJson(res, 200, answer, headers);
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
    const size = options.streamChunkChars ?? 8;
    const send = async (data: unknown) => {
      if (res.destroyed) return;
      res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      if (options.streamDelayMs) await delay(options.streamDelayMs);
    };
    const chunk = (delta: unknown, finishReason: string | null = null) =>
      ({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
    await send(chunk({ role: 'assistant', content: '' }));
    for (const [k, piece] of chunks(content ?? '', size).entries()) {
      await send(chunk({ content: piece }));
      if (fault?.kind === 'stall' && k === 0) return;
    }
    for (const [index, call] of toolCalls.entries()) {
      await send(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
      for (const piece of chunks(call.function.arguments, size)) await send(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
    if (fault?.kind === 'stall') return;
    await send(chunk({}, finish));
    if (body.stream_options?.include_usage) await send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage });
    await send('[DONE]');
    res.end();
  });

  return modelServerHandle(base, `${base.origin}/v1`, usages, (r) => {
    responder = r;
  });
}
