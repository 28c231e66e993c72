/**
 * What a test explorer needs to list a cassette without replaying it: the header and how many
 * calls follow (cheap, for discovery), and the line of each call with its kind and name (for
 * items that point at the call's line in the file).
 */
import type { CallKind } from '../runtime/canonical';
import { CassetteError, parseCassette, type CassetteHeader } from './cassette';

/** A cassette's header and the number of call lines after it. */
export interface CassetteSummary {
  header: CassetteHeader;
  /** 1-based line of the header (blank lines before it are skipped). */
  headerLine: number;
  calls: number;
}

/** One recorded call as an outline shows it. */
export interface CassetteCallLine {
  kind: CallKind;
  /** Tool name, or the model call's purpose. */
  name?: string;
  /** 1 for the first call (as ReplayCallResult.index). */
  index: number;
  /** 1-based line of the call in the file. */
  line: number;
}

/** 1-based numbers of the non-blank lines of `text` (as parseCassette counts them). */
function contentLines(text: string): number[] {
  const out: number[] = [];
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    // A line of only spaces, tabs or a carriage return is blank.
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 13) {
        out.push(line);
        break;
      }
    }
    line++;
    start = end + 1;
  }
  return out;
}

/**
 * Reads the header only and counts the call lines (the calls themselves are checked when the
 * cassette is outlined or replayed). Throws CassetteError for a missing or invalid header.
 */
export function summarizeCassette(text: string, source = 'cassette'): CassetteSummary {
  const lines = contentLines(text);
  if (!lines.length) throw new CassetteError(`${source}: empty, no header line; re-record the run`, source);
  const first = lines[0];
  let start = 0;
  for (let l = 1; l < first; l++) start = text.indexOf('\n', start) + 1;
  const end = text.indexOf('\n', start);
  const headerText = text.slice(start, end < 0 ? text.length : end);
  // parseCassette reports the header's line as 1: put it back where it is.
  try {
    const { header } = parseCassette(headerText, source);
    return { header, headerLine: first, calls: lines.length - 1 };
  } catch (err) {
    if (err instanceof CassetteError) throw new CassetteError(err.message.replace(`${source} line 1:`, `${source} line ${first}:`), source, first);
    throw err;
  }
}

/** Parses the whole cassette (CassetteError with the line when a call is invalid) and gives each call its line. */
export function outlineCassette(text: string, source = 'cassette'): { summary: CassetteSummary; calls: CassetteCallLine[] } {
  const cassette = parseCassette(text, source);
  const lines = contentLines(text);
  const calls = cassette.calls.map((c, i) => ({ index: i + 1, line: lines[i + 1], kind: c.kind, ...(c.name !== undefined ? { name: c.name } : {}) }));
  return { summary: { header: cassette.header, headerLine: lines[0], calls: calls.length }, calls };
}
