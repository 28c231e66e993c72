import { strict as assert } from 'node:assert';
import { topHits } from '../../src/core/diagnosis/knowledge/topHits';

describe('topHits', () => {
  // Scores from a few values, so that many tie (as a question's two language versions do).
  function scores(n: number, seed: number): number[] {
    let s = seed;
    return Array.from({ length: n }, () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return [0.2, 0.35, 0.5, 0.5, 0.8, 1][s % 6] + (s % 7 === 0 ? s / 2147483648 : 0);
    });
  }

  it('gives what a stable sort of every hit and a slice would, ties in input order', () => {
    for (const [n, limit] of [[0, 5], [3, 5], [50, 10], [500, 200], [1000, 1], [300, 300], [301, 300]]) {
      const xs = scores(n, n + limit);
      const expected = xs.map((x, i) => i).sort((a, b) => xs[b] - xs[a]).slice(0, limit);
      assert.deepEqual(topHits(xs, limit), expected, `n ${n}, limit ${limit}`);
    }
  });

  it('breaks ties by the order it is given when there is one', () => {
    const xs = scores(400, 3);
    const docs = xs.map((_, i) => (i * 7919) % 400);
    const expected = xs.map((x, i) => i).sort((a, b) => xs[b] - xs[a] || docs[a] - docs[b]).slice(0, 50);
    assert.deepEqual(topHits(xs, 50, (a, b) => docs[a] - docs[b]), expected);
  });
});
