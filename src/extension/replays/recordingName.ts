/**
 * The cassette name "Diagnose and Record…" suggests for a transcript file, and the check of a
 * typed name. No `vscode` import, so it is unit-testable.
 */
import { recordingPath } from '../../core/replay/cassetteRecorder';

/** A name recordingPath accepts, from a file name: its stem, other characters as "-", at most 100. */
export function suggestedRecordingName(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '');
  const name = stem.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-{2,}/g, '-').replace(/^[^A-Za-z0-9]+/, '').replace(/\.{2,}/g, '.').slice(0, 100);
  // Trailing "-" and "." off with a loop (an end-anchored pattern rescans every run of them).
  let end = name.length;
  while (end > 0 && (name[end - 1] === '-' || name[end - 1] === '.')) end--;
  return name.slice(0, end) || 'recording';
}

/** Whether recordingPath accepts `name` (letters, digits, ".", "_", "-"; no separators, no ".."). */
export function isRecordingName(name: string): boolean {
  try {
    recordingPath('/', name);
    return true;
  } catch {
    return false;
  }
}
