import type { JsonSchema } from '../runtime/schema';
import { compileValidator, type InputValidator } from '../runtime/validation';
import { safeMessage, summarizeArgs } from '../runtime/redact';
import { CancelledError } from '../runtime/abort';
import { fail, type Tool, type ToolContext, type ToolResult } from './tool';
import { linkAbort } from '../runtime/linkedAbort';

/** Default per-call limit; a tool may set its own `timeoutMs`. */
export const DEFAULT_TOOL_TIMEOUT_MS = 5000;

/** A tool as Anthropic's Messages API expects it in `tools`. */
export interface AnthropicToolSpec { name: string; description: string; input_schema: JsonSchema }
/** A tool as OpenAI-compatible chat APIs expect it in `tools`. */
export interface OpenAiToolSpec { type: 'function'; function: { name: string; description: string; parameters: JsonSchema } }

interface Entry { tool: Tool; validate?: InputValidator }

/** The one place tools are registered, looked up and executed. */
export class ToolRegistry {
  private readonly entries = new Map<string, Entry>();

  /** Adds a tool; a second tool with the same name is a programming error. */
  register(tool: Tool): this {
    if (!/^[a-z][a-z0-9_]*$/.test(tool.name)) {
      throw new Error(`tool name "${tool.name}" must be verb_object in lower snake case`);
    }
    if (this.entries.has(tool.name)) throw new Error(`tool "${tool.name}" is already registered`);
    // Schemas compile on first use: the CLI calls a few tools once, and ajv compiling all of them cost ~60 ms at start-up.
    this.entries.set(tool.name, { tool });
    return this;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  resolve(name: string): Tool | undefined {
    return this.entries.get(name)?.tool;
  }

  list(): Tool[] {
    return [...this.entries.values()].map((e) => e.tool);
  }

  /** Name, description and input schema of every tool; with `ctx`, each description as that caller's context makes it. */
  getSchemas(ctx?: ToolContext): Array<{ name: string; description: string; inputSchema: JsonSchema }> {
    return this.list().map((t) => ({ name: t.name, description: ctx && t.describe ? t.describe(ctx) : t.description, inputSchema: t.inputSchema }));
  }

  /** Schemas of the named tools; an unknown name is an error so a skill cannot silently lose a tool. */
  getSchemasFor(names: readonly string[]): Array<{ name: string; description: string; inputSchema: JsonSchema }> {
    return names.map((n) => {
      const t = this.resolve(n);
      if (!t) throw new Error(`unknown tool "${n}"`);
      return { name: t.name, description: t.description, inputSchema: t.inputSchema };
    });
  }

  toAnthropicTools(names?: readonly string[]): AnthropicToolSpec[] {
    return (names ? this.getSchemasFor(names) : this.getSchemas()).map((s) => ({
      name: s.name, description: s.description, input_schema: s.inputSchema,
    }));
  }

  toOpenAiTools(names?: readonly string[]): OpenAiToolSpec[] {
    return (names ? this.getSchemasFor(names) : this.getSchemas()).map((s) => ({
      type: 'function', function: { name: s.name, description: s.description, parameters: s.inputSchema },
    }));
  }

  /**
   * The only way a tool runs: validate and normalise input, enforce the timeout and cancellation,
   * turn any exception into a `service_error`, write one log line, and report the call to
   * `ctx.recorder` when the run is recorded. Never throws.
   *
   * Only calls that reached the tool are recorded: a call refused before it ran (unknown tool,
   * invalid input) has no validated input, and what it tests is the caller, not the tool.
   */
  async execute<T = unknown>(name: string, input: unknown, ctx: ToolContext): Promise<ToolResult<T>> {
    const started = ctx.clock();
    const entry = this.entries.get(name);
    const secretKeys = entry?.tool.secretKeys ?? [];
    let result: ToolResult<T>;
    let ranWith: Record<string, unknown> | undefined;
    if (!entry) {
      result = fail('input_error', `unknown tool "${name}"; registered tools: ${[...this.entries.keys()].join(', ')}`);
    } else {
      entry.validate ??= compileValidator(entry.tool.inputSchema);
      const checked = entry.validate(input);
      // The recorded input is the one the tool got, copied before the tool could change it.
      if (checked.ok && ctx.recorder) ranWith = copyForRecording(checked.value);
      result = checked.ok
        ? await this.runGuarded<T>(entry.tool, checked.value, ctx)
        : fail('input_error', `${name}: ${checked.message}`);
    }
    // Whatever a tool or an endpoint said, callers print this message: redacted, one line, bounded.
    if (!result.success) result = { ...result, error: { ...result.error!, message: safeMessage(result.error!.message) } };
    const ms = Math.round(ctx.clock() - started);
    const fields = {
      tool: name,
      args: summarizeArgs(input, secretKeys),
      ms,
      status: result.success ? 'ok' : result.error!.code,
      requestId: ctx.requestId,
    };
    if (result.success) ctx.logger.info('tool call', fields);
    else ctx.logger.warn('tool call', { ...fields, error: result.error!.message });
    if (ranWith && ctx.recorder) {
      try {
        ctx.recorder.recordTool({ name, input: ranWith, result, durationMs: ms });
      } catch (err) {
        // A broken recorder costs the recording, never the call.
        ctx.logger.warn('tool call not recorded', { tool: name, error: err instanceof Error ? err.message : String(err), requestId: ctx.requestId });
      }
    }
    return result;
  }

  private async runGuarded<T>(tool: Tool, input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult<T>> {
    if (ctx.signal.aborted) return fail('cancelled', `${tool.name}: cancelled before it started`);
    const timeoutMs = tool.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    const controller = new AbortController();
    // One listener on the run's signal for all its calls in flight (linkedAbort.ts), not one per call.
    const unlink = linkAbort(ctx.signal, controller, () => new CancelledError());
    let timer: NodeJS.Timeout | undefined;
    const guard = new Promise<ToolResult<T>>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new Error('timeout'));
        resolve(fail('timeout', `${tool.name} took longer than ${timeoutMs} ms and was stopped`));
      }, timeoutMs);
      controller.signal.addEventListener('abort', () => {
        if (ctx.signal.aborted) resolve(fail('cancelled', `${tool.name}: cancelled`));
      }, { once: true });
    });
    try {
      const run = Promise.resolve()
        .then(() => tool.execute(input, { ...ctx, signal: controller.signal }) as Promise<ToolResult<T>>)
        .catch((err: unknown): ToolResult<T> => err instanceof CancelledError
          ? fail('cancelled', `${tool.name}: cancelled`)
          : fail('service_error', `${tool.name} failed: ${err instanceof Error ? err.message : String(err)}`));
      const result = await Promise.race([run, guard]);
      return isToolResult(result) ? result : fail('service_error', `${tool.name} returned something that is not a ToolResult`);
    } finally {
      clearTimeout(timer);
      unlink();
    }
  }
}

function copyForRecording(input: Record<string, unknown>): Record<string, unknown> {
  try {
    return structuredClone(input);
  } catch {
    return input;
  }
}

function isToolResult(value: unknown): value is ToolResult<any> {
  return !!value && typeof value === 'object' && typeof (value as ToolResult).success === 'boolean';
}
