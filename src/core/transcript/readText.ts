import { TranscriptError } from './model';

/**
 * Decodes a transcript file's bytes as UTF-8 text, refusing what cannot be a transcript:
 * an empty file, a binary file (NUL bytes) or bytes that are not UTF-8.
 */
export function decodeTranscript(bytes: Uint8Array, name: string): string {
  if (bytes.length === 0) throw new TranscriptError(`${name} is empty: open a transcript with interview text in it`);
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) {
    throw new TranscriptError(`${name} looks like a binary file, not a transcript: export the transcript as plain text (.txt or .md)`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TranscriptError(`${name} is not UTF-8 text: re-save it as UTF-8 and try again`);
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new TranscriptError(`${name} has only blank space: open a transcript with interview text in it`);
  return text;
}
