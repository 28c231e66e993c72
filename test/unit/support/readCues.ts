import { TranscriptError } from '../../../src/core/diagnosis/transcript/model';
import { parseTranscript } from '../../../src/core/diagnosis/transcript/parse';

/** A cue as the transcript has it: its text (markup gone), times, and speaker when one was named. */
export interface ReadCue { text: string; start?: number; end?: number; speaker?: string }

/** What reading a subtitle file gave: its cues in order, the warnings, or the error that refused it. */
export interface CueReading { format?: string; cues: ReadCue[]; warnings: string[]; error?: string }

/**
 * Reads a subtitle file through the public parser, as a user's file is read, and returns its cues
 * one by one (each a segment of a turn). A refused file gives `error` instead of throwing, so that
 * a conformance case can say "the file is read" or "the file is refused" plainly.
 */
export function readCues(text: string, format: 'srt' | 'vtt' | 'auto'): CueReading {
  try {
    const t = parseTranscript(text, { format });
    const named = t.speakers.some((s) => s.speaker !== 'interviewer' && s.speaker !== 'candidate');
    const cues = t.turns.flatMap((turn) => turn.segments).map((s) => ({
      text: s.text, start: s.start, end: s.end, ...(named ? { speaker: s.speaker } : {}),
    }));
    return { format: t.format, cues, warnings: t.warnings ?? [] };
  } catch (e) {
    if (e instanceof TranscriptError) return { cues: [], warnings: [], error: e.message };
    throw e;
  }
}

/** The texts of the cues read, or the error when the file was refused (for one-line assertions). */
export function texts(r: CueReading): string[] | string {
  return r.error ?? r.cues.map((c) => c.text);
}
