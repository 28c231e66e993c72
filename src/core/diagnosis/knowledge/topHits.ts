/**
 * Positions of the first `limit` of `scores` (higher first), exactly as a stable sort of all of
 * them followed by slice(0, limit) would give them, without sorting all of them: the cut-off
 * score is found by sorting a typed array of the scores (native, no comparator), and only what
 * is above it, and as many of the tied ones at it as fit, are sorted. Ties keep the input order,
 * or the order `tie` gives them (it compares positions; the concept channel breaks ties by
 * document). A channel over 10,000 workspace entries keeps 200 of thousands of hits per search.
 */
export function topHits(scores: readonly number[], limit: number, tie?: (a: number, b: number) => number): number[] {
  const n = scores.length;
  const order = (picked: number[]) => picked.sort((a, b) => scores[b] - scores[a] || (tie ? tie(a, b) : 0));
  if (n <= limit) return order(Array.from({ length: n }, (_, i) => i));
  if (limit <= 0) return [];
  const cut = Float64Array.from(scores).sort()[n - limit];
  const above: number[] = [];
  const at: number[] = [];
  for (let i = 0; i < n; i++) {
    if (scores[i] > cut) above.push(i);
    else if (scores[i] === cut) at.push(i);
  }
  const tied = (tie ? at.sort(tie) : at).slice(0, limit - above.length);
  return order([...above, ...tied].sort((a, b) => a - b));
}
