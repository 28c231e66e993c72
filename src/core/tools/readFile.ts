import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { decodeTranscript } from '../transcript/readText';
import { TranscriptError } from '../transcript/model';
import { fail, ok, type Tool } from './types';

/** True when `child` is `root` or inside it (both already resolved, symlinks followed). */
export function isInside(root: string, child: string): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Reads a text file inside the workspace; anything outside it (including via symlinks) is refused. */
export const readFile: Tool<{ path: string; maxBytes: number }, { path: string; text: string; bytes: number }> = {
  name: 'read_file',
  description: 'Read a UTF-8 text file inside the current workspace folder. Paths outside the workspace are refused.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 1, description: 'Path relative to the workspace root (or absolute inside it).' },
      maxBytes: { type: 'integer', minimum: 1, maximum: 50_000_000, default: 5_000_000 },
    },
    required: ['path'],
  },
  async execute(input, ctx) {
    if (!ctx.workspaceRoot) return fail('permission_denied', 'no workspace folder is open, so no file may be read');
    const root = await fs.realpath(ctx.workspaceRoot);
    const wanted = path.resolve(root, input.path);
    if (!isInside(root, wanted)) return fail('permission_denied', `${input.path} is outside the workspace folder`);
    let real: string;
    try {
      real = await fs.realpath(wanted);
    } catch {
      return fail('input_error', `${input.path} does not exist in the workspace`);
    }
    if (!isInside(root, real)) return fail('permission_denied', `${input.path} links to a place outside the workspace folder`);
    const stat = await fs.stat(real);
    if (!stat.isFile()) return fail('input_error', `${input.path} is not a file`);
    if (stat.size > input.maxBytes) return fail('input_error', `${input.path} is ${stat.size} bytes, over the ${input.maxBytes}-byte limit`);
    const bytes = await fs.readFile(real, { signal: ctx.signal });
    try {
      return ok({ path: path.relative(root, real), text: decodeTranscript(bytes, input.path), bytes: bytes.length });
    } catch (err) {
      if (err instanceof TranscriptError) return fail('input_error', err.message);
      throw err;
    }
  },
};
