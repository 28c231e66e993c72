import * as fs from 'node:fs';
import * as path from 'node:path';
import { escapeControls, redactText, registerEndpointSecrets, registerSecret, safeMessage, writeFileAtomic } from '../core';

/** Bad input: the user can fix it; exit code 2 with one line on stderr. */
export class UsageError extends Error {}

/** Environment variables that hold credentials, and the endpoints that may carry some in their URL. */
const SECRET_ENV = ['INTERVIEW_LENS_STT_API_KEY', 'INTERVIEW_LENS_EMBEDDINGS_API_KEY', 'ANTHROPIC_API_KEY', 'INTERVIEW_LENS_OPENAI_API_KEY'];
const ENDPOINT_ENV = ['INTERVIEW_LENS_STT_ENDPOINT', 'INTERVIEW_LENS_EMBEDDINGS_ENDPOINT', 'ANTHROPIC_BASE_URL', 'INTERVIEW_LENS_OPENAI_ENDPOINT'];

/** Registers the keys the CLI reads from the environment with the redactor, before anything can print them. */
export function registerEnvSecrets(env: NodeJS.ProcessEnv): void {
  for (const k of SECRET_ENV) registerSecret(env[k]);
  for (const k of ENDPOINT_ENV) registerEndpointSecrets(env[k]);
}

/**
 * What the CLI may put on a terminal: redacted, with every unsafe character shown as a `\uXXXX`
 * escape. That form is also a valid JSON escape for the same character, and JSON.stringify never
 * leaves these characters outside strings, so printed JSON still parses to exactly the same value.
 */
export function terminalText(text: string): string {
  return escapeControls(redactText(text).replace(/\r\n/g, '\n'));
}

/** The CLI's streams with every write passed through `terminalText`: the one place output leaves the CLI. */
export function safeIo<T extends { stdout: (s: string) => void; stderr: (s: string) => void }>(io: T): T {
  if ((io as { safe?: boolean }).safe) return io;
  return { ...io, stdout: (s: string) => io.stdout(terminalText(s)), stderr: (s: string) => io.stderr(terminalText(s)), safe: true };
}

/** One line for stderr: `interview-lens: <message>`, redacted and bounded. */
export function errorLine(message: string): string {
  return `interview-lens: ${safeMessage(message)}\n`;
}

const WHAT: Record<string, string> = { '--html': 'the HTML report', '--markdown': 'the Markdown report', '--out': 'the transcript', '--transcript-out': 'the labeled transcript' };

/** The file name an error message suggests for each output option. */
const EXAMPLE_FILE: Record<string, string> = { '--html': 'report.html', '--markdown': 'report.md' };

/**
 * Refuses an output path that cannot be written, before any work is done: a folder, a path below
 * a file, or (when not root) a folder without write permission.
 */
export function checkOutputPath(option: string, file: string | undefined): void {
  if (file === undefined) return;
  if (file.trim() === '') throw new UsageError(`${option} needs a file path`);
  const target = path.resolve(file);
  const example = EXAMPLE_FILE[option] ?? 'transcript.json';
  const fix = `give ${option} a file path in a folder you can write to, e.g. ${option} ${path.join(path.dirname(target), example)}`;
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(target);
  } catch {
    stat = undefined;
  }
  if (stat?.isDirectory()) {
    throw new UsageError(`${option} ${target} is a folder: ${option === '--html' ? 'give the path of the HTML file to write' : option === '--markdown' ? 'give the path of the Markdown file to write' : 'give the path of the file to write'}, e.g. ${option} ${path.join(target, example)}`);
  }
  // The nearest folder that exists must be a folder and writable (missing ones are created).
  let dir = path.dirname(target);
  for (;;) {
    let s: fs.Stats | undefined;
    try {
      s = fs.statSync(dir);
    } catch {
      s = undefined;
    }
    if (s) {
      if (!s.isDirectory()) throw new UsageError(`cannot write ${option} ${target}: ${dir} is a file, not a folder; ${fix}`);
      try {
        fs.accessSync(dir, fs.constants.W_OK);
      } catch {
        throw new UsageError(`cannot write ${option} ${target}: no permission to write in ${dir}; ${fix}`);
      }
      return;
    }
    const up = path.dirname(dir);
    if (up === dir) return;
    dir = up;
  }
}

/** Writes an output file atomically; any failure is a one-line UsageError naming the option, the path and what to do. */
export function writeOutput(option: string, file: string, data: string | Uint8Array): void {
  const target = path.resolve(file);
  try {
    writeFileAtomic(target, data);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'EISDIR' ? 'it is a folder'
      : e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied'
        : e.code === 'ENOTDIR' ? 'a part of the path is a file, not a folder'
          : e.code === 'ENOSPC' ? 'the disk is full'
            : e.code ?? e.message;
    throw new UsageError(`cannot write ${WHAT[option] ?? 'the output'} to ${target} (${why}): give ${option} a file path in a folder you can write to`);
  }
}
