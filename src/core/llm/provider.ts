/**
 * The one interface every model engine implements (Anthropic, OpenAI-compatible, VS Code's
 * language models, and the replay provider that serves recorded calls). The shape follows the
 * Messages API, the richest of them: system blocks, messages of blocks, tools, and cache
 * breakpoints that providers without prompt caching ignore.
 */
import type { JsonSchema } from '../runtime/schema';

/** Which engine scores: the offline judge or a model behind one of the providers. */
export type EngineName = 'offline' | 'anthropic' | 'openai-compatible' | 'vscode-lm';
export const ENGINE_NAMES: readonly EngineName[] = ['offline', 'anthropic', 'openai-compatible', 'vscode-lm'];

/** Text; `cache: true` puts a prompt-cache breakpoint after it (everything up to here is a stable prefix). */
export interface LlmTextBlock { type: 'text'; text: string; cache?: boolean }
/** The model asks for a tool call. */
export interface LlmToolUseBlock { type: 'tool_use'; id: string; name: string; input: unknown }
/** The result of a tool call, sent back in a user message; `isError` lets the model recover. */
export interface LlmToolResultBlock { type: 'tool_result'; toolUseId: string; content: string; isError?: boolean }
export type LlmBlock = LlmTextBlock | LlmToolUseBlock | LlmToolResultBlock;

export interface LlmMessage { role: 'user' | 'assistant'; content: LlmBlock[] }

/** A tool the model may call, with its JSON Schema input. */
export interface LlmToolSpec { name: string; description: string; inputSchema: JsonSchema }

/** One model call, provider-neutral. */
export interface LlmRequest {
  /** What the call is for ('judge', 'judge-repair', 'agent'): in log lines and cassettes. */
  purpose: string;
  system: LlmTextBlock[];
  messages: LlmMessage[];
  tools?: LlmToolSpec[];
  /** A cache breakpoint after the tool definitions (they come first in the prompt). */
  cacheTools?: boolean;
  maxTokens: number;
  temperature?: number;
  /**
   * Ask for one JSON object valid against this schema. Providers with structured output use it
   * (OpenAI `response_format`); the others rely on the instructions, and the caller validates.
   */
  json?: { name: string; schema: JsonSchema };
}

/** Tokens of one call; cache reads and writes are counted apart from plain input. */
export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export type LlmStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'other';

/** What a model call returns. */
export interface LlmResponse {
  content: Array<LlmTextBlock | LlmToolUseBlock>;
  stopReason: LlmStopReason;
  usage: LlmUsage;
  /** The model that answered (as the server names it). */
  model: string;
  /** The server's request id, for log lines and support tickets. */
  requestId?: string;
  /** US dollars, from the price table or settings; null when the model's price is unknown. */
  costUsd: number | null;
  durationMs: number;
  /** 1 plus the retries it took. */
  attempts: number;
}

export interface LlmCallOptions {
  /** The run's signal: aborting it aborts the in-flight request and any wait between retries. */
  signal: AbortSignal;
  /** Streams text as it arrives (providers that cannot stream call it once with the whole text). */
  onText?: (delta: string) => void;
}

/** A model engine. `complete` throws LlmError, never a raw HTTP or SDK error. */
export interface LlmProvider {
  readonly engine: Exclude<EngineName, 'offline'> | 'replay';
  readonly model: string;
  complete(request: LlmRequest, options: LlmCallOptions): Promise<LlmResponse>;
}

/** Why a model call failed; each kind has one fix the user can act on. */
export type LlmErrorKind =
  | 'config' // no key, no endpoint, no model: a setting or command fixes it
  | 'auth' // the key was refused
  | 'unreachable' // connection refused, DNS, TLS
  | 'rate_limited' // 429 after the retries
  | 'overloaded' // 500/503/529 after the retries
  | 'timeout' // the per-call timeout passed
  | 'cancelled'
  | 'bad_request' // 400/404/413/422: the request or the model id is wrong
  | 'bad_response' // the server answered something that is not the API's shape
  | 'replay_miss'; // strict replay: no recording for this request

/** What fixes a configuration problem: a command (a button in VS Code), an environment variable (CLI), a setting. */
export interface LlmFix { command?: string; env?: string; setting?: string }

/** A failed model call, with a message that says what to do. */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly details: { status?: number; requestId?: string; fix?: LlmFix; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** The text of a response's text blocks, joined. */
export function responseText(response: LlmResponse): string {
  return response.content.filter((b): b is LlmTextBlock => b.type === 'text').map((b) => b.text).join('');
}

/** Sums usages (a run's total). */
export function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

export const ZERO_USAGE: LlmUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
