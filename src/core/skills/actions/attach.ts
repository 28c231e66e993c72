import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RecordsError } from '../../records/errors';
import { isInside } from '../../runtime/pathInside';
import { ATTACHMENT_RELATIONS } from '../../records/schema';
import { defineAction, existingRef, refParam, single, str, writeFor } from './plan';
import type { InputAttachment, PlanView } from './types';

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

/** Where an attachment is: a workspace file (relative path, size, hash), an address, or a path as given. */
interface Located {
  where: { path: string } | { uri: string };
  bytes?: number;
  sha256?: string | null;
}

/**
 * Where an attachment of the run's input is. Its file is checked and hashed like a `path` when it
 * is inside the workspace; one outside (a file the user gave the CLI) is kept by the path the user
 * gave, unhashed: the user chose it, and nothing is read from it.
 */
function locateInput(view: PlanView, a: InputAttachment): Located {
  if (a.path) {
    try {
      const file = checkWorkspaceFile(view.workspaceRoot, a.path);
      return { where: { path: file.path }, bytes: file.bytes, sha256: file.sha256 };
    } catch (err) {
      if (!(err instanceof RecordsError)) throw err;
      if (!a.uri) return { where: { path: a.path } };
    }
  }
  if (a.uri) return { where: { uri: checkUri(a.uri) } };
  throw new RecordsError('invalid', `attachment ${a.id} of the input has neither a path nor a uri`);
}

/**
 * Attaches a workspace file (`path`, checked by checkWorkspaceFile), a web address (`uri`) or an
 * attachment by id (`attachment_id`) to a record, as a `relation` (attachment, resume, screenshot…).
 * `attachment_id` names an attachment record (attached to another record, it is attached to this
 * one too, as a new row with its path or address), or an attachment of the run's input: the first
 * time, its attachment record is created with that id. Dedupe: the same record and the same path
 * (or uri) is one attachment; a file that changed since gets its new size and hash (an update).
 */
export const attach = defineAction({
  name: 'attach',
  description: 'Attach a file inside the workspace, a web address or an attachment of the input to a record, e.g. a resume to an application.',
  params: {
    type: 'object',
    properties: {
      entity: refParam('The record to attach to.'),
      attachment_id: str('Id of an attachment record, or of an attachment of the input ({{ input.attachments[0].id }}).', { minLength: 1 }),
      relation: { type: 'string', enum: [...ATTACHMENT_RELATIONS], description: `What it is to the record: ${ATTACHMENT_RELATIONS.join(', ')}; attachment when absent.` },
      path: str('Path of the file, relative to the workspace root (or absolute inside it); files outside the workspace are refused.'),
      uri: str('Web address (http or https) to attach instead of a file.'),
      title: str('What it is, e.g. "Resume sent on 1 March".'),
      mime: str('Media type, e.g. application/pdf; guessed from the extension when absent.'),
    },
    required: ['entity'],
  },
  plan(p, view) {
    const target = existingRef(view, p.entity, 'entity');
    const given = ['attachment_id', 'path', 'uri'].filter((k) => p[k] !== undefined);
    if (given.length !== 1) throw new RecordsError('invalid', `give one of attachment_id (an attachment record or of the input), path (a workspace file) or uri (a web address)${given.length ? `, not ${given.join(' and ')}` : ''}`);
    let located: Located;
    let mimeOf: string | undefined;
    let titleOf: string | undefined;
    let fixedId: string | undefined;
    if (p.attachment_id !== undefined) {
      const id = String(p.attachment_id).trim();
      const record = view.get('attachment', id);
      const input = view.inputAttachments?.find((a) => a.id === id);
      if (record) {
        if (record.entity_kind === target.kind && record.entity_id === target.id) {
          return single(writeFor(view, 'attachment', record, { relation: p.relation, title: p.title, mime: p.mime }));
        }
        located = { where: record.path ? { path: String(record.path) } : { uri: String(record.uri) }, bytes: record.bytes as number | undefined, sha256: record.sha256 as string | null | undefined };
        mimeOf = record.mime as string | undefined;
        titleOf = record.title as string | undefined;
      } else if (input) {
        located = locateInput(view, input);
        mimeOf = input.mime;
        titleOf = input.name;
        fixedId = id;
      } else {
        const known = (view.inputAttachments ?? []).map((a) => a.id);
        throw new RecordsError('not_found', `attachment_id: there is no attachment record ${id}, nor an attachment of the input with that id${known.length ? ` (the input's are ${known.join(', ')})` : ' (the input has none)'}`);
      }
    } else if (p.path !== undefined) {
      const file = checkWorkspaceFile(view.workspaceRoot, String(p.path));
      located = { where: { path: file.path }, bytes: file.bytes, sha256: file.sha256 };
    } else {
      located = { where: { uri: checkUri(String(p.uri)) } };
    }
    const existing = view.find('attachment', { entity_kind: target.kind, entity_id: target.id, ...located.where })[0];
    const filePath = 'path' in located.where ? located.where.path : undefined;
    const mime = p.mime ?? (existing ? undefined : mimeOf ?? (filePath ? MIME[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream' : undefined));
    const write = writeFor(view, 'attachment', existing, {
      entity_kind: target.kind, entity_id: target.id, ...located.where, relation: p.relation ?? (existing ? undefined : 'attachment'),
      title: p.title ?? (existing ? undefined : titleOf), mime, bytes: located.bytes, sha256: located.sha256,
    });
    // An input attachment's record takes the input's id, so later runs and the user can name it.
    return single(fixedId && write.op === 'create' ? { ...write, id: fixedId } : write);
  },
});
