/**
 * The cassette file: JSON Lines, a header line then one line per call in the order the calls
 * finished. Requests and responses are stored redacted; `key` and `repeat` follow canonical.ts.
 */
import * as fs from 'node:fs';
import { writeFileAtomic } from '../store/atomicWrite';
import { redactStrings } from '../runtime/redact';
import { isRecordedFailure } from '../calls/callRecorder';
import type { CallKind } from '../runtime/canonical';

/** The cassette format this code writes. */
export const CASSETTE_FORMAT = 1;
/** Formats this code reads. */
export const SUPPORTED_CASSETTE_FORMATS: readonly number[] = [1];

/** First line of a cassette: what was recorded, with which skill definition and model. */
export interface CassetteHeader {
  type: 'header';
  format: number;
  /** The skill the recorded run executed. */
  skill: string;
  /** skillHash.ts of the skill when recorded; a different hash today makes the cassette stale. */
  skillHash: string;
  /** Engine and model of the recorded run ('offline' / '' when no model was called). */
  engine: string;
  model: string;
  /** ISO time of the recording. */
  createdAt: string;
  /** Absolute tolerance for numbers when tool results are compared; exact when absent. */
  tolerance?: number;
  /** The run's own input, for a flow the replay re-runs as a whole (agent mode: the question). */
  input?: unknown;
}

/** One recorded call: a model call (request LlmRequest, response LlmResponse) or a tool call (request input, response ToolResult). */
export interface CassetteCall {
  type: 'call';
  kind: CallKind;
  /** canonical.ts callKey of the request. */
  key: string;
  /** How many earlier calls of this cassette have the same key (the same request's answers replay in order). */
  repeat: number;
  /** Tool name, or the model call's purpose. */
  name?: string;
  request: unknown;
  response: unknown;
  durationMs: number;
}

/** A parsed cassette. */
export interface Cassette {
  header: CassetteHeader;
  calls: CassetteCall[];
}

/** A cassette that cannot be read: says which file and line, what is wrong and what to do. */
export class CassetteError extends Error {
  constructor(message: string, readonly file?: string, readonly line?: number) {
    super(message);
    this.name = 'CassetteError';
  }
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Parses cassette text; `source` names the file in error messages. */
export function parseCassette(text: string, source = 'cassette'): Cassette {
  const lines = text.split('\n');
  let header: CassetteHeader | undefined;
  const calls: CassetteCall[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    if (raw.trim() === '') continue;
    const where = `${source} line ${i + 1}`;
    const fail = (what: string): never => {
      throw new CassetteError(`${where}: ${what}; re-record the run, or fix or remove that line`, source, i + 1);
    };
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      fail(`not valid JSON (${(err as Error).message})`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) fail('expected a JSON object');
    const v = value as Record<string, unknown>;
    if (!header) {
      if (v.type !== 'header') fail(`the first line must be the header ({"type":"header",…}), found type ${JSON.stringify(v.type)}`);
      header = checkHeader(v, where, source, i + 1);
      continue;
    }
    if (v.type === 'header') fail('a second header; a cassette has one header, on its first line');
    if (v.type !== 'call') fail(`unknown line type ${JSON.stringify(v.type)} (expected "call")`);
    if (v.kind !== 'llm' && v.kind !== 'tool') fail(`"kind" must be "llm" or "tool", found ${JSON.stringify(v.kind)}`);
    if (typeof v.key !== 'string' || !HEX64.test(v.key)) fail('"key" must be a sha256 in hex (64 characters)');
    if (!Number.isInteger(v.repeat) || (v.repeat as number) < 0) fail('"repeat" must be a whole number, 0 or more');
    if (v.name !== undefined && typeof v.name !== 'string') fail('"name" must be a string');
    if (!('request' in v)) fail('the call has no "request"');
    if (!('response' in v)) fail('the call has no "response"');
    if (typeof v.durationMs !== 'number' || !(v.durationMs >= 0)) fail('"durationMs" must be a number, 0 or more');
    if (v.kind === 'tool' && (typeof v.name !== 'string' || !isToolResult(v.response))) {
      fail('a tool call needs the tool "name" and a ToolResult response ({"success": true|false, …})');
    }
    if (v.kind === 'llm' && (!isLlmRequest(v.request) || !(isLlmResponse(v.response) || isRecordedFailure(v.response)))) {
      fail('a model call needs an LlmRequest ({"purpose", "system": [], "messages": [], …}) and an LlmResponse ({"content": [], …}) or the failure it got ({"error": {"kind", "message"}})');
    }
    calls.push(v as unknown as CassetteCall);
  }
  if (!header) throw new CassetteError(`${source}: empty, no header line; re-record the run`, source);
  return { header, calls };
}

function checkHeader(v: Record<string, unknown>, where: string, source: string, line: number): CassetteHeader {
  const fail = (what: string): never => {
    throw new CassetteError(`${where}: ${what}`, source, line);
  };
  if (typeof v.format !== 'number' || !SUPPORTED_CASSETTE_FORMATS.includes(v.format)) {
    fail(`cassette format ${JSON.stringify(v.format)} is not supported; this version reads format ${SUPPORTED_CASSETTE_FORMATS.join(', ')}: update Interview Lens, or re-record the run with this version`);
  }
  for (const field of ['skill', 'skillHash', 'engine', 'model', 'createdAt'] as const) {
    if (typeof v[field] !== 'string') fail(`header field "${field}" must be a string; re-record the run`);
  }
  if (v.tolerance !== undefined && (typeof v.tolerance !== 'number' || !(v.tolerance >= 0))) {
    fail('header field "tolerance" must be a number, 0 or more (an absolute tolerance for numbers in tool results)');
  }
  return v as unknown as CassetteHeader;
}

function isLlmRequest(value: unknown): boolean {
  const r = value as { purpose?: unknown; system?: unknown; messages?: unknown } | null;
  return !!r && typeof r === 'object' && typeof r.purpose === 'string' && Array.isArray(r.system) && Array.isArray(r.messages);
}

function isLlmResponse(value: unknown): boolean {
  const r = value as { content?: unknown } | null;
  return !!r && typeof r === 'object' && Array.isArray(r.content);
}

function isToolResult(value: unknown): boolean {
  return !!value && typeof value === 'object' && typeof (value as { success?: unknown }).success === 'boolean';
}

/** One line of a cassette, redacted (the only way a header or a call becomes text). */
export function cassetteLine(entry: CassetteHeader | CassetteCall): string {
  return JSON.stringify(redactStrings(entry));
}

/** The whole cassette as text. */
export function serializeCassette(cassette: Cassette): string {
  return `${[cassetteLine(cassette.header), ...cassette.calls.map(cassetteLine)].join('\n')}\n`;
}

/** Reads and parses a cassette file; unreadable files are CassetteErrors too. */
export function readCassette(file: string): Cassette {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'not found' : code === 'EISDIR' ? 'is a folder' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new CassetteError(`cannot read cassette ${file}: ${why}`, file);
  }
  return parseCassette(text, file);
}

/** Writes a cassette atomically: a reader sees the old file or the new one, never half of it. */
export function writeCassette(file: string, cassette: Cassette): void {
  writeFileAtomic(file, serializeCassette(cassette));
}
