import * as vscode from 'vscode';
import {
  createLlmProvider, DEFAULT_ANTHROPIC_MODEL, DEFAULT_CONCURRENCY, DEFAULT_REQUESTS_PER_MINUTE, DEFAULT_TIMEOUT_SECONDS, LlmError, parseEngine,
  registerEndpointSecrets, registerSecret, type EngineConfig, type EngineName, type LlmProvider,
} from '../../core';
import { rateLimited } from '../../core/llm/rateLimiter';
import { ENGINE_SETTING } from './lmConvert';
import { boundedInteger, guardedValue } from '../shared/restrictedSetting';
import { VsCodeLmProvider } from './vscodeLmProvider';

/** SecretStorage keys of the model API keys; never in settings or logs. */
export const ANTHROPIC_SECRET = 'interviewLens.anthropic.apiKey';
export const OPENAI_SECRET = 'interviewLens.openai.apiKey';

/** Default and bounds of the agent's model turns per request (interviewLens.agent.maxSteps). */
export const DEFAULT_MAX_STEPS = 8;

/** Everything the settings and SecretStorage say about the model engine. */
export interface EngineSettings {
  config: EngineConfig;
  /** interviewLens.vscodeLm.model: an id or family among vscode.lm's models; empty takes the first. */
  vscodeLmModel: string;
  maxSteps: number;
}

/**
 * A setting a workspace must not choose in Restricted Mode (engine, endpoints, models): read
 * through `guardedValue`, so while the workspace is untrusted only the user's value counts.
 */
function guarded<T>(config: vscode.WorkspaceConfiguration, key: string, fallback: T): T {
  const trusted = vscode.workspace.isTrusted;
  return guardedValue(trusted, trusted ? config.get(key) : undefined, config.inspect(key), fallback);
}

/**
 * The engine settings for a run on `scope` (a document), with the chosen engine's key from
 * SecretStorage. Only that engine's key is read, and it is known to the redactor from then on.
 */
export async function readEngineSettings(secrets: vscode.SecretStorage, scope?: vscode.Uri): Promise<EngineSettings> {
  const config = vscode.workspace.getConfiguration('interviewLens', scope);
  let engine: EngineName;
  try {
    engine = parseEngine(guarded(config, 'engine', 'offline'), ENGINE_SETTING);
  } catch (err) {
    throw new LlmError('config', (err as Error).message, { fix: { setting: ENGINE_SETTING } });
  }
  const anthropic = { model: guarded(config, 'anthropic.model', DEFAULT_ANTHROPIC_MODEL).trim() || DEFAULT_ANTHROPIC_MODEL, baseUrl: guarded(config, 'anthropic.baseUrl', '').trim() || undefined };
  const openai = { endpoint: guarded(config, 'openai.endpoint', '').trim() || undefined, model: guarded(config, 'openai.model', '').trim() || undefined };
  const key = engine === 'anthropic' ? await secrets.get(ANTHROPIC_SECRET) : engine === 'openai-compatible' ? await secrets.get(OPENAI_SECRET) : undefined;
  // Known to the redactor from the moment it is read: no message or log line can carry it.
  registerSecret(key || undefined);
  registerEndpointSecrets(engine === 'anthropic' ? anthropic.baseUrl : engine === 'openai-compatible' ? openai.endpoint : undefined);
  return {
    config: {
      engine,
      anthropic: { ...anthropic, ...(engine === 'anthropic' && key ? { apiKey: key } : {}) },
      openai: { ...openai, ...(engine === 'openai-compatible' && key ? { apiKey: key } : {}) },
      concurrency: boundedInteger(config.get('llm.concurrency'), DEFAULT_CONCURRENCY, 1, 32),
      requestsPerMinute: boundedInteger(config.get('llm.requestsPerMinute'), DEFAULT_REQUESTS_PER_MINUTE, 1, 100_000),
      timeoutSeconds: boundedInteger(config.get('llm.timeoutSeconds'), DEFAULT_TIMEOUT_SECONDS, 1, 3600),
    },
    vscodeLmModel: guarded(config, 'vscodeLm.model', ''),
    maxSteps: boundedInteger(config.get('agent.maxSteps'), DEFAULT_MAX_STEPS, 1, 50),
  };
}

/** A run's engine: the provider (none offline) and how many questions go at once with it. */
export interface RunEngine {
  engine: EngineName;
  llm?: LlmProvider;
  /** interviewLens.llm.concurrency for a model engine; undefined offline (interviewLens.concurrency applies). */
  concurrency?: number;
}

/**
 * Builds the run's provider from the settings: nothing is sent until the first call. A missing
 * key, endpoint or model (or no VS Code language model) throws LlmError naming the fix.
 */
export async function createRunEngine(settings: EngineSettings): Promise<RunEngine> {
  const { config } = settings;
  if (config.engine === 'offline') return { engine: 'offline' };
  if (config.engine === 'vscode-lm') {
    const provider = await VsCodeLmProvider.select(settings.vscodeLmModel, {
      timeoutMs: config.timeoutSeconds * 1000,
      justification: vscode.l10n.t('Interview Lens scores interview answers and answers questions with this model.'),
    });
    // A burst as large as the concurrency: the first questions of a run go at once.
    return { engine: 'vscode-lm', llm: rateLimited(provider, { requestsPerMinute: config.requestsPerMinute, burst: config.concurrency }), concurrency: config.concurrency };
  }
  const llm = createLlmProvider(config);
  return { engine: config.engine, ...(llm ? { llm } : {}), concurrency: config.concurrency };
}
