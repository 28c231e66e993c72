/**
 * `interview-lens skills list|validate`, `run [SKILL] --input FILE|-` and `records [KIND]`: the
 * declarative skills from the built-in folder and the current folder (as the workspace), run
 * through the same runtime as in VS Code, writing to the CLI's records file.
 */
import { dryRunFooter, planVerb } from './planLines';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, type LoadedChain, type LoadedSkill, type SkillManifest } from '../core/skills/manifest';
import { runChain, type ChainCodeSkills } from '../core/skills/run/runChain';
import { CODE_SKILL_NAMES } from '../core/builtin/codeSkills/codeSkills';
import { pickVersions, requestIdOf } from '../core/skills/routing/canary';
import { runLoadedSkill } from '../core/skills/run/runLoadedSkill';
import { openSkillHost, type ManifestSkillHost } from '../core/skills/run/skillHost';
import type { RunSkillOutput } from '../core/skills/run/runSkillTool';
import type { Core } from '../core/services';
import type { CassetteRecorder } from '../core/replay/cassetteRecorder';
import { CancelledError } from '../core/runtime/abort';
import { silentLogger, type Logger } from '../core/runtime/logger';
import { runInlineTests, type InlineTestResult } from '../core/skills/run/inlineTests';
import { checkActionParamsSchema, checkTemplateSyntax } from '../core/skills/run/manifestChecks';
import type { ManifestInput, ManifestRunDeps } from '../core/skills/run/runManifestSkill';
import { RecordsStore } from '../core/records/recordsStore';
import { privateSkillDirs } from '../core/skills/catalog/privateSkillDirs';
import { recordDetails, recordName } from '../core/records/recordSummary';
import type { RecordRow } from '../core/records/rows';
import { ENTITY_KINDS, type EntityKind } from '../core/records/schema';
import type { LlmProvider } from '../core/llm/provider';
import { AUDIO_EXTENSIONS, type SttProvider, type SttResult } from '../core/diagnosis/speech/stt';
import { parseTranscript } from '../core/diagnosis/transcript/parse';
import { TranscriptError } from '../core/diagnosis/transcript/model';
import { errorLine, UsageError } from './io';

/** Workspace folders skills are read from (relative to the current folder), as in VS Code's default setting. */
export const WORKSPACE_SKILL_DIRS = ['skills', path.join('.interview-lens', 'skills')];

/** The built-in skills folder next to the bundle (dist/../skills) or the source tree. */
export function builtInSkillsDir(): string {
  const candidates = [path.resolve(__dirname, '..', 'skills'), path.resolve(__dirname, '..', '..', 'skills')];
  return candidates.find((c) => fs.existsSync(path.join(c, 'capture_note', 'skill.yaml'))) ?? candidates[0];
}

/** The current folder's skill folders, then the private ones of SKILLS_DIR (the spec's private skills folder outside the repository). */
function workspaceSkillDirs(cwd: string, builtIn: string): string[] {
  const dirs = [...WORKSPACE_SKILL_DIRS.map((d) => path.join(cwd, d)), ...privateSkillDirs(process.env)];
  return [...new Set(dirs.map((d) => path.resolve(d)))].filter((d) => fs.existsSync(d) && d !== path.resolve(builtIn));
}

/** Every skill the CLI sees from `cwd`: built-in ones, then the workspace's and SKILLS_DIR's. */
export async function cliSkills(cwd: string): Promise<{ skills: LoadedSkill[]; chains: LoadedChain[]; problems: string[] }> {
  const builtIn = builtInSkillsDir();
  const workspace = workspaceSkillDirs(cwd, builtIn);
  const result = await loadSkillFolders([builtIn, ...workspace], { builtInDirs: [builtIn], checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema, knownSkillNames: CODE_SKILL_NAMES });
  return { skills: result.skills, chains: result.chains, problems: result.problems.map((p) => `${p.file}: ${p.message}`) };
}

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/** `skills list` / `skills validate` / `skills test`; returns the exit code (validate: 2 when a skill is invalid; test: 1 when a case fails). */
export async function skillsCommand(sub: string | undefined, json: boolean, cwd: string, io: Io, options: { name?: string; trust?: boolean } = {}): Promise<number> {
  if (sub !== 'list' && sub !== 'validate' && sub !== 'test') throw new UsageError('skills needs list, validate or test: interview-lens skills list|validate [--json], interview-lens skills test [NAME] [--json]');
  if (sub !== 'test' && options.name !== undefined) throw new UsageError(`unexpected arguments: ${options.name}`);
  const { skills, chains } = await cliSkills(cwd);
  if (sub === 'test') return testSkills(skills, json, cwd, io, options);
  const shown = (file: string) => path.relative(cwd, file) || file;
  if (json) {
    io.stdout(`${JSON.stringify([
      ...skills.map((s) => ({
        kind: 'skill', name: s.name, valid: s.valid, builtIn: s.builtIn, file: shown(s.file), version: s.manifest?.version, description: s.manifest?.description,
        enabled: s.manifest?.enabled ?? true, scripted: !!s.script, problems: s.problems.map((p) => ({ ...p, file: shown(p.file) })),
      })),
      ...chains.map((c) => ({
        kind: 'chain', name: c.name, valid: !!c.manifest, file: shown(c.file), description: c.manifest?.description, steps: c.manifest?.steps.length,
        problems: c.problems.map((p) => ({ ...p, file: shown(p.file) })),
      })),
    ], null, 2)}\n`);
  } else if (sub === 'list') {
    for (const s of skills) {
      const state = !s.valid ? 'INVALID' : s.manifest?.enabled === false ? 'off' : 'ok';
      io.stdout(`${s.name.padEnd(22)} ${state.padEnd(8)} v${s.manifest?.version ?? '?'} ${s.builtIn ? 'built-in ' : 'workspace'}  ${(s.manifest?.description ?? s.problems[0]?.message ?? '').replace(/\s+/g, ' ').slice(0, 90)}\n`);
    }
    for (const c of chains) io.stdout(`${c.name.padEnd(22)} ${(c.manifest ? 'ok' : 'INVALID').padEnd(8)} chain    ${(c.manifest?.description ?? c.problems[0]?.message ?? `${c.manifest?.steps.length ?? 0} steps`).replace(/\s+/g, ' ').slice(0, 90)}\n`);
  } else {
    for (const s of [...skills, ...chains]) for (const p of s.problems) io.stdout(`${shown(p.file)}:${p.line}:${p.column}: ${p.severity}: ${p.message}\n`);
    const tally = (n: number, noun: string, bad: number) => `${n} ${noun}${n === 1 ? '' : 's'}: ${n - bad} valid, ${bad} invalid`;
    const skillsLine = tally(skills.length, 'skill', skills.filter((s) => !s.valid).length);
    io.stdout(`${chains.length ? `${skillsLine}; ${tally(chains.length, 'chain', chains.filter((c) => !c.manifest).length)}` : skillsLine}\n`);
  }
  return sub === 'validate' && (skills.some((s) => !s.valid) || chains.some((c) => !c.manifest)) ? 2 : 0;
}

/** `skills test [NAME]`: the inline tests of every skill (or of NAME), offline; exit 1 when one fails. */
async function testSkills(skills: LoadedSkill[], json: boolean, cwd: string, io: Io, options: { name?: string; trust?: boolean }): Promise<number> {
  const named = options.name !== undefined ? skills.filter((s) => s.name === options.name) : skills;
  if (options.name !== undefined && named.length === 0) throw new UsageError(`no skill named "${options.name}"; skills: ${skills.map((s) => s.name).join(', ')}`);
  const broken = named.find((s) => !s.valid && options.name !== undefined);
  if (broken) throw new UsageError(`skill "${broken.name}" is invalid: ${broken.problems[0]?.message ?? ''} (run "interview-lens skills validate")`);
  const results: InlineTestResult[] = [];
  for (const skill of named.filter((s) => s.valid && s.manifest?.tests?.length)) {
    results.push(...await runInlineTests(skill, { trusted: options.trust ?? false, logger: silentLogger, signal: new AbortController().signal, workspaceRoot: cwd }));
  }
  const failed = results.filter((r) => r.status === 'fail').length;
  if (json) {
    io.stdout(`${JSON.stringify(results, null, 2)}\n`);
  } else if (results.length === 0) {
    io.stdout(`${options.name ? `skill "${options.name}" has` : 'no skill has'} no inline tests (add them under tests: in its skill.yaml)\n`);
  } else {
    for (const r of results) {
      io.stdout(`${r.status === 'pass' ? 'PASS' : 'FAIL'}  ${r.skill} / ${r.name}\n`);
      for (const d of r.differences) io.stdout(`        ${d}\n`);
    }
    io.stdout(`${results.length} test${results.length === 1 ? '' : 's'}: ${results.length - failed} passed, ${failed} failed\n`);
  }
  return failed ? 1 : 0;
}

/** What `run` is given. */
export interface RunArgs {
  skill?: string;
  input: string;
  dryRun: boolean;
  json: boolean;
  cwd: string;
  recordsFile: string;
  llm?: LlmProvider;
  signal: AbortSignal;
  /** --trust: the user trusts this folder's scripts. */
  trust: boolean;
  logger: Logger;
  /** The core whose run_skill tool runs a single skill (so the run can be recorded), and whose code skills chains may run. */
  core: Pick<Core, 'tools' | 'context' | 'skills'>;
  /** --record: receives the run's calls; told which skill ran once it is routed. */
  recorder?: CassetteRecorder;
  /** Speech-to-text from the environment, for an audio input (throws SttError naming what to set when none is). */
  stt?: () => SttProvider;
  /** --hint: the user's extra instructions (input.hints). */
  hints?: string;
  /** --explain-route: say which routing step chose the skill and why. */
  explainRoute?: boolean;
}

/** Images a skill may be given as a file (kind image). */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.gif'];

/** What `run` hands the skill: the text, what kind of input it is, and the file when it is one. */
interface RunInput {
  text: string;
  kind?: 'image' | 'audio';
  /** The file, relative to the current folder (the workspace). */
  path?: string;
  source: string;
}

/**
 * The input of `run`: standard input or a text file as text; a recording transcribed with the
 * configured speech-to-text (kind audio); an image as itself (kind image), which a skill keeps
 * as an attachment. Its `source` is the image's path in the workspace, which is what
 * capture_note attaches.
 */
async function runInputOf(args: RunArgs, readStdin: () => string): Promise<RunInput> {
  if (args.input === '-') return { text: readStdin(), source: 'stdin' };
  const full = path.resolve(args.cwd, args.input);
  const ext = path.extname(full).toLowerCase();
  const shown = path.relative(args.cwd, full).split(path.sep).join('/');
  if (!IMAGE_EXTENSIONS.includes(ext) && !AUDIO_EXTENSIONS.includes(ext)) return { text: readInput(args.input, args.cwd), source: path.basename(args.input) };
  if (!fs.existsSync(full)) throw new UsageError(`file not found: ${args.input} (check the path)`);
  if (IMAGE_EXTENSIONS.includes(ext)) {
    if (shown.startsWith('../') || path.isAbsolute(shown)) throw new UsageError(`${args.input} is outside the current folder: a skill keeps an image as an attachment of the workspace, so run from a folder that holds it`);
    return { text: `Image: ${path.basename(full)}`, kind: 'image', path: shown, source: shown };
  }
  // A recording: transcribed as `diagnose` does, then read as plain text (one line per turn).
  const ctx = args.core.context({ caller: 'cli', signal: args.signal, workspaceRoot: path.dirname(full), ...(args.stt ? { stt: args.stt } : {}) });
  const stt = await args.core.tools.execute<SttResult>('transcribe_audio', { path: path.basename(full) }, ctx);
  if (!stt.success) {
    if (stt.error!.code === 'cancelled') throw new CancelledError();
    throw new UsageError(stt.error!.message);
  }
  let text: string;
  try {
    text = parseTranscript(stt.data!.text, { format: stt.data!.format }).turns.map((t) => t.text.trim()).filter(Boolean).join('\n');
  } catch (err) {
    if (err instanceof TranscriptError) throw new UsageError(`${args.input}: the transcription could not be read (${err.message})`);
    throw err;
  }
  if (text.trim() === '') throw new UsageError(`${args.input}: speech-to-text heard no words in it`);
  return { text, kind: 'audio', path: shown, source: path.basename(full) };
}

/** The skill host of a CLI run: built-in skills and the current folder's, writing to the CLI's records file. */
export async function cliSkillHost(cwd: string, options: { recordsFile?: string; trusted: boolean; allowWrites: boolean }): Promise<ManifestSkillHost & { close(): void }> {
  const builtIn = builtInSkillsDir();
  const workspace = workspaceSkillDirs(cwd, builtIn);
  return openSkillHost({ dirs: [builtIn, ...workspace], builtInDirs: [builtIn], ...(options.recordsFile ? { recordsFile: options.recordsFile } : {}), trusted: options.trusted, allowWrites: options.allowWrites });
}

/** `run [SKILL] --input FILE|-`: routes when no skill is named, then runs (or dry-runs) it. */
export async function runCommand(args: RunArgs, readStdin: () => string, io: Io): Promise<number> {
  const given = await runInputOf(args, readStdin);
  const { text, source } = given;
  if (text.trim() === '') throw new UsageError('the input is empty: give a file with --input FILE, or text on standard input with --input -');
  const host = await cliSkillHost(args.cwd, { recordsFile: args.recordsFile, trusted: args.trust, allowWrites: true });
  const { chains } = await cliSkills(args.cwd);
  const chain = args.skill ? chains.find((c) => c.name === args.skill) : undefined;
  if (chain) {
    if (args.recorder) throw new UsageError(`--record records one skill's run; run the steps of chain "${chain.name}" one by one to record them`);
    if (!chain.manifest) throw new UsageError(`chain "${chain.name}" is invalid: ${chain.problems[0]?.message ?? ''} (run "interview-lens skills validate")`);
    const records = await host.records();
    const valid = pickVersions(host.skills().filter((s) => s.valid && s.manifest), requestIdOf(text));
    const byManifest = new Map(valid.map((s) => [s.manifest!, s]));
    // A step's scripted skill runs under the same trust rule as on its own.
    const runStep = (manifest: SkillManifest, stepInput: ManifestInput, deps: ManifestRunDeps) =>
      runLoadedSkill(byManifest.get(manifest)!, stepInput, { ...deps, trusted: args.trust, logger: args.logger });
    // A step may name a built-in code skill (diagnose-transcript): it runs through the core's registry, with the same engine.
    const codeSkills: ChainCodeSkills = {
      has: (name) => args.core.skills.isEnabled(name),
      run: (name, stepInput, o) => args.core.skills.run(name, stepInput, args.core.context({ caller: 'cli', signal: o.signal, workspaceRoot: args.cwd, ...(args.llm ? { llm: args.llm } : {}), ...(args.stt ? { stt: args.stt } : {}) })),
    };
    const report = await runChain(chain.manifest, { text, source }, new Map(valid.map((s) => [s.name, s.manifest!])), {
      records, ...(args.llm ? { llm: args.llm } : {}), signal: args.signal, now: () => new Date(), dryRun: args.dryRun, workspaceRoot: args.cwd,
    }, { runSkill: runStep, codeSkills });
    if (args.json) {
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      for (const st of report.steps) {
        io.stdout(`  ${String(st.index + 1).padStart(2)}${st.onError ? ' (on_error)' : ''} ${st.skill.padEnd(18)} ${st.status}${st.attempts > 1 ? ` after ${st.attempts} attempts` : ''}${st.error ? `: ${st.error}` : ''}\n`);
        // A dry run's step is planned after the steps before it, so these are what running the chain would write.
        for (const a of st.actions ?? []) io.stdout(`      ${planVerb(a.op, st.status === 'dry_run')} ${a.primitive.padEnd(18)} ${a.ref}\n`);
      }
      if (report.status === 'dry_run') io.stdout('dry run: nothing was written\n');
    }
    return report.status === 'failed' ? 1 : 0;
  }
  // One skill: through the run_skill tool, so --record captures it as a replayable test.
  const ctx = args.core.context({
    caller: 'cli', signal: args.signal, workspaceRoot: args.cwd, manifestSkills: host,
    ...(args.llm ? { llm: args.llm } : {}), ...(args.recorder ? { recorder: args.recorder } : {}), ...(args.stt ? { stt: args.stt } : {}),
  });
  const run = await args.core.tools.execute<RunSkillOutput>('run_skill', {
    ...(args.skill ? { skill: args.skill } : {}), text, source, now: new Date().toISOString(), dry_run: args.dryRun,
    ...(given.kind ? { kind: given.kind } : {}), ...(given.path ? { path: given.path } : {}), ...(args.hints ? { hints: args.hints } : {}),
  }, ctx);
  if (!run.success) {
    const error = run.error!;
    if (error.code === 'cancelled') throw new CancelledError();
    // With --json, a script reading standard output learns that the run failed and why, too.
    if (args.json) io.stdout(`${JSON.stringify({ status: 'failed', error: { code: error.code, message: error.message } }, null, 2)}\n`);
    if (error.code === 'input_error' || error.code === 'permission_denied') throw new UsageError(error.message);
    io.stderr(errorLine(error.message));
    return 1;
  }
  const result = run.data!;
  args.recorder?.describe({ skill: result.skill, skillHash: host.hash(result.skill) ?? '' });
  if (args.json) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    if (args.explainRoute) io.stdout(explainRoute(result.route));
    io.stdout(`${result.skill} v${result.version} (${result.route.how}: ${result.route.reason})\n`);
    if (result.summaryMd) io.stdout(`${result.summaryMd.trim().replace(/^/gm, '  ')}\n`);
    for (const p of result.planned) io.stdout(`  ${planVerb(p.op, result.dryRun)} ${p.primitive.padEnd(18)} ${summarize(p.params)}\n`);
    if (result.dryRun) io.stdout(`${dryRunFooter(result.planned.map((p) => p.op))}\n`);
    else if (result.status === 'ok') io.stdout(`written in one transaction (run ${result.runId})\n`);
  }
  for (const w of result.warnings) io.stderr(`warning: ${w}\n`);
  return result.status === 'invalid' ? 1 : 0;
}

/** The routing steps in the spec's order, and which one chose (`run --explain-route`). */
export function explainRoute(route: RunSkillOutput['route']): string {
  const steps: Array<[RunSkillOutput['route']['how'], string]> = [
    ['explicit', 'a skill named by the caller'],
    ['match', 'match.keywords / url_patterns / inputs: taken when one skill matches (priority breaks a tie)'],
    ['model', 'a model given every skill\'s name and description chooses one, with a confidence'],
    ['fallback', 'capture_note keeps the input (low confidence, a routing failure, or no model)'],
  ];
  const at = steps.findIndex(([how]) => how === route.how);
  const lines = steps.map(([how, what], i) => `  ${i === at ? '→' : i < at ? '✗' : ' '} ${i + 1}. ${what}${i === at ? `\n       chose ${route.skill}: ${route.reason}${route.confidence !== undefined ? ` (confidence ${route.confidence.toFixed(2)})` : ''}` : ''}`);
  const candidates = route.candidates.length ? `  candidates the prefilter kept: ${route.candidates.join(', ')}\n` : '  the prefilter kept no candidate\n';
  return `route:\n${lines.join('\n')}\n${candidates}`;
}

function summarize(params: Record<string, unknown>): string {
  return Object.entries(params).map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v) : JSON.stringify(v)}`).join(' ').slice(0, 160);
}

function readInput(file: string, cwd: string): string {
  const full = path.resolve(cwd, file);
  try {
    return fs.readFileSync(full, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `file not found: ${file} (check the path)` : `cannot read ${file}: ${(err as Error).message}`);
  }
}

/** The plural a user types for a record kind ("companies", "people", "diagnoses"). */
function pluralOf(kind: EntityKind): string {
  if (kind === 'person') return 'people';
  if (kind === 'diagnosis') return 'diagnoses';
  if (kind === 'company') return 'companies';
  return `${kind}s`;
}

/** The record kind a word names, singular or plural ("company", "companies"); undefined when none does. */
export function recordKindOf(word: string): EntityKind | undefined {
  const w = word.trim().toLowerCase().replace(/-/g, '_');
  return ENTITY_KINDS.find((k) => k === w || pluralOf(k) === w || (k === 'person' && w === 'persons'));
}

/** `records [KIND] [--json]`: what the skills wrote. */
export async function recordsCommand(word: string | undefined, json: boolean, recordsFile: string, io: Io): Promise<number> {
  const kind = word === undefined ? undefined : recordKindOf(word);
  if (word !== undefined && !kind) throw new UsageError(`unknown record kind "${word}": use one of ${ENTITY_KINDS.map(pluralOf).join(', ')} (or the singular: company, person, …)`);
  const kinds: EntityKind[] = kind ? [kind] : [...ENTITY_KINDS];
  if (!fs.existsSync(recordsFile)) {
    if (json) io.stdout(kind ? '[]\n' : '{}\n');
    else io.stdout('no records yet: run a skill first (interview-lens run --input FILE)\n');
    return 0;
  }
  const store = await RecordsStore.open(recordsFile);
  const out: Record<string, unknown[]> = {};
  for (const k of kinds) out[k] = store.list(k);
  if (json) {
    io.stdout(`${JSON.stringify(kind ? out[kind] : out, null, 2)}\n`);
  } else {
    for (const k of kinds) {
      if (out[k].length === 0 && !kind) continue;
      io.stdout(`${k} (${out[k].length})\n`);
      for (const row of out[k] as RecordRow[]) {
        const details = recordDetails(k, row);
        io.stdout(`  ${String(row.id).slice(0, 8)}  ${recordName(k, row)}${details ? `  (${details})` : ''}\n`);
      }
    }
  }
  return 0;
}
