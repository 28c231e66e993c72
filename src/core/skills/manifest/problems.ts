// What a manifest check reports, and the wording helpers every check shares, so messages read
// alike: the field in backticks, what it must be, what was found, what to do.

/**
 * A character range in a file. Lines and columns are 1-based; columns count UTF-16 code units
 * (as VS Code does); endColumn is one past the last character, so a one-character range has
 * endColumn = column + 1 (a VS Code Range is (line-1, column-1, endLine-1, endColumn-1)).
 */
export interface SourceRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * Stable identifiers of the problems the manifest checks report, as a list a test can walk
 * (every code has a Chinese message: problemMessageZh.ts; hooks may add codes of their own).
 */
export const MANIFEST_PROBLEM_CODES = [
  'yaml-syntax',
  'yaml-warning',
  'not-a-mapping',
  'schema-required',
  'schema-unknown-key',
  'schema-type',
  'schema-enum',
  'schema-pattern',
  'schema-range',
  'schema-length',
  'schema-unique',
  'schema-one-of',
  'schema-invalid',
  'action-no-primitive',
  'action-many-primitives',
  'manifest-only-required',
  'name-folder-mismatch',
  'output-schema-invalid',
  'output-schema-not-object',
  'alias-duplicate',
  'alias-reserved',
  'alias-before-definition',
  'chunking-overlap',
  'test-name-duplicate',
  'script-missing',
  // The script's execute is not an exported async function of (ctx, inp) (scriptSignature.ts).
  'script-signature',
  'chain-unknown-skill',
  'duplicate-skill',
  'duplicate-chain',
  'file-too-large',
  'file-encoding',
  'file-outside',
  'file-unreadable',
  'file-name',
  'check-failed',
  // Found by the template engine's checker (the checkTemplate hook); a `when:` that does not parse is when-syntax.
  'template-syntax',
  'when-syntax',
  // A template reads a variable the runtime does not provide where the template runs.
  'template-unknown-variable',
  'template-unknown-field',
  'template-out-not-in-schema',
  // Routing: a keyword another skill has too.
  'keyword-overlap',
  // The description linter: what a model needs to pick the right skill.
  'description-missing-what',
  'description-missing-when',
  'description-missing-not-for',
  'output-property-no-description',
  'output-property-vague-description',
  // The form of manifests before the skill spec (as/when beside the primitive, old parameter and input names, reduce as prompts).
  'legacy-form',
] as const;

/** One of MANIFEST_PROBLEM_CODES. */
export type ManifestProblemCode = (typeof MANIFEST_PROBLEM_CODES)[number];

/** Facts a quick fix can act on without parsing the message. */
export interface ProblemData {
  /** Keys that are missing (schema-required, manifest-only-required). */
  missing?: string[];
  /** The key or value that was not accepted. */
  found?: unknown;
  /** What would have been accepted (enum values, allowed keys). */
  allowed?: string[];
  /** The closest accepted spelling, when one is close. */
  suggestion?: string;
  /** The value the check expected (e.g. the folder name). */
  expected?: string;
  /**
   * The part of a description that is missing (description-missing-*): 'what' (a verb and its
   * object), 'when' (when to use the skill) or 'not-for' (when not to).
   */
  part?: DescriptionPart;
  /** Other skills the problem is about (keyword-overlap: the skills sharing the keyword). */
  related?: Array<{ name: string; file: string }>;
  /** Which variant of the problem it is, when one code has several (file-unreadable: 'folder', 'file', …). */
  reason?: string;
  /** The words of another component (the YAML parser, the template engine, ajv, the file system), as it said them. */
  detail?: string;
  /** A line of the file the problem refers to (where a name was defined first). */
  line?: number;
  /** A 1-based item number the problem refers to (the earlier test of the same name). */
  index?: number;
  /** The limit that was passed (file-too-large: KB; chunking-overlap: max_chars). */
  limit?: number;
}

/** The parts a skill description should have, as the description linter names them. */
export type DescriptionPart = 'what' | 'when' | 'not-for';

/** One problem in a skill or chain file, at the characters it is about. */
export interface ManifestProblem extends SourceRange {
  file: string;
  message: string;
  severity: 'error' | 'warning';
  /** A ManifestProblemCode, or a code of an injected check. */
  code: ManifestProblemCode | (string & {});
  /** JSON pointer of the node the problem is about ('' for the whole file). */
  path: string;
  data?: ProblemData;
}

/** The whole first character of a file, for problems about a file as a whole. */
export const FILE_START: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 2 };

/** Builds a problem. */
export function problem(
  file: string,
  range: SourceRange,
  message: string,
  code: ManifestProblem['code'],
  path: string,
  extra: { severity?: 'error' | 'warning'; data?: ProblemData } = {},
): ManifestProblem {
  const p: ManifestProblem = { file, ...range, message, severity: extra.severity ?? 'error', code, path };
  if (extra.data) p.data = extra.data;
  return p;
}

/** Problems in file order (line, then column), errors before warnings at the same place. */
export function sortProblems(problems: ManifestProblem[]): ManifestProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column || (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}

/** True when none of the problems is an error. */
export function noErrors(problems: readonly ManifestProblem[]): boolean {
  return !problems.some((p) => p.severity === 'error');
}

/** JSON pointer segments, unescaped ("/a~1b/0" -> ["a/b", "0"]). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  return pointer.replace(/^#/, '').split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A JSON pointer from segments. */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/**
 * How a field is named in a message: the last key with the list indices after it
 * ("/match/inputs/1" -> "inputs[1]", "/actions/2" -> "actions[2]"), or `whole` for the root.
 */
export function fieldName(pointer: string, whole = 'this file'): string {
  const segs = pointerSegments(pointer);
  let i = segs.length - 1;
  while (i >= 0 && /^\d+$/.test(segs[i])) i--;
  if (i < 0) return segs.length ? `item ${segs.map((s) => `[${s}]`).join('')}` : whole;
  return '`' + segs[i] + segs.slice(i + 1).map((s) => `[${s}]`).join('') + '`';
}

/** A value as a message shows it: strings quoted and cut short, collections by kind. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing (an empty value)';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(shown);
  }
  if (Array.isArray(value)) return value.length ? 'a list' : 'an empty list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

/** What a JSON Schema type is called in a message. */
export function typeNoun(type: string): string {
  switch (type) {
    case 'integer': return 'a whole number';
    case 'number': return 'a number';
    case 'string': return 'text';
    case 'boolean': return 'true or false';
    case 'object': return 'a mapping (key: value lines)';
    case 'array': return 'a list ("- " items or [a, b])';
    case 'null': return 'empty';
    default: return type;
  }
}

/** "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** "a, b and c". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Edits (insert, delete, change, swap of neighbours) from a to b, or limit + 1 when more. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], before[j - 2] + 1);
      rowBest = Math.min(rowBest, cur[j]);
    }
    if (rowBest > limit) return limit + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The accepted word closest to a mistyped one, if it is close enough to be what was meant
 * (at most a third of its letters different, and at least one letter the same).
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  if (typeof word !== 'string' || word.length > 64) return undefined;
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const limit = Math.max(1, Math.floor(c.length / 3));
    const d = editDistance(w, c.toLowerCase(), limit);
    if (d <= limit && d < bestDistance && d < c.length) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
