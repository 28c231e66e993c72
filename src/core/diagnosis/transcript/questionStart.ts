import { isLeadIn, isSmallTalk } from './cues';
import type { Segment, Turn } from './model';

type Unit = { text: string; offset: number };

/** A segment's lines when it spans several, else the segment as one unit. */
function unitsOf(segment: Segment): Unit[] {
  return segment.lines ?? [{ text: segment.text, offset: segment.startOffset }];
}

/**
 * Where a question starts in the source, for its CodeLens: the first cue or line of its turns
 * that is more than a lead-in. A timed turn often opens with cues such as "Great." "Let's start."
 * and a labeled turn with a greeting line; the lens belongs on the question after them.
 */
export function questionStartOffset(questionTurns: Turn[]): number {
  const only = questionTurns.length === 1 && questionTurns[0].segments.length === 1 ? questionTurns[0].segments[0] : undefined;
  if (only && !only.lines) return questionTurns[0].startOffset;
  let previous: Unit | undefined;
  for (const turn of questionTurns) {
    for (const segment of turn.segments) {
      for (const unit of unitsOf(segment)) {
        // A unit is tested only once another follows it: the last one is where the question
        // starts when everything before it leads in.
        if (previous && !isLeadIn(previous.text) && !isSmallTalk(previous.text)) return previous.offset;
        previous = unit;
      }
    }
  }
  return previous?.offset ?? questionTurns[0].startOffset;
}
