/**
 * A model call that must return one JSON object valid against a schema: the validation errors go
 * back to the model for a repair, at most twice, and a reply cut at the token limit is asked again
 * shorter with more room. The caller decides what an invalid result means (a skill run stops and
 * writes nothing). Problems a schema cannot express are checked by `extraCheck`.
 */
import { compileOutputSchema } from './outputSchemaValidator';
import type { ValidateFunction } from 'ajv';
import { schemaPatterns, unsafePatternReason } from '../runtime/safePattern';
import type { JsonSchema } from '../runtime/schema';
import { addUsage, responseText, ZERO_USAGE, type LlmMessage, type LlmProvider, type LlmRequest, type LlmStopReason, type LlmUsage } from './provider';

/** Repairs asked for before giving up. */
export const MAX_STRUCTURED_REPAIRS = 2;
const MAX_REPAIR_TOKENS = 8000;

/** One reply of a structured call: what came back, and what was wrong with it (a dry run shows each). */
export interface StructuredAttempt {
  /** False for the first ask; true for a repair (the previous reply's problems were sent back). */
  repair: boolean;
  /** The reply as received. */
  raw: string;
  /** Its validation errors; empty when it was valid. */
  problems: string[];
  valid: boolean;
  stopReason: LlmStopReason;
  model: string;
  usage: LlmUsage;
  costUsd: number | null;
  durationMs: number;
}

/** What a structured call came to. */
export interface StructuredOutcome {
  ok: boolean;
  /** The valid object (when ok). */
  value?: unknown;
  /** The last reply as received. */
  raw: string;
  /** The validation errors of the last reply (empty when ok). */
  problems: string[];
  repairs: number;
  usage: LlmUsage;
  costUsd: number | null;
  model: string;
  /** Every reply in order: the first ask, then each repair. */
  attempts: StructuredAttempt[];
}

const validators = new WeakMap<object, ValidateFunction>();

/** Errors of `value` against `schema`, one line each ("/company must be string"). */
export function schemaProblems(schema: JsonSchema, value: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) {
    // Skills reach here with schemas from files; a pattern that can backtrack exponentially is refused, not run.
    for (const { pattern, pointer } of schemaPatterns(schema)) {
      const why = unsafePatternReason(pattern);
      if (why) throw new Error(`output_schema${pointer}: the pattern "${pattern.slice(0, 60)}" is refused: ${why}`);
    }
    validate = compileOutputSchema(schema);
    validators.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 12).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
}

/** The JSON object in a reply: prose and code fences around it are tolerated. */
export function parseJsonReply(text: string): { value: unknown } | { error: string } {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return { error: 'the reply contains no JSON object' };
  try {
    return { value: JSON.parse(text.slice(start, end + 1)) };
  } catch (err) {
    return { error: `the reply is not valid JSON (${(err as Error).message})` };
  }
}

function repairMessage(problems: readonly string[]): LlmMessage {
  return {
    role: 'user',
    content: [{ type: 'text', text: `Your reply is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}\nReturn the corrected JSON object only.` }],
  };
}

/** Calls the model until its reply is valid against `schema`, or the repairs run out. LlmErrors propagate. */
export async function structuredCall(
  llm: LlmProvider,
  request: LlmRequest,
  schema: JsonSchema,
  options: { signal: AbortSignal; extraCheck?: (value: unknown) => string[] },
): Promise<StructuredOutcome> {
  let req: LlmRequest = { ...request, json: request.json ?? { name: 'output', schema } };
  let usage = ZERO_USAGE;
  let cost: number | null = 0;
  let model = llm.model;
  let raw = '';
  let problems: string[] = [];
  const attempts: StructuredAttempt[] = [];
  for (let repairs = 0; repairs <= MAX_STRUCTURED_REPAIRS; repairs++) {
    const started = performance.now();
    const response = await llm.complete(req, { signal: options.signal });
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    usage = addUsage(usage, response.usage);
    cost = cost === null || response.costUsd === null ? null : cost + response.costUsd;
    model = response.model || model;
    raw = responseText(response);
    const parsed = parseJsonReply(raw);
    problems = 'error' in parsed ? [parsed.error] : schemaProblems(schema, parsed.value);
    if (!('error' in parsed) && problems.length === 0 && options.extraCheck) problems = options.extraCheck(parsed.value);
    const valid = problems.length === 0 && 'value' in parsed;
    const truncated = !valid && response.stopReason === 'max_tokens';
    if (truncated) problems = ['the reply was cut off at the token limit: return a shorter object', ...problems];
    attempts.push({
      repair: repairs > 0, raw, problems, valid, stopReason: response.stopReason, model: response.model || llm.model,
      usage: response.usage, costUsd: response.costUsd, durationMs,
    });
    if (valid) {
      return { ok: true, value: (parsed as { value: unknown }).value, raw, problems: [], repairs, usage, costUsd: cost, model, attempts };
    }
    if (repairs === MAX_STRUCTURED_REPAIRS) return { ok: false, raw, problems, repairs, usage, costUsd: cost, model, attempts };
    req = {
      ...req,
      purpose: `${request.purpose}-repair`,
      maxTokens: truncated ? Math.min(2 * req.maxTokens, MAX_REPAIR_TOKENS) : req.maxTokens,
      messages: [...req.messages, { role: 'assistant', content: [{ type: 'text', text: raw || '(empty reply)' }] }, repairMessage(problems)],
    };
  }
  return { ok: false, raw, problems, repairs: MAX_STRUCTURED_REPAIRS, usage, costUsd: cost, model, attempts };
}
