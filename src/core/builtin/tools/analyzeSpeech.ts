import { analyzeDelivery, type DeliveryReport } from '../../diagnosis/speech/delivery';
import type { Language } from '../../text/language';
import type { QaPair, Turn } from '../../diagnosis/transcript/model';
import { fail, ok, type Tool } from '../../calls/tool';

interface Input { turns: Turn[]; pairs: QaPair[]; language: Language; wordTimed: boolean; startOnly: boolean }

/** Delivery metrics (pace, fillers, pauses, latency, talk ratio) of a timed transcript; no model involved. */
export const analyzeSpeech: Tool<Input, DeliveryReport> = {
  name: 'analyze_speech',
  description:
    'Measure how the candidate spoke in a timed transcript: pace (Chinese characters and English words per minute), articulation rate, fillers with timestamps and clusters, long pauses inside answers, response latency, talk ratio and hedges, each scored 0-100 with a one-sentence explanation. Takes the turns and pairs that split_qa_pairs returns.',
  inputSchema: {
    type: 'object',
    properties: {
      turns: { type: 'array', minItems: 1, items: { type: 'object', additionalProperties: true, required: ['role', 'text', 'segments'] } },
      pairs: { type: 'array', minItems: 1, items: { type: 'object', additionalProperties: true, required: ['index', 'answerTurns'] } },
      language: { type: 'string', enum: ['zh', 'en'], description: 'Language the explanations are written in (the report\'s).' },
      wordTimed: { type: 'boolean', default: false },
      startOnly: { type: 'boolean', default: false },
    },
    required: ['turns', 'pairs', 'language'],
  },
  async execute(input) {
    const untimed = input.turns.some((t) => t.role === 'candidate' && (t.start === undefined || t.end === undefined));
    if (untimed) return fail('input_error', 'analyze_speech needs a timed transcript (SRT, WebVTT, Whisper JSON, Otter or Feishu): the candidate\'s turns have no start/end times');
    for (const p of input.pairs) {
      const bad = p.answerTurns.find((k) => !input.turns[k]);
      if (bad !== undefined) return fail('input_error', `pairs[${p.index}].answerTurns refers to turn ${bad}, but there are ${input.turns.length} turns`);
    }
    return ok(analyzeDelivery(input.turns, input.pairs, { language: input.language, wordTimed: input.wordTimed, startOnly: input.startOnly }));
  },
};
