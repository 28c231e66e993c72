/**
 * Scripted skills: a script beside skill.yaml (`run.ts` or the declared `script`) exporting
 * `execute(ctx, input)`. It is workspace code, so it loads only in a trusted workspace (Workspace
 * Trust in VS Code, `--trust` on the CLI); built-in skills ship with the extension and are trusted.
 * TypeScript is turned into JavaScript with sucrase (plain JavaScript, no native binary in the
 * .vsix). The script never writes: it returns actions, which the runtime plans and applies in one
 * transaction like a declarative skill's, so a script that throws, hangs or returns garbage writes
 * nothing and the error says which skill failed and why.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { transform } from 'sucrase';
import type { LlmProvider } from '../../llm/provider';
import type { Logger } from '../../runtime/logger';
import { compileTemplate, nowHelper } from '../../runtime/template';
import { fixedChunks } from '../../chunking/fixedChunks';
import { topicChunks } from '../../chunking/topicChunks';
import { modelTopicChunks } from '../../chunking/modelTopicChunks';
import { mergeChunkOutputs } from '../../chunking/mergeEntities';
import { structuredCall } from '../../llm/structuredCall';
import { planActions, applyActions } from '../../actions/runActions';
import { primitiveOf, type SkillManifest } from '../../manifest';
import type { JsonSchema } from '../../runtime/schema';
import { addUsage, ZERO_USAGE } from '../../llm/provider';
import type { ManifestInput, ManifestRunDeps, ManifestRunResult } from './runManifestSkill';

/** A script refused (untrusted workspace, a file outside the skill) or broken (syntax, no execute). */
export class ScriptError extends Error {
  /** True when the script was refused because the workspace is not trusted (the fix is to trust it). */
  readonly untrusted: boolean;

  constructor(message: string, options: { untrusted?: boolean } = {}) {
    super(message);
    this.name = 'ScriptError';
    this.untrusted = options.untrusted ?? false;
  }
}

/** What a script returns. Actions are `{ primitive, params, as? }` or the YAML form `{ create_note: {…}, as? }`. */
export interface ScriptResult {
  summary_md?: string;
  output?: unknown;
  actions?: Array<Record<string, unknown>>;
  warnings?: string[];
}

/** What a script's `execute(ctx, input)` is given. */
export interface ScriptContext {
  manifest: SkillManifest;
  llm?: LlmProvider;
  /** One model call for JSON valid against `schema` (repaired at most twice); throws when it stays invalid. */
  askJson(prompt: { system?: string; user: string }, schema: JsonSchema): Promise<unknown>;
  render(template: string, context: Record<string, unknown>): string;
  chunk(text: string, options: { strategy: 'fixed' | 'topic'; max_chars: number; overlap_chars?: number }): Array<{ index: number; text: string }>;
  /** Topic chunks whose boundaries the model proposes (offline: headings and paragraphs, as chunk() does). */
  topicChunks(text: string, options: { max_chars: number }): Promise<Array<{ index: number; text: string }>>;
  merge(outputs: unknown[]): unknown;
  now: { date(): string; iso(): string };
  settings: Readonly<Record<string, unknown>>;
  logger: Logger;
  signal: AbortSignal;
  /** Anything else the runtime offers; every use is logged. */
  services: Readonly<Record<string, unknown>>;
}

type Execute = (ctx: ScriptContext, input: ManifestInput) => Promise<ScriptResult> | ScriptResult;

/** Default longest run of a script without `timeout_ms`. */
const DEFAULT_SCRIPT_TIMEOUT_MS = 120_000;

/** Loads the script of a skill folder; refused unless `trusted`. */
export function loadSkillScript(skillDir: string, scriptFile: string, options: { trusted: boolean; skill: string }): Execute {
  if (!options.trusted) {
    throw new ScriptError(`skill "${options.skill}" runs a script (${scriptFile}), and scripts run only in a trusted workspace: trust the workspace (Workspaces: Manage Workspace Trust) in VS Code, or pass --trust on the CLI`, { untrusted: true });
  }
  const dir = fs.realpathSync(skillDir);
  const file = path.join(dir, scriptFile);
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    throw new ScriptError(`skill "${options.skill}": its script ${scriptFile} does not exist beside skill.yaml`);
  }
  if (path.dirname(real) !== dir) throw new ScriptError(`skill "${options.skill}": its script must be a file in the skill's own folder, not a link elsewhere`);
  const source = fs.readFileSync(real, 'utf8');
  let code: string;
  try {
    code = transform(source, { transforms: real.endsWith('.ts') ? ['typescript', 'imports'] : ['imports'], filePath: real }).code;
  } catch (err) {
    throw new ScriptError(`skill "${options.skill}": ${scriptFile} does not compile: ${(err as Error).message}`);
  }
  const module = { exports: {} as Record<string, unknown> };
  try {
    // Workspace code the user trusted, evaluated as a CommonJS module of its own file.
    // eslint-disable-next-line no-new-func
    new Function('module', 'exports', 'require', '__filename', '__dirname', code)(module, module.exports, createRequire(real), real, dir);
  } catch (err) {
    throw new ScriptError(`skill "${options.skill}": ${scriptFile} failed while loading: ${(err as Error).message}`);
  }
  const execute = module.exports.execute ?? (module.exports.default as Record<string, unknown> | undefined)?.execute;
  if (typeof execute !== 'function') throw new ScriptError(`skill "${options.skill}": ${scriptFile} must export a function execute(ctx, input)`);
  return execute as Execute;
}

/** `{{ name.id }}` or `{{ name.ref }}`, exactly: the only template a script's parameter may be. */
function aliasPlaceholder(value: string): { name: string; field: 'id' | 'ref' } | undefined {
  const t = value.trim();
  if (!t.startsWith('{{') || !t.endsWith('}}')) return undefined;
  const inner = t.slice(2, -2).trim();
  const dot = inner.indexOf('.');
  const name = inner.slice(0, dot);
  const field = inner.slice(dot + 1);
  if (dot <= 0 || (field !== 'id' && field !== 'ref')) return undefined;
  for (const ch of name) if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === '_')) return undefined;
  return { name, field };
}

/** Parameters with alias placeholders replaced by the planned ids; everything else as given. */
function resolveAliases(value: unknown, aliases: Readonly<Record<string, { id: string; ref: string }>>): unknown {
  if (typeof value === 'string') {
    const p = aliasPlaceholder(value);
    if (!p) return value;
    const alias = Object.prototype.hasOwnProperty.call(aliases, p.name) ? aliases[p.name] : undefined;
    if (!alias) throw new ScriptError(`"${value}" names no earlier action's alias (as: ${p.name})`);
    return alias[p.field];
  }
  if (Array.isArray(value)) return value.map((v) => resolveAliases(v, aliases));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== '__proto__' && k !== 'constructor' && k !== 'prototype') out[k] = resolveAliases(v, aliases);
    return out;
  }
  return value;
}

/** Actions a script returned, in the runtime's form; a malformed one is an error naming it. */
function normalizeActions(skill: string, actions: unknown): Array<{ primitive: string; params: Record<string, unknown>; as?: string }> {
  if (actions === undefined) return [];
  if (!Array.isArray(actions)) throw new ScriptError(`skill "${skill}": execute() returned "actions" that is not a list`);
  return actions.map((a, i) => {
    if (!a || typeof a !== 'object') throw new ScriptError(`skill "${skill}": action ${i + 1} is not an object`);
    const o = a as Record<string, unknown>;
    const as = typeof o.as === 'string' ? o.as : undefined;
    // A script decides in code whether to return an action: `when` is a manifest's tool, not a script's.
    if (o.when !== undefined) throw new ScriptError(`skill "${skill}": action ${i + 1} has "when"; a script returns only the actions it wants`);
    if (typeof o.primitive === 'string') return { primitive: o.primitive, params: (o.params ?? {}) as Record<string, unknown>, ...(as ? { as } : {}) };
    const primitive = primitiveOf(o);
    if (!primitive) throw new ScriptError(`skill "${skill}": action ${i + 1} names no action primitive (give "primitive" and "params", or one primitive key)`);
    return { primitive, params: (o[primitive] ?? {}) as Record<string, unknown>, ...(as ? { as } : {}) };
  });
}

/** Runs a scripted skill: execute() contained and bounded, then its actions planned and (unless a dry run) applied. */
export async function runScriptedSkill(
  manifest: SkillManifest,
  execute: Execute,
  input: ManifestInput,
  deps: ManifestRunDeps & { logger: Logger; settings?: Readonly<Record<string, unknown>> },
): Promise<ManifestRunResult> {
  const started = Date.now();
  let usage = ZERO_USAGE;
  let cost: number | null = 0;
  const chunkWarnings: string[] = [];
  // How many chunks the script split its input into (the largest split it asked for).
  let chunkCount = 0;
  const counted = <T>(chunks: T[]): T[] => {
    chunkCount = Math.max(chunkCount, chunks.length);
    return chunks;
  };
  const controller = new AbortController();
  const onOuter = () => controller.abort();
  deps.signal.addEventListener('abort', onOuter, { once: true });
  const services = new Proxy({ records: { list: deps.records.list.bind(deps.records), get: deps.records.get.bind(deps.records) } } as Record<string, unknown>, {
    get(target, key) {
      if (typeof key === 'string') deps.logger.info('script used services', { skill: manifest.name, service: key });
      return Reflect.get(target, key);
    },
  });
  const ctx: ScriptContext = {
    manifest,
    ...(deps.llm ? { llm: deps.llm } : {}),
    askJson: async (prompt, schema) => {
      if (!deps.llm) throw new ScriptError(`skill "${manifest.name}" needs a model: choose an engine (interviewLens.engine, or --engine)`);
      const outcome = await structuredCall(deps.llm, {
        purpose: `skill:${manifest.name}`,
        system: prompt.system ? [{ type: 'text', text: prompt.system, cache: true }] : [],
        messages: [{ role: 'user', content: [{ type: 'text', text: prompt.user }] }],
        maxTokens: 4096, temperature: 0,
      }, schema, { signal: controller.signal });
      usage = addUsage(usage, outcome.usage);
      cost = cost === null || outcome.costUsd === null ? null : cost + outcome.costUsd;
      if (!outcome.ok) throw new ScriptError(`the model's output was not valid after ${outcome.repairs} repairs (${outcome.problems.slice(0, 2).join('; ')})`);
      return outcome.value;
    },
    render: (template, context) => compileTemplate(template, { name: `${manifest.name} script` }).render(context),
    chunk: (text, o) => counted((o.strategy === 'topic' ? topicChunks(text, o.max_chars) : fixedChunks(text, { maxChars: o.max_chars, overlapChars: o.overlap_chars ?? 0 })).map((c) => ({ index: c.index, text: c.text }))),
    topicChunks: async (text, o) => {
      if (!deps.llm) return counted(topicChunks(text, o.max_chars).map((c) => ({ index: c.index, text: c.text })));
      const split = await modelTopicChunks(text, o.max_chars, deps.llm, controller.signal);
      if (split.usage) usage = addUsage(usage, split.usage);
      if (split.costUsd !== undefined) cost = cost === null || split.costUsd === null ? null : cost + split.costUsd;
      if (split.warning) chunkWarnings.push(split.warning);
      return counted(split.chunks.map((c) => ({ index: c.index, text: c.text })));
    },
    merge: (outputs) => mergeChunkOutputs(outputs),
    now: nowHelper(deps.now()),
    settings: deps.settings ?? {},
    logger: deps.logger,
    signal: controller.signal,
    services,
  };
  const limit = manifest.timeout_ms ?? DEFAULT_SCRIPT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  let result: ScriptResult;
  try {
    result = await Promise.race([
      Promise.resolve().then(() => execute(ctx, input)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new ScriptError(`skill "${manifest.name}": its script ran longer than ${limit} ms and was stopped; nothing was written`));
        }, limit);
      }),
    ]);
  } catch (err) {
    if (err instanceof ScriptError) throw err;
    if (deps.signal.aborted) throw err;
    throw new ScriptError(`skill "${manifest.name}": its script failed: ${err instanceof Error ? err.message : String(err)}; nothing was written`);
  } finally {
    clearTimeout(timer);
    deps.signal.removeEventListener('abort', onOuter);
  }
  if (!result || typeof result !== 'object') throw new ScriptError(`skill "${manifest.name}": execute() must return an object ({ actions, summary_md, output, warnings })`);
  const actions = normalizeActions(manifest.name, result.actions);
  // A script's parameters are data (they often carry the model's words): nothing in them is a
  // template, except a value that is exactly an alias placeholder, `{{ name.id }}` / `{{ name.ref }}`.
  const inputs = actions;
  const planned = planActions(inputs, deps.records, {
    ...(deps.newId ? { newId: deps.newId } : {}),
    ...(deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {}),
    render: (action, aliases) => resolveAliases(action.params, aliases) as Record<string, unknown>,
  });
  const warnings = [...chunkWarnings, ...(Array.isArray(result.warnings) ? result.warnings.map(String) : [])];
  const common = { skill: manifest.name, version: manifest.version, output: result.output, planned, warnings, chunks: chunkCount, usage, costUsd: cost, promptHash: '', producedBy: deps.llm ? 'model' as const : 'offline' as const };
  if (deps.dryRun) return { ...common, dryRun: true, status: 'dry_run' };
  const applied = await applyActions(planned, deps.records, {
    skill: manifest.name, version: manifest.version, rawOutput: JSON.stringify(result.output ?? null), validation: { ok: true, scripted: true }, tokens: usage, durationMs: Date.now() - started,
  }, deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {});
  return { ...common, dryRun: false, status: 'ok', applied, runId: applied.runId };
}
