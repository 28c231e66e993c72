/**
 * Agent mode: the model gets the registry's tools and loops — tool_use, ToolRegistry.execute,
 * tool_result — until it ends its turn or the step limit. A tool's failure goes back as an
 * `is_error` result the model can recover from (a wrong argument, an unknown id); only a cancel
 * or a problem the user must fix stops the loop. Every step is one log line with the request id.
 */
import { createHash } from 'node:crypto';
import type { SkillContext } from './skill';
import type { ToolRegistry } from './toolRegistry';
import { throwIfAborted } from '../runtime/abort';
import { safeMessage } from '../runtime/redact';
import { LlmError, responseText, type LlmBlock, type LlmMessage, type LlmToolResultBlock, type LlmToolSpec, type LlmToolUseBlock } from '../llm/provider';

/** Default most model turns of one `ask` (setting interviewLens.agent.maxSteps). */
export const DEFAULT_MAX_STEPS = 8;
/** A tool result longer than this is cut for the model (a report is hundreds of KB). */
const MAX_RESULT_CHARS = 12_000;
/** Tools the agent is not given: transcription uploads audio and costs money, which a question should not trigger. */
const AGENT_EXCLUDED_TOOLS = new Set(['transcribe_audio']);

/** One model turn and the tool calls it made. */
export interface AgentStep {
  step: number;
  requestId?: string;
  stopReason: string;
  toolCalls: Array<{ name: string; ok: boolean; error?: string }>;
}

/** What agent mode returns. */
export interface AgentResult {
  answerMd: string;
  steps: AgentStep[];
  stoppedBy: 'end_turn' | 'step_limit' | 'max_tokens' | 'refusal';
}

const SYSTEM = `You are Interview Lens, an assistant for people preparing for technical interviews for AI-agent and LLM-application engineering roles (Chinese and English). You have tools over a local knowledge base of interview questions with expert and novice reference answers, and tools that split, score and report on interview transcripts.
- Use the tools to ground what you say: look up the knowledge base before explaining a concept, and quote its expert answer where it helps.
- A tool result marked as an error says what was wrong; fix the arguments and try again, or explain what is missing.
- Answer in the language of the question, in Markdown, concisely. Do not invent knowledge-base ids or scores.`;

/** Changes with the agent's system prompt and its limits: part of agent mode's definition hash. */
export const AGENT_PROMPT_VERSION = createHash('sha256').update(`${SYSTEM}\n${MAX_RESULT_CHARS}\n${[...AGENT_EXCLUDED_TOOLS].join(',')}`).digest('hex').slice(0, 16);

function toolResultText(result: { success: boolean; data?: unknown; error?: { code: string; message: string } }): string {
  const text = result.success ? JSON.stringify(result.data ?? null) : `${result.error!.code}: ${result.error!.message}`;
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}… (cut at ${MAX_RESULT_CHARS} characters)` : text;
}

/** The registry's tools as the model sees them. */
export function agentTools(ctx: SkillContext): LlmToolSpec[] {
  // Described for this run: run_skill lists the skills this caller loaded.
  return ctx.tools.getSchemas(ctx).filter((t) => !AGENT_EXCLUDED_TOOLS.has(t.name)).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
}

/** Names of the tools agent mode offers. */
export function agentToolNames(tools: ToolRegistry): string[] {
  return tools.list().map((t) => t.name).filter((n) => !AGENT_EXCLUDED_TOOLS.has(n));
}

/** Runs the loop for one question; needs `ctx.llm`. */
export async function runAgent(question: string, ctx: SkillContext, options: { maxSteps?: number; onText?: (delta: string) => void } = {}): Promise<AgentResult> {
  if (!ctx.llm) throw new LlmError('config', 'agent mode needs a model: choose an engine (interviewLens.engine, or --engine on the CLI)');
  const maxSteps = Math.max(1, options.maxSteps ?? DEFAULT_MAX_STEPS);
  const tools = agentTools(ctx);
  const messages: LlmMessage[] = [{ role: 'user', content: [{ type: 'text', text: question }] }];
  const steps: AgentStep[] = [];
  let lastText = '';
  for (let step = 1; step <= maxSteps; step++) {
    throwIfAborted(ctx.signal);
    const response = await ctx.llm.complete({
      purpose: 'agent',
      system: [{ type: 'text', text: SYSTEM, cache: true }],
      tools,
      cacheTools: true,
      // A copy: the conversation grows after the call, and a recorder keeps the request as sent.
      messages: [...messages],
      maxTokens: 4096,
    }, { signal: ctx.signal, ...(options.onText ? { onText: options.onText } : {}) });
    const text = responseText(response);
    if (text.trim()) lastText = text;
    messages.push({ role: 'assistant', content: response.content as LlmBlock[] });
    const uses = response.content.filter((b): b is LlmToolUseBlock => b.type === 'tool_use');
    const record: AgentStep = { step, stopReason: response.stopReason, toolCalls: [], ...(response.requestId ? { requestId: response.requestId } : {}) };
    steps.push(record);
    if (response.stopReason !== 'tool_use' || uses.length === 0) {
      ctx.logger.info('agent step', { step, stop: response.stopReason, serverRequestId: response.requestId, requestId: ctx.requestId });
      const stoppedBy = response.stopReason === 'max_tokens' ? 'max_tokens' : response.stopReason === 'refusal' ? 'refusal' : 'end_turn';
      return { answerMd: lastText, steps, stoppedBy };
    }
    const results: LlmToolResultBlock[] = [];
    for (const use of uses) {
      const result = await ctx.tools.execute(use.name, use.input, ctx);
      if (!result.success && result.error?.code === 'cancelled') throwIfAborted(ctx.signal);
      record.toolCalls.push({ name: use.name, ok: result.success, ...(result.success ? {} : { error: safeMessage(result.error!.message) }) });
      results.push({ type: 'tool_result', toolUseId: use.id, content: toolResultText(result), ...(result.success ? {} : { isError: true }) });
    }
    ctx.logger.info('agent step', {
      step, stop: response.stopReason, tools: record.toolCalls.map((c) => `${c.name}:${c.ok ? 'ok' : 'error'}`).join(','), serverRequestId: response.requestId, requestId: ctx.requestId,
    });
    messages.push({ role: 'user', content: results });
  }
  return { answerMd: lastText, steps, stoppedBy: 'step_limit' };
}
