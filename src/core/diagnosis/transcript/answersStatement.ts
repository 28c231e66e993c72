import { isBackchannel, isQuestionLike, speechLength } from './cues';

/** Shortest reply (speech units) that can answer a statement: one real sentence, not "嗯，对。". */
const MIN_REPLY = 12;

/** How an answer takes a position ("我会…", "可以…", "I'd…", "We would…"). */
const ANSWERING = /^(?:嗯[，,]?\s*|好的?[，,]?\s*|对[，,]?\s*)?(?:我会|我们会|我觉得|我建议|我倾向|我的做法|可以|应该|首先|先|一般|通常|核心是|关键是|主要是)|^(?:(?:so|well|okay|ok|right|sure)[,\s]+)?(?:i'?d|i would|i'?ll|i will|we'?d|we would|first|the key|my approach|you can|you could|i think|i'd start)\b/i;

/** Content words of a text: Han character pairs and English words of four letters or more. */
function contentKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const run of text.match(/[\u3400-\u9fff]+/g) ?? []) for (let i = 0; i + 1 < run.length; i++) keys.add(run.slice(i, i + 2));
  for (const w of text.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []) keys.add(w);
  return keys;
}

/**
 * Whether a candidate's reply answers an interviewer's statement: an interviewer often sets out a
 * constraint and stops ("既要控成本，又不能误伤正常用户。"), and a one-sentence answer follows. The
 * reply must say something (a sentence, not a backchannel or a question back) and either take a
 * position or pick up the statement's own words.
 */
export function answersStatement(statement: string, reply: string): boolean {
  if (speechLength(reply) < MIN_REPLY || isBackchannel(reply) || isQuestionLike(reply)) return false;
  if (ANSWERING.test(reply.trim())) return true;
  const asked = contentKeys(statement);
  let shared = 0;
  for (const k of contentKeys(reply)) if (asked.has(k) && ++shared >= 2) return true;
  return false;
}
