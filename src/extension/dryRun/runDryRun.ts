import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LoadedSkill } from '../../core/skills/manifest';
import type { LlmProvider } from '../../core/llm/provider';
import type { RecordsStore } from '../../core/records/recordsStore';
import { readCassette, CassetteError } from '../../core/replay';
import type { RecordedLlmCall } from '../../core/calls/callRecorder';
import { recordedSkillRun } from '../../core/replay/recordedRun';
import { pickVersions, requestIdOf } from '../../core/skills/routing/canary';
import type { RunTrace } from '../../core/skills/run/runTrace';
import { hashOfName } from '../../core/skills/run/skillHost';
import { traceChainRun } from '../../core/skills/run/traceChainRun';
import { traceSkillRun } from '../../core/skills/run/traceSkillRun';
import type { ManifestInput } from '../../core/skills/run/runManifestSkill';
import type { RunSkillInput } from '../../core/skills/run/runSkillTool';
import { engineProblem } from '../engines/engineFix';
import { fixAction } from '../engines/engineFix';
import { createRunEngine, readEngineSettings } from '../engines/engineSettings';
import { ENGINE_SETTING } from '../engines/lmConvert';
import { channelLogger } from '../shared/logger';
import type { RecordsHost } from '../records/recordsHost';
import type { SkillCatalog } from '../skills/skillCatalog';
import { unavailableReason } from '../skills/skillPicker';

/** What a dry run runs: a skill, a chain, or whatever routing chooses. */
export type DryRunTarget = { kind: 'route' } | { kind: 'skill'; name: string } | { kind: 'chain'; name: string };

/** What it runs on: a text (the selection, a file), or a recorded run. */
export type DryRunInput =
  | { kind: 'text'; text: string; source: string; /** The document it came from (engine settings' scope, the workspace folder). */ uri?: string; selection: boolean }
  | { kind: 'cassette'; file: string };

/** A dry run to make (and to make again after an edit). */
export interface DryRunRequest { target: DryRunTarget; input: DryRunInput }

/** What a dry run made. */
export interface DryRunOutcome {
  trace: RunTrace;
  /** The model calls as they went out and came back (Record as Test answers from them). */
  exchanges: RecordedLlmCall[];
  store: RecordsStore;
  workspaceRoot?: string;
  /** run_skill's input for the same run (a skill's dry run only). */
  recordInput?: RunSkillInput;
}

/** A button that helps with a refusal. */
export interface FixButton { label: string; run: () => unknown }

/** A dry run that cannot run as asked: the message says why and what to do, the buttons do it. */
export class DryRunRefusal extends Error {
  constructor(message: string, readonly fixes: readonly FixButton[] = []) {
    super(message);
    this.name = 'DryRunRefusal';
  }
}

/** What a dry run needs of the extension. */
export interface DryRunDeps {
  context: vscode.ExtensionContext;
  records: RecordsHost;
  catalog: SkillCatalog;
  log: vscode.LogOutputChannel;
}

/** Cassettes larger than this are not read (a workspace may hold anything). */
const MAX_CASSETTE_BYTES = 64 * 1024 * 1024;
const URL_ONLY = /^https?:\/\/\S+$/;

const openSettings = (): FixButton => ({ label: vscode.l10n.t('Open Settings'), run: () => vscode.commands.executeCommand('workbench.action.openSettings', ENGINE_SETTING) });
const manageTrust = (): FixButton => ({ label: vscode.l10n.t('Manage Workspace Trust'), run: () => vscode.commands.executeCommand('workbench.trust.manage') });

/** The workspace folder of `file` (or the first folder), when it is on disk. */
export function workspaceRootFor(file: string | undefined): string | undefined {
  const uri = file ? vscode.Uri.parse(file) : undefined;
  const folder = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
  return folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined;
}

/** A cassette as the panel names it: a built-in skill's test relative to the extension, else relative to the workspace. */
export function cassetteName(extensionPath: string, file: string): string {
  const builtIn = path.relative(extensionPath, file);
  return !builtIn.startsWith('..') && !path.isAbsolute(builtIn) ? builtIn.split(path.sep).join('/') : vscode.workspace.asRelativePath(file);
}

/** Refuses, before any model call, what this window cannot or must not run. */
function refuseUnrunnable(skill: LoadedSkill, llm: LlmProvider | undefined): void {
  if (skill.script && !skill.builtIn && !vscode.workspace.isTrusted) {
    throw new DryRunRefusal(vscode.l10n.t('"{0}" runs a script ({1}), and scripts run only in a trusted workspace: trust this workspace (Workspaces: Manage Workspace Trust) to run it. Nothing ran.', skill.name, path.basename(skill.script)), [manageTrust()]);
  }
  if (!llm && !skill.script && !skill.manifest!.offline) {
    throw new DryRunRefusal(vscode.l10n.t('"{0}" needs a model engine and the engine is offline: choose one in the setting interviewLens.engine (nothing was written).', skill.name), [openSettings()]);
  }
}

/** The engine for a text input: none offline; a setting or a key that is missing is a refusal with its fix. */
async function engineFor(deps: DryRunDeps, uri: string | undefined): Promise<LlmProvider | undefined> {
  try {
    return (await createRunEngine(await readEngineSettings(deps.context.secrets, uri ? vscode.Uri.parse(uri) : undefined))).llm;
  } catch (err) {
    const problem = engineProblem(err);
    if (!problem) throw err;
    const action = fixAction(problem.fix);
    const fix: FixButton[] = !action ? [] : action.kind === 'command'
      ? [{ label: vscode.l10n.t('Set API Key'), run: () => vscode.commands.executeCommand(action.command) }]
      : [{ label: vscode.l10n.t('Open Settings'), run: () => vscode.commands.executeCommand('workbench.action.openSettings', action.setting) }];
    throw new DryRunRefusal(vscode.l10n.t('Cannot run the skill: {0}', problem.message), fix);
  }
}

/** The recorded run of a cassette file, with its replaying engine. */
function cassetteRun(file: string) {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (err) {
    throw new DryRunRefusal(vscode.l10n.t('Cannot read the cassette {0}: {1}', file, (err as Error).message));
  }
  if (size > MAX_CASSETTE_BYTES) throw new DryRunRefusal(vscode.l10n.t('{0} is larger than a cassette can be (64 MB).', file));
  try {
    const cassette = readCassette(file);
    return { cassette, recorded: recordedSkillRun(cassette, path.basename(file)) };
  } catch (err) {
    if (err instanceof CassetteError) throw new DryRunRefusal(err.message);
    throw err;
  }
}

/**
 * Runs `request` as a dry run and traces it. A text input runs with the configured engine; a
 * cassette's run replays its recorded input, clock and model outputs (no model is asked). The
 * plan is made against this window's records, which are not written.
 */
export async function runDryRun(deps: DryRunDeps, request: DryRunRequest, signal: AbortSignal, onProgress: (what: string) => void): Promise<DryRunOutcome> {
  const loaded = await deps.catalog.load();
  for (const s of loaded.skills.filter((x) => !x.valid)) deps.log.warn(`skills: ${s.name} is invalid: ${s.problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`).join('; ')}`);
  const store = await deps.records.open();
  let input: ManifestInput;
  let llm: LlmProvider | undefined;
  let now: Date;
  let target = request.target;
  let workspaceRoot: string | undefined;
  let replay: { file: string; header: { createdAt: string; engine: string; model: string; skill: string; skillHash: string } } | undefined;
  if (request.input.kind === 'cassette') {
    const { cassette, recorded } = cassetteRun(request.input.file);
    input = { text: recorded.input.text, ...(recorded.input.source ? { source: recorded.input.source } : {}), ...(recorded.input.kind ? { kind: recorded.input.kind } : {}), ...(recorded.input.url ? { url: recorded.input.url } : {}) };
    llm = recorded.llm;
    now = recorded.now;
    target = recorded.input.skill ? { kind: 'skill', name: recorded.input.skill } : { kind: 'route' };
    workspaceRoot = workspaceRootFor(vscode.Uri.file(request.input.file).toString());
    replay = { file: request.input.file, header: cassette.header };
  } else {
    const url = URL_ONLY.test(request.input.text.trim()) ? request.input.text.trim() : undefined;
    input = { text: request.input.text, source: request.input.source, ...(url ? { url, kind: 'link' as const } : {}) };
    llm = await engineFor(deps, request.input.uri);
    now = new Date();
    workspaceRoot = workspaceRootFor(request.input.uri);
  }
  const runnable = pickVersions(loaded.skills.filter((s) => !unavailableReason(s)), requestIdOf(input.text));
  const runDeps = {
    records: store, ...(llm ? { llm } : {}), signal, now: () => now, dryRun: true, ...(workspaceRoot ? { workspaceRoot } : {}),
    // A script is code: built-in ones ship with the extension; a workspace's runs only when the workspace is trusted.
    trusted: vscode.workspace.isTrusted, logger: channelLogger(deps.log),
  };
  if (target.kind === 'chain') {
    const name = target.name;
    const chain = loaded.chains.find((c) => c.name === name);
    if (!chain) throw new DryRunRefusal(vscode.l10n.t('There is no chain named "{0}". Chains: {1}', name, loaded.chains.map((c) => c.name).join(', ') || vscode.l10n.t('none')));
    if (!chain.manifest) throw new DryRunRefusal(vscode.l10n.t('Chain "{0}" is invalid: {1} (line {2}). Fix {3} first.', name, chain.problems[0]?.message ?? '', chain.problems[0]?.line ?? 1, vscode.workspace.asRelativePath(chain.file)));
    onProgress(name);
    const traced = await traceChainRun({ chain, skills: runnable, input, deps: runDeps, check: (skill) => refuseUnrunnable(skill, llm), onStep: (skill) => onProgress(`${name} · ${skill}`) });
    deps.log.info(`dry run of chain ${name}: ${traced.trace.status}, steps ${traced.trace.steps.map((s) => `${s.report.skill} ${s.report.status}`).join(', ')}`);
    return { trace: traced.trace, exchanges: traced.exchanges, store, ...(workspaceRoot ? { workspaceRoot } : {}) };
  }
  if (target.kind === 'skill') {
    const name = target.name;
    const named = loaded.skills.find((s) => s.name === name);
    if (!named) throw new DryRunRefusal(vscode.l10n.t('There is no skill named "{0}". Skills: {1}', name, loaded.skills.map((s) => s.name).join(', ')));
    const reason = unavailableReason(named);
    if (reason) throw new DryRunRefusal(vscode.l10n.t('Skill "{0}" cannot run: {1}', name, reason), [{ label: vscode.l10n.t('Open skill.yaml'), run: () => vscode.window.showTextDocument(vscode.Uri.file(named.file)) }]);
  }
  const traced = await traceSkillRun({
    skills: runnable, ...(target.kind === 'skill' ? { explicit: target.name } : {}), input, deps: runDeps,
    check: (skill) => refuseUnrunnable(skill, llm),
    onProgress: (stage, skill) => onProgress(stage === 'route' ? vscode.l10n.t('choosing a skill…') : skill ?? ''),
  });
  const trace = traced.trace;
  if (replay) {
    const current = hashOfName(loaded.skills, replay.header.skill);
    trace.replay = {
      cassette: cassetteName(deps.context.extensionPath, replay.file), recordedAt: replay.header.createdAt, engine: replay.header.engine, model: replay.header.model,
      stale: current !== undefined && current !== replay.header.skillHash,
    };
  }
  deps.log.info(`dry run of ${trace.skill} v${trace.version} (${trace.route.decision.how}: ${trace.route.decision.reason}): ${trace.status}, ${trace.planned.length} actions planned, ${trace.usage.inputTokens + trace.usage.outputTokens} tokens`);
  const recordInput: RunSkillInput = {
    ...(trace.route.decision.how === 'explicit' ? { skill: trace.skill } : {}), text: input.text,
    ...(input.source ? { source: input.source } : {}), ...(input.url ? { url: input.url, kind: 'link' as const } : {}), now: trace.now,
  };
  return { trace, exchanges: traced.exchanges, store, ...(workspaceRoot ? { workspaceRoot } : {}), recordInput };
}
