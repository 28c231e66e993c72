// Which files the skill editor works on, and how its ranges become an editor's.

import * as path from 'node:path';
import type { SourceRange } from '../manifest/problems';
import type { ManifestKind } from './schemaNav';

/** True when `file` is inside `dir` (or is it). */
function inside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * What kind of manifest a file is: any skill.yaml is a skill; a *.chain.yaml is a chain when it
 * is inside one of the skill folders (elsewhere the name may mean something else).
 */
export function manifestKindOf(file: string, skillFolders: readonly string[]): ManifestKind | undefined {
  const base = path.basename(file);
  if (base === 'skill.yaml') return 'skill';
  if (base.endsWith('.chain.yaml') && base.length > '.chain.yaml'.length && skillFolders.some((d) => inside(file, d))) return 'chain';
  return undefined;
}

/** A range with 0-based lines and characters and an exclusive end, as VS Code's Range is. */
export interface ZeroBasedRange {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
}

/**
 * A problem's range in the editor's terms. Problems use 1-based lines and columns with an
 * exclusive end column (problems.ts); the editor counts from 0 with an exclusive end, so every
 * number moves down by one and the same characters are covered.
 */
export function toZeroBased(range: SourceRange): ZeroBasedRange {
  return { startLine: range.line - 1, startCharacter: range.column - 1, endLine: range.endLine - 1, endCharacter: range.endColumn - 1 };
}
