/**
 * `interview-lens replay [PATH…] [--update] [--json]`: replays recorded runs against today's code
 * and says, per cassette, whether every tool call still gives the recorded result.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Core } from '../core';
import { CassetteError, RECORDINGS_DIR, replayFile, type CassetteReplayResult } from '../core/replay';
import { registeredSkillHashes } from '../core/calls/skillHash';
import type { ManifestSkillHost } from '../core/skills/run/skillHost';
import type { LlmProvider } from '../core/llm/provider';
import { errorLine, safeIo } from './io';

/** The usage line main.ts adds to its help. */
export const REPLAY_USAGE = `  interview-lens replay [PATH]... [--update] [--json] [--trust]
      PATH: a cassette (.jsonl) or a folder (searched with its folders); default ${RECORDINGS_DIR}${path.sep} of the current folder.
      --update rewrites the recorded tool results (and the skill hash) with today's.
      Recorded skill runs (run --record) replay as dry runs on empty records; a workspace skill's script only with --trust.
      Exit codes: 0 all pass, 1 a mismatch, a model request with no recording or a recorded one never asked,
      3 stale cassettes only (the skill changed since recording: re-record), 2 bad input.`;

/** Exit codes of `replay`. */
export const REPLAY_EXIT = { pass: 0, fail: 1, badInput: 2, stale: 3 } as const;

/** Parsed arguments of `replay`. */
export interface ReplayArgs {
  paths: string[];
  update: boolean;
  json: boolean;
  /** Relative paths and the default recordings folder are taken from here. */
  cwd: string;
}

/** What `replay` needs from the CLI: the core (tools, skills, contexts) and the output streams. */
export interface ReplayDeps {
  core: Pick<Core, 'tools' | 'skills' | 'context'> & Partial<Pick<Core, 'skillHash' | 'rerunFlow'>>;
  io: { stdout: (s: string) => void; stderr: (s: string) => void };
  /** Today's hash of a skill's definition; default: the registered code skills (skillHash.ts). */
  skillHash?: (skill: string) => string | undefined;
  /** The declarative skills recorded run_skill calls replay against (dry runs on empty records). */
  manifestSkills?: ManifestSkillHost;
}

/** A cassette that could not be replayed: unreadable or invalid (bad input), or an internal error. */
interface Unreplayed { file: string; status: 'invalid' | 'error'; message: string }

type Outcome = CassetteReplayResult | Unreplayed;

const unreplayed = (o: Outcome): o is Unreplayed => o.status === 'invalid' || o.status === 'error';

/** Runs `replay` and returns its exit code (see REPLAY_USAGE). */
export async function runReplay(args: ReplayArgs, deps: ReplayDeps): Promise<number> {
  const io = safeIo(deps.io);
  let files: string[];
  try {
    files = cassetteFiles(args.paths, args.cwd);
  } catch (err) {
    io.stderr(errorLine((err as Error).message));
    return REPLAY_EXIT.badInput;
  }
  const codeHash = deps.skillHash ?? deps.core.skillHash ?? registeredSkillHashes(deps.core.skills, deps.core.tools);
  // A code skill's hash, else a declarative skill's (its skill.yaml and script).
  const skillHash = (name: string) => codeHash(name) ?? deps.manifestSkills?.hash(name);
  const contextFor: Parameters<typeof replayFile>[1]['contextFor'] = (llm) => ({
    ...deps.core.context({ caller: 'replay', workspaceRoot: args.cwd, ...(deps.manifestSkills ? { manifestSkills: deps.manifestSkills } : {}) }), llm,
  });
  const outcomes: Outcome[] = [];
  for (const file of files) {
    const shown = display(file, args.cwd);
    try {
      const result = await replayFile(file, {
        tools: deps.core.tools, contextFor, currentSkillHash: skillHash, update: args.update,
        // An agent flow sees the skills run_skill lists here, as `ask` did when it was recorded.
        ...(deps.core.rerunFlow ? { rerun: (h: Parameters<NonNullable<Core['rerunFlow']>>[0], llm: LlmProvider) => deps.core.rerunFlow!(h, llm, undefined, deps.manifestSkills ? { manifestSkills: deps.manifestSkills } : {}) } : {}),
      });
      outcomes.push({ ...result, file: shown });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      outcomes.push({ file: shown, status: err instanceof CassetteError ? 'invalid' : 'error', message });
    }
    if (!args.json) io.stdout(describe(outcomes[outcomes.length - 1], args.update));
  }
  if (args.json) io.stdout(`${JSON.stringify(outcomes, null, 2)}\n`);
  else io.stdout(`${summary(outcomes)}\n`);
  return exitCode(outcomes);
}

/** 2 if any cassette was bad input, else 1 if any failed, else 3 if any was stale, else 0. */
function exitCode(outcomes: Outcome[]): number {
  if (outcomes.some((o) => o.status === 'invalid')) return REPLAY_EXIT.badInput;
  if (outcomes.some((o) => o.status === 'fail' || o.status === 'error')) return REPLAY_EXIT.fail;
  if (outcomes.some((o) => o.status === 'stale')) return REPLAY_EXIT.stale;
  return REPLAY_EXIT.pass;
}

/** How deep a folder given to replay is searched (skills/NAME/tests/ is two levels down). */
const MAX_FOLDER_DEPTH = 6;

/**
 * The *.jsonl files in `dir` and its folders, sorted by path: `replay skills/` finds every skill's
 * tests/. Hidden folders and node_modules below it are not entered (name one to replay it), nor are links.
 */
function jsonlBelow(dir: string, depth = 0): string[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.jsonl')).map((e) => path.join(dir, e.name));
  if (depth >= MAX_FOLDER_DEPTH) return files;
  const below = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules').flatMap((e) => jsonlBelow(path.join(dir, e.name), depth + 1));
  return [...files, ...below];
}

/** The cassette files named by `paths` (files, or folders searched for *.jsonl), in order, each once. */
function cassetteFiles(paths: string[], cwd: string): string[] {
  const targets = paths.length ? paths : [path.join(cwd, RECORDINGS_DIR)];
  const out: string[] = [];
  for (const p of targets) {
    const abs = path.resolve(cwd, p);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      throw new Error(paths.length
        ? `not found: ${p} (give a cassette file or a folder of *.jsonl cassettes)`
        : `no recordings: ${abs} does not exist; record a run first, or give cassette files or folders`);
    }
    if (stat.isDirectory()) {
      const found = jsonlBelow(abs);
      if (!found.length) throw new Error(`no *.jsonl cassettes in ${abs} or its folders; record a run first, or give cassette files`);
      out.push(...found);
    } else {
      out.push(abs);
    }
  }
  return [...new Set(out)];
}

function display(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : /(s|ch)$/.test(word) ? 'es' : 's'}`;
const indent = (text: string, by: string) => text.split('\n').map((l) => `${by}${l}`).join('\n');

/** One line for a cassette, then each failing call with its diff or miss message. */
function describe(o: Outcome, update: boolean): string {
  if (unreplayed(o)) return `${o.status.toUpperCase().padEnd(7)} ${o.file}: ${o.message}\n`;
  const lines: string[] = [];
  const { counts } = o;
  const what = plural(counts.calls, 'tool call');
  if (o.updated) {
    lines.push(`UPDATED ${o.file}: ${counts.mismatch ? `${plural(counts.mismatch, 'result')} of ${what} rewritten with today's` : `skill hash brought up to date (all ${what} pass)`}`);
  } else if (o.status === 'pass') {
    lines.push(`PASS    ${o.file}: ${what}`);
  } else if (o.status === 'stale') {
    const problems = [counts.mismatch ? plural(counts.mismatch, 'mismatch') : '', counts.miss ? plural(counts.miss, 'miss') : ''].filter(Boolean).join(', ');
    const fix = counts.miss ? 're-record it (its model calls changed)' : 're-record it, or run replay --update to accept';
    lines.push(`STALE   ${o.file}: skill "${o.stale!.skill}" changed since the recording (${problems ? `${problems} of ${what}` : 'its calls still pass'}); ${fix}`);
  } else {
    const problems = [counts.mismatch ? plural(counts.mismatch, 'mismatch') : '', counts.miss ? plural(counts.miss, 'miss') : ''].filter(Boolean).join(', ');
    lines.push(`FAIL    ${o.file}: ${problems} of ${what}`);
  }
  if (o.message) lines.push(`        ${o.message}`);
  // Updated calls are listed too: the diff says what the rewrite changed.
  if (o.status === 'fail' || (o.status === 'stale' && (counts.mismatch || counts.miss)) || (update && o.updated)) {
    for (const c of o.calls) {
      if (c.status === 'pass') continue;
      lines.push(`  call ${c.index} ${c.kind} ${c.name ?? ''}: ${c.status}`);
      if (c.diff) lines.push(indent(c.diff, '    '));
      if (c.message) lines.push(indent(c.message, '    '));
    }
  }
  return `${lines.join('\n')}\n`;
}

function summary(outcomes: Outcome[]): string {
  const by = (s: string) => outcomes.filter((o) => o.status === s).length;
  const parts = (['pass', 'fail', 'stale', 'invalid', 'error'] as const).filter((s) => by(s)).map((s) => `${by(s)} ${s}`);
  const updated = outcomes.filter((o) => !unreplayed(o) && o.updated).length;
  return `${plural(outcomes.length, 'cassette')}: ${parts.join(', ')}${updated ? ` (${updated} updated)` : ''}`;
}
