import { joinSpeechAll, type Line } from '../lines';
import { TranscriptError, type Segment } from '../model';
import { acceptedSpeakers, speakerPrefix } from '../speakers';
import { asSpeech, srtCueText, vttCueText } from './cueText';
import { readSrtCues } from './srtCues';
import { readVttCues } from './vttCues';

/** A cue of either format, reduced to what a transcript needs. */
interface RawCue {
  start: number;
  end: number;
  lines: Line[];
  timingLine: number;
}

/** Segments of a subtitle file, and what was skipped on the way (each warning names its line). */
export interface CueSegments {
  segments: Segment[];
  warnings: string[];
}

function clock(seconds: number, kind: 'srt' | 'vtt'): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${kind === 'srt' ? ',' : '.'}${pad(ms % 1000, 3)}`;
}

/**
 * SRT and WebVTT cues as segments. Speakers come from `<v Name>` voice spans (Teams), a
 * `Name:` / `[SPEAKER_00]:` prefix (Zoom, WhisperX) that often opens only a turn's first cue,
 * or nowhere (then roles are inferred from what is said). One bad cue costs that cue, never the
 * file: what the readers skipped comes back as warnings. A cue that ends before it starts is
 * skipped too (WebVTT's algorithm keeps it, but its pace and pauses would be negative).
 */
export function parseCues(text: string, kind: 'srt' | 'vtt'): CueSegments {
  const read = kind === 'vtt' ? readVttCues(text) : readSrtCues(text);
  const warnings = [...read.warnings];
  const cues: RawCue[] = [];
  for (const cue of read.cues) {
    if (cue.end < cue.start) {
      warnings.push(`line ${cue.timingLine}: the cue ends (${clock(cue.end, kind)}) before it starts (${clock(cue.start, kind)}); it was skipped: correct its times`);
    } else {
      cues.push(cue);
    }
  }
  const prepared = cues.map((cue) => {
    const text = cue.lines.filter((l) => l.text.trim() !== '');
    const parts = text.map((l) => {
      const p = kind === 'vtt' ? vttCueText(l.text) : { text: srtCueText(l.text) };
      return { text: asSpeech(p.text), voice: 'voice' in p ? p.voice : undefined };
    });
    const voice = parts.find((p) => p.voice)?.voice;
    const first = parts[0]?.text ?? '';
    const prefix = voice ? null : speakerPrefix(first);
    return { cue, text, parts, voice, prefix };
  });
  const speakers = acceptedSpeakers(prepared.flatMap((p) => (p.prefix ? [p.prefix.speaker] : [])));
  const segments: Segment[] = [];
  for (const { cue, text: lines, parts, voice, prefix } of prepared) {
    const useful = prefix && speakers.has(prefix.speaker) ? prefix : null;
    const texts = parts
      .map((p, k) => (k === 0 && useful ? p.text.slice(useful.length) : p.text).trim())
      .filter((t) => t !== '');
    const body = joinSpeechAll(texts);
    if (body === '') continue;
    const firstLine = lines[0];
    const lastLine = lines[lines.length - 1];
    segments.push({
      speaker: voice ?? useful?.speaker,
      text: body,
      start: cue.start,
      end: cue.end,
      startOffset: firstLine.offset,
      endOffset: lastLine.offset + lastLine.text.length,
    });
  }
  if (segments.length === 0) {
    const name = kind === 'srt' ? 'SRT' : 'WebVTT';
    // The first reason only: the message is one short line, and the first place to fix is what helps.
    const why = warnings.length > 0 ? `: ${warnings[0]}${warnings.length > 1 ? ` (and ${warnings.length - 1} more skipped)` : ''}` : '';
    throw new TranscriptError(`the ${name} file has no cue with text${why}`);
  }
  return { segments, warnings };
}
