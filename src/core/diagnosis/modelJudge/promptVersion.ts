/**
 * A hash of everything that shapes what the model judge is asked: the rubric, the output schema
 * and the prompt layout. Skills that use the judge put it in their definition hash, so a cassette
 * recorded with another prompt is reported stale instead of failing with a puzzling miss.
 */
import { createHash } from 'node:crypto';
import { JUDGMENT_SCHEMA } from './judgmentSchema';
import { RUBRIC, RUBRIC_VERSION } from './rubric';

/** Bumped when prompt.ts changes how the request is laid out. */
const LAYOUT_VERSION = 'layout-3';

export const JUDGE_PROMPT_VERSION = createHash('sha256')
  .update(`${RUBRIC_VERSION}\n${LAYOUT_VERSION}\n${RUBRIC}\n${JSON.stringify(JUDGMENT_SCHEMA)}`)
  .digest('hex')
  .slice(0, 16);
