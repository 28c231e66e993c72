import { strict as assert } from 'node:assert';
import { analyzeDelivery, MAX_LISTED_HITS } from '../../src/core/diagnosis/speech/delivery';
import type { QaPair, Segment, Turn } from '../../src/core/diagnosis/transcript/model';

// Delivery metrics on answers far bigger than any interview: no list is spread into a call
// (Math.max(...list), push(...list) overflow the call stack past ~100,000 items), and filler times
// are found in one pass over a segment's words.

function turn(role: Turn['role'], segments: Segment[]): Turn {
  return {
    speaker: role, role, roleConfidence: 1, text: segments.map((s) => s.text).join(' '),
    start: segments[0].start, end: segments[segments.length - 1].end, segments,
    startOffset: segments[0].startOffset, endOffset: segments[segments.length - 1].endOffset,
  };
}

function analyze(answer: Segment[], wordTimed = false) {
  const question: Segment = { text: 'How does a hash map work?', start: 0, end: 2, startOffset: 0, endOffset: 25 };
  const turns = [turn('interviewer', [question]), turn('candidate', answer)];
  const pair: QaPair = {
    index: 1, question: question.text, answer: turns[1].text, startOffset: 0, endOffset: turns[1].endOffset,
    questionTurns: [0], answerTurns: [1], questionEndS: 2, answerStartS: answer[0].start, answerEndS: answer[answer.length - 1].end,
  };
  return analyzeDelivery(turns, [pair], { language: 'en', wordTimed, startOnly: false });
}

describe('delivery metrics on huge answers', () => {
  it('200,000 hedge words in one cue', () => {
    const text = 'maybe '.repeat(200_000).trim();
    const report = analyze([{ text, start: 3, end: 60_000, startOffset: 30, endOffset: 30 + text.length }]);
    assert.equal(report.perAnswer[0].hedges.count, 200_000);
  });

  it('200,000 long pauses', () => {
    const answer: Segment[] = [];
    for (let i = 0; i < 200_001; i++) answer.push({ text: 'ok', start: 3 + i * 3, end: 3 + i * 3 + 0.5, startOffset: 30 + i * 3, endOffset: 32 + i * 3 });
    const report = analyze(answer);
    assert.equal(report.perAnswer[0].pauses.long.length, 200_000);
    assert.match(report.perAnswer[0].scores.pauses!.explanation, /longest 2\.5 s/);
  });

  it('a turn of 130,000 cues', () => {
    const answer: Segment[] = [];
    for (let i = 0; i < 130_000; i++) answer.push({ text: 'um the bucket', start: 3 + i, end: 3.9 + i, startOffset: 30 + i * 14, endOffset: 43 + i * 14 });
    const report = analyze(answer);
    assert.equal(report.perAnswer[0].fillers.count, 130_000);
  });

  it('filler times in a segment with word times take one pass over its words, not one per filler', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => ({ text: 'um', start: 3 + i * 0.4, end: 3.3 + i * 0.4 }));
    // Counts how often the words are read: a proxy stands in for the segment's word list.
    const reads = (n: number) => {
      let count = 0;
      const list = words(n);
      const counted = new Proxy(list, { get: (target, key, receiver) => { if (typeof key === 'string' && /^\d+$/.test(key)) count++; return Reflect.get(target, key, receiver); } });
      const text = list.map((w) => w.text).join(' ');
      const report = analyze([{ text, start: 3, end: 3 + n * 0.4, words: counted, startOffset: 30, endOffset: 30 + text.length }], true);
      assert.equal(report.perAnswer[0].fillers.count, n);
      // The report lists the first MAX_LISTED_HITS times; their times must still be right.
      const last = Math.min(n, MAX_LISTED_HITS) - 1;
      assert.equal(report.perAnswer[0].fillers.hits[last].atS, Math.round((3 + last * 0.4) * 10) / 10);
      return count;
    };
    const small = reads(500);
    const large = reads(4000);
    assert.ok(large <= 10 * small, `${small} reads of the words for 500 fillers, ${large} for 4000`);
  });
});

describe('a report of a huge answer stays small', () => {
  it('counts every filler but lists at most MAX_LISTED_HITS of their times', () => {
    const n = 3000;
    const text = Array.from({ length: n }, () => 'um').join(' ');
    const seg = { text, start: 3, end: 3 + n * 0.4, startOffset: 30, endOffset: 30 + text.length };
    const report = analyzeDelivery(
      [{ speaker: 'A', role: 'interviewer', roleConfidence: 1, text: 'Why?', start: 0, end: 2, startOffset: 0, endOffset: 4, segments: [] },
        { speaker: 'B', role: 'candidate', roleConfidence: 1, text, start: 3, end: seg.end, startOffset: 30, endOffset: seg.endOffset, segments: [seg] }] as unknown as Turn[],
      [{ index: 1, question: 'Why?', answer: text, questionTurns: [0], answerTurns: [1], startOffset: 0, endOffset: seg.endOffset, answerStartS: 3, answerEndS: seg.end }] as unknown as QaPair[],
      { language: 'en', wordTimed: false, startOnly: false },
    );
    assert.equal(report.perAnswer[0].fillers.count, n);
    assert.equal(report.perAnswer[0].fillers.hits.length, MAX_LISTED_HITS);
  });
});
