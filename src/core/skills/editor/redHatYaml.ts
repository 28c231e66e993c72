// Which of our problems Red Hat's YAML extension reports too, so that with it installed no error
// is listed twice and none is lost. It validates a file against our schema only when the file
// matches a `fileMatch` glob of package.json's `yamlValidation`; a skill in a folder named
// otherwise (interviewLens.skills.paths) gets no schema check from it, so we keep ours there.

import type { ManifestKind } from './schemaNav';

/**
 * Problems Red Hat's YAML extension finds on its own from the same JSON Schema (YAML syntax,
 * missing and unknown keys, wrong types, enum values, patterns, ranges, lengths, uniqueness).
 * What it cannot check (templates, aliases, action parameters, output_schema, name and folder,
 * duplicates, keyword overlap, the description linter) is always ours.
 */
export const SCHEMA_LEVEL_CODES: ReadonlySet<string> = new Set([
  'yaml-syntax', 'yaml-warning', 'not-a-mapping', 'schema-required', 'schema-unknown-key', 'schema-type', 'schema-enum',
  'schema-pattern', 'schema-range', 'schema-length', 'schema-unique', 'schema-one-of',
]);

/** The schema each manifest kind is registered with in package.json's yamlValidation. */
export const SCHEMA_URLS: Readonly<Record<ManifestKind, string>> = {
  skill: './schemas/skill.schema.json',
  chain: './schemas/chain.schema.json',
};

/** The fileMatch globs package.json registers for each manifest kind's schema. */
export function yamlValidationGlobs(packageJson: unknown): Record<ManifestKind, string[]> {
  const entries = (packageJson as { contributes?: { yamlValidation?: unknown } } | undefined)?.contributes?.yamlValidation;
  const out: Record<ManifestKind, string[]> = { skill: [], chain: [] };
  if (!Array.isArray(entries)) return out;
  for (const e of entries as Array<{ fileMatch?: unknown; url?: unknown }>) {
    const kind = (Object.keys(SCHEMA_URLS) as ManifestKind[]).find((k) => SCHEMA_URLS[k] === e?.url);
    if (!kind) continue;
    const globs = typeof e.fileMatch === 'string' ? [e.fileMatch] : Array.isArray(e.fileMatch) ? e.fileMatch.filter((g): g is string => typeof g === 'string') : [];
    out[kind].push(...globs);
  }
  return out;
}

/** Whether one path segment matches one glob segment: `*` any characters, `?` one; neither matches a leading dot. */
function segmentMatches(glob: string, seg: string): boolean {
  if (seg.startsWith('.') && !glob.startsWith('.')) return false;
  // Wildcard matching by dynamic programming over the two strings (no backtracking).
  let row = new Array<boolean>(seg.length + 1).fill(false);
  row[0] = true;
  for (const g of glob) {
    const next = new Array<boolean>(seg.length + 1).fill(false);
    if (g === '*') {
      next[0] = row[0];
      for (let j = 1; j <= seg.length; j++) next[j] = row[j] || next[j - 1];
    } else {
      for (let j = 1; j <= seg.length; j++) next[j] = row[j - 1] && (g === '?' || g === seg[j - 1]);
    }
    row = next;
  }
  return row[seg.length];
}

/**
 * Whether a path matches a fileMatch glob. Red Hat's extension prefixes every glob with "**\/",
 * so a glob matches at any depth. `*` and `?` stay in one path segment and `**` spans segments,
 * and none of them matches a segment that starts with a dot: yaml-language-server 2 matches with
 * picomatch so (a workspace below `.cache/` is not validated by it), while its 1.x versions let
 * `*` span folders and dots. So a file is left to it only when both would validate it; anywhere
 * else we report the schema problems ourselves. Braces and character classes are not read.
 */
export function globMatches(glob: string, file: string): boolean {
  const g = ['**', ...glob.replace(/^\/+/, '').split('/')];
  const p = file.replace(/\\/g, '/').split('/');
  const memo = new Map<number, boolean>();
  const match = (gi: number, pi: number): boolean => {
    const key = gi * (p.length + 1) + pi;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (gi === g.length) result = pi === p.length;
    else if (g[gi] === '**') {
      // Zero segments, or one more segment (not a dot one) and still inside the **.
      result = match(gi + 1, pi) || (pi < p.length && !p[pi].startsWith('.') && match(gi, pi + 1));
    } else result = pi < p.length && segmentMatches(g[gi], p[pi]) && match(gi + 1, pi + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

/** Whether Red Hat's YAML extension validates `file` (an absolute path) against a schema registered with `globs`. */
export function redHatValidates(file: string, globs: readonly string[]): boolean {
  return globs.some((g) => globMatches(g, file));
}

/** What decides whether the schema-level problems of one document are left to Red Hat's extension. */
export interface RedHatState {
  /** Red Hat's YAML extension is installed and enabled. */
  installed: boolean;
  /** Its `yaml.validate` setting (true unless turned off). */
  validates: boolean;
  /** package.json's fileMatch globs by manifest kind. */
  globs: Readonly<Record<ManifestKind, readonly string[]>>;
}

/**
 * Whether the schema-level problems of `file` are left to Red Hat's extension: only when it is
 * installed, validating, and one of our globs for the document's kind matches the file. An
 * unsaved (untitled) document has no path it could match.
 */
export function leaveSchemaProblemsToRedHat(file: string | undefined, kind: ManifestKind, state: RedHatState): boolean {
  return !!file && state.installed && state.validates && redHatValidates(file, state.globs[kind]);
}
