// The OpenAI chat-completions wire format: a provider-neutral request as a chat body, and a
// completion (whole JSON or a server-sent event stream) back as content blocks, usage and stop
// reason; with the fixes and excerpts its error messages name.

import { safeMessage } from '../runtime/redact';
import {
  LlmError, type LlmFix, type LlmMessage, type LlmRequest,
  type LlmStopReason, type LlmTextBlock, type LlmToolUseBlock, type LlmUsage,
} from './provider';
import { AttemptDeadline } from './retry';

/** What fixes each kind of OpenAI-compatible configuration problem. */
export const OPENAI_FIX = {
  key: { command: 'interviewLens.setOpenAiApiKey', env: 'INTERVIEW_LENS_OPENAI_API_KEY' },
  endpoint: { setting: 'interviewLens.openai.endpoint', env: 'INTERVIEW_LENS_OPENAI_ENDPOINT' },
  model: { setting: 'interviewLens.openai.model' },
} as const satisfies Record<string, LlmFix>;
export const CHECK_ENDPOINT = 'interviewLens.openai.endpoint (INTERVIEW_LENS_OPENAI_ENDPOINT for the CLI)';

/**
 * How a JSON answer is asked for, from the strongest to the weakest: a schema the server
 * enforces, any JSON object, or the instructions alone.
 */
export type JsonMode = 'json_schema' | 'json_object' | 'instructions';

/** A chat message of the API. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

/** What one answer carried, from JSON or from a stream. */
export interface Completion {
  text: string;
  toolCalls: Array<{ id: string; name: string; arguments: string }>;
  finishReason: string | null;
  usage?: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } | null };
  model?: string;
  requestId?: string;
}

/** An error status, before it is known whether the provider can adapt to it. */
export interface Refusal {
  status: number;
  body: string;
  headers: Headers;
}

export function isRefusal(r: Completion | Refusal): r is Refusal {
  return (r as Refusal).status !== undefined;
}

/** The server's explanation from an error body, as ": text", cut short and redacted. */
export function serverMessage(body: string): string {
  let text = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message ?? parsed.message;
    if (typeof m === 'string') text = m;
  } catch {
    // Not JSON: the text itself (a proxy's HTML page, a plain message).
  }
  return text.trim() ? `: ${excerpt(text)}` : '';
}

/**
 * A redacted excerpt of what a server sent. Redacted before it is cut (a key cut in half would
 * no longer match); the first cut keeps a wide margin so a huge body costs little.
 */
export function excerpt(text: string, max = 200): string {
  return safeMessage(text.slice(0, max + 4000), max);
}

/** Instructions that ask for the schema when the server cannot be told it. */
export function schemaInstructions(json: NonNullable<LlmRequest['json']>): string {
  return `Answer with one JSON object and nothing else: no prose, no code fence. It must be valid against this JSON Schema ("${json.name}"):\n${JSON.stringify(json.schema)}`;
}

/** The chat completions body of an LlmRequest. */
export function chatBody(model: string, request: LlmRequest, mode: JsonMode | undefined, maxTokensField: 'max_tokens' | 'max_completion_tokens', stream: boolean): Record<string, unknown> {
  const system = request.system.map((b) => b.text);
  if (request.json && mode !== 'json_schema') system.push(schemaInstructions(request.json));
  const messages: ChatMessage[] = [];
  if (system.length) messages.push({ role: 'system', content: system.join('\n\n') });
  for (const m of request.messages) messages.push(...toChatMessages(m));
  const body: Record<string, unknown> = { model, messages, [maxTokensField]: request.maxTokens };
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.tools?.length) {
    body.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } }));
  }
  if (request.json && mode === 'json_schema') {
    body.response_format = { type: 'json_schema', json_schema: { name: request.json.name, schema: request.json.schema, strict: false } };
  } else if (request.json && mode === 'json_object') {
    body.response_format = { type: 'json_object' };
  }
  if (stream) {
    body.stream = true;
    // Without it a stream carries no usage, and the run's token count would be wrong.
    body.stream_options = { include_usage: true };
  }
  return body;
}

/**
 * One LlmMessage as chat messages: tool results become `tool` messages, which must come right
 * after the assistant's tool calls, so they go before any text of the same user turn.
 */
export function toChatMessages(m: LlmMessage): ChatMessage[] {
  const text = m.content.filter((b): b is LlmTextBlock => b.type === 'text').map((b) => b.text).join('\n\n');
  if (m.role === 'assistant') {
    const calls = m.content.filter((b): b is LlmToolUseBlock => b.type === 'tool_use');
    return [{
      role: 'assistant',
      content: text || null,
      ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.input ?? {}) } })) } : {}),
    }];
  }
  const out: ChatMessage[] = [];
  for (const b of m.content) {
    // The API has no error flag on a tool result; the model reads that it failed from the text.
    if (b.type === 'tool_result') out.push({ role: 'tool', tool_call_id: b.toolUseId, content: b.isError ? `Error: ${b.content}` : b.content });
  }
  if (text || out.length === 0) out.push({ role: 'user', content: text });
  return out;
}

export function parseCompletion(text: string, url: string): Omit<Completion, 'requestId'> {
  let data: {
    model?: string;
    choices?: Array<{ message?: { content?: string | null; tool_calls?: Array<{ id?: string; function?: { name?: string; arguments?: string } }> }; finish_reason?: string | null }>;
    usage?: Completion['usage'];
  };
  try {
    data = JSON.parse(text);
  } catch {
    throw new LlmError('bad_response', safeMessage(`${url} did not answer JSON (check ${CHECK_ENDPOINT}): ${excerpt(text)}`), { fix: { ...OPENAI_FIX.endpoint } });
  }
  const choice = data?.choices?.[0];
  if (!choice || typeof choice !== 'object' || !choice.message) {
    throw new LlmError('bad_response', safeMessage(`${url} answered JSON without choices[0].message (check ${CHECK_ENDPOINT}): ${excerpt(text)}`), { fix: { ...OPENAI_FIX.endpoint } });
  }
  return {
    text: typeof choice.message.content === 'string' ? choice.message.content : '',
    toolCalls: (choice.message.tool_calls ?? []).map((c, i) => ({ id: c.id ?? `call_${i}`, name: c.function?.name ?? '', arguments: c.function?.arguments ?? '' })),
    finishReason: choice.finish_reason ?? null,
    usage: data.usage,
    model: typeof data.model === 'string' ? data.model : undefined,
  };
}

/** Reads an SSE stream of chat completion chunks, reporting text as it comes. */
export async function readStream(body: ReadableStream<Uint8Array>, deadline: AttemptDeadline, onText: (delta: string) => void): Promise<Omit<Completion, 'requestId'>> {
  const out: Omit<Completion, 'requestId'> = { text: '', toolCalls: [], finishReason: null };
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let scanned = 0;
  let done = false;
  const take = (event: string) => {
    const data = event.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
    if (!data) return;
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let chunk: {
      model?: string; usage?: Completion['usage']; error?: { message?: string } | string;
      choices?: Array<{ index?: number; delta?: { content?: string | null; tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }> }; finish_reason?: string | null }>;
    };
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new LlmError('bad_response', safeMessage(`the stream carried something that is not JSON: ${excerpt(data)}`), { fix: { ...OPENAI_FIX.endpoint } });
    }
    if (chunk.error) {
      const m = typeof chunk.error === 'string' ? chunk.error : chunk.error.message ?? JSON.stringify(chunk.error);
      throw new LlmError('overloaded', safeMessage(`the server failed mid-answer: ${m}`, 300));
    }
    if (chunk.model) out.model = chunk.model;
    if (chunk.usage) out.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string' && delta.content) {
      out.text += delta.content;
      onText(delta.content);
    }
    for (const c of delta.tool_calls ?? []) {
      const i = c.index ?? 0;
      const call = calls.get(i) ?? { id: '', name: '', arguments: '' };
      if (c.id) call.id = c.id;
      if (c.function?.name) call.name += c.function.name;
      if (c.function?.arguments) call.arguments += c.function.arguments;
      calls.set(i, call);
    }
    if (choice.finish_reason) out.finishReason = choice.finish_reason;
  };
  try {
    while (!done) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      deadline.touch();
      buffer += decoder.decode(value, { stream: true });
      // Search only the new text (and the 3 characters a boundary may straddle): a long event
      // arriving in many chunks is not scanned again from its start each time.
      const boundary = /\r?\n\r?\n/g;
      boundary.lastIndex = scanned;
      let cut: RegExpExecArray | null;
      while (!done && (cut = boundary.exec(buffer))) {
        take(buffer.slice(0, cut.index));
        buffer = buffer.slice(cut.index + cut[0].length);
        boundary.lastIndex = 0;
      }
      scanned = Math.max(0, buffer.length - 3);
    }
    if (!done && buffer.trim()) take(buffer);
  } finally {
    // After [DONE] the server may keep the connection open; release it.
    reader.cancel().catch(() => undefined);
  }
  out.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([i, c]) => ({ ...c, id: c.id || `call_${i}` }));
  return out;
}

export function contentOf(c: Completion): Array<LlmTextBlock | LlmToolUseBlock> {
  const out: Array<LlmTextBlock | LlmToolUseBlock> = [];
  if (c.text) out.push({ type: 'text', text: c.text });
  for (const call of c.toolCalls) out.push({ type: 'tool_use', id: call.id, name: call.name, input: parseArguments(call.arguments) });
  return out;
}

/**
 * Tool arguments as an object. Small models sometimes send arguments that are not JSON; they are
 * passed on as the raw string, so the tool's input validation says what is wrong and the model
 * can correct itself, instead of the whole call failing.
 */
export function parseArguments(args: string): unknown {
  if (!args.trim()) return {};
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

/** `prompt_tokens` includes the cached tokens; LlmUsage counts them apart. */
export function usageOf(u: Completion['usage']): LlmUsage {
  const prompt = u?.prompt_tokens ?? 0;
  const cached = Math.min(prompt, u?.prompt_tokens_details?.cached_tokens ?? 0);
  return { inputTokens: prompt - cached, outputTokens: u?.completion_tokens ?? 0, cacheReadTokens: cached, cacheWriteTokens: 0 };
}

/** Some servers (older Ollama) say `stop` after tool calls; a call is a tool_use stop all the same. */
export function stopReasonOf(reason: string | null, calledTools: boolean): LlmStopReason {
  if (calledTools && (reason === 'stop' || reason === null)) return 'tool_use';
  switch (reason) {
    case 'stop':
      return 'end_turn';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'refusal';
    default:
      return 'other';
  }
}
