import { lineAt, parseClock } from '../lines';
import { TranscriptError, type Segment, type Word } from '../model';
import { elementStringSpans, parseJson, type Span } from './jsonOffsets';

type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

/** Parses a JSON transcript; a syntax error names its line. */
export function parseJsonRoot(text: string): Obj {
  const root = parseJson(text);
  if (!isObj(root)) throw new TranscriptError('a JSON transcript must be an object with "segments" (openai-whisper, WhisperX) or "transcription" (whisper.cpp -oj)', 1);
  return root;
}

function wordsOf(list: unknown, wordKey: 'word' | 'text'): Word[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const words: Word[] = [];
  for (const w of list) {
    if (!isObj(w)) continue;
    const text = str(w[wordKey]);
    const start = num(w.start);
    const end = num(w.end);
    // A word without usable times (missing or negative) is left out; the segment's times still hold.
    if (text === undefined || start === undefined || end === undefined || start < 0 || end < 0) continue;
    const probability = num(w.probability) ?? num(w.score);
    words.push({ text: text.trim(), start, end, ...(probability !== undefined ? { probability } : {}) });
  }
  return words.length ? words : undefined;
}

/** Line of the n-th element of the array (for messages about one segment). */
function elementLine(text: string, spans: Array<{ offset: number } | undefined>, i: number): number | undefined {
  let k = Math.min(i, spans.length - 1);
  while (k >= 0 && !spans[k]) k--;
  return k >= 0 ? lineAt(text, spans[k]!.offset) : undefined;
}

/**
 * Times are seconds from the start of the recording; a negative one comes from a broken export
 * or a hand edit. It is refused with the segment and its line (rather than clamped to 0: the
 * pauses, answer latency and pace measured from it would be made up).
 */
function checkTimes(kind: 'segments' | 'transcription', i: number, start: number, end: number, text: string, spans: Array<Span | undefined>): void {
  if (start >= 0 && end >= 0) return;
  const which = start < 0 ? `starts at ${start}` : `ends at ${end}`;
  throw new TranscriptError(`${kind}[${i}] ${which} seconds; times cannot be negative: correct the segment's times or export the transcript again`, elementLine(text, spans, i));
}

/** openai-whisper / WhisperX / OpenAI verbose_json: `{segments:[{start,end,text,words?,speaker?}], words?}`. */
export function parseWhisperJson(text: string, root = parseJsonRoot(text)): Segment[] {
  const list = root.segments;
  if (!Array.isArray(list)) throw new TranscriptError('this JSON has no "segments" array: export the transcript from Whisper with --output_format json', 1);
  const spans = elementStringSpans(text, 'segments', 'text');
  const segments: Segment[] = [];
  for (const [i, node] of list.entries()) {
    const t = isObj(node) ? str(node.text) : undefined;
    const start = isObj(node) ? num(node.start) : undefined;
    const end = isObj(node) ? num(node.end) : undefined;
    if (t === undefined || start === undefined || end === undefined || !spans[i]) {
      throw new TranscriptError(`segments[${i}] needs "start", "end" (seconds) and "text"`, elementLine(text, spans, i));
    }
    checkTimes('segments', i, start, end, text, spans);
    const body = t.trim();
    if (body === '') continue;
    const speaker = str((node as Obj).speaker);
    segments.push({
      ...(speaker ? { speaker } : {}),
      text: body, start, end,
      words: wordsOf((node as Obj).words, 'word'),
      startOffset: spans[i]!.offset, endOffset: spans[i]!.offset + spans[i]!.length,
    });
  }
  // OpenAI's verbose_json puts words beside the segments: hand each segment its own.
  const topWords = wordsOf(root.words, 'word');
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

function cppTime(node: Obj, key: 'from' | 'to'): number | undefined {
  const ms = isObj(node.offsets) ? num(node.offsets[key]) : undefined;
  if (ms !== undefined) return ms / 1000;
  const stamp = isObj(node.timestamps) ? str(node.timestamps[key]) : undefined;
  return stamp !== undefined ? parseClock(stamp) : undefined;
}

/** whisper.cpp tokens (with -ojf) glued into words: a token that starts with a space starts a word. */
function cppWords(tokens: unknown): Word[] | undefined {
  if (!Array.isArray(tokens)) return undefined;
  const words: Word[] = [];
  for (const tok of tokens) {
    if (!isObj(tok)) continue;
    const text = str(tok.text) ?? '';
    if (/^\[_|^<\|/.test(text) || text === '') continue;
    const from = isObj(tok.offsets) ? num(tok.offsets.from) : undefined;
    const to = isObj(tok.offsets) ? num(tok.offsets.to) : undefined;
    if (from === undefined || to === undefined || from < 0 || to < 0) return undefined;
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
export function parseWhisperCppJson(text: string, root = parseJsonRoot(text)): Segment[] {
  const list = root.transcription;
  if (!Array.isArray(list)) throw new TranscriptError('this JSON has no "transcription" array: run whisper.cpp with -oj', 1);
  const spans = elementStringSpans(text, 'transcription', 'text');
  const segments: Segment[] = [];
  let turnNo = 0;
  for (const [i, node] of list.entries()) {
    const o = isObj(node) ? node : {};
    const t = str(o.text);
    const start = cppTime(o, 'from');
    const end = cppTime(o, 'to');
    if (t === undefined || start === undefined || end === undefined || !spans[i]) {
      throw new TranscriptError(`transcription[${i}] needs "offsets" (or "timestamps") and "text"`, elementLine(text, spans, i));
    }
    checkTimes('transcription', i, start, end, text, spans);
    const body = t.trim();
    // tinydiarize marks a speaker change after the segment; other builds write a speaker id.
    const speaker = str(o.speaker) ?? ('speaker_turn_next' in o ? `S${turnNo % 2}` : undefined);
    if (o.speaker_turn_next === true) turnNo++;
    if (body === '') continue;
    segments.push({
      ...(speaker ? { speaker } : {}),
      text: body, start, end,
      words: cppWords(o.tokens),
      startOffset: spans[i]!.offset, endOffset: spans[i]!.offset + spans[i]!.length,
    });
  }
  return segments;
}

/** Which JSON transcript this is, by its keys; null when neither. */
export function jsonKind(root: Obj): 'whisper-json' | 'whisper-cpp-json' | null {
  if (Array.isArray(root.transcription)) return 'whisper-cpp-json';
  if (Array.isArray(root.segments)) return 'whisper-json';
  return null;
}
