import type { Language } from '../../text/language';

/** Who a speaker is in the interview; `unknown` when neither labels nor content tell. */
export type Role = 'interviewer' | 'candidate' | 'unknown';

/** The format a transcript was parsed as (what auto-detection found, or what the user forced). */
export type TranscriptFormat =
  | 'labeled-zh' | 'labeled-en' | 'qa' | 'labeled-custom' | 'named'
  | 'dialogue' | 'srt' | 'vtt' | 'whisper-json' | 'whisper-cpp-json' | 'otter' | 'feishu';

/** What a user may force with `--format` / `interviewLens.transcriptFormat`. */
export const FORMAT_CHOICES = ['auto', 'labeled', 'dialogue', 'srt', 'vtt', 'whisper-json', 'whisper-cpp-json', 'otter', 'feishu'] as const;
export type FormatChoice = (typeof FORMAT_CHOICES)[number];

/** Formats whose turns carry start/end seconds. */
export const TIMED_FORMATS: ReadonlySet<TranscriptFormat> = new Set(['srt', 'vtt', 'whisper-json', 'whisper-cpp-json', 'otter', 'feishu']);

/** One spoken word with its time in seconds (from the transcript, or estimated inside a cue). */
export interface Word {
  text: string;
  start: number;
  end: number;
  probability?: number;
}

/**
 * One unit as the source file has it: a labeled paragraph, a subtitle cue, a JSON segment, an
 * Otter/Feishu block. Offsets are UTF-16 indexes into the source text (as VS Code counts).
 */
export interface Segment {
  speaker?: string;
  text: string;
  start?: number;
  end?: number;
  /** Word timestamps when the source has them. */
  words?: Word[];
  /** Offset of the segment's first text line. */
  startOffset: number;
  endOffset: number;
  /** Raw dialogue only: the blank-line separated paragraph the line sits in. */
  paragraph?: number;
  /**
   * The non-blank source lines of a segment that spans several (a labeled turn, an Otter or
   * Feishu block), with their offsets; absent for one-line segments. Tells which line a question
   * inside the segment starts on.
   */
  lines?: Array<{ text: string; offset: number }>;
}

/** A speaker's consecutive segments merged into one turn, with the speaker's role. */
export interface Turn {
  speaker: string;
  role: Role;
  /** 0–1: 1 for explicit labels (面试官, Interviewer, Q), lower for roles inferred from content. */
  roleConfidence: number;
  text: string;
  start?: number;
  end?: number;
  segments: Segment[];
  startOffset: number;
  endOffset: number;
}

/** How a speaker id was mapped to a role, and how sure that is. */
export interface SpeakerRole {
  speaker: string;
  role: Role;
  confidence: number;
  turns: number;
  /** Share of the speaker's turns that read as questions; what role inference leans on. */
  questionRatio: number;
}

/** Every format parsed into one shape. */
export interface Transcript {
  format: TranscriptFormat;
  language: Language;
  /** Turns carry start/end seconds. */
  timed: boolean;
  /** Segments carry word timestamps (else per-word times are estimated inside cues). */
  wordTimed: boolean;
  /** Times are start-only (Otter, Feishu): ends are estimated from the next block's start. */
  startOnly: boolean;
  speakers: SpeakerRole[];
  turns: Turn[];
  /**
   * What was skipped while reading (a subtitle with unreadable times, a broken block), each
   * naming its line ("line 12: …"); absent when nothing was.
   */
  warnings?: string[];
}

/** One question and its answer, with where they sit in the source (UTF-16 offsets, as VS Code counts). */
export interface QaPair {
  index: number;
  question: string;
  /** The candidate's words only; a clarification reply of the interviewer inside the answer is left out. */
  answer: string;
  /**
   * Offset of the question: the start of the question turn's first cue or line that is not a
   * greeting or transition ("Great." "Let's start."), where the CodeLens goes.
   */
  startOffset: number;
  /** Offset just past the last character of the answer. */
  endOffset: number;
  /** Indexes into `Transcript.turns`. */
  questionTurns: number[];
  answerTurns: number[];
  questionEndS?: number;
  answerStartS?: number;
  answerEndS?: number;
}

/** The result of splitting a transcript into Q&A pairs. */
export interface SplitResult {
  format: TranscriptFormat;
  language: Language;
  timed: boolean;
  speakers: SpeakerRole[];
  pairs: QaPair[];
  /** The parsed turns the pairs index into; left out of `split --json`. */
  turns: Turn[];
  wordTimed: boolean;
  startOnly: boolean;
  /** What the parser skipped, each naming its line; absent when nothing was (see Transcript.warnings). */
  warnings?: string[];
}

/**
 * At most `max` characters of a piece of the user's file, quoted, for an error message: a 1 MB
 * line must not become a 1 MB message. Line breaks and tabs are shown as spaces so the message
 * stays on one line.
 */
export function quoteExcerpt(text: string, max = 80): string {
  const head = text.length > max ? `${text.slice(0, max)}…` : text;
  return `"${head.replace(/[\r\n\t\u2028\u2029]/g, ' ')}"`;
}

/** A transcript that cannot be parsed or split, with a message telling the user what to change. */
export class TranscriptError extends Error {
  constructor(message: string, readonly line?: number) {
    super(line ? `line ${line}: ${message}` : message);
    this.name = 'TranscriptError';
  }
}
