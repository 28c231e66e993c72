/**
 * A local stand-in for the Anthropic Messages API (`POST /v1/messages`), so the provider is tested
 * against real HTTP, JSON and SSE without a key or a network: scripted faults, a pluggable model,
 * and prompt-cache accounting honest enough to check that cache breakpoints are placed well.
 *
 * Cache accounting follows the API's rules on a token estimate (ceil(characters / 4)) of the
 * prompt in API order (tools, then system, then messages): the prefix ending at a block marked
 * `cache_control` is a cache entry; the longest such prefix seen before within its TTL is read
 * from the cache, the part up to the last breakpoint after it is written, and only the rest is
 * plain input. Prefixes shorter than the minimum are not cached, as on the real API.
 */
import { createHash, type Hash } from 'node:crypto';
import type * as http from 'node:http';
import { chunks, delay, retryHeaders, sendJson, startMockHttp, type MockFault, type MockModelServer, modelServerHandle } from './mockHttp';

export type { MockFault, RecordedRequest } from './mockHttp';

/** A content block the mock model answers with; tool_use ids are made up when left out. */
export type MockAnthropicBlock = { type: 'text'; text: string } | { type: 'tool_use'; id?: string; name: string; input: unknown };

/** What the mock model answers; `stop_reason` defaults to tool_use when a tool is called, else end_turn. */
export interface MockAnthropicReply {
  content: MockAnthropicBlock[];
  stop_reason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal';
}

/** The mock model: a request body in, a reply out. */
export type AnthropicResponder = (body: any) => MockAnthropicReply | Promise<MockAnthropicReply>;

/** Usage as the API reports it. */
export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface MockAnthropicOptions {
  /** When set, a request must carry this key (x-api-key, or Authorization: Bearer as the SDK sends it); others get 401. */
  apiKey?: string;
  responder?: AnthropicResponder;
  /** A breakpoint prefix shorter than this is not cached (the API's minimum is 1024 to 4096 tokens by model). */
  minCacheTokens?: number;
  cacheTtlMs?: number;
  /** The clock of cache expiry. */
  now?: () => number;
  /** Models that exist; others get 404 not_found_error. Default: any id starting with "claude-". */
  knownModel?: (model: string) => boolean;
  /** Characters per streamed text delta. */
  streamChunkChars?: number;
  /** Pause between streamed events (lets a test cancel mid-stream). */
  streamDelayMs?: number;
  /** Echo the presented key in 401 messages, as a careless server might (checks that our messages redact it). */
  echoKeyOnAuthError?: boolean;
}

/** The mock Messages API; `url` is the SDK's `baseURL` (http://127.0.0.1:PORT). */
export type MockAnthropic = MockModelServer<AnthropicUsage, AnthropicResponder>;

/** The mock's token estimate of a text. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

const MAX_BREAKPOINTS = 4;

/** One block of the prompt in API order: what it hashes as, how many characters it counts, whether it ends a cache prefix. */
interface Segment {
  key: string;
  text: string;
  breakpoint: boolean;
}

/** The prompt as blocks in API order (tools, system, messages). */
export function promptSegments(body: any): Segment[] {
  const out: Segment[] = [];
  for (const t of body.tools ?? []) {
    out.push({ key: 'tool', text: JSON.stringify({ name: t.name, description: t.description, input_schema: t.input_schema }), breakpoint: !!t.cache_control });
  }
  if (typeof body.system === 'string') out.push({ key: 'system', text: body.system, breakpoint: false });
  else for (const b of body.system ?? []) out.push({ key: 'system', text: String(b.text ?? ''), breakpoint: !!b.cache_control });
  for (const m of body.messages ?? []) {
    if (typeof m.content === 'string') {
      out.push({ key: m.role, text: m.content, breakpoint: false });
      continue;
    }
    for (const b of m.content ?? []) out.push({ key: `${m.role}:${b.type}`, text: blockText(b), breakpoint: !!b.cache_control });
  }
  return out;
}

function blockText(b: any): string {
  switch (b.type) {
    case 'text':
      return String(b.text ?? '');
    case 'tool_use':
      return JSON.stringify({ id: b.id, name: b.name, input: b.input });
    case 'tool_result':
      return `${b.tool_use_id}${b.is_error ? ' error' : ''}:${typeof b.content === 'string' ? b.content : JSON.stringify(b.content ?? '')}`;
    default:
      return JSON.stringify(b);
  }
}

/** The default model: echoes the last user text, or reports the tool results it was given. */
export function echoResponder(body: any): MockAnthropicReply {
  const last = body.messages?.[body.messages.length - 1];
  const blocks: any[] = typeof last?.content === 'string' ? [{ type: 'text', text: last.content }] : last?.content ?? [];
  const results = blocks.filter((b) => b.type === 'tool_result');
  if (results.length) return { content: [{ type: 'text', text: `tool results: ${results.map((r) => blockText(r)).join('; ')}` }] };
  const text = blocks.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
  const echo = `echo: ${text}`;
  const limit = (body.max_tokens ?? 1024) * 4;
  return echo.length > limit ? { content: [{ type: 'text', text: echo.slice(0, limit) }], stop_reason: 'max_tokens' } : { content: [{ type: 'text', text: echo }] };
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error',
  413: 'request_too_large', 429: 'rate_limit_error', 500: 'api_error', 503: 'api_error', 529: 'overloaded_error',
};

export async function startMockAnthropic(options: MockAnthropicOptions = {}): Promise<MockAnthropic> {
  let responder = options.responder ?? echoResponder;
  const now = options.now ?? Date.now;
  const minCacheTokens = options.minCacheTokens ?? 1024;
  const ttl = options.cacheTtlMs ?? 5 * 60_000;
  const knownModel = options.knownModel ?? ((m: string) => m.startsWith('claude-'));
  const cache = new Map<string, number>();
  const usages: AnthropicUsage[] = [];
  let served = 0;

  const apiError = (res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
    sendJson(res, status, { type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message } }, headers);

  /** Cache accounting of one request; entries are written (or refreshed) as a side effect. */
  function account(body: any): Omit<AnthropicUsage, 'output_tokens'> | string {
    const segments = promptSegments(body);
    const hash: Hash = createHash('sha256').update(String(body.model));
    let chars = 0;
    const breakpoints: Array<{ id: string; tokens: number }> = [];
    for (const s of segments) {
      hash.update(`\u0000${s.key}\u0001${s.text}`);
      chars += s.text.length;
      if (s.breakpoint) breakpoints.push({ id: hash.copy().digest('hex'), tokens: estimateTokens(chars) });
    }
    if (breakpoints.length > MAX_BREAKPOINTS) return `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints.length}.`;
    const total = estimateTokens(chars);
    const t = now();
    const eligible = breakpoints.filter((b) => b.tokens >= minCacheTokens);
    const hit = [...eligible].reverse().find((b) => (cache.get(b.id) ?? -Infinity) > t);
    const read = hit?.tokens ?? 0;
    const longest = eligible[eligible.length - 1];
    const written = longest && longest.tokens > read ? longest.tokens - read : 0;
    for (const b of eligible) cache.set(b.id, t + ttl);
    return { input_tokens: total - read - written, cache_creation_input_tokens: written, cache_read_input_tokens: read };
  }

  const base = await startMockHttp(async (req, res, _record, fault) => {
    const n = ++served;
    const requestId = `req_mock_${String(n).padStart(4, '0')}`;
    if (req.method !== 'POST' || !/^\/v1\/messages(\?|$)/.test(req.url ?? '')) return apiError(res, 404, `${req.method} ${req.url} is not an endpoint of this mock`, { 'request-id': requestId });
    const presented = (req.headers['x-api-key'] as string | undefined) ?? /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (options.apiKey !== undefined && presented !== options.apiKey) {
      const shown = options.echoKeyOnAuthError === false ? '' : `: ${presented ?? '(none)'}`;
      return apiError(res, 401, `invalid x-api-key${shown}`, { 'request-id': requestId });
    }
    const body = _record.body;
    if (!body || typeof body !== 'object') return apiError(res, 400, 'the request body is not JSON', { 'request-id': requestId });
    if (typeof body.model !== 'string' || typeof body.max_tokens !== 'number' || !Array.isArray(body.messages) || body.messages.length === 0) {
      return apiError(res, 400, 'model, max_tokens and a non-empty messages array are required', { 'request-id': requestId });
    }
    if (!knownModel(body.model)) return apiError(res, 404, `model: ${body.model}`, { 'request-id': requestId });

    if (fault?.kind === 'latency') await delay(fault.ms);
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'reset') return void req.socket.destroy();
    if (fault?.kind === 'status') return apiError(res, fault.status, fault.message ?? `mock ${ERROR_TYPES[fault.status] ?? 'error'}`, { 'request-id': requestId, ...retryHeaders(fault) });
    if (fault?.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': requestId });
      return void res.end('{"id":"msg_mock","type":"message","content":[{"type":"te');
    }

    const usageIn = account(body);
    if (typeof usageIn === 'string') return apiError(res, 400, usageIn, { 'request-id': requestId });
    const reply = fault?.kind === 'non_json_text'
      ? { content: [{ type: 'text' as const, text: 'Sure! Here is the result: {score: 3, "reason": "good' }] }
      : await responder(body);
    const content = reply.content.map((b, i) => (b.type === 'tool_use' ? { type: 'tool_use', id: b.id ?? `toolu_mock_${n}_${i}`, name: b.name, input: b.input } : { type: 'text', text: b.text }));
    const outChars = content.reduce((s, b) => s + (b.type === 'text' ? (b as { text: string }).text.length : JSON.stringify((b as { input: unknown }).input).length), 0);
    const usage: AnthropicUsage = { ...usageIn, output_tokens: Math.max(1, estimateTokens(outChars)) };
    usages.push(usage);
    const message = {
      id: `msg_mock_${n}`, type: 'message', role: 'assistant', model: body.model, content,
      stop_reason: reply.stop_reason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn'),
      stop_sequence: null, usage,
    };

    if (!body.stream) {
      if (fault?.kind === 'stall') {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': requestId });
        return void res.write(JSON.stringify(message).slice(0, 20));
      }
      return sendJson(res, 200, message, { 'request-id': requestId });
    }
    await stream(res, requestId, message, fault);
  });

  async function stream(res: http.ServerResponse, requestId: string, message: any, fault: MockFault | undefined): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': requestId });
    const size = options.streamChunkChars ?? 8;
    const pause = options.streamDelayMs ?? 0;
    const send = async (event: string, data: unknown) => {
      if (res.destroyed) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      if (pause) await delay(pause);
    };
    await send('message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } } });
    for (const [index, block] of message.content.entries()) {
      if (block.type === 'text') {
        await send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        for (const [k, piece] of chunks(block.text, size).entries()) {
          await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
          if (fault?.kind === 'stall' && index === 0 && k === 0) return;
        }
      } else {
        await send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
        for (const piece of chunks(JSON.stringify(block.input), size)) {
          await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
        }
      }
      await send('content_block_stop', { type: 'content_block_stop', index });
    }
    if (fault?.kind === 'stall') return;
    await send('message_delta', { type: 'message_delta', delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: message.usage.output_tokens } });
    await send('message_stop', { type: 'message_stop' });
    res.end();
  }

  return modelServerHandle(base, base.origin, usages, (r) => {
    responder = r;
  });
}
