/**
 * Records a run into a cassette: calls are kept in memory as redacted lines, and the file is
 * written once, atomically, when the run succeeds (`finish`); a failed or cancelled run leaves
 * nothing behind (`discard`). Cassettes live in `.interview-lens/recordings/` of the workspace.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { redactStrings } from '../runtime/redact';
import { writeFileAtomic } from '../store/atomicWrite';
import type { CallRecorder, RecordedLlmCall, RecordedToolCall } from '../calls/callRecorder';
import { callKey, type CallKind } from '../runtime/canonical';
import { CASSETTE_FORMAT, cassetteLine, type CassetteCall, type CassetteHeader } from './cassette';

/** Where cassettes live, relative to the workspace root. */
export const RECORDINGS_DIR = path.join('.interview-lens', 'recordings');

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * The file of recording `name` under `root`: `<root>/.interview-lens/recordings/<name>.jsonl`.
 * A name is letters, digits, `.`, `_` and `-` (no separators, no `..`), so the file stays in the workspace.
 */
export function recordingPath(root: string, name: string): string {
  const base = name.endsWith('.jsonl') ? name.slice(0, -'.jsonl'.length) : name;
  if (!NAME.test(base) || base.includes('..')) {
    throw new Error(`recording name "${name}" is not allowed: use up to 100 letters, digits, ".", "_" or "-", starting with a letter or digit (no "/", "\\" or "..")`);
  }
  return path.join(path.resolve(root), RECORDINGS_DIR, `${base}.jsonl`);
}

/** What a cassette's header says about the recorded run. */
export interface RecordingInfo {
  skill: string;
  skillHash: string;
  engine: string;
  model: string;
  /** Absolute tolerance for numbers when replayed tool results are compared. */
  tolerance?: number;
  /** The run's input, when the replay re-runs the whole flow (agent mode). */
  input?: unknown;
}

/** A CallRecorder that writes a cassette at the end of a successful run. */
export class CassetteRecorder implements CallRecorder {
  private readonly lines: string[] = [];
  private readonly seen = new Map<string, number>();
  private failure?: string;
  private closed = false;
  /** Where finish() writes: recordingPath(root, name). */
  readonly file: string;

  /** Records into recording `name` of the workspace at `root` (checked here); `clock` stamps the header. */
  constructor(
    private readonly root: string,
    name: string,
    info: RecordingInfo,
    private readonly clock: () => number = Date.now,
  ) {
    this.file = recordingPath(root, name);
    // A copy: describe() completes it, and the caller's object is not ours to change.
    this.info = { ...info };
    this.input = info.input;
  }

  private readonly info: RecordingInfo;
  private input: unknown;

  /**
   * Says what ran once it is known (`ask` learns only at the end whether a skill or the agent
   * answered): the skill and its hash, and the input of a flow the replay re-runs whole.
   */
  describe(run: { skill?: string; skillHash?: string; input?: unknown }): void {
    if (run.skill !== undefined) this.info.skill = run.skill;
    if (run.skillHash !== undefined) this.info.skillHash = run.skillHash;
    if (run.input !== undefined) this.input = run.input;
  }

  /** Why a call could not be recorded (the cassette would be incomplete); undefined while all were. */
  get problem(): string | undefined {
    return this.failure;
  }

  /** Calls recorded so far. */
  get count(): number {
    return this.lines.length;
  }

  recordTool(call: RecordedToolCall): void {
    this.add('tool', call.name, call.input, call.result, call.durationMs);
  }

  recordLlm(call: RecordedLlmCall): void {
    this.add('llm', call.request.purpose, call.request, call.response, call.durationMs);
  }

  private add(kind: CallKind, name: string, request: unknown, response: unknown, durationMs: number): void {
    if (this.closed || this.failure) return;
    try {
      // Serialised now: the run may go on to change the objects it passed, and the line is what
      // the file gets, already redacted.
      const cleanRequest = redactStrings(request);
      const key = callKey(kind, name, cleanRequest);
      const repeat = this.seen.get(key) ?? 0;
      this.seen.set(key, repeat + 1);
      const entry: CassetteCall = { type: 'call', kind, key, repeat, name, request: cleanRequest, response, durationMs: Math.max(0, Math.round(durationMs)) };
      this.lines.push(cassetteLine(entry));
    } catch (err) {
      this.failure = `${kind} call ${this.lines.length + 1} (${name}) could not be recorded: ${(err as Error).message}`;
    }
  }

  /** The cassette text of the calls so far. */
  text(): string {
    const header: CassetteHeader = {
      type: 'header', format: CASSETTE_FORMAT, skill: this.info.skill, skillHash: this.info.skillHash,
      engine: this.info.engine, model: this.info.model, createdAt: new Date(this.clock()).toISOString(),
      ...(this.info.tolerance !== undefined ? { tolerance: this.info.tolerance } : {}),
      ...(this.input !== undefined ? { input: redactStrings(this.input) } : {}),
    };
    return `${[cassetteLine(header), ...this.lines].join('\n')}\n`;
  }

  /** Writes the cassette atomically (the run succeeded) and returns its path; later calls are ignored. */
  finish(): string {
    if (this.closed) throw new Error(`recording ${this.file} is already finished or discarded`);
    this.closed = true;
    if (this.failure) throw new Error(`nothing recorded to ${this.file}: ${this.failure}`);
    assertInsideRoot(path.resolve(this.root), this.file);
    writeFileAtomic(this.file, this.text());
    return this.file;
  }

  /** Drops the calls (the run failed or was cancelled); nothing is written. */
  discard(): void {
    this.closed = true;
    this.lines.length = 0;
    this.seen.clear();
  }
}

/**
 * A recordings folder that is a link out of the workspace would put the file elsewhere: refuse it.
 * Checked at write time, on the nearest existing folder of the path.
 */
function assertInsideRoot(root: string, file: string): void {
  if (!fs.existsSync(root)) throw new Error(`cannot record to ${file}: the workspace folder ${root} does not exist`);
  let dir = path.dirname(file);
  while (!fs.existsSync(dir) && dir.length > root.length) dir = path.dirname(dir);
  const realRoot = fs.realpathSync(root);
  const realDir = fs.realpathSync(dir);
  if (realDir !== realRoot && !realDir.startsWith(realRoot + path.sep)) {
    throw new Error(`${path.dirname(file)} leads outside the workspace (${realDir}): make ${RECORDINGS_DIR} a plain folder of ${root}`);
  }
}
