/**
 * Which engine scores and how it is reached: one shape for the extension (settings +
 * SecretStorage) and the CLI (flags + environment), and the one place providers are built from
 * it. VS Code's language models are built by the extension (they need `vscode`).
 */
import { AnthropicProvider } from './anthropicProvider';
import { OpenAiCompatibleProvider } from './openAiCompatibleProvider';
import type { PriceOverride } from './pricing';
import { ENGINE_NAMES, LlmError, type EngineName, type LlmProvider } from './provider';
import { rateLimited } from './rateLimiter';

/** The current Claude Sonnet model (the SDK's model list, December 2026). */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';
/** Questions in flight at once. */
export const DEFAULT_CONCURRENCY = 6;
/**
 * Client-side ceiling on requests per minute. 1,000 is Anthropic's second usage tier; a first-tier
 * account (50) should lower it, and a 429 is retried after the server's retry-after either way.
 */
export const DEFAULT_REQUESTS_PER_MINUTE = 1000;
export const DEFAULT_TIMEOUT_SECONDS = 60;

/** Everything that chooses and configures a model engine. */
export interface EngineConfig {
  engine: EngineName;
  anthropic: { apiKey?: string; model: string; baseUrl?: string };
  openai: { endpoint?: string; model?: string; apiKey?: string };
  concurrency: number;
  requestsPerMinute: number;
  timeoutSeconds: number;
  /** The user's price per million tokens, when the list price is wrong or unknown. */
  price?: PriceOverride;
}

function positive(value: string | number | undefined, fallback: number, name: string, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max) throw new LlmError('config', `${name} must be a number from 1 to ${max}, not "${value}"`, { fix: { env: name } });
  return n;
}

/** Checks an engine name from a flag, a variable or a setting. */
export function parseEngine(value: string | undefined, from: string, allowed: readonly EngineName[] = ENGINE_NAMES): EngineName {
  const v = (value ?? 'offline').trim() || 'offline';
  if (!(ENGINE_NAMES as readonly string[]).includes(v)) {
    throw new LlmError('config', `unknown engine "${v}" in ${from}: use one of ${allowed.join(', ')}`);
  }
  return v as EngineName;
}

/** Engines the CLI can use (VS Code's language models exist only inside VS Code). */
const CLI_ENGINES: readonly EngineName[] = ['offline', 'anthropic', 'openai-compatible'];

/** The CLI's engine: `--engine` (else INTERVIEW_LENS_ENGINE, else offline) and the environment. */
export function engineConfigFromEnv(env: NodeJS.ProcessEnv, engineFlag?: string): EngineConfig {
  const engine = parseEngine(engineFlag ?? env.INTERVIEW_LENS_ENGINE, engineFlag !== undefined ? '--engine' : 'INTERVIEW_LENS_ENGINE', CLI_ENGINES);
  if (engine === 'vscode-lm') throw new LlmError('config', 'the vscode-lm engine uses VS Code\'s language models and exists only inside VS Code: use --engine anthropic or openai-compatible on the CLI');
  const input = env.INTERVIEW_LENS_PRICE_INPUT;
  const output = env.INTERVIEW_LENS_PRICE_OUTPUT;
  return {
    engine,
    anthropic: { apiKey: env.ANTHROPIC_API_KEY || undefined, model: env.INTERVIEW_LENS_ANTHROPIC_MODEL || DEFAULT_ANTHROPIC_MODEL, baseUrl: env.ANTHROPIC_BASE_URL || undefined },
    openai: { endpoint: env.INTERVIEW_LENS_OPENAI_ENDPOINT || undefined, model: env.INTERVIEW_LENS_OPENAI_MODEL || undefined, apiKey: env.INTERVIEW_LENS_OPENAI_API_KEY || undefined },
    concurrency: Math.round(positive(env.INTERVIEW_LENS_LLM_CONCURRENCY, DEFAULT_CONCURRENCY, 'INTERVIEW_LENS_LLM_CONCURRENCY', 32)),
    requestsPerMinute: positive(env.INTERVIEW_LENS_LLM_RPM, DEFAULT_REQUESTS_PER_MINUTE, 'INTERVIEW_LENS_LLM_RPM', 100_000),
    timeoutSeconds: positive(env.INTERVIEW_LENS_LLM_TIMEOUT_S, DEFAULT_TIMEOUT_SECONDS, 'INTERVIEW_LENS_LLM_TIMEOUT_S', 3600),
    ...(input && output ? { price: { input: positive(input, 0, 'INTERVIEW_LENS_PRICE_INPUT', 1e6), output: positive(output, 0, 'INTERVIEW_LENS_PRICE_OUTPUT', 1e6) } } : {}),
  };
}

/**
 * The provider of a model engine, rate-limited; undefined for the offline engine. A missing key,
 * endpoint or model throws LlmError('config') naming the fix; nothing is sent until the first call.
 */
export function createLlmProvider(config: EngineConfig): LlmProvider | undefined {
  const common = { timeoutMs: config.timeoutSeconds * 1000, ...(config.price ? { price: config.price } : {}) };
  let provider: LlmProvider;
  switch (config.engine) {
    case 'offline':
      return undefined;
    case 'anthropic':
      provider = new AnthropicProvider({ apiKey: config.anthropic.apiKey, model: config.anthropic.model, ...(config.anthropic.baseUrl ? { baseUrl: config.anthropic.baseUrl } : {}), ...common });
      break;
    case 'openai-compatible':
      provider = new OpenAiCompatibleProvider({ endpoint: config.openai.endpoint ?? '', model: config.openai.model ?? '', apiKey: config.openai.apiKey, ...common });
      break;
    case 'vscode-lm':
      throw new LlmError('config', 'the vscode-lm engine is built by the extension');
  }
  // A burst as large as the concurrency: the first questions of a run go at once.
  return rateLimited(provider, { requestsPerMinute: config.requestsPerMinute, burst: config.concurrency });
}
