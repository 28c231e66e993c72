import { blockHeaderCounts, parseFeishu, parseOtter } from './formats/blocks';
import { parseCues } from './formats/cues';
import { isIndexLine, readSrtTiming } from './formats/srtCues';
import { parseDialogue } from './formats/dialogue';
import { countLabeledLines, parseLabeled } from './formats/labeled';
import { jsonKind, parseJsonRoot, parseWhisperCppJson, parseWhisperJson } from './formats/whisperJson';
import { detectLanguage } from '../../text/language';
import { isLineBreakCode, isSpaceCode, joinSpeechAll } from './lines';
import { TranscriptError, type FormatChoice, type Segment, type SpeakerRole, type Transcript, type TranscriptFormat, type Turn } from './model';
import { CONTENT_SPEAKERS, inferSpeakerRoles, rolesByContent, swapRole } from './roles';
import type { CustomLabels } from './speakers';

/** Largest transcript parsed (characters); a bigger file gets a message, not a frozen editor. */
export const MAX_TRANSCRIPT_CHARS = 30_000_000;

/** Consecutive cues of one speaker further apart than this start a new turn (seconds). */
export const MERGE_GAP_S = 2;

/** Options for parsing; every field optional. */
export interface ParseOptions {
  /** Force a format instead of auto-detecting. */
  format?: FormatChoice;
  /** Extra speaker labels with a known role. */
  labels?: CustomLabels;
  /** Flip the inferred (or labeled) roles; remembered per file by the extension. */
  swapRoles?: boolean;
}

/**
 * Whether some line is an SRT timing line (`00:01:02,000 --> 00:01:05,000`, full-width
 * `00：00：01，000`, a spaced or doubled arrow, unpadded times) with milliseconds or under a
 * subtitle number: "10:00 -> 10:30" alone in notes is not a subtitle. Each line is scanned once,
 * no pattern: a multiline pattern with blank-space loops that could each take the same blank
 * lines once made 8 KB of them take 41 s. Only lines that start (after blank space) with a
 * digit are scanned.
 */
export function hasSrtTimingLine(text: string): boolean {
  const n = text.length;
  let i = 0;
  let previous = '';
  while (i < n) {
    const from = i;
    let c = text.charCodeAt(i);
    while (i < n && isSpaceCode(c) && !isLineBreakCode(c)) c = text.charCodeAt(++i);
    const digit = i < n && c >= 48 && c <= 57;
    while (i < n && !isLineBreakCode(text.charCodeAt(i))) i++;
    const line = digit ? text.slice(from, i) : '';
    if (digit) {
      const timing = readSrtTiming(line);
      if (timing.shaped && (timing.millis || isIndexLine(previous))) return true;
    }
    previous = line;
    i += text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
  }
  return false;
}

/**
 * Detection order that works on real exports: `-->` (SRT/WebVTT) → JSON keys → `name time`
 * block headers (Otter, Feishu) → `Name:` prefixes → plain dialogue.
 */
export function detectTranscriptFormat(text: string, labels?: CustomLabels): Exclude<FormatChoice, 'auto'> {
  const head = text.slice(0, 65536);
  if (/^\uFEFF?WEBVTT\b/.test(head)) return 'vtt';
  if (hasSrtTimingLine(head)) return 'srt';
  const trimmed = head.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    if (/"transcription"\s*:/.test(text)) return 'whisper-cpp-json';
    if (/"segments"\s*:/.test(text)) return 'whisper-json';
    throw new TranscriptError('this JSON is not a transcript Interview Lens knows: it needs a "segments" array (openai-whisper, WhisperX) or a "transcription" array (whisper.cpp -oj)');
  }
  // The first 256 KB show the format as well as the whole file does, at a fraction of the cost.
  const sample = text.length > 262144 ? text.slice(0, text.lastIndexOf('\n', 262144) + 1 || 262144) : text;
  const blocks = blockHeaderCounts(sample);
  if (blocks.otterFooter && blocks.otter > 0) return 'otter';
  if (blocks.feishu >= 2 || (blocks.feishuMeta && blocks.feishu >= 1)) return 'feishu';
  if (blocks.otter >= 2) return 'otter';
  const labeled = countLabeledLines(sample, labels);
  if (labeled.lines >= 2 || labeled.roleLabeled >= 1) return 'labeled';
  return 'dialogue';
}

function readSegments(text: string, choice: Exclude<FormatChoice, 'auto'>, labels?: CustomLabels): { format: TranscriptFormat; segments: Segment[]; warnings?: string[] } {
  switch (choice) {
    case 'srt': return { format: 'srt', ...parseCues(text, 'srt') };
    case 'vtt': return { format: 'vtt', ...parseCues(text, 'vtt') };
    case 'whisper-json': {
      const root = parseJsonRoot(text);
      if (jsonKind(root) === 'whisper-cpp-json') return { format: 'whisper-cpp-json', segments: parseWhisperCppJson(text, root) };
      return { format: 'whisper-json', segments: parseWhisperJson(text, root) };
    }
    case 'whisper-cpp-json': return { format: 'whisper-cpp-json', segments: parseWhisperCppJson(text) };
    case 'otter': return { format: 'otter', segments: parseOtter(text) };
    case 'feishu': return { format: 'feishu', segments: parseFeishu(text) };
    case 'labeled': {
      const parsed = parseLabeled(text, labels);
      if (!parsed) {
        throw new TranscriptError('no speaker labels found: start each turn with "面试官：" / "候选人：", "Interviewer:" / "Candidate:", "Q:" / "A:" or a name and a colon, or choose the "dialogue" format');
      }
      return parsed;
    }
    case 'dialogue': return { format: 'dialogue', segments: parseDialogue(text) };
  }
}

/** Gives every segment a speaker: carried forward from the cue that named it, or a role from content. */
function attributeSpeakers(segments: Segment[]): { segments: Segment[]; byContent: boolean } {
  // Segments are fresh objects from a parser: set speakers in place (no copies of big transcripts).
  if (segments.some((s) => s.speaker)) {
    let last: string | undefined;
    for (const s of segments) {
      last = s.speaker ?? last;
      s.speaker = last ?? '?';
    }
    return { segments, byContent: false };
  }
  const roles = rolesByContent(segments);
  segments.forEach((s, i) => { s.speaker = CONTENT_SPEAKERS[roles[i]]; });
  return { segments, byContent: true };
}

/**
 * Consecutive segments of one speaker become one turn. The pieces of a turn are joined once at
 * the end: joining them one at a time made every join read the whole turn so far (40,000 cues of
 * one speaker took 18 s).
 */
function mergeTurns(segments: Segment[], timed: boolean): Turn[] {
  const turns: Turn[] = [];
  const pieces: string[][] = [];
  for (const s of segments) {
    const last = turns[turns.length - 1];
    const gap = last?.end !== undefined && s.start !== undefined ? s.start - last.end : 0;
    if (last && last.speaker === s.speaker && (!timed || gap <= MERGE_GAP_S)) {
      pieces[pieces.length - 1].push(s.text);
      last.end = s.end ?? last.end;
      last.endOffset = s.endOffset;
      last.segments.push(s);
    } else {
      turns.push({ speaker: s.speaker!, role: 'unknown', roleConfidence: 0, text: s.text, start: s.start, end: s.end, startOffset: s.startOffset, endOffset: s.endOffset, segments: [s] });
      pieces.push([s.text]);
    }
  }
  turns.forEach((t, i) => {
    if (pieces[i].length > 1) t.text = timed ? joinSpeechAll(pieces[i]) : pieces[i].join('\n\n');
  });
  return turns;
}

/** Parses any supported transcript into turns with roles. Throws TranscriptError with a fix. */
export function parseTranscript(text: string, options: ParseOptions = {}): Transcript {
  if (text.trim() === '') throw new TranscriptError('the transcript is empty: open a file with interview text in it');
  if (text.length > MAX_TRANSCRIPT_CHARS) {
    // Exact counts: rounded ones read "30.0 million … at most 30 million" for a file one character over.
    const count = (n: number) => n.toLocaleString('en-US');
    throw new TranscriptError(`the transcript has ${count(text.length)} characters; Interview Lens reads at most ${count(MAX_TRANSCRIPT_CHARS)}: split it into one file per interview`);
  }
  const choice = !options.format || options.format === 'auto' ? detectTranscriptFormat(text, options.labels) : options.format;
  const { format, segments: raw, warnings } = readSegments(text, choice, options.labels);
  if (raw.length === 0) throw new TranscriptError('the transcript has no text to diagnose');
  const timed = raw.every((s) => s.start !== undefined && s.end !== undefined);
  const { segments, byContent } = attributeSpeakers(raw);
  const merged = mergeTurns(segments, timed);
  let speakers: SpeakerRole[];
  if (byContent) {
    speakers = (['interviewer', 'candidate'] as const)
      .map((role) => ({ role, turns: merged.filter((t) => t.speaker === role) }))
      .filter((x) => x.turns.length > 0)
      .map(({ role, turns }) => ({ speaker: role, role, confidence: 0.6, turns: turns.length, questionRatio: role === 'interviewer' ? 1 : 0 }));
  } else {
    speakers = inferSpeakerRoles(merged, options.labels);
    // One named speaker only (a monologue with "Jane:" lines): fall back to content.
    if (speakers.every((s) => s.role === 'unknown')) return parseTranscript(text, { ...options, format: 'dialogue' });
  }
  if (options.swapRoles) speakers = speakers.map((s) => ({ ...s, role: swapRole(s.role) }));
  const roleOf = new Map(speakers.map((s) => [s.speaker, s]));
  for (const t of merged) {
    const r = roleOf.get(t.speaker)!;
    t.role = r.role;
    t.roleConfidence = r.confidence;
  }
  const turns = merged;
  return {
    format,
    language: detectLanguage(turns.slice(0, 400).map((t) => t.text).join('\n')),
    timed,
    wordTimed: timed && raw.some((s) => s.words && s.words.length > 0),
    startOnly: format === 'otter' || format === 'feishu',
    speakers,
    turns,
    ...(warnings && warnings.length > 0 ? { warnings } : {}),
  };
}
