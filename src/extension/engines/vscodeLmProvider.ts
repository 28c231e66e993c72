import * as vscode from 'vscode';
import type { LlmCallOptions, LlmProvider, LlmRequest, LlmResponse } from '../../core/llm/provider';
import { LlmError } from '../../core/llm/provider';
import {
  estimateTokens, lmError, pickModel, planMessages, planTools, readResponsePart, responseContent,
  type LmMessagePlan, type LmResponsePart,
} from './lmConvert';

/** Options of a VsCodeLmProvider. */
export interface VsCodeLmOptions {
  /** A call that receives nothing for this long fails with `timeout` (reset by each streamed part). */
  timeoutMs: number;
  /** Shown by VS Code when it asks the user to allow Interview Lens to use the model. */
  justification: string;
}

function toMessage(plan: LmMessagePlan): vscode.LanguageModelChatMessage {
  if (plan.role === 'user') {
    return vscode.LanguageModelChatMessage.User(plan.parts.map((p) => (p.kind === 'toolResult'
      ? new vscode.LanguageModelToolResultPart(p.callId, [new vscode.LanguageModelTextPart(p.text)])
      : new vscode.LanguageModelTextPart(p.text))));
  }
  return vscode.LanguageModelChatMessage.Assistant(plan.parts.map((p) => (p.kind === 'toolCall'
    ? new vscode.LanguageModelToolCallPart(p.callId, p.name, p.input)
    : new vscode.LanguageModelTextPart(p.text))));
}

/**
 * The `vscode-lm` engine: a chat model another extension provides (GitHub Copilot, say), through
 * `vscode.lm`. The API has no system role, no prompt cache and no prices, so the system text leads
 * as a user message, cache breakpoints are ignored, usage is counted with the model's tokenizer
 * and the cost is unknown.
 */
export class VsCodeLmProvider implements LlmProvider {
  readonly engine = 'vscode-lm' as const;
  readonly model: string;

  constructor(private readonly chat: vscode.LanguageModelChat, private readonly options: VsCodeLmOptions) {
    this.model = chat.id;
  }

  /** The model named by `wanted` (id or family; empty: the first available), or LlmError('config'). */
  static async select(wanted: string, options: VsCodeLmOptions): Promise<VsCodeLmProvider> {
    const models = await vscode.lm.selectChatModels();
    return new VsCodeLmProvider(pickModel(models, wanted), options);
  }

  async complete(request: LlmRequest, options: LlmCallOptions): Promise<LlmResponse> {
    const started = Date.now();
    const { signal } = options;
    if (signal.aborted) throw new LlmError('cancelled', 'cancelled');
    const messages = planMessages(request).map(toMessage);
    const tools = planTools(request);
    const cts = new vscode.CancellationTokenSource();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        cts.cancel();
      }, this.options.timeoutMs);
    };
    // The user's Cancel reaches the model: VS Code stops the request when its token is cancelled.
    const onAbort = () => cts.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    const parts: LmResponsePart[] = [];
    try {
      arm();
      const response = await this.chat.sendRequest(messages, {
        justification: this.options.justification,
        ...(tools ? { tools, toolMode: vscode.LanguageModelChatToolMode.Auto } : {}),
      }, cts.token);
      for await (const raw of response.stream) {
        arm();
        if (cts.token.isCancellationRequested) break;
        const part = readResponsePart(raw);
        if (!part) continue;
        parts.push(part);
        if (part.kind === 'text' && part.text) options.onText?.(part.text);
      }
    } catch (err) {
      if (timedOut && !signal.aborted) throw this.timeout();
      throw lmError(err, this.model, signal.aborted);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      cts.dispose();
    }
    if (signal.aborted) throw new LlmError('cancelled', 'cancelled');
    if (timedOut) throw this.timeout();
    const { content, stopReason } = responseContent(parts);
    const outputText = content.map((b) => (b.type === 'text' ? b.text : JSON.stringify(b.input))).join('');
    const [inputTokens, outputTokens] = await Promise.all([
      this.countAll(messages, signal),
      this.count(outputText, signal),
    ]);
    return {
      content,
      stopReason,
      usage: { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 },
      model: this.model,
      costUsd: null,
      durationMs: Date.now() - started,
      attempts: 1,
    };
  }

  private timeout(): LlmError {
    return new LlmError('timeout', `The VS Code language model "${this.model}" sent nothing for ${Math.round(this.options.timeoutMs / 1000)} s: try again, or raise interviewLens.llm.timeoutSeconds`, { fix: { setting: 'interviewLens.llm.timeoutSeconds' } });
  }

  /** Tokens of the messages by the model's tokenizer (an estimate when it cannot count). */
  private async countAll(messages: vscode.LanguageModelChatMessage[], signal: AbortSignal): Promise<number> {
    const counts = await Promise.all(messages.map((m) => this.count(m, signal)));
    return counts.reduce((s, n) => s + n, 0);
  }

  private async count(what: string | vscode.LanguageModelChatMessage, signal: AbortSignal): Promise<number> {
    const text = typeof what === 'string' ? what : what.content.map((p) => ('value' in p && typeof p.value === 'string' ? p.value : JSON.stringify(p))).join('');
    if (signal.aborted || text === '') return estimateTokens(text);
    try {
      const n = await this.chat.countTokens(what);
      return Number.isFinite(n) && n >= 0 ? n : estimateTokens(text);
    } catch {
      // Usage is informative: a tokenizer that fails must not fail the call it measures.
      return estimateTokens(text);
    }
  }
}
