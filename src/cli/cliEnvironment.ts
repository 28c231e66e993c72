// What the CLI takes from its process: speech-to-text and the history from the environment, the
// home folder, a transcript file read and decoded, SIGINT as cancellation, stdin lines, and the
// package version.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as readline from 'node:readline';
import {
  AUDIO_EXTENSIONS, COMPILED_KNOWLEDGE, decodeTranscript,
  HistoryStore, TranscriptError,
} from '../core';
import type { Logger, SttSettings } from '../core';
import { historyLimitFromEnv } from './historyNotice';
import { UsageError } from './io';

/** Speech-to-text settings from the environment (the CLI's counterpart of the extension's settings + SecretStorage). */
export function sttFromEnv(env: NodeJS.ProcessEnv): SttSettings {
  return {
    whisperCppPath: env.INTERVIEW_LENS_WHISPER_CPP || undefined,
    whisperModelPath: env.INTERVIEW_LENS_WHISPER_MODEL || undefined,
    endpoint: env.INTERVIEW_LENS_STT_ENDPOINT || undefined,
    apiKey: env.INTERVIEW_LENS_STT_API_KEY || undefined,
    model: env.INTERVIEW_LENS_STT_MODEL || undefined,
  };
}

export function isAudio(file: string): boolean {
  return AUDIO_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

/**
 * The id of the report `--compare-with` names: a report id, or a transcript file diagnosed before
 * (its latest report, whatever its text was then).
 */
export function reportToCompareWith(store: HistoryStore | undefined, value: string, userId: string): string {
  if (!store) throw new UsageError('--compare-with reads the history: drop --no-history');
  const asFile = path.resolve(value);
  if (fs.existsSync(asFile) && fs.statSync(asFile).isFile()) {
    const latest = store.last(userId, { sourceKey: pathToFileURL(asFile).href });
    if (!latest) throw new UsageError(`--compare-with ${value}: that file has no report in the history of user "${userId}"; diagnose it first, or give a report id`);
    return latest.id;
  }
  if (!store.get(value)) throw new UsageError(`--compare-with "${value}": no report with that id in the history; give a report id (the "id" of diagnose --json) or a transcript file diagnosed before`);
  return value;
}

/** Where the CLI keeps its history; INTERVIEW_LENS_HOME overrides ~/.interview-lens. */
export function homeDir(env: NodeJS.ProcessEnv): string {
  return env.INTERVIEW_LENS_HOME || path.join(os.homedir(), '.interview-lens');
}

/** The compiled knowledge base next to the bundle, else the YAML folder (source runs). */
export function knowledgeSource(): string {
  const candidates = [path.join(__dirname, COMPILED_KNOWLEDGE), path.resolve(__dirname, '..', 'knowledge'), path.resolve(__dirname, '..', '..', 'knowledge')];
  return candidates.find((c) => fs.existsSync(c)) ?? candidates[1];
}

export function readTranscript(file: string): string {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`file not found: ${file} (check the path)`);
    if (code === 'EISDIR') throw new UsageError(`${file} is a folder: give the path of a transcript file`);
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return decodeTranscript(bytes, file);
  } catch (err) {
    if (err instanceof TranscriptError) throw new UsageError(err.message);
    throw err;
  }
}

export const stderrLogger = (write: (s: string) => void): Logger => {
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    write(`[${level}] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`);
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
};

/** Opens the CLI's history with the size limit from the environment. */
export async function openHistory(env: NodeJS.ProcessEnv): Promise<HistoryStore> {
  let limitBytes: number | undefined;
  try {
    limitBytes = historyLimitFromEnv(env.INTERVIEW_LENS_HISTORY_MAX_MB);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return HistoryStore.open(path.join(homeDir(env), 'history.sqlite'), { limitBytes });
}

/**
 * Runs work that Ctrl+C cancels; a recording is written only when the work succeeds (a cancelled
 * or failed run leaves no cassette).
 */
export async function withSigint<T>(work: (signal: AbortSignal) => Promise<T>, recorder: { finish(): void; discard(): void }): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const result = await work(controller.signal);
    recorder.finish();
    return result;
  } catch (err) {
    recorder.discard();
    throw err;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/** The version in package.json beside the bundle (dist/..) or the source tree. */
export function packageVersion(): string {
  for (const file of [path.resolve(__dirname, '..', 'package.json'), path.resolve(__dirname, '..', '..', 'package.json')]) {
    try {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'interview-lens' && pkg.version) return pkg.version;
    } catch {
      // Not this one.
    }
  }
  return '0.0.0';
}

/** Lines of standard input, one per call; null at its end. */
export function stdinLines(): () => Promise<string | null> {
  let iterator: AsyncIterator<string> | undefined;
  return async () => {
    iterator ??= readline.createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
    const next = await iterator.next();
    return next.done ? null : next.value;
  };
}
