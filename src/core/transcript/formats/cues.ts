import { eachLine, parseClock, joinSpeechAll, type Line } from '../lines';
import { quoteExcerpt, TranscriptError, type Segment } from '../model';
import { acceptedSpeakers, speakerPrefix } from '../speakers';

const TIME = String.raw`(?:\d{1,3}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;
// What may follow the end time (cue settings): blank space, then text that starts with a
// non-blank character. `(?:\s+.*)?` said the same, but its two loops could share the blank space
// and backtracked n^2 times on a long line that fails. Exported for the linear-time check.
export const TIMING = new RegExp(String.raw`^\s*(${TIME})\s*-->\s*(${TIME})(?:\s+(?:\S.*)?)?$`);

interface RawCue {
  start: number;
  end: number;
  lines: Line[];
  voice?: string;
}

/**
 * Removes tags: from each `<` that `accept` allows up to the next `>`, what `/<…[^>]*>/g` did.
 * A hand-written scan because those patterns ran to the end of the text from every `<` when no
 * `>` followed ("<<<<…": n^2 steps); with no `>` left, no later `<` can open a tag either.
 */
function stripTags(text: string, accept: (open: number, close: number) => boolean): string {
  let out = '';
  let from = 0;
  let close = -1;
  for (let open = text.indexOf('<'); open !== -1; open = text.indexOf('<', open + 1)) {
    if (close < open) close = text.indexOf('>', open);
    if (close === -1) break;
    if (!accept(open, close)) continue;
    out += text.slice(from, open);
    from = close + 1;
    open = close;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The start of a voice span `<v Name>` / `<v.loud Name>` up to its first blank character (sticky). */
const VOICE_HEAD = /<v(?:\.[\w.-]+)?\s/y;

/** Strips WebVTT markup (`<c>`, `<i>`, timestamp tags) and returns the voice of a `<v Name>` span. */
function stripVttTags(text: string): { text: string; voice?: string } {
  let voice: string | undefined;
  const withoutVoices = stripTags(text, (open, close) => {
    VOICE_HEAD.lastIndex = open;
    // The name is everything up to the `>` and must not be empty.
    if (!VOICE_HEAD.test(text) || VOICE_HEAD.lastIndex >= close) return false;
    voice ??= text.slice(VOICE_HEAD.lastIndex, close).trim();
    return true;
  });
  const out = stripTags(withoutVoices, () => true);
  return { text: out.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, ' '), voice };
}

/** SRT's `<b>`, `<i>`, `<u>`, `<font …>` and their closing tags. */
function stripSrtTags(text: string): string {
  return stripTags(text, (open) => {
    const at = text.charCodeAt(open + 1) === 47 /* / */ ? open + 2 : open + 1;
    return 'biufBIUF'.includes(text[at] ?? '-') && at < text.length;
  });
}

function readCues(text: string, kind: 'srt' | 'vtt'): RawCue[] {
  const cues: RawCue[] = [];
  let block: Line[] = [];
  let inHeader = kind === 'vtt';
  let first = true;
  const flush = () => {
    if (block.length === 0) return;
    const lines = block;
    block = [];
    if (kind === 'vtt' && /^(?:NOTE|STYLE|REGION)\b/.test(lines[0].text)) return;
    const timingAt = lines[0].text.includes('-->') ? 0 : lines.length > 1 && lines[1].text.includes('-->') ? 1 : -1;
    if (timingAt === -1) {
      throw new TranscriptError(
        `expected a cue time line such as "00:01:02${kind === 'srt' ? ',' : '.'}000 --> 00:01:05${kind === 'srt' ? ',' : '.'}000"; found ${quoteExcerpt(lines[0].text)}. Fix or remove this block`,
        lines[0].number,
      );
    }
    const timing = lines[timingAt];
    const m = TIMING.exec(timing.text);
    const start = m ? parseClock(m[1]) : undefined;
    const end = m ? parseClock(m[2]) : undefined;
    if (start === undefined || end === undefined) {
      throw new TranscriptError(`cannot read the time range ${quoteExcerpt(timing.text.trim())}: write it as HH:MM:SS,mmm --> HH:MM:SS,mmm`, timing.number);
    }
    if (end < start) throw new TranscriptError(`the cue ends (${m![2]}) before it starts (${m![1]})`, timing.number);
    cues.push({ start, end, lines: lines.slice(timingAt + 1) });
  };
  eachLine(text, (line) => {
    if (first) {
      first = false;
      if (kind === 'vtt' && !/^\uFEFF?WEBVTT\b/.test(line.text)) {
        throw new TranscriptError('a WebVTT file must start with "WEBVTT": add that line, or choose another format', 1);
      }
    }
    if (line.text.trim() === '') {
      if (inHeader) inHeader = false;
      else flush();
      return;
    }
    if (!inHeader) block.push(line);
  });
  if (!inHeader) flush();
  return cues;
}

/**
 * SRT and WebVTT cues as segments. Speakers come from `<v Name>` voice spans (Teams), a
 * `Name:` / `[SPEAKER_00]:` prefix (Zoom, WhisperX) that often opens only a turn's first cue,
 * or nowhere (then roles are inferred from what is said).
 */
export function parseCues(text: string, kind: 'srt' | 'vtt'): Segment[] {
  const cues = readCues(text, kind);
  const prepared = cues.map((cue) => {
    const parts = cue.lines.map((l) => (kind === 'vtt' ? stripVttTags(l.text) : { text: stripSrtTags(l.text) }));
    const voice = parts.find((p) => p.voice)?.voice;
    const first = parts[0]?.text ?? '';
    const prefix = voice ? null : speakerPrefix(first);
    return { cue, parts, voice, prefix };
  });
  const speakers = acceptedSpeakers(prepared.flatMap((p) => (p.prefix ? [p.prefix.speaker] : [])));
  const segments: Segment[] = [];
  for (const { cue, parts, voice, prefix } of prepared) {
    const useful = prefix && speakers.has(prefix.speaker) ? prefix : null;
    const texts = parts
      .map((p, k) => (k === 0 && useful ? p.text.slice(useful.length) : p.text).trim())
      .filter((t) => t !== '');
    const body = joinSpeechAll(texts);
    if (body === '') continue;
    const firstLine = cue.lines[0];
    const lastLine = cue.lines[cue.lines.length - 1];
    segments.push({
      speaker: voice ?? useful?.speaker,
      text: body,
      start: cue.start,
      end: cue.end,
      startOffset: firstLine.offset,
      endOffset: lastLine.offset + lastLine.text.length,
    });
  }
  if (segments.length === 0) throw new TranscriptError(`the ${kind === 'srt' ? 'SRT' : 'WebVTT'} file has no cue with text`);
  return segments;
}
