// "Toggle Enabled" changes one value in a skill.yaml the user wrote: only the characters of the
// `enabled:` value (or one new line), so comments, order and formatting stay as they were.

import { YamlLocations } from '../manifest/yamlLocations';

/** A text replacement by character offsets (end exclusive). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** Offset of a 1-based line and column (UTF-16) in `text`. */
function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(offset + column - 1, text.length);
}

/**
 * The edit that sets `enabled:` to `enabled` in a skill.yaml's text: the existing value is
 * replaced, or a line `enabled: …` is added after `version:` (else after `name:`). Undefined when
 * the text is not a block mapping this can edit safely (broken YAML, a flow mapping): the user
 * edits it by hand then.
 */
export function enabledEdit(text: string, enabled: boolean): TextEdit | undefined {
  const loc = new YamlLocations(text);
  if (!loc.ok || !loc.data || typeof loc.data !== 'object' || Array.isArray(loc.data)) return undefined;
  const value = String(enabled);
  if (loc.has('/enabled')) {
    const r = loc.valueRange('/enabled');
    if (r.line !== r.endLine) return undefined;
    return { start: offsetAt(text, r.line, r.column), end: offsetAt(text, r.endLine, r.endColumn), text: value };
  }
  const after = ['/version', '/name'].find((p) => loc.has(p));
  const anchor = after ? loc.keyRange(after) : undefined;
  if (!anchor || anchor.column !== 1) return undefined;
  const valueEnd = loc.valueRange(after!);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lineEnd = text.indexOf('\n', offsetAt(text, valueEnd.endLine, 1));
  if (lineEnd < 0) return { start: text.length, end: text.length, text: `${eol}enabled: ${value}` };
  return { start: lineEnd + 1, end: lineEnd + 1, text: `enabled: ${value}${eol}` };
}

/** `text` with the edit applied. */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}
