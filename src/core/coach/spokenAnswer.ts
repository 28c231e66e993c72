/**
 * A mock-interview answer given as a recording: the speech-to-text result (whisper JSON of either
 * flavour) as the plain text of the answer, its segments joined in order. Chinese segments are
 * joined without spaces, other text with one, so the judge reads the sentences as spoken.
 */
import type { SttResult } from '../diagnosis/speech/stt';
import { parseWhisperCppJson, parseWhisperJson } from '../diagnosis/transcript/formats/whisperJson';

/** The text of a transcribed answer; empty when the recording held no speech. */
export function spokenAnswerText(result: Pick<SttResult, 'format' | 'text'>): string {
  const segments = result.format === 'whisper-cpp-json' ? parseWhisperCppJson(result.text) : parseWhisperJson(result.text);
  let out = '';
  for (const s of segments) {
    const t = s.text.replace(/\s+/g, ' ').trim();
    if (!t) continue;
    const cjkJoin = /[\u3400-\u9fff，。？！]$/.test(out) && /^[\u3400-\u9fff]/.test(t);
    out += out && !cjkJoin ? ` ${t}` : t;
  }
  return out;
}
