import type { Language } from './language';

/** Which labeling convention a transcript uses. */
export type TranscriptFormat = 'labeled-zh' | 'labeled-en' | 'qa';

/** One question and its answer, with where they sit in the source (UTF-16 offsets, as VS Code counts). */
export interface QaPair {
  index: number;
  question: string;
  answer: string;
  /** Offset of the first character of the question turn (its label). */
  startOffset: number;
  /** Offset just past the last character of the answer. */
  endOffset: number;
}

/** The result of splitting a transcript into Q&A pairs. */
export interface SplitResult {
  format: TranscriptFormat;
  language: Language;
  pairs: QaPair[];
}

/** A transcript that cannot be split, with a message telling the user what to change. */
export class TranscriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptError';
  }
}
