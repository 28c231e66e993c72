import { strict as assert } from 'node:assert';
import { tally, tallyText } from '../../src/core/diagnosis/report/wordTally';

describe('word tallies shown to the user add up', () => {
  const eight = { um: 4, like: 3, er: 2, 'you know': 2, so: 1, basically: 1, actually: 1, well: 1 };

  it('lists the top words and one "others" line with the rest, summing to the total', () => {
    const lines = tally('en', eight, 5);
    assert.deepEqual(lines.map((l) => l.label), ['“um”', '“like”', '“er”', '“you know”', '“actually”', 'others']);
    assert.equal(lines.reduce((n, l) => n + l.n, 0), 15);
    assert.deepEqual(lines[5], { label: 'others', n: 3, others: true });
    assert.equal(tallyText('zh', eight, 5)[5], '其他（3）');
  });

  it('names every word when all fit, and never "others (1)" in place of one word', () => {
    assert.ok(tally('en', { um: 2, er: 1 }, 5).every((l) => !l.others));
    const six = { a: 6, b: 5, c: 4, d: 3, e: 2, f: 1 };
    assert.deepEqual(tally('en', six, 5).map((l) => l.label), ['“a”', '“b”', '“c”', '“d”', '“e”', '“f”']);
  });
});
