import type { YAMLError } from 'yaml';

/** One YAML syntax problem as a user should see it: where the mistake is, said once. */
export interface YamlProblem {
  message: string;
  start: number;
  end: number;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const KEY_LINE = /^( *)(?:- +)?([^\s:#][^:#]*?):(?:\s|$)/;

/**
 * The yaml parser reports an over-indented key ("    question: …\n     answer: …") on the line
 * ABOVE it, as two errors (a nested mapping in a compact one, and a multi-line implicit key).
 * Users fix the line that is wrong, so: one problem per mistake, on the line where the
 * indentation breaks, saying which key it should line up with.
 */
export function yamlProblems(text: string, errors: readonly YAMLError[]): YamlProblem[] {
  const starts = lineStarts(text);
  const lineText = (n: number) => text.slice(starts[n], n + 1 < starts.length ? starts[n + 1] - 1 : text.length);
  const out: YamlProblem[] = [];
  const seenLines = new Set<number>();
  for (const e of errors) {
    let [start, end] = e.pos;
    let message = `YAML: ${e.message.split('\n')[0]}`;
    const first = lineOf(starts, start);
    if (e.code === 'BLOCK_AS_IMPLICIT_KEY' || e.code === 'MULTILINE_IMPLICIT_KEY') {
      const above = KEY_LINE.exec(lineText(first));
      // The break is on one of the next few lines, whatever span the parser reported.
      for (let n = first + 1; above && n < starts.length && n <= first + 3; n++) {
        const here = KEY_LINE.exec(lineText(n));
        if (here && here[1].length > above[1].length) {
          start = starts[n] + here[1].length;
          end = start + here[2].length;
          message = `YAML: "${here[2]}" is indented more than "${above[2]}" on the line above; line it up with "${above[2]}" (or nest it under a key that ends with ":")`;
          break;
        }
      }
    }
    const line = lineOf(starts, start);
    // A range of blanks (the parser points at indentation) underlines the word that starts the line instead.
    if (text.slice(start, end).trim() === '') {
      const word = /\S+/.exec(lineText(line));
      if (word) {
        start = starts[line] + word.index;
        end = start + word[0].replace(/:$/, '').length;
      }
    }
    if (seenLines.has(line)) continue;
    seenLines.add(line);
    out.push({ message, start, end: Math.max(end, start + 1) });
  }
  return out;
}
