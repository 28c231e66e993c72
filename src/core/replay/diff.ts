/**
 * A small line diff for replay messages: the shortest edit script between two texts (Myers'
 * O((N+M)·D) walk, so near-identical texts cost little however long they are), shown as
 * `- expected` / `+ actual` lines with a little context. Inputs and the edit distance are capped
 * so a diff of two unrelated megabyte JSONs stays fast; past the cap the diff says so.
 */

/** One line of a diff: kept (' '), only in the expected text ('-'), only in the actual one ('+'). */
export interface LineEdit { op: ' ' | '-' | '+'; line: string }

/** Lines of each side a diff reads; the rest is summarised. */
export const MAX_DIFF_LINES = 20_000;
/** Changed lines past which two texts are "too different" to diff line by line. */
export const MAX_EDIT_DISTANCE = 2_000;

/**
 * The edit script turning `expected` into `actual`, or undefined when it needs more than
 * `maxEdits` inserted plus deleted lines (the caller knows they differ by more than that).
 */
export function diffLines(expected: readonly string[], actual: readonly string[], maxEdits = MAX_EDIT_DISTANCE): LineEdit[] | undefined {
  // Common head and tail cost nothing to find and are most of a near-identical pair.
  let head = 0;
  while (head < expected.length && head < actual.length && expected[head] === actual[head]) head++;
  let tail = 0;
  while (tail < expected.length - head && tail < actual.length - head && expected[expected.length - 1 - tail] === actual[actual.length - 1 - tail]) tail++;
  const a = expected.slice(head, expected.length - tail);
  const b = actual.slice(head, actual.length - tail);
  const middle = middleEdits(a, b, maxEdits);
  if (!middle) return undefined;
  const keep = (line: string): LineEdit => ({ op: ' ', line });
  return [...expected.slice(0, head).map(keep), ...middle, ...expected.slice(expected.length - tail).map(keep)];
}

/** Number of changed (inserted or deleted) lines, at most `maxEdits`; undefined past it. */
export function editDistance(expected: readonly string[], actual: readonly string[], maxEdits = MAX_EDIT_DISTANCE): number | undefined {
  const edits = diffLines(expected, actual, maxEdits);
  return edits && edits.reduce((n, e) => n + (e.op === ' ' ? 0 : 1), 0);
}

function middleEdits(a: readonly string[], b: readonly string[], maxEdits: number): LineEdit[] | undefined {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m <= maxEdits ? b.map((line) => ({ op: '+', line })) : undefined;
  if (m === 0) return n <= maxEdits ? a.map((line) => ({ op: '-', line })) : undefined;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  // v[offset + k]: the furthest x reached on diagonal k (y = x - k) with the current number of edits.
  const v = new Int32Array(2 * max + 3);
  // After round d, the slice of v for diagonals -d..d, to walk the path back.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(a, b, trace);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[]): LineEdit[] {
  const out: LineEdit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1];
    const at = (k: number) => prev[k + d - 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ op: ' ', line: a[--x] });
      y--;
    }
    if (x === prevX) out.push({ op: '+', line: b[--y] });
    else out.push({ op: '-', line: a[--x] });
  }
  while (x > 0 && y > 0) {
    out.push({ op: ' ', line: a[--x] });
    y--;
  }
  return out.reverse();
}

/** How a diff is shown. */
export interface DiffFormat {
  /** Unchanged lines shown around each change; default 2. */
  context?: number;
  /** Lines of output at most; default 60. */
  maxLines?: number;
}

/** Longest line a diff prints: a prompt paragraph or a JSON value can be thousands of characters. */
const MAX_LINE_CHARS = 200;

function clipLine(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… (${line.length - MAX_LINE_CHARS} more characters)` : line;
}

/**
 * The lines a JSON value is diffed by: its canonical pretty form, with every string that holds
 * line breaks split at them, so a one-word change in a prompt is one changed line, not the whole
 * prompt twice.
 */
export function diffableLines(pretty: string): string[] {
  return pretty.split('\n').flatMap((line) => {
    const parts = line.split('\\n');
    return parts.length === 1 ? [line] : parts.map((part, i) => (i === 0 ? part : `    ↵ ${part}`));
  });
}

/**
 * A readable diff of two texts: `- ` lines only in `expected`, `+ ` lines only in `actual`, a few
 * unchanged lines around each change and `…` between distant changes. Empty when they are equal.
 */
export function formatDiff(expected: string, actual: string, format: DiffFormat = {}): string {
  if (expected === actual) return '';
  const context = format.context ?? 2;
  const maxLines = format.maxLines ?? 60;
  const cap = (lines: string[]) => (lines.length > MAX_DIFF_LINES ? lines.slice(0, MAX_DIFF_LINES) : lines);
  const left = expected.split('\n');
  const right = actual.split('\n');
  const notes: string[] = [];
  if (left.length > MAX_DIFF_LINES || right.length > MAX_DIFF_LINES) notes.push(`(only the first ${MAX_DIFF_LINES} lines of each side are compared)`);
  const edits = diffLines(cap(left), cap(right));
  if (!edits) {
    return [`(more than ${MAX_EDIT_DISTANCE} lines differ; the first lines of each side)`, ...notes,
      ...left.slice(0, 5).map((l) => `- ${l}`), ...right.slice(0, 5).map((l) => `+ ${l}`)].join('\n');
  }
  // Keep every change and `context` unchanged lines on each side of one.
  const shown = new Uint8Array(edits.length);
  edits.forEach((e, i) => {
    if (e.op === ' ') return;
    for (let j = Math.max(0, i - context); j <= Math.min(edits.length - 1, i + context); j++) shown[j] = 1;
  });
  const out: string[] = [...notes];
  let skipped = false;
  let changedLeft = 0;
  for (let i = 0; i < edits.length; i++) {
    if (!shown[i]) {
      skipped = true;
      continue;
    }
    if (out.length >= maxLines) {
      changedLeft = edits.slice(i).filter((e) => e.op !== ' ').length;
      break;
    }
    if (skipped && out.length > notes.length) out.push('…');
    skipped = false;
    out.push(`${edits[i].op} ${clipLine(edits[i].line)}`);
  }
  if (changedLeft) out.push(`… and ${changedLeft} more changed line${changedLeft === 1 ? '' : 's'}`);
  return out.join('\n');
}
