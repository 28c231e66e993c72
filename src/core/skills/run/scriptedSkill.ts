/**
 * Scripted skills: a script beside skill.yaml (`run.ts` or the declared `script`) exporting
 * `SKILL_VERSION` and `async function execute(ctx, inp)`, the spec's run contract. It is
 * workspace code, so it loads only in a trusted workspace (loadSkillScript.ts). It runs in a
 * worker thread (scriptWorkerHost.ts, scriptWorker.ts) terminated at its `timeout_ms` or on
 * cancel; everything `ctx` offers is the runtime's (scriptContextHost.ts). The script never
 * writes: it returns a SkillResult of actions (scriptResultApi.ts), which the runtime plans and
 * applies in one transaction like a declarative skill's, so a script that throws, hangs or returns
 * garbage writes nothing (a real run that fails leaves only its audit row, status failed), and a
 * model output that stays invalid ends the run degraded (status invalid), as a declarative one's.
 */
import { createHash } from 'node:crypto';
import { ZERO_USAGE } from '../../llm/provider';
import type { Logger } from '../../runtime/logger';
import { CancelledError } from '../../runtime/abort';
import { planActions, applyActions, ActionsFailedError } from '../actions/runActions';
import type { SkillManifest } from '../manifest';
import type { SttProvider } from '../../diagnosis/speech/stt';
import type { ManifestInput, ManifestRunDeps, ManifestRunResult } from './runManifestSkill';
import type { SkillScript } from './loadSkillScript';
import { normalizeResult, resolveAliases, type NormalizedResult } from './scriptActions';
import { scriptHost, traced, type ModelTrace, type ScriptHostState } from './scriptContextHost';
import { executeInWorker } from './scriptWorkerHost';

export { ScriptError } from './scriptError';
export { loadSkillScript, type SkillScript } from './loadSkillScript';

/** What a script's run needs beyond a declarative skill's. */
export type ScriptRunDeps = ManifestRunDeps & { logger: Logger; settings?: Readonly<Record<string, unknown>>; stt?: () => SttProvider };

/** A script that ran: what it returned in the runtime's form (absent when it ended degraded), and what its ctx saw. */
export interface ExecutedScript {
  result?: NormalizedResult;
  skillVersion?: number;
  state: ScriptHostState;
  trace: ModelTrace;
  started: number;
}

/**
 * Runs execute() of a script in its own worker, bounded by `timeout_ms` and the caller's signal
 * (either terminates the worker), and checks what it returned. A real run that fails here writes
 * its audit row (status failed) and nothing else; a cancel writes nothing at all.
 */
export async function executeScriptedSkill(manifest: SkillManifest, script: SkillScript, input: ManifestInput & { path?: string }, deps: ScriptRunDeps): Promise<ExecutedScript> {
  const started = Date.now();
  const trace: ModelTrace = { prompts: [], replies: [], usage: ZERO_USAGE, cost: 0 };
  const controller = new AbortController();
  const llm = deps.llm ? traced(deps.llm, trace) : undefined;
  const settings = deps.settings ?? {};
  const at = deps.now();
  const host = scriptHost({
    manifest, input: input as unknown as Record<string, unknown>, ...(llm ? { llm } : {}), records: deps.records, logger: deps.logger, settings, at,
    signal: controller.signal, ...(deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {}), ...(deps.stt ? { stt: deps.stt } : {}),
  });
  let skillVersion: number | undefined;
  try {
    const outcome = await executeInWorker(manifest, script, input, host, {
      at, settings, has: { llm: !!llm, stt: !!deps.stt }, signal: deps.signal, logger: deps.logger, onStop: () => controller.abort(),
    });
    skillVersion = outcome.skillVersion;
    const v = skillVersion !== undefined ? { skillVersion } : {};
    if (outcome.degraded) return { ...v, state: host.state, trace, started };
    return { result: normalizeResult(manifest.name, outcome.result), ...v, state: host.state, trace, started };
  } catch (err) {
    // A cancel is the user's, not the script's failure: nothing is written, not even the audit.
    if (!deps.dryRun && !(err instanceof CancelledError) && !deps.signal.aborted) {
      await deps.records.recordRun({
        skill: manifest.name, version: manifest.version, promptHash: hashOf(trace.prompts), rawOutput: rawOf(undefined, trace.replies),
        validation: validationOf({ ok: false }, skillVersion), tokens: trace.usage, durationMs: Date.now() - started,
      }, 'failed', { error: (err as Error).message }).catch(() => undefined);
    }
    throw err;
  }
}

/**
 * Runs a scripted skill: execute() (executeScriptedSkill), then its actions planned and (unless
 * a dry run) applied in one transaction. A real run that fails writes its audit row (status
 * failed) and nothing else; a model output that stays invalid ends it degraded (status invalid).
 */
export async function runScriptedSkill(manifest: SkillManifest, script: SkillScript, input: ManifestInput & { path?: string }, deps: ScriptRunDeps): Promise<ManifestRunResult> {
  const { result, skillVersion, state, trace, started } = await executeScriptedSkill(manifest, script, input, deps);
  const promptHash = hashOf(trace.prompts);
  const common = {
    skill: manifest.name, version: manifest.version, ...(skillVersion !== undefined ? { scriptVersion: skillVersion } : {}),
    chunks: state.chunkCount, usage: trace.usage, costUsd: trace.cost, promptHash, producedBy: deps.llm ? 'model' as const : 'offline' as const,
  };
  if (!result) {
    // As a declarative skill's: the audit keeps the invalid replies, no record is written, nothing throws.
    const invalid = state.invalid!;
    const warnings = [...state.chunkWarnings, `${invalid.message}: the script stopped there and nothing was written`];
    const runId = deps.dryRun ? undefined : await deps.records.recordRun({
      skill: manifest.name, version: manifest.version, promptHash, rawOutput: rawOf(undefined, trace.replies),
      validation: validationOf({ ok: false, repairs: invalid.repairs, problems: invalid.problems }, skillVersion), tokens: trace.usage, durationMs: Date.now() - started,
    }, 'invalid');
    return { ...common, dryRun: deps.dryRun, planned: [], status: 'invalid', warnings, ...(runId ? { runId } : {}) };
  }
  try {
    const planned = planActions(result.actions, deps.records, {
      ...(deps.newId ? { newId: deps.newId } : {}),
      ...(deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {}),
      render: (action, aliases) => resolveAliases(action.params, aliases) as Record<string, unknown>,
    });
    const done = {
      ...common, output: result.output, planned, warnings: [...state.chunkWarnings, ...result.warnings],
      ...(result.summaryMd ? { summaryMd: result.summaryMd } : {}),
    };
    if (deps.dryRun) return { ...done, dryRun: true, status: 'dry_run' };
    const applied = await applyActions(planned, deps.records, {
      skill: manifest.name, version: manifest.version, promptHash, rawOutput: rawOf(result.output, trace.replies), validation: validationOf({ ok: true }, skillVersion), tokens: trace.usage, durationMs: Date.now() - started,
    }, deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {});
    return { ...done, dryRun: false, status: 'ok', applied, runId: applied.runId };
  } catch (err) {
    // applyActions audits its own failure; a plan the records refuse is audited here.
    if (!deps.dryRun && !(err instanceof ActionsFailedError)) {
      await deps.records.recordRun({
        skill: manifest.name, version: manifest.version, promptHash, rawOutput: rawOf(result.output, trace.replies),
        validation: validationOf({ ok: false }, skillVersion), tokens: trace.usage, durationMs: Date.now() - started,
      }, 'failed', { error: (err as Error).message }).catch(() => undefined);
    }
    throw err;
  }
}

/** The audit's validation record of a script's run: scripted, with the script's SKILL_VERSION beside the manifest's version. */
function validationOf(v: Record<string, unknown>, skillVersion: number | undefined): Record<string, unknown> {
  return { ...v, scripted: true, ...(skillVersion !== undefined ? { skill_version: skillVersion } : {}) };
}

/** sha256 of a run's prompts, as the declarative runtime hashes its own. */
function hashOf(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/** The audit's raw output of a script: its output and every model reply it got. */
function rawOf(output: unknown, replies: readonly string[]): string {
  return JSON.stringify({ output: output ?? null, model_outputs: replies });
}
