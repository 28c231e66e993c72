import { isInside } from '../../runtime/pathInside';
import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { decodeTranscript } from '../../diagnosis/transcript/readText';
import { TranscriptError } from '../../diagnosis/transcript/model';
import { fail, ok, type Tool, type ToolResult } from '../../calls/tool';

// O_NOFOLLOW refuses a symlink as the last component; O_NONBLOCK keeps a FIFO from blocking the
// open (it is refused right after); O_NOCTTY keeps a terminal device from becoming ours. Windows
// has none of them (0), and there the symlink check below runs before the open instead.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Where the open file actually is. On Linux the kernel says so (/proc/self/fd), whatever happened
 * to the path since; elsewhere the path is resolved again and the caller compares the file it names
 * with the one that is open.
 */
async function openedPath(fd: number, wanted: string): Promise<string | undefined> {
  if (process.platform === 'linux') {
    try {
      const p = await fs.readlink(`/proc/self/fd/${fd}`);
      if (path.isAbsolute(p) && !p.endsWith(' (deleted)')) return p;
      return undefined;
    } catch {
      /* no /proc: fall through */
    }
  }
  try {
    return await fs.realpath(wanted);
  } catch {
    return undefined;
  }
}

type Output = { path: string; text: string; bytes: number };

/**
 * Reads a text file inside the workspace; anything outside it is refused. The checks are made on
 * the file that was opened, not on the path, so swapping a folder for a symlink while the tool runs
 * cannot make it read another file: no symlink as the last component (O_NOFOLLOW), a regular file
 * with no other hard links, whose real location (asked of the kernel for the open descriptor) is
 * inside the real workspace root and is the same file (device and inode) as the one open.
 */
export const readFile: Tool<{ path: string; maxBytes: number }, Output> = {
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
    const opened = await openInsideWorkspace(ctx.workspaceRoot, input.path);
    if (!opened.success) return opened.failure;
    try {
      return await readOpened(opened.handle, input, opened.root, opened.real, ctx.signal);
    } finally {
      await opened.handle.close();
    }
  },
};

/** A file opened inside the workspace and verified on its descriptor, or why it was refused. */
export type OpenedFile =
  | { success: true; handle: fs.FileHandle; root: string; real: string; size: number }
  | { success: false; failure: ToolResult<never> };

/**
 * Opens `input` under `workspaceRoot` and checks the file that was opened, not the path: no
 * symlink as the last component (O_NOFOLLOW), a regular file with no other hard links, whose real
 * location (asked of the kernel for the open descriptor) is inside the real workspace root and is
 * the same file (device and inode) as the one open. Swapping a folder for a symlink while this
 * runs cannot make it hand out another file. The caller reads from `handle` and closes it.
 */
export async function openInsideWorkspace(workspaceRoot: string, input: string): Promise<OpenedFile> {
  const refuse = (code: Parameters<typeof fail>[0], message: string): OpenedFile => ({ success: false, failure: fail(code, message) });
  if (input.includes('\0')) return refuse('input_error', 'the path contains a NUL byte');
  const root = await fs.realpath(workspaceRoot);
  const wanted = path.resolve(root, input);
  if (!isInside(root, wanted)) return refuse('permission_denied', `${input} is outside the workspace folder`);
  if (!constants.O_NOFOLLOW) {
    const l = await fs.lstat(wanted).catch(() => undefined);
    if (l?.isSymbolicLink()) return refuse('permission_denied', `${input} is a symbolic link: give the path of the file itself`);
  }
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(wanted, OPEN_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return refuse('permission_denied', `${input} is a symbolic link: give the path of the file itself`);
    if (code === 'ENOENT' || code === 'ENOTDIR') return refuse('input_error', `${input} does not exist in the workspace`);
    if (code === 'EACCES' || code === 'EPERM') return refuse('permission_denied', `${input} cannot be read (permission denied)`);
    if (code === 'ENXIO' || code === 'ENODEV') return refuse('input_error', `${input} is not a file`);
    throw err;
  }
  const close = async (r: OpenedFile) => {
    await handle.close();
    return r;
  };
  const st = await handle.stat();
  if (!st.isFile()) return close(refuse('input_error', `${input} is not a file`));
  // A second name for the same file may be anywhere on the disk: it cannot be told from the path.
  if (st.nlink > 1) return close(refuse('permission_denied', `${input} is a hard link (it has ${st.nlink} names), so it may be a file from outside the workspace: copy the file into the workspace`));
  const outside = refuse('permission_denied', `${input} links to a place outside the workspace folder`);
  const real = await openedPath(handle.fd, wanted);
  if (!real || !isInside(root, real)) return close(outside);
  const named = await fs.stat(real).catch(() => undefined);
  if (!named || named.dev !== st.dev || named.ino !== st.ino) return close(outside);
  return { success: true, handle, root, real, size: st.size };
}

async function readOpened(
  handle: fs.FileHandle, input: { path: string; maxBytes: number }, root: string, real: string, signal: AbortSignal,
): Promise<ToolResult<Output>> {
  const st = await handle.stat();
  if (st.size > input.maxBytes) return fail('input_error', `${input.path} is ${st.size} bytes, over the ${input.maxBytes}-byte limit`);
  // Read from the descriptor that was checked, never the path again, and no more than the limit.
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    signal.throwIfAborted();
    const buf = Buffer.allocUnsafe(Math.min(1 << 16, input.maxBytes + 1 - total));
    const { bytesRead } = await handle.read(buf, 0, buf.length, null);
    if (bytesRead === 0) break;
    chunks.push(buf.subarray(0, bytesRead));
    total += bytesRead;
    if (total > input.maxBytes) return fail('input_error', `${input.path} is over the ${input.maxBytes}-byte limit`);
  }
  const bytes = Buffer.concat(chunks, total);
  try {
    return ok({ path: path.relative(root, real), text: decodeTranscript(bytes, input.path), bytes: bytes.length });
  } catch (err) {
    if (err instanceof TranscriptError) return fail('input_error', err.message);
    throw err;
  }
}
