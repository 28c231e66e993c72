import { TranscriptError, type FormatChoice, type SpeakerRole } from '../../diagnosis/transcript/model';
import { parseTranscript } from '../../diagnosis/transcript/parse';
import { fail, ok, type Tool } from '../../calls/tool';

interface Output {
  speakers: SpeakerRole[];
  /** The transcript as WhisperX-style JSON whose segments carry "Interviewer" / "Candidate". */
  labeled: string;
  turns: number;
}

/**
 * Labels who is the interviewer and who the candidate in a timed transcript that has no (or only
 * anonymous) speakers, from what each segment says; keeps word timestamps.
 */
export const detectSpeakers: Tool<{ text: string; format: FormatChoice }, Output> = {
  name: 'detect_speakers',
  description:
    'Label interviewer and candidate in a timed transcript (Whisper JSON, whisper.cpp JSON, SRT, WebVTT) that has no speakers or only ids like SPEAKER_00: questions and asks go to the interviewer, answers to the candidate, clarifying questions asked back stay with the candidate. Returns the roles and the transcript as WhisperX-style JSON with "Interviewer"/"Candidate" speakers.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', minLength: 1, description: 'The timed transcript.' },
      format: { type: 'string', enum: ['auto', 'srt', 'vtt', 'whisper-json', 'whisper-cpp-json'], default: 'auto' },
    },
    required: ['text'],
  },
  timeoutMs: 20_000,
  async execute(input) {
    try {
      const t = parseTranscript(input.text, { format: input.format });
      if (!t.timed) return fail('input_error', `detect_speakers works on timed transcripts; this one is ${t.format} without timestamps`);
      const name = { interviewer: 'Interviewer', candidate: 'Candidate', unknown: 'Unknown' } as const;
      let id = 0;
      const segments = t.turns.flatMap((turn) => turn.segments.map((s) => ({
        id: id++, start: s.start, end: s.end, speaker: name[turn.role], text: s.text,
        ...(s.words ? { words: s.words.map((w) => ({ word: w.text, start: w.start, end: w.end, ...(w.probability !== undefined ? { probability: w.probability } : {}) })) } : {}),
      })));
      // One segment per line: readable, and a question's lens sits on its own line.
      const labeled = `{"language": ${JSON.stringify(t.language)}, "source": ${JSON.stringify(t.format)}, "segments": [\n${segments.map((s) => JSON.stringify(s)).join(',\n')}\n]}\n`;
      return ok({ speakers: t.speakers, labeled, turns: t.turns.length });
    } catch (err) {
      if (err instanceof TranscriptError) return fail('input_error', err.message);
      throw err;
    }
  },
};
