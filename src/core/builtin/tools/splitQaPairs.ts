import { FORMAT_CHOICES, TranscriptError, type FormatChoice, type SplitResult } from '../../diagnosis/transcript/model';
import { splitTranscript } from '../../diagnosis/transcript/split';
import type { CustomLabels } from '../../diagnosis/transcript/speakers';
import { fail, ok, type Tool } from '../../calls/tool';

interface Input { text: string; format: FormatChoice; labels?: CustomLabels; swapRoles: boolean }

/** Parses a transcript in any supported format and splits it into Q&A pairs with source offsets. */
export const splitQaPairs: Tool<Input, SplitResult> = {
  name: 'split_qa_pairs',
  description:
    'Split an interview transcript into question/answer pairs. Reads labeled text (面试官：/候选人：, Interviewer:/Candidate:, Q:/A:, names), raw dialogue, SRT, WebVTT, openai-whisper/WhisperX JSON, whisper.cpp JSON, Otter and Feishu exports; infers who is the interviewer; returns each pair with its character offsets and, for timed formats, answer start/end seconds.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', minLength: 1, description: 'The whole transcript text.' },
      format: { type: 'string', enum: [...FORMAT_CHOICES], default: 'auto', description: 'Force a format instead of detecting it.' },
      labels: {
        type: 'object',
        description: 'Extra speaker labels with a known role.',
        properties: {
          interviewer: { type: 'array', items: { type: 'string', minLength: 1 } },
          candidate: { type: 'array', items: { type: 'string', minLength: 1 } },
        },
      },
      swapRoles: { type: 'boolean', default: false, description: 'Swap interviewer and candidate (fixes a wrong guess).' },
    },
    required: ['text'],
  },
  timeoutMs: 20_000,
  async execute(input) {
    try {
      return ok(splitTranscript(input.text, { format: input.format, labels: input.labels, swapRoles: input.swapRoles }));
    } catch (err) {
      if (err instanceof TranscriptError) return fail('input_error', err.message);
      throw err;
    }
  },
};
