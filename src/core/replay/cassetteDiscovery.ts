/**
 * Finding the cassettes a test explorer lists, and what it shows of each before it is expanded:
 * the built-in skills' `tests/*.jsonl` and each workspace folder's recordings, each read for its
 * header and number of calls. The Replays controller builds its items from this (the editor
 * side only turns it into TestItems), so `npm run bench` times the path the Testing view takes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CassetteError } from './cassette';
import { outlineCassette, summarizeCassette, type CassetteCallLine, type CassetteSummary } from './cassetteOutline';
import { RECORDINGS_DIR } from './cassetteRecorder';

/** Files larger than this are listed with an error instead of being read (a workspace may hold anything). */
export const MAX_CASSETTE_BYTES = 64 * 1024 * 1024;

/** One cassette file as a test explorer lists it, before it is expanded into its calls. */
export interface DiscoveredCassette {
  file: string;
  /** A built-in skill's test, inside the extension folder (never re-recorded there). */
  builtIn: boolean;
  /** The header and call count, when the header could be read. */
  summary?: CassetteSummary;
  /** Why it could not be read or its header is invalid, with the line when known. */
  error?: { message: string; line?: number };
}

/** The cassette files of a folder (`*.jsonl`, sorted); none when it does not exist. */
function jsonlFiles(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.jsonl')).map((e) => path.join(dir, e.name)).sort();
  } catch {
    return [];
  }
}

/** The built-in skills' tests: `<extension>/skills/<skill>/tests/*.jsonl`. */
export function builtInCassettes(skillsDir: string): string[] {
  let skills: string[];
  try {
    skills = fs.readdirSync(skillsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
  return skills.flatMap((s) => jsonlFiles(path.join(skillsDir, s, 'tests')));
}

/**
 * A workspace folder's recordings, `<folder>/.interview-lens/recordings/*.jsonl`; a recordings
 * folder (or a file) that is a link out of the workspace is skipped, so replays read only what
 * the workspace holds.
 */
export function workspaceCassettes(folder: string): string[] {
  const dir = path.join(folder, RECORDINGS_DIR);
  let realFolder: string;
  try {
    realFolder = fs.realpathSync(folder);
  } catch {
    return [];
  }
  return jsonlFiles(dir).filter((f) => {
    try {
      const real = fs.realpathSync(f);
      return real.startsWith(realFolder + path.sep);
    } catch {
      return false;
    }
  });
}

/** A cassette's text, refusing what is too large to be one (CassetteError). */
export function readCassetteText(file: string): string {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (err) {
    throw new CassetteError(`cannot read cassette ${file}: ${(err as Error).message}`, file);
  }
  if (size > MAX_CASSETTE_BYTES) throw new CassetteError(`${file} is ${Math.round(size / 1024 / 1024)} MB, larger than a cassette can be (64 MB): record a shorter run`, file);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CassetteError(`cannot read cassette ${file}: ${(err as Error).message}`, file);
  }
}

const failure = (err: unknown) => ({ message: (err as Error).message, ...(err instanceof CassetteError && err.line ? { line: err.line } : {}) });

/** Reads one cassette's header and counts its calls; a file that cannot be read or has a bad header gets the error. */
export function discoverCassette(file: string, builtInRoot: string): DiscoveredCassette {
  const builtIn = file.startsWith(builtInRoot + path.sep);
  try {
    return { file, builtIn, summary: summarizeCassette(readCassetteText(file), file) };
  } catch (err) {
    return { file, builtIn, error: failure(err) };
  }
}

/** Where a test explorer looks for cassettes: the extension's folder (its skills/) and the workspace folders. */
export interface CassetteRoots {
  /** The extension's folder; its `skills/<skill>/tests/*.jsonl` are the built-in tests. */
  extensionPath: string;
  /** Workspace folders on disk; each one's `.interview-lens/recordings/*.jsonl`. */
  workspaceFolders: readonly string[];
}

/** Every cassette of the roots, built-in first, each with its header read. */
export function discoverCassettes(roots: CassetteRoots): DiscoveredCassette[] {
  const builtInRoot = path.resolve(roots.extensionPath);
  const files = [...builtInCassettes(path.join(roots.extensionPath, 'skills')), ...roots.workspaceFolders.flatMap((f) => workspaceCassettes(f))];
  return files.map((f) => discoverCassette(f, builtInRoot));
}

/** A cassette file outlined into its calls (what expanding its item shows), or why it cannot be. */
export function outlineCassetteFile(file: string): { summary: CassetteSummary; calls: CassetteCallLine[] } | { error: { message: string; line?: number } } {
  try {
    return outlineCassette(readCassetteText(file), file);
  } catch (err) {
    return { error: failure(err) };
  }
}
