// What counts as a failure of one fuzz input, shared by the worker (which sees the full output)
// and the harness (which sees the worker's summary of it).

/** A V8 stack frame line: "    at fn (file:1:2)", "    at file:1:2", "    at new X (<anonymous>)". */
export const STACK_LINE = /^\s*at (?:.+ \(.+:\d+:\d+\)|.+:\d+:\d+|.+ \((?:native|<anonymous>|node:[^)]*)\))\s*$/;

/** Longest acceptable error message (after the input's path is replaced by its base name). */
export const MAX_MESSAGE_CHARS = 400;

/**
 * Distinct lines of `text` that look like stack frames, in order (at most `max`): a stack
 * overflow's thousands of repeated frames come down to the few that recur, then their callers.
 */
export function stackLines(text: string, max = 200): string[] {
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    if (STACK_LINE.test(line)) out.add(line.trim());
    if (out.size >= max) break;
  }
  return [...out];
}

/** The first frames of a stack, then (after "…") the first frames in the project's own src/ below them. */
export function condense(frames: readonly string[]): string[] {
  if (frames.length <= 12) return [...frames];
  const head = frames.slice(0, 6);
  const own = frames.slice(6).filter((f) => /\bsrc\//.test(f) && !/node_modules/.test(f)).slice(0, 6);
  return [...head, `… ${frames.length - 6} more distinct frames`, ...own];
}

/** Why an error message is not one short, printable line; undefined when it is. */
export function messageProblem(stderr: string, file: string, base: string): { outcome: 'long-message' | 'ctrl-message'; why: string } | undefined {
  const text = stderr.split(file).join(base).replace(/\n$/, '');
  const lines = text.split('\n');
  if (lines.length > 1) return { outcome: 'long-message', why: `${lines.length} lines` };
  if (text.length > MAX_MESSAGE_CHARS) return { outcome: 'long-message', why: `${text.length} chars` };
  // eslint-disable-next-line no-control-regex
  const ctrl = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.exec(text);
  if (ctrl) return { outcome: 'ctrl-message', why: `control character U+${ctrl[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${ctrl.index}` };
  return undefined;
}
