/**
 * The JSON a model judge must return, published as schemas/judgment.schema.json (a test keeps the
 * two equal). ajv checks the shape; `checkJudgment` then checks what a schema cannot say
 * (key-point ids of this reference, nulls without a reference), and both kinds of error go back
 * to the model for a repair.
 */
import type { JsonSchema } from '../../runtime/schema';
import type { Dimension } from '../knowledge/types';

const score: JsonSchema = { type: ['integer', 'null'], minimum: 0, maximum: 100 };
const quote: JsonSchema = { type: 'string', minLength: 1, maxLength: 400, description: 'Copied verbatim from the candidate\'s answer.' };

export const JUDGMENT_SCHEMA: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://interview-lens.dev/schemas/judgment.schema.json',
  title: 'Interview Lens model judgment',
  description: 'What a model returns when it scores one interview answer; Interview Lens validates it, checks every quote against the answer and turns it into the same analysis the offline judge produces.',
  type: 'object',
  additionalProperties: false,
  required: ['scores', 'keyMissing', 'evidence', 'inaccuracies', 'strengths', 'improvements', 'offTopic'],
  properties: {
    scores: {
      type: 'object',
      additionalProperties: false,
      description: 'The four dimensions, 0-100; completeness and accuracy are null without a reference.',
      required: ['completeness', 'depth', 'accuracy', 'practicality'],
      properties: {
        completeness: { ...score, description: 'Share of the reference key points stated (recomputed from the quoted key points).' },
        depth: { ...score, type: 'integer', description: 'Explanation of mechanisms, reasons and trade-offs.' },
        accuracy: { ...score, description: 'Correctness of what the answer asserts.' },
        practicality: { ...score, type: 'integer', description: 'Concrete, first-hand practice: numbers, decisions, outcomes.' },
      },
    },
    keyMissing: { type: 'array', items: { type: 'string', pattern: '^K[0-9]+$' }, description: 'Ids of the reference key points the answer does not state.' },
    evidence: {
      type: 'array', maxItems: 12, description: 'Quotes from the answer that justify the scores.',
      items: {
        type: 'object', additionalProperties: false, required: ['dimension', 'quote', 'reason'],
        properties: {
          dimension: { type: 'string', enum: ['completeness', 'depth', 'accuracy', 'practicality'] },
          quote,
          reason: { type: 'string', minLength: 1, maxLength: 400 },
          keyPoint: { type: 'string', pattern: '^K[0-9]+$', description: 'The key point this quote states or names.' },
          partial: { type: 'boolean', description: 'The quote names the key point without stating it.' },
        },
      },
    },
    inaccuracies: {
      type: 'array', maxItems: 8,
      items: {
        type: 'object', additionalProperties: false, required: ['quote', 'correction'],
        properties: { quote, correction: { type: 'string', minLength: 1, maxLength: 600 } },
      },
    },
    strengths: { type: 'array', maxItems: 5, items: { type: 'string', minLength: 1, maxLength: 200 } },
    improvements: { type: 'array', maxItems: 5, items: { type: 'string', minLength: 1, maxLength: 600 } },
    offTopic: { type: 'boolean', description: 'The answer addresses a different question.' },
  },
};

/** A judgment as the schema describes it. */
export interface Judgment {
  scores: Record<Dimension, number | null>;
  keyMissing: string[];
  evidence: Array<{ dimension: Dimension; quote: string; reason: string; keyPoint?: string; partial?: boolean }>;
  inaccuracies: Array<{ quote: string; correction: string }>;
  strengths: string[];
  improvements: string[];
  offTopic: boolean;
}

/** What the schema cannot check: ids of this reference's key points, and nulls without a reference. */
export function checkJudgment(j: Judgment, keyPointIds: readonly string[]): string[] {
  const problems: string[] = [];
  const known = new Set(keyPointIds);
  if (keyPointIds.length === 0) {
    if (j.scores.completeness !== null) problems.push('/scores/completeness must be null: there is no reference');
    if (j.scores.accuracy !== null) problems.push('/scores/accuracy must be null: there is no reference');
    if (j.keyMissing.length) problems.push('/keyMissing must be []: there is no reference');
  } else {
    if (j.scores.completeness === null) problems.push('/scores/completeness must be a number: there is a reference');
    if (j.scores.accuracy === null) problems.push('/scores/accuracy must be a number: there is a reference');
  }
  j.keyMissing.forEach((id, i) => {
    if (!known.has(id)) problems.push(`/keyMissing/${i} "${id}" is not a key point of the reference (${keyPointIds.join(', ') || 'none'})`);
  });
  j.evidence.forEach((e, i) => {
    if (e.keyPoint !== undefined && !known.has(e.keyPoint)) problems.push(`/evidence/${i}/keyPoint "${e.keyPoint}" is not a key point of the reference (${keyPointIds.join(', ') || 'none'})`);
  });
  return problems;
}
