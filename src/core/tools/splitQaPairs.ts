import { splitLabeled } from '../transcript/labeled';
import { TranscriptError, type SplitResult } from '../transcript/model';
import { fail, ok, type Tool } from './types';

/** Splits a labeled transcript into Q&A pairs with their source offsets. */
export const splitQaPairs: Tool<{ text: string; format: 'auto' | 'labeled-zh' | 'labeled-en' | 'qa' }, SplitResult> = {
  name: 'split_qa_pairs',
  description:
    'Split an interview transcript into question/answer pairs. Understands 面试官：/候选人：, Interviewer:/Candidate: and Q:/A: labels; returns each pair with its character offsets in the text.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', minLength: 1, description: 'The whole transcript text.' },
      format: { type: 'string', enum: ['auto', 'labeled-zh', 'labeled-en', 'qa'], default: 'auto' },
    },
    required: ['text'],
  },
  async execute(input) {
    try {
      return ok(splitLabeled(input.text, input.format));
    } catch (err) {
      if (err instanceof TranscriptError) return fail('input_error', err.message);
      throw err;
    }
  },
};
