import type { JsonSchema } from '../runtime/schema';
import type { Logger } from '../runtime/logger';
import type { KnowledgeBase } from '../diagnosis/knowledge/knowledgeBase';
import type { KnowledgeHit } from '../diagnosis/knowledge/types';
import type { ReportHistory } from '../diagnosis/history/historyStore';
import type { SttProvider } from '../diagnosis/speech/stt';
import type { EmbeddingProvider } from '../diagnosis/knowledge/embeddings';
import type { LlmProvider } from '../llm/provider';
import type { UsageMeter } from '../llm/usageMeter';
import type { CallRecorder } from './callRecorder';
import type { ToolResult } from './toolResult';

export { fail, ok, type ToolError, type ToolErrorCode, type ToolResult } from './toolResult';

/** Everything a tool may touch; tools read no globals, environment or `vscode`. */
export interface ToolContext {
  requestId: string;
  caller: string;
  signal: AbortSignal;
  logger: Logger;
  clock: () => number;
  settings: Readonly<Record<string, unknown>>;
  workspaceRoot?: string;
  knowledgeBase?: KnowledgeBase;
  store?: ReportHistory;
  /** The configured speech-to-text provider; throws SttError saying what to configure when there is none. */
  stt?: () => SttProvider;
  /** Embeds queries when an embedding provider is configured (the knowledge base's fourth channel). */
  embedder?: EmbeddingProvider;
  /**
   * Knowledge-base searches already made in this run (one context per run), so the tool calls of
   * one diagnosis do not repeat them: a question is searched for its own reference and again as the
   * earlier question of the next one.
   */
  searchCache?: Map<string, KnowledgeHit[]>;
  /** The model engine of this run; absent when the offline engine scores. */
  llm?: LlmProvider;
  /** Counts the tokens, cache hits and cost of the run's model calls. */
  usage?: UsageMeter;
  /** Receives every tool call (and, through the provider, every model call) when the run is recorded. */
  recorder?: CallRecorder;
}

/** An atomic operation with a JSON Schema input, run only through the ToolRegistry. */
export interface Tool<I = any, O = unknown> {
  name: string;
  description: string;
  /** The description as this caller's context makes it (the skills it loaded); `description` where there is none. */
  describe?: (ctx: ToolContext) => string;
  inputSchema: JsonSchema;
  /** Milliseconds before the registry aborts the call; default 5000. */
  timeoutMs?: number;
  /** Argument names whose values never reach a log line. */
  secretKeys?: string[];
  execute(input: I, ctx: ToolContext): Promise<ToolResult<O>>;
}
