/**
 * Runs a `*.chain.yaml`: its steps in order, each a declarative skill (or a built-in code skill
 * such as diagnose-transcript) whose input comes from the step's `args` (templates over the
 * chain's input and the outputs of earlier steps, by their `output_as` names). A step may be skipped by `when`, retried (`retry.times`, `retry.delay_ms`),
 * and bounded in time (`timeout_ms`); when it still fails, `on_error` says whether the chain goes
 * on, stops, or runs other steps instead and goes on. Every step is reported. Each step writes in its own
 * transaction (a chain is a sequence of runs, not one), and a dry run writes nothing at all: its
 * steps are planned against a scratch copy of the records (ScratchRecords) into which each step's
 * plan is written as a real run would write it, so a step sees what the steps before it would have
 * written (the company the first step creates, the note it keeps), as it will when the plans are
 * applied one after the other.
 */
import type { ChainManifest, ChainStep, SkillManifest } from '../manifest';
import { nowHelper } from '../../runtime/template';
import { CancelledError, throwIfAborted } from '../../runtime/abort';
import { applyActions } from '../actions/runActions';
import { ScratchRecords } from '../../records/scratchRecords';
import { ParamRenderer } from './renderParams';
import { runManifestSkill, type ManifestInput, type ManifestRunDeps, type ManifestRunResult } from './runManifestSkill';

export type { ChainStepAction, ChainStepReport } from './chainStepReport';
import type { ChainStepAction, ChainStepReport } from './chainStepReport';

/** What a chain did. */
export interface ChainReport {
  chain: string;
  status: 'ok' | 'failed' | 'dry_run';
  steps: ChainStepReport[];
}

/** Most attempts a step may ask for (a chain from a cloned repository must not loop for hours). */
const MAX_ATTEMPTS = 11;
const MAX_DELAY_MS = 60_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CancelledError());
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new CancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The step's text: `args.text` (or `args.input`), else the chain's own input. A value that is not
 * text (`text: "{{ report.output }}"`, an earlier step's whole output) is given as its JSON, which
 * is what a skill reading a report (log_interview) expects.
 */
function textOf(args: Record<string, unknown>, chainInput: ManifestInput): string {
  const given = args.text !== undefined ? args.text : args.input;
  if (typeof given === 'string') return given;
  if (given !== undefined && given !== null) return JSON.stringify(given);
  return chainInput.text;
}

/** The step's input for a declarative skill. */
function stepInput(args: Record<string, unknown>, chainInput: ManifestInput): ManifestInput {
  return { ...chainInput, text: textOf(args, chainInput), ...(typeof args.url === 'string' ? { url: args.url, kind: 'link' as const } : {}) };
}

/** What a code skill step returns (a SkillResult). */
export interface CodeStepResult {
  summary_md: string;
  warnings: string[];
  raw: unknown;
}

/**
 * The built-in code skills a chain may run (the core's skill registry). A code skill's input is
 * the step's args with `text` (and `source`) filled from the chain as for any step; it writes
 * nothing a dry run would have to undo (the chain's runs keep no report history).
 */
export interface ChainCodeSkills {
  has(name: string): boolean;
  run(name: string, input: Record<string, unknown>, options: { signal: AbortSignal; dryRun: boolean }): Promise<CodeStepResult>;
}

/** How a chain's steps run, beyond the declarative runtime. */
export interface ChainRunOptions {
  /** How a step's skill.yaml skill runs (the CLI passes one that also runs trusted scripts); default: declarative only. */
  runSkill?: (manifest: SkillManifest, input: ManifestInput, deps: ManifestRunDeps) => Promise<ManifestRunResult>;
  /** The code skills a step may name; without them only skill.yaml skills run. */
  codeSkills?: ChainCodeSkills;
}

/** Runs a chain over `input` with the skills it names. */
export async function runChain(
  chain: ChainManifest,
  input: ManifestInput,
  skills: ReadonlyMap<string, SkillManifest>,
  deps: ManifestRunDeps,
  options: ChainRunOptions = {},
): Promise<ChainReport> {
  // A dry run's steps read and plan against this copy; each step's plan is written to it.
  const scratch = deps.dryRun ? new ScratchRecords(deps.records) : undefined;
  try {
    return await runSteps(chain, input, skills, scratch ? { ...deps, records: scratch } : deps, options, scratch);
  } finally {
    scratch?.close();
  }
}

async function runSteps(
  chain: ChainManifest,
  input: ManifestInput,
  skills: ReadonlyMap<string, SkillManifest>,
  deps: ManifestRunDeps,
  options: ChainRunOptions,
  scratch: ScratchRecords | undefined,
): Promise<ChainReport> {
  const { runSkill, codeSkills } = options;
  const renderer = new ParamRenderer();
  const outputs: Record<string, unknown> = {};
  const reports: ChainStepReport[] = [];
  const context = () => ({ input: { text: input.text, source: input.source ?? '', url: input.url ?? '' }, now: nowHelper(deps.now()), ...outputs });

  const runStep = async (step: ChainStep, index: number, onError: boolean): Promise<boolean> => {
    throwIfAborted(deps.signal);
    const report: ChainStepReport = { index, skill: step.skill, status: 'ok', attempts: 0, ...(step.output_as ? { output_as: step.output_as } : {}), ...(onError ? { onError } : {}) };
    reports.push(report);
    if (step.when !== undefined && !renderer.holds(step.when, context(), `steps[${index}].when`)) {
      report.status = 'skipped';
      return true;
    }
    const manifest = skills.get(step.skill);
    const code = !manifest && codeSkills?.has(step.skill);
    if (!code && (!manifest || manifest.enabled === false)) {
      report.status = 'failed';
      report.error = manifest ? `skill "${step.skill}" is disabled (enabled: false)` : `no valid skill named "${step.skill}"`;
      return false;
    }
    const args = renderer.render(step.args ?? {}, context(), `steps[${index}].args`) as Record<string, unknown>;
    /** One attempt of the step, bounded by `signal`. */
    const attemptOnce = async (signal: AbortSignal): Promise<boolean> => {
      if (code) {
        const result = await codeSkills!.run(step.skill, { ...args, text: textOf(args, input), ...(input.source && args.source === undefined ? { source: input.source } : {}) }, { signal, dryRun: deps.dryRun });
        if (step.output_as) outputs[step.output_as] = { output: result.raw, summary_md: result.summary_md, warnings: result.warnings, actions: [] };
        report.status = deps.dryRun ? 'dry_run' : 'ok';
        report.planned = 0;
        return true;
      }
      const result: ManifestRunResult = await (runSkill ?? runManifestSkill)(manifest!, stepInput(args, input), { ...deps, signal });
      if (scratch && result.status === 'dry_run' && result.planned.length > 0) {
        // Written as Apply will write it (re-planned inside a transaction of the copy), so the next
        // step's plan is the one Apply will find still holding after this step is written.
        await applyActions(result.planned, scratch, { skill: manifest!.name, version: manifest!.version }, deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {});
      }
      const actions = result.planned.map((p): ChainStepAction => ({ primitive: p.primitive, op: p.op, id: p.alias.id, ref: p.alias.ref }));
      if (step.output_as) outputs[step.output_as] = { output: result.output, runId: result.runId, actions };
      report.status = result.status;
      if (result.runId) report.runId = result.runId;
      report.planned = result.planned.length;
      if (actions.length > 0) report.actions = actions;
      if (result.status !== 'invalid') return true;
      report.error = result.warnings[0];
      return false;
    };
    const attempts = Math.min(MAX_ATTEMPTS, 1 + Math.max(0, step.retry?.times ?? 0));
    for (let attempt = 1; attempt <= attempts; attempt++) {
      report.attempts = attempt;
      const controller = new AbortController();
      const onOuter = () => controller.abort();
      deps.signal.addEventListener('abort', onOuter, { once: true });
      const timer = step.timeout_ms ? setTimeout(() => controller.abort(), step.timeout_ms) : undefined;
      try {
        if (await attemptOnce(controller.signal)) return true;
      } catch (err) {
        if (deps.signal.aborted) throw new CancelledError();
        report.status = 'failed';
        report.error = controller.signal.aborted && step.timeout_ms ? `took longer than ${step.timeout_ms} ms and was stopped` : err instanceof Error ? err.message : String(err);
      } finally {
        clearTimeout(timer);
        deps.signal.removeEventListener('abort', onOuter);
      }
      if (attempt < attempts) await sleep(Math.min(MAX_DELAY_MS, step.retry?.delay_ms ?? 0), deps.signal);
    }
    return false;
  };

  for (let i = 0; i < chain.steps.length; i++) {
    const step = chain.steps[i];
    if (await runStep(step, i, false)) continue;
    const onError = step.on_error ?? 'stop';
    if (onError === 'continue') continue;
    if (Array.isArray(onError)) {
      // The branch replaces the failed step; the chain goes on only if the whole branch succeeded.
      let recovered = true;
      for (let j = 0; j < onError.length && recovered; j++) recovered = await runStep(onError[j], j, true);
      if (recovered) continue;
    }
    return { chain: chain.name, status: 'failed', steps: reports };
  }
  return { chain: chain.name, status: deps.dryRun ? 'dry_run' : 'ok', steps: reports };
}
