import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { lineAt, parseClock } from '../lines';
import { TranscriptError, type Segment, type Word } from '../model';

/** Where a JSON value sits in the source, so lenses can point at a segment's text. */
interface Located<T> {
  value: T;
  offset: number;
  length: number;
}

function prop(node: Node | undefined, key: string): Node | undefined {
  if (!node || node.type !== 'object') return undefined;
  for (const p of node.children ?? []) {
    if (p.children?.[0]?.value === key) return p.children[1];
  }
  return undefined;
}

function num(node: Node | undefined): number | undefined {
  return node?.type === 'number' ? (node.value as number) : undefined;
}

function str(node: Node | undefined): Located<string> | undefined {
  return node?.type === 'string' ? { value: node.value as string, offset: node.offset, length: node.length } : undefined;
}

/** Parses JSON with positions; a syntax error names its line. */
export function parseJsonTree(text: string): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !root) {
    const e = errors[0];
    const line = e ? lineAt(text, e.offset) : 1;
    throw new TranscriptError(`the JSON is malformed (${e ? printParseErrorCode(e.error) : 'empty'}): fix the file or export it again`, line);
  }
  return root;
}

function wordsOf(list: Node | undefined, wordKey: 'word' | 'text'): Word[] | undefined {
  if (list?.type !== 'array') return undefined;
  const words: Word[] = [];
  for (const w of list.children ?? []) {
    const text = str(prop(w, wordKey))?.value;
    const start = num(prop(w, 'start'));
    const end = num(prop(w, 'end'));
    if (text === undefined || start === undefined || end === undefined) continue;
    const probability = num(prop(w, 'probability')) ?? num(prop(w, 'score'));
    words.push({ text: text.trim(), start, end, ...(probability !== undefined ? { probability } : {}) });
  }
  return words.length ? words : undefined;
}

/** openai-whisper / WhisperX / OpenAI verbose_json: `{segments:[{start,end,text,words?,speaker?}], words?}`. */
export function parseWhisperJson(text: string, root = parseJsonTree(text)): Segment[] {
  const list = prop(root, 'segments');
  if (list?.type !== 'array') throw new TranscriptError('this JSON has no "segments" array: export the transcript from Whisper with --output_format json', lineAt(text, root.offset));
  const segments: Segment[] = [];
  for (const [i, node] of (list.children ?? []).entries()) {
    const t = str(prop(node, 'text'));
    const start = num(prop(node, 'start'));
    const end = num(prop(node, 'end'));
    if (!t || start === undefined || end === undefined) {
      throw new TranscriptError(`segments[${i}] needs "start", "end" (seconds) and "text"`, lineAt(text, node.offset));
    }
    const body = t.value.trim();
    if (body === '') continue;
    const speaker = str(prop(node, 'speaker'))?.value;
    segments.push({
      ...(speaker ? { speaker } : {}),
      text: body, start, end,
      words: wordsOf(prop(node, 'words'), 'word'),
      startOffset: t.offset, endOffset: t.offset + t.length,
    });
  }
  // OpenAI's verbose_json puts words beside the segments: hand each segment its own.
  const topWords = wordsOf(prop(root, 'words'), 'word');
  if (topWords) {
    let w = 0;
    for (const s of segments) {
      if (s.words) continue;
      const own: Word[] = [];
      while (w < topWords.length && topWords[w].start < s.end!) own.push(topWords[w++]);
      if (own.length) s.words = own;
    }
  }
  return segments;
}

function cppTime(node: Node | undefined, msKey: 'from' | 'to', offsets: Node | undefined, stamps: Node | undefined): number | undefined {
  const ms = num(prop(offsets, msKey));
  if (ms !== undefined) return ms / 1000;
  const stamp = str(prop(stamps, msKey))?.value;
  return stamp !== undefined ? parseClock(stamp) : num(prop(node, msKey === 'from' ? 't0' : 't1'));
}

/** whisper.cpp tokens (with -ojf) glued into words: a token that starts with a space starts a word. */
function cppWords(tokens: Node | undefined): Word[] | undefined {
  if (tokens?.type !== 'array') return undefined;
  const words: Word[] = [];
  for (const tok of tokens.children ?? []) {
    const text = str(prop(tok, 'text'))?.value ?? '';
    if (/^\[_|^<\|/.test(text) || text === '') continue;
    const offsets = prop(tok, 'offsets');
    const from = num(prop(offsets, 'from'));
    const to = num(prop(offsets, 'to'));
    if (from === undefined || to === undefined) return undefined;
    const last = words[words.length - 1];
    if (last && !/^\s/.test(text) && !/[\u3400-\u9fff]/.test(text)) {
      last.text += text;
      last.end = to / 1000;
    } else {
      words.push({ text: text.trim(), start: from / 1000, end: to / 1000 });
    }
  }
  return words.length ? words : undefined;
}

/** whisper.cpp `-oj` / `-ojf`: `{transcription:[{timestamps, offsets (ms), text, tokens?, speaker?}]}`. */
export function parseWhisperCppJson(text: string, root = parseJsonTree(text)): Segment[] {
  const list = prop(root, 'transcription');
  if (list?.type !== 'array') throw new TranscriptError('this JSON has no "transcription" array: run whisper.cpp with -oj', lineAt(text, root.offset));
  const segments: Segment[] = [];
  let turnNo = 0;
  for (const [i, node] of (list.children ?? []).entries()) {
    const t = str(prop(node, 'text'));
    const offsets = prop(node, 'offsets');
    const stamps = prop(node, 'timestamps');
    const start = cppTime(node, 'from', offsets, stamps);
    const end = cppTime(node, 'to', offsets, stamps);
    if (!t || start === undefined || end === undefined) {
      throw new TranscriptError(`transcription[${i}] needs "offsets" (or "timestamps") and "text"`, lineAt(text, node.offset));
    }
    const body = t.value.trim();
    // tinydiarize marks a speaker change after the segment; other builds write a speaker id.
    const speaker = str(prop(node, 'speaker'))?.value ?? (prop(node, 'speaker_turn_next') ? `S${turnNo % 2}` : undefined);
    if (prop(node, 'speaker_turn_next')?.value === true) turnNo++;
    if (body === '') continue;
    segments.push({
      ...(speaker ? { speaker } : {}),
      text: body, start, end,
      words: cppWords(prop(node, 'tokens')),
      startOffset: t.offset, endOffset: t.offset + t.length,
    });
  }
  return segments;
}

/** Which JSON transcript this is, by its keys; null when neither. */
export function jsonKind(root: Node): 'whisper-json' | 'whisper-cpp-json' | null {
  if (prop(root, 'transcription')?.type === 'array') return 'whisper-cpp-json';
  if (prop(root, 'segments')?.type === 'array') return 'whisper-json';
  return null;
}

