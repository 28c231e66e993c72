/**
 * An answer read once for every part of the judge: its sentences, each with its shape and units.
 */
import { shapeOf, splitSentences, type Sentence, type SentenceShape } from './sentences';
import { unitsOf, type Unit } from './units';

/** A sentence with its shape and the units it contains. */
export interface ReadSentence extends Sentence {
  shape: SentenceShape;
  units: Unit[];
  keys: Set<string>;
}

/** Splits an answer into sentences and finds each one's units. */
export function readAnswer(answer: string): ReadSentence[] {
  return splitSentences(answer).map((s) => {
    const units = unitsOf(s.text);
    return { ...s, shape: shapeOf(s.text), units, keys: new Set(units.map((u) => u.key)) };
  });
}
