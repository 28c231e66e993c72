import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RecordsError } from '../records/errors';
import { isInside } from '../tools/readFile';
import { defineAction, existingRef, refParam, single, str, writeFor } from './plan';

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf', '.md': 'text/markdown', '.txt': 'text/plain', '.json': 'application/json',
  '.yaml': 'application/yaml', '.yml': 'application/yaml', '.html': 'text/html', '.htm': 'text/html',
  '.doc': 'application/msword', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.wav': 'audio/wav', '.vtt': 'text/vtt', '.srt': 'application/x-subrip',
};

/** Files up to this size are hashed; a bigger one (a long recording) is known by its size only. */
export const MAX_HASHED_BYTES = 64 * 1024 * 1024;

/** A workspace file as attached: where it is (relative, / separators), its size and hash. */
interface WorkspaceFile {
  path: string;
  bytes: number;
  /** null over MAX_HASHED_BYTES: hashing it would hold the records lock for seconds. */
  sha256: string | null;
}

/**
 * Checks that `input` names a regular file inside `root` and hashes it. Refused: no workspace, a
 * NUL byte, any '..' segment (even one that would land inside), an absolute path outside the root,
 * and a path whose real location (symlinks followed, in the path or the file) is outside the real
 * root. The stored path is the real one, relative to the real root. Files up to MAX_HASHED_BYTES
 * are hashed (plan and apply both do, so a file changed in between stops the run).
 */
export function checkWorkspaceFile(root: string | undefined, input: string): WorkspaceFile {
  if (!root) throw new RecordsError('invalid', 'no workspace folder is open, so no file can be attached: open the folder, or attach a web address (uri)');
  if (input.includes('\0')) throw new RecordsError('invalid', 'path contains a NUL byte');
  if (input.split(/[\\/]/).includes('..')) throw new RecordsError('invalid', `path ${JSON.stringify(input)} contains "..": give a path inside the workspace without it`);
  const realRoot = fs.realpathSync(root);
  const wanted = path.resolve(root, input);
  if (!isInside(path.resolve(root), wanted) && !isInside(realRoot, wanted)) {
    throw new RecordsError('invalid', `path ${JSON.stringify(input)} is outside the workspace folder`);
  }
  let real: string;
  try {
    real = fs.realpathSync(wanted);
  } catch {
    throw new RecordsError('invalid', `path ${JSON.stringify(input)} does not exist in the workspace`);
  }
  if (!isInside(realRoot, real)) throw new RecordsError('invalid', `path ${JSON.stringify(input)} links to a place outside the workspace folder`);
  // Open the resolved path without following a link swapped in since, and check what was opened.
  let fd: number;
  try {
    fd = fs.openSync(real, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    throw new RecordsError('invalid', `path ${JSON.stringify(input)} cannot be opened (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new RecordsError('invalid', `path ${JSON.stringify(input)} is not a file`);
    const rel = path.relative(realRoot, real).split(path.sep).join('/');
    if (st.size > MAX_HASHED_BYTES) return { path: rel, bytes: st.size, sha256: null };
    const hash = createHash('sha256');
    const buf = Buffer.allocUnsafe(1 << 16);
    let total = 0;
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) {
      hash.update(buf.subarray(0, n));
      total += n;
    }
    return { path: rel, bytes: total, sha256: hash.digest('hex') };
  } finally {
    fs.closeSync(fd);
  }
}

function checkUri(uri: string): string {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    throw new RecordsError('invalid', `uri ${JSON.stringify(uri)} is not a web address`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new RecordsError('invalid', `uri must be http or https (a file is attached with path), not ${u.protocol}`);
  return u.toString();
}

/**
 * Attaches a workspace file (`path`, checked by checkWorkspaceFile) or a web address (`uri`) to a
 * record. Dedupe: the same record and the same path (or uri) is one attachment; a file that changed
 * since gets its new size and hash (an update).
 */
export const attach = defineAction({
  name: 'attach',
  description: 'Attach a file inside the workspace (or a web address) to a record, e.g. a resume to an application.',
  params: {
    type: 'object',
    properties: {
      entity: refParam('The record to attach to.'),
      path: str('Path of the file, relative to the workspace root (or absolute inside it); files outside the workspace are refused.'),
      uri: str('Web address (http or https) to attach instead of a file.'),
      title: str('What it is, e.g. "Resume sent on 1 March".'),
      mime: str('Media type, e.g. application/pdf; guessed from the extension when absent.'),
    },
    required: ['entity'],
  },
  plan(p, view) {
    const target = existingRef(view, p.entity, 'entity');
    if ((p.path === undefined) === (p.uri === undefined)) throw new RecordsError('invalid', 'give either path (a workspace file) or uri (a web address), not both or neither');
    const file = p.path !== undefined ? checkWorkspaceFile(view.workspaceRoot, String(p.path)) : undefined;
    const uri = p.uri !== undefined ? checkUri(String(p.uri)) : undefined;
    const where: Record<string, string> = file ? { path: file.path } : { uri: uri! };
    const existing = view.find('attachment', { entity_kind: target.kind, entity_id: target.id, ...where })[0];
    const mime = p.mime ?? (file ? MIME[path.extname(file.path).toLowerCase()] ?? 'application/octet-stream' : undefined);
    return single(writeFor(view, 'attachment', existing, {
      entity_kind: target.kind, entity_id: target.id, ...where, title: p.title, mime, bytes: file?.bytes, sha256: file?.sha256,
    }));
  },
});
