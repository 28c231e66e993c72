import { TranscriptError } from './model';

/** How many bytes are looked at to tell text from binary and UTF-16 from UTF-8. */
const SNIFF_BYTES = 8192;

/**
 * UTF-16 without a byte-order mark, told by where its NUL bytes are: text that is mostly ASCII
 * (labels, times, English, digits, punctuation) has a NUL as the high byte of most characters,
 * so in little-endian every NUL sits at an odd offset, in big-endian at an even one. Binary
 * files have NULs at both. Chinese-only UTF-16 has no NULs and is not recognised here (it then
 * fails as UTF-8, and the message says how to convert).
 */
function bomlessUtf16(head: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (head.length < 16) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i + 1 < head.length; i += 2) {
    if (head[i] === 0) even++;
    if (head[i + 1] === 0) odd++;
  }
  const pairs = Math.floor(head.length / 2);
  if (even === 0 && odd >= pairs * 0.3) return 'utf-16le';
  if (odd === 0 && even >= pairs * 0.3) return 'utf-16be';
  return undefined;
}

const CONVERT = 'convert it to UTF-8 (iconv -f UTF-16 -t UTF-8 FILE > FILE.utf8.txt, or "Save with Encoding: UTF-8" in VS Code)';

/** UTF-16 bytes as text, or a TranscriptError that says how to convert them. */
function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', name: string): string {
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    // A NUL or other control character in the decoded text: it was not UTF-16 after all.
    if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw new Error('control characters');
    return text;
  } catch {
    throw new TranscriptError(`${name} looks like ${encoding.toUpperCase()} text that cannot be decoded: ${CONVERT}`);
  }
}

/**
 * Decodes a transcript file's bytes as text, refusing what cannot be a transcript: an empty
 * file, a binary file (NUL bytes) or bytes that are not UTF-8. UTF-16 (Windows "Unicode", what
 * Notepad and some meeting tools save) is decoded too: with a byte-order mark always, without one
 * when its NUL bytes show it (see `bomlessUtf16`).
 */
export function decodeTranscript(bytes: Uint8Array, name: string): string {
  if (bytes.length === 0) throw new TranscriptError(`${name} is empty: open a transcript with interview text in it`);
  const head = bytes.subarray(0, SNIFF_BYTES);
  let text: string;
  if (head[0] === 0xff && head[1] === 0xfe) text = decodeUtf16(bytes, 'utf-16le', name);
  else if (head[0] === 0xfe && head[1] === 0xff) text = decodeUtf16(bytes, 'utf-16be', name);
  else if (head.includes(0)) {
    const utf16 = bomlessUtf16(head);
    let decoded: string | undefined;
    try {
      if (utf16) decoded = decodeUtf16(bytes, utf16, name);
    } catch {
      // Not UTF-16 after all: binary.
    }
    if (decoded === undefined) {
      throw new TranscriptError(`${name} looks like a binary file, not a transcript: export the transcript as plain text (.txt or .md); if it is UTF-16 text, ${CONVERT}`);
    }
    text = decoded;
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new TranscriptError(`${name} is not UTF-8 text: re-save it as UTF-8 and try again (for example iconv -f GB18030 -t UTF-8, or -f UTF-16 for a UTF-16 file)`);
    }
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new TranscriptError(`${name} has only blank space: open a transcript with interview text in it`);
  return text;
}
