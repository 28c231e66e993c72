import * as vscode from 'vscode';
import { withAbortableProgress } from '../shared/abortableProgress';
import * as path from 'node:path';
import { CancelledError, LlmError } from '../../core';
import type { LoadedChain, LoadedSkill } from '../../core/skills/manifest';
import { ManifestRunError, type ManifestRunResult } from '../../core/skills/run/runManifestSkill';
import { ScriptError } from '../../core/skills/run/scriptedSkill';
import { traceSkillRun } from '../../core/skills/run/traceSkillRun';
import { traceChainRun } from '../../core/skills/run/traceChainRun';
import { applyChainTrace, applySkillTrace } from '../../core/skills/run/applyTrace';
import type { ChainRunTrace, SkillRunTrace } from '../../core/skills/run/runTrace';
import { pickVersions, requestIdOf } from '../../core/skills/routing/canary';
import { channelLogger } from '../shared/logger';
import { RouteError, type RouteDecision } from '../../core/skills/routing/routeRequest';
import { ActionsFailedError } from '../../core/skills/actions/runActions';
import { ActionInputError, StalePlanError } from '../../core/skills/actions/types';
import { RecordsError } from '../../core/records/errors';
import { TemplateError } from '../../core/runtime/template';
import { errorText } from '../shared/errorText';
import { StoreError } from '../../core/store/storeError';
import type { RecordsStore } from '../../core/records/recordsStore';
import type { CoreHost } from '../shared/coreHost';
import type { RecordsHost } from '../records/recordsHost';
import type { SkillCatalog } from './skillCatalog';
import { engineProblem, isCancelledLlm } from '../engines/engineFix';
import { showEngineProblem } from '../engines/engineNotice';
import { createRunEngine, readEngineSettings, type RunEngine } from '../engines/engineSettings';
import { ENGINE_SETTING } from '../engines/lmConvert';
import { showError, showWarning } from '../shared/notify';
import { explainUnavailable, pickSkill, unavailableReason } from './skillPicker';
import { reviewPlan } from './planReview';

/**
 * Arguments for automation (tests, keybindings): `skill` names the skill instead of the quick
 * pick (omit it to route automatically), `apply: true` writes the dry run's plan without asking,
 * `apply: false` stops after the dry run. Without `apply` the plan is shown for Apply / Cancel.
 */
export interface RunSkillOptions {
  skill?: string;
  /** A chain to run instead of a skill: its steps are dry-run, reviewed together, then each applied in its own transaction. */
  chain?: string;
  apply?: boolean;
  /** The user's extra instructions for the skill (input.hints). */
  hint?: string;
}

/** What a run did, for callers and tests: the route, the plan, and whether it was written. */
export interface RunSkillOutcome {
  skill: string;
  version: number;
  route: RouteDecision;
  status: 'applied' | 'dry_run' | 'cancelled' | 'invalid';
  planned: Array<{ op: string; primitive: string; kind: string; id: string; ref: string; params: Record<string, unknown> }>;
  /** The audit row of an applied run. */
  runId?: string;
  warnings: string[];
  producedBy: ManifestRunResult['producedBy'];
  /** A chain's run: each step, how it ended and the run it wrote. */
  chain?: { name: string; steps: Array<{ skill: string; status: string; runId?: string; error?: string }> };
}

/** What "Run Skill…" needs of the extension. */
export interface RunSkillDeps {
  host: CoreHost;
  context: vscode.ExtensionContext;
  records: RecordsHost;
  catalog: SkillCatalog;
  /** Shows the Job Search view. */
  revealRecords: () => Thenable<unknown>;
}

/** A refusal the user can act on: one message, maybe one button. */
class Refusal extends Error {
  constructor(message: string, readonly buttons: ReadonlyArray<{ label: string; run: () => unknown }> = []) {
    super(message);
  }
}

const URL_ONLY = /^https?:\/\/\S+$/;

function optionsOf(arg: unknown): RunSkillOptions {
  if (!arg || typeof arg !== 'object' || arg instanceof vscode.Uri) return {};
  const a = arg as Record<string, unknown>;
  return {
    ...(typeof a.skill === 'string' ? { skill: a.skill } : {}), ...(typeof a.chain === 'string' ? { chain: a.chain } : {}),
    ...(typeof a.apply === 'boolean' ? { apply: a.apply } : {}), ...(typeof a.hint === 'string' && a.hint.trim() ? { hint: a.hint.trim() } : {}),
  };
}

/** The text to run on: the selections (in order), else the whole document. */
function inputOf(editor: vscode.TextEditor): { text: string; source: string; selection: boolean } {
  const doc = editor.document;
  const selected = editor.selections.filter((s) => !s.isEmpty).sort((a, b) => a.start.compareTo(b.start));
  const source = path.basename(doc.uri.path) || doc.uri.toString();
  if (selected.length) return { text: selected.map((s) => doc.getText(s)).join('\n\n'), source, selection: true };
  return { text: doc.getText(), source, selection: false };
}

/** The editor to read: the active one, or the document the context menu was opened on. */
async function editorFor(arg: unknown): Promise<vscode.TextEditor | undefined> {
  const active = vscode.window.activeTextEditor;
  if (arg instanceof vscode.Uri && active?.document.uri.toString() !== arg.toString()) {
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(arg));
  }
  return active;
}

/**
 * "Interview Lens: Run Skill with a Hint…": the same run, after asking for extra instructions the
 * skill reads as input.hints (e.g. "the deadline is Friday", "I met her at the meetup").
 */
export async function runSkillWithHintCommand(deps: RunSkillDeps, arg?: unknown): Promise<RunSkillOutcome | undefined> {
  const hint = await vscode.window.showInputBox({
    title: vscode.l10n.t('Run Skill with a Hint'),
    prompt: vscode.l10n.t('Extra instructions for the skill (it reads them as input.hints). Leave empty for none.'),
    placeHolder: vscode.l10n.t('e.g. the deadline is Friday; I met her at the meetup'),
    ignoreFocusOut: true,
  });
  if (hint === undefined) return undefined;
  const base = arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? arg as Record<string, unknown> : {};
  return runSkillCommand(deps, arg instanceof vscode.Uri ? arg : { ...base, hint });
}

/**
 * "Interview Lens: Run Skill…": runs a declarative skill on the selection (or the whole file).
 * The skill is picked (or routed), then run as a dry run that writes nothing; its planned actions
 * are shown, and only Apply writes them, in one transaction, from that same plan (no second
 * model call). Scripted skills are refused: no workspace code runs.
 */
export async function runSkillCommand(deps: RunSkillDeps, arg?: unknown): Promise<RunSkillOutcome | undefined> {
  const options = optionsOf(arg);
  const editor = await editorFor(arg);
  if (!editor) {
    void showError(vscode.l10n.t('Open a file or select some text, then run "Run Skill…" again.'));
    return undefined;
  }
  const input = inputOf(editor);
  if (input.text.trim() === '') {
    void showError(vscode.l10n.t('There is no text to run a skill on: select some text or open a file that has some.'));
    return undefined;
  }
  const log = deps.host.log;
  const loaded = await deps.catalog.load();
  for (const p of loaded.problems) log.warn(`skills: ${p.file}: ${p.message}`);
  for (const s of loaded.skills.filter((x) => !x.valid)) log.warn(`skills: ${s.name} is invalid: ${s.problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`).join('; ')}`);

  let picked: LoadedSkill | undefined;
  let chain: LoadedChain | undefined;
  if (options.chain !== undefined) {
    chain = loaded.chains.find((c) => c.name === options.chain);
    if (!chain?.manifest) {
      void showError(chain
        ? vscode.l10n.t('Chain "{0}" is invalid: {1} (line {2}). Fix {3} first.', chain.name, chain.problems[0]?.message ?? '', chain.problems[0]?.line ?? 1, vscode.workspace.asRelativePath(chain.file))
        : vscode.l10n.t('There is no chain named "{0}". Chains: {1}', options.chain, loaded.chains.map((c) => c.name).join(', ') || vscode.l10n.t('none')));
      return undefined;
    }
  } else if (options.skill !== undefined) {
    picked = loaded.skills.find((s) => s.name === options.skill);
    if (!picked) {
      void showError(vscode.l10n.t('There is no skill named "{0}". Skills: {1}', options.skill, loaded.skills.map((s) => s.name).join(', ')));
      return undefined;
    }
    const reason = unavailableReason(picked);
    if (reason) {
      void explainUnavailable(picked, reason);
      return undefined;
    }
  } else if (options.apply === undefined) {
    const choice = await pickSkill(loaded.skills, loaded.chains);
    if (!choice) return undefined;
    if ('chain' in choice) chain = choice.chain;
    else if (!choice.auto) picked = choice.skill;
  }

  let engine: RunEngine;
  try {
    engine = await createRunEngine(await readEngineSettings(deps.context.secrets, editor.document.uri));
  } catch (err) {
    const problem = engineProblem(err);
    if (!problem) throw err;
    log.warn(`run skill: the engine cannot run: ${problem.message}`);
    void showEngineProblem(vscode.l10n.t('Cannot run the skill: {0}', problem.message), problem.fix);
    return undefined;
  }

  const url = URL_ONLY.test(input.text.trim()) ? input.text.trim() : undefined;
  const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri) ?? vscode.workspace.workspaceFolders?.[0];
  const workspaceRoot = folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined;
  // One version per skill: a canary pair gives this input the same version every time.
  const runnable = pickVersions(loaded.skills.filter((s) => !unavailableReason(s)), requestIdOf(input.text));
  const skillInput = { text: input.text, source: input.source, ...(url ? { url, kind: 'link' as const } : {}), ...(options.hint ? { hints: options.hint } : {}), ...(picked ? { requestedSkill: picked.name } : {}) };
  const runDeps = (signal: AbortSignal, store: RecordsStore) => ({
    records: store, ...(engine.llm ? { llm: engine.llm } : {}), signal, now: () => new Date(), dryRun: true, ...(workspaceRoot ? { workspaceRoot } : {}),
    // A script is code: built-in ones ship with the extension; a workspace's runs only when the workspace is trusted.
    trusted: vscode.workspace.isTrusted, logger: channelLogger(log),
  });
  if (chain) return runChainFlow(deps, options, chain, runnable, skillInput, runDeps, engine, workspaceRoot);

  let dry: { route: RouteDecision; skill: LoadedSkill; result: ManifestRunResult; trace: SkillRunTrace; store: RecordsStore };
  try {
    dry = await withAbortableProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: running a skill (dry run)…'), cancellable: true },
      async (progress, signal) => {
        const store = await deps.records.open();
        const traced = await traceSkillRun({
          skills: runnable, ...(picked ? { explicit: picked.name } : {}), input: skillInput, deps: runDeps(signal, store),
          check: (skill) => refuseUnrunnable(skill, engine, deps, arg),
          onProgress: (stage, skill) => progress.report({ message: stage === 'route' ? vscode.l10n.t('choosing a skill…') : skill }),
        });
        const route = traced.trace.route.decision;
        if (!picked) log.info(`run skill: routed to ${route.skill} (${route.how}: ${route.reason})`);
        return { route, skill: traced.skill, result: traced.result, trace: traced.trace, store };
      },
    );
  } catch (err) {
    reportFailure(err, deps, picked?.name);
    return undefined;
  }

  const { route, skill, result, trace, store } = dry;
  for (const w of result.warnings) log.warn(`run skill ${skill.name}: ${w}`);
  log.info(`run skill ${skill.name} v${result.version}: dry run planned ${result.planned.length} actions (output by ${result.producedBy}, ${result.usage.inputTokens + result.usage.outputTokens} tokens)`);
  const outcome = (status: RunSkillOutcome['status'], runId?: string): RunSkillOutcome => ({
    skill: skill.name, version: result.version, route, status,
    planned: result.planned.map((p) => ({ op: p.op, primitive: p.primitive, kind: p.kind, id: p.id, ref: p.ref, params: p.params })),
    ...(runId ? { runId } : {}), warnings: result.warnings, producedBy: result.producedBy,
  });
  if (result.status === 'invalid') {
    void showWarning(vscode.l10n.t('{0} wrote nothing: {1}', skill.name, result.warnings[0] ?? vscode.l10n.t('its output was not valid')));
    return outcome('invalid');
  }
  if (options.apply === false) return outcome('dry_run');
  const decision = options.apply === true ? 'apply' : await reviewPlan(skill.name, result.planned, result.warnings, route.how === 'explicit' ? undefined : route);
  if (decision !== 'apply') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing was written.'));
    return outcome('cancelled');
  }

  try {
    // The plan the user saw is what is written, audited with the model's raw output(s): the core
    // plans each action again inside the transaction and refuses (StalePlanError) if another
    // window or the CLI changed those records.
    const applied = await applySkillTrace(trace, store, { reviewed: options.apply === true ? 'automation' : 'user', ...(workspaceRoot ? { workspaceRoot } : {}) });
    deps.records.changed();
    const created = result.planned.filter((p) => p.op === 'create').length;
    const updated = result.planned.filter((p) => p.op === 'update').length;
    log.info(`run skill ${skill.name}: applied in run ${applied.runId} (${created} new, ${updated} updated)`);
    const show = vscode.l10n.t('Show in Job Search');
    // A scripted skill's own summary (summary_md) says what it found, in its words.
    const said = result.summaryMd ? ` ${result.summaryMd.replace(/\s+/g, ' ').trim()}` : '';
    // A key the model echoed was replaced before it was stored: the user learns it was there.
    const redacted = result.redacted ? ` ${vscode.l10n.t('{0} secret(s) in the model\'s reply (API keys or tokens) were replaced by [redacted] before anything was stored.', result.redacted)}` : '';
    void vscode.window.showInformationMessage(vscode.l10n.t('{0}: {1} new and {2} updated records.', skill.name, created, updated) + redacted + said, show)
      .then((c) => c === show && deps.revealRecords());
    return outcome('applied', applied.runId);
  } catch (err) {
    if (err instanceof ActionsFailedError && err.reason instanceof StalePlanError) {
      const again = vscode.l10n.t('Run Again');
      void showWarning(vscode.l10n.t('Nothing was written: the records changed since the dry run (another window or the command line wrote them). Run the skill again to see a fresh plan.'), again)
        .then((c) => {
          if (c === again) void runSkillCommand(deps, { skill: skill.name });
        });
      return outcome('cancelled');
    }
    reportFailure(err, deps, skill.name);
    return undefined;
  }
}

/**
 * Run Skill… on a chain: every step dry-run (a step's skill refused as on its own), the steps'
 * plans reviewed together, then, on Apply, each step's plan written in its own transaction in
 * order, as the CLI writes a chain. A step whose records changed since the dry run (another window, the CLI) stops there.
 */
async function runChainFlow(
  deps: RunSkillDeps, options: RunSkillOptions, chain: LoadedChain, runnable: readonly LoadedSkill[],
  input: { text: string; source: string; url?: string; kind?: 'link' },
  runDeps: (signal: AbortSignal, store: RecordsStore) => Parameters<typeof traceChainRun>[0]['deps'],
  engine: RunEngine, workspaceRoot: string | undefined,
): Promise<RunSkillOutcome | undefined> {
  const log = deps.host.log;
  let dry: { trace: ChainRunTrace; store: RecordsStore };
  try {
    dry = await withAbortableProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Interview Lens: running chain {0} (dry run)…', chain.name), cancellable: true },
      async (progress, signal) => {
        const store = await deps.records.open();
        const { trace } = await traceChainRun({
          chain, skills: runnable, input, deps: runDeps(signal, store),
          check: (skill) => refuseUnrunnable(skill, engine, deps, { skill: skill.name }), onStep: (skill) => progress.report({ message: skill }),
        });
        return { trace, store };
      },
    );
  } catch (err) {
    reportFailure(err, deps, chain.name);
    return undefined;
  }
  const { trace, store } = dry;
  const planned = trace.steps.flatMap((s) => (s.report.status === 'dry_run' ? s.trace?.planned ?? [] : []));
  const warnings = trace.steps.flatMap((s) => [...(s.trace?.warnings ?? []), ...(s.report.error ? [`${s.report.skill}: ${s.report.error}`] : [])]);
  log.info(`run chain ${chain.name}: dry run ${trace.status}, ${planned.length} actions planned over ${trace.steps.length} steps`);
  const outcome = (status: RunSkillOutcome['status'], runIds: ReadonlyMap<number, string> = new Map()): RunSkillOutcome => ({
    skill: chain.name, version: 0, route: { skill: chain.name, how: 'explicit', reason: 'a chain named by the caller', candidates: [chain.name] }, status,
    planned: planned.map((p) => ({ op: p.op, primitive: p.primitive, kind: p.kind, id: p.id, ref: p.ref, params: p.params })),
    ...(runIds.size ? { runId: [...runIds.values()][0] } : {}), warnings, producedBy: engine.llm ? 'model' : 'offline',
    chain: { name: chain.name, steps: trace.steps.map((s) => ({ skill: s.report.skill, status: s.report.status, ...(runIds.has(s.report.index) ? { runId: runIds.get(s.report.index) } : {}), ...(s.report.error ? { error: s.report.error } : {}) })) },
  });
  if (trace.status === 'failed') {
    const at = trace.steps.find((s) => s.report.status === 'failed' || s.report.status === 'invalid');
    void showWarning(vscode.l10n.t('Chain {0} wrote nothing: step {1} ({2}) failed: {3}', chain.name, (at?.report.index ?? 0) + 1, at?.report.skill ?? '?', at?.report.error ?? at?.error ?? ''));
    return outcome('invalid');
  }
  if (options.apply === false) return outcome('dry_run');
  const decision = options.apply === true ? 'apply' : await reviewPlan(chain.name, planned, warnings, undefined);
  if (decision !== 'apply') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing was written.'));
    return outcome('cancelled');
  }
  const result = await applyChainTrace(trace, store, { reviewed: options.apply === true ? 'automation' : 'user', ...(workspaceRoot ? { workspaceRoot } : {}) });
  const runIds = new Map(result.written.map((w) => [w.index, w.outcome.runId]));
  if (result.written.length) deps.records.changed();
  if (result.failed) {
    const f = result.failed;
    const stale = f.error instanceof ActionsFailedError && f.error.reason instanceof StalePlanError;
    log.warn(`run chain ${chain.name}: step ${f.index + 1} (${f.skill}) not written: ${f.error instanceof Error ? f.error.message : String(f.error)}`);
    const steps = result.written.map((w) => String(w.index + 1)).join(', ') || vscode.l10n.t('none');
    const why = stale ? vscode.l10n.t('the records changed since the dry run (another window or the command line wrote them)') : f.error instanceof Error ? f.error.message : String(f.error);
    void showWarning(vscode.l10n.t('{0}: steps written: {1}. Step {2} ({3}) was not written: {4}. Dry-run the chain again to plan the rest.', chain.name, steps, f.index + 1, f.skill, why));
    return outcome(result.written.length ? 'applied' : 'cancelled', runIds);
  }
  log.info(`run chain ${chain.name}: applied ${result.written.length} steps (${[...runIds.values()].join(', ')})`);
  const show = vscode.l10n.t('Show in Job Search');
  void vscode.window.showInformationMessage(vscode.l10n.t('{0}: each step written in its own transaction (steps {1}).', chain.name, result.written.map((w) => String(w.index + 1)).join(', ') || vscode.l10n.t('none')), show)
    .then((c) => c === show && deps.revealRecords());
  return outcome('applied', runIds);
}

/** Refuses, before any model call, what this version cannot or must not run. */
function refuseUnrunnable(skill: LoadedSkill, engine: RunEngine, deps: RunSkillDeps, arg: unknown): void {
  // A text routed (or picked) to a skill that cannot run here can still be kept, offline, as a note.
  const note = vscode.l10n.t('Keep as a Note');
  const asNote = skill.name !== 'capture_note' && !optionsOf(arg).skill;
  const keepAsNote = asNote ? [{ label: note, run: () => runSkillCommand(deps, { skill: 'capture_note' }) }] : [];
  if (skill.script && !skill.builtIn && !vscode.workspace.isTrusted) {
    throw new Refusal(vscode.l10n.t('"{0}" runs a script ({1}), and scripts run only in a trusted workspace: trust this workspace (Workspaces: Manage Workspace Trust) to run it. Nothing ran.', skill.name, path.basename(skill.script)), keepAsNote);
  }
  if (!engine.llm && !skill.script && !skill.manifest!.offline) {
    const open = vscode.l10n.t('Open Settings');
    throw new Refusal(
      vscode.l10n.t('"{0}" needs a model engine and the engine is offline: choose one in the setting interviewLens.engine (nothing was written).', skill.name),
      [
        { label: open, run: () => vscode.commands.executeCommand('workbench.action.openSettings', ENGINE_SETTING) },
        ...keepAsNote,
      ],
    );
  }
}

/** One notification for a run that stopped, with the button that helps when there is one. */
function reportFailure(err: unknown, deps: RunSkillDeps, skill: string | undefined): void {
  const log = deps.host.log;
  const name = skill ?? vscode.l10n.t('the skill');
  if (err instanceof CancelledError || isCancelledLlm(err) || (err instanceof LlmError && err.kind === 'cancelled')) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Cancelled. Nothing was written.'));
    return;
  }
  if (err instanceof Refusal) {
    log.warn(`run skill: ${err.message}`);
    void showError(err.message, ...err.buttons.map((b) => b.label)).then((c) => err.buttons.find((b) => b.label === c)?.run());
    return;
  }
  const problem = engineProblem(err);
  if (problem) {
    log.warn(`run skill ${name}: ${problem.message}`);
    void showEngineProblem(vscode.l10n.t('Cannot run {0}: {1}', name, problem.message), problem.fix);
    return;
  }
  if (err instanceof RouteError || err instanceof ManifestRunError || err instanceof ScriptError) {
    log.warn(`run skill: ${err.message}`);
    void showError(vscode.l10n.t('Cannot run {0}: {1}', name, err.message));
    return;
  }
  if (err instanceof TemplateError || err instanceof ActionInputError || (err instanceof RecordsError && err.code !== 'restricted')) {
    log.warn(`run skill ${name}: ${err.message}`);
    void showError(vscode.l10n.t('{0} could not plan its actions: {1}. Fix the skill.yaml; nothing was written.', name, errorText(err)));
    return;
  }
  if (err instanceof ActionsFailedError) {
    log.error(`run skill ${name}: ${err.message}`);
    void showError(vscode.l10n.t('{0} wrote nothing: {1}', name, err.message));
    return;
  }
  if (err instanceof StoreError) {
    log.error(`records: ${err.message}`);
    void showError(vscode.l10n.t('Interview Lens cannot use its records file ({0}). Nothing was written.', err.message));
    return;
  }
  log.error(`run skill ${name} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  const show = vscode.l10n.t('Show log');
  void showError(vscode.l10n.t('Interview Lens could not run {0}: {1}', name, err instanceof Error ? err.message : String(err)), show)
    .then((c) => c === show && log.show());
}
