/**
 * The vscode-free half of the `vscode-lm` engine: provider-neutral requests become plain message
 * plans (VsCodeLmProvider turns them into LanguageModelChatMessage parts), response parts become
 * content blocks, a model is picked from the available ones, and VS Code's language-model errors
 * become LlmErrors that say what to do. Everything here takes and returns plain objects.
 */
import {
  LlmError, type LlmRequest, type LlmStopReason, type LlmTextBlock, type LlmToolUseBlock,
} from '../../core/llm/provider';

/** A part of a user message: text, or the result of a tool call. */
export type LmUserPart = { kind: 'text'; text: string } | { kind: 'toolResult'; callId: string; text: string };
/** A part of an assistant message: text, or a tool call. */
export type LmAssistantPart = { kind: 'text'; text: string } | { kind: 'toolCall'; callId: string; name: string; input: object };
/** One LanguageModelChatMessage to build. */
export type LmMessagePlan = { role: 'user'; parts: LmUserPart[] } | { role: 'assistant'; parts: LmAssistantPart[] };
/** A tool as `LanguageModelChatRequestOptions.tools` takes it. */
export interface LmToolPlan { name: string; description: string; inputSchema: object }

/** The chat API has no system role: this marks the leading user message that carries the system text. */
export const SYSTEM_PREFIX = 'Instructions for this conversation (system):\n\n';
/** Tool results have no error flag in the chat API: a failed call's text starts with this. */
export const TOOL_ERROR_PREFIX = 'Tool error: ';

/** A tool input as the chat API wants it (an object); anything else is wrapped. */
function inputObject(input: unknown): object {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? input : { value: input };
}

/**
 * The messages of a request: the system text first, as a user message (the API has no system
 * role), then each message with its blocks as parts. A block the role cannot carry (a tool call in
 * a user message, a tool result in an assistant message) goes as text, so nothing is dropped.
 */
export function planMessages(request: LlmRequest): LmMessagePlan[] {
  const plans: LmMessagePlan[] = [];
  const system = request.system.map((b) => b.text).filter((t) => t.trim() !== '').join('\n\n');
  if (system) plans.push({ role: 'user', parts: [{ kind: 'text', text: `${SYSTEM_PREFIX}${system}` }] });
  for (const m of request.messages) {
    if (m.role === 'user') {
      const parts: LmUserPart[] = m.content.map((b): LmUserPart => {
        if (b.type === 'text') return { kind: 'text', text: b.text };
        if (b.type === 'tool_result') return { kind: 'toolResult', callId: b.toolUseId, text: b.isError ? `${TOOL_ERROR_PREFIX}${b.content}` : b.content };
        return { kind: 'text', text: `[tool call ${b.name} ${JSON.stringify(b.input)}]` };
      });
      if (parts.length) plans.push({ role: 'user', parts });
    } else {
      const parts: LmAssistantPart[] = m.content.map((b): LmAssistantPart => {
        if (b.type === 'text') return { kind: 'text', text: b.text };
        if (b.type === 'tool_use') return { kind: 'toolCall', callId: b.id, name: b.name, input: inputObject(b.input) };
        return { kind: 'text', text: `[tool result ${b.toolUseId}: ${b.content}]` };
      });
      if (parts.length) plans.push({ role: 'assistant', parts });
    }
  }
  return plans;
}

/** The request's tools for `options.tools`; undefined when it has none. */
export function planTools(request: LlmRequest): LmToolPlan[] | undefined {
  if (!request.tools?.length) return undefined;
  return request.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as object }));
}

/** A part of a response stream, read by shape (text, or a tool call); undefined for anything else. */
export type LmResponsePart = { kind: 'text'; text: string } | { kind: 'toolCall'; callId: string; name: string; input: unknown };

/** Reads a part of `response.stream`: LanguageModelTextPart has `value`, LanguageModelToolCallPart `callId`, `name`, `input`. */
export function readResponsePart(part: unknown): LmResponsePart | undefined {
  if (!part || typeof part !== 'object') return undefined;
  const p = part as Record<string, unknown>;
  if (typeof p.callId === 'string' && typeof p.name === 'string') return { kind: 'toolCall', callId: p.callId, name: p.name, input: p.input ?? {} };
  if (typeof p.value === 'string') return { kind: 'text', text: p.value };
  return undefined;
}

/** Content blocks and stop reason of a streamed response: adjacent text parts joined, tool calls in order. */
export function responseContent(parts: readonly LmResponsePart[]): { content: Array<LlmTextBlock | LlmToolUseBlock>; stopReason: LlmStopReason } {
  const content: Array<LlmTextBlock | LlmToolUseBlock> = [];
  for (const part of parts) {
    const last = content[content.length - 1];
    if (part.kind === 'text') {
      if (last?.type === 'text') last.text += part.text;
      else content.push({ type: 'text', text: part.text });
    } else {
      content.push({ type: 'tool_use', id: part.callId, name: part.name, input: part.input });
    }
  }
  const stopReason: LlmStopReason = content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
  return { content: content.filter((b) => b.type !== 'text' || b.text !== ''), stopReason };
}

/** What a model offers for picking (LanguageModelChat has these). */
export interface LmModelInfo { id: string; family: string; name: string; vendor: string }

/** The setting that names the model, and the one that chooses the engine. */
export const VSCODE_LM_MODEL_SETTING = 'interviewLens.vscodeLm.model';
export const ENGINE_SETTING = 'interviewLens.engine';

/**
 * The model to use: `wanted` empty takes the first available; otherwise an exact id, else a family
 * or name (ignoring case). Throws LlmError('config') naming the fix when there is none.
 */
export function pickModel<M extends LmModelInfo>(models: readonly M[], wanted: string): M {
  if (models.length === 0) {
    throw new LlmError('config', 'No language model is available in VS Code: install and sign in to a chat model provider such as GitHub Copilot, or choose another engine in interviewLens.engine', { fix: { setting: ENGINE_SETTING } });
  }
  const w = wanted.trim();
  if (!w) return models[0];
  const lower = w.toLowerCase();
  const found = models.find((m) => m.id === w)
    ?? models.find((m) => m.family.toLowerCase() === lower)
    ?? models.find((m) => m.name.toLowerCase() === lower)
    ?? models.find((m) => m.id.toLowerCase() === lower);
  if (found) return found;
  const offered = models.slice(0, 12).map((m) => `${m.id} (${m.vendor}, family ${m.family})`).join(', ');
  throw new LlmError('config', `No VS Code language model matches interviewLens.vscodeLm.model "${w}". Available: ${offered}${models.length > 12 ? ', …' : ''}. Set it to one of these ids or families, or leave it empty for the first one`, { fix: { setting: VSCODE_LM_MODEL_SETTING } });
}

/**
 * A failure of `sendRequest` or of its stream as an LlmError. VS Code's LanguageModelError has a
 * `code` (NoPermissions, Blocked, NotFound; anything else is the model's own failure); a
 * cancellation is `cancelled` only when we cancelled (`aborted`), so a model that stops on its own
 * is not mistaken for the user's Cancel.
 */
export function lmError(err: unknown, model: string, aborted = false): LlmError {
  if (err instanceof LlmError) return err;
  if (aborted) return new LlmError('cancelled', 'cancelled');
  const e = (err && typeof err === 'object' ? err : {}) as { name?: unknown; code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const name = typeof e.name === 'string' ? e.name : '';
  const said = typeof e.message === 'string' && e.message.trim() ? e.message.trim() : String(err);
  switch (code) {
    case 'NoPermissions':
      return new LlmError('auth', `Interview Lens may not use the VS Code language model "${model}": access was declined when VS Code asked. Run the command again and choose Allow, or allow it under Accounts > Manage Language Model Access; or choose another engine in interviewLens.engine`, { fix: { setting: ENGINE_SETTING } });
    case 'Blocked':
      return new LlmError('auth', `The VS Code language model "${model}" blocked Interview Lens's requests (${said}): this is usually a usage limit; wait and try again, or choose another engine in interviewLens.engine`, { fix: { setting: ENGINE_SETTING } });
    case 'NotFound':
      return new LlmError('config', `The VS Code language model "${model}" is no longer available (${said}): check interviewLens.vscodeLm.model, or sign in to its provider again`, { fix: { setting: VSCODE_LM_MODEL_SETTING } });
  }
  if (name === 'Canceled' || name === 'CancellationError' || code === 'Canceled') {
    return new LlmError('bad_response', `The VS Code language model "${model}" stopped the request before it finished: try again`);
  }
  return new LlmError('bad_response', `The VS Code language model "${model}" failed: ${said}`);
}

/** A token estimate when the model cannot count (about four characters a token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
