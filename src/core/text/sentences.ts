/**
 * Sentences of prose shown to a user (a reference answer quoted in a plan step), in Chinese and
 * English. Unlike the judge's splitter (core/llm/judge/sentences.ts), which cuts clauses at `;`
 * to weigh each claim, this keeps a sentence whole up to its full stop: a `;` or `；` joins two
 * halves of one thought, and cutting there left a plan step with half a sentence (issue 28).
 */

// Full stops: Chinese and full-width marks always, ellipses, line breaks; a Latin . ! ? only
// before a space or the end, so "3.5", "v1.2" and "node.js" stay whole.
const STOPS = new Set(['。', '！', '？', '!', '?', '.', '…', '\n']);
// Closing quotes and brackets that belong to the sentence they close: “…。” stays one sentence.
const CLOSERS = new Set(['”', '’', '"', "'", '」', '』', '）', ')', '】', ']', '》']);
/** Words whose period does not end a sentence ("e.g. this", "Dr. Smith"), lower-cased, without the final period. */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'a.m', 'p.m', 'no', 'fig', 'approx', 'inc', 'ltd', 'co', 'corp', 'cf']);

function latinStopEnds(text: string, i: number): boolean {
  const c = text[i];
  if (c !== '.' && c !== '!' && c !== '?') return true;
  let j = i + 1;
  while (j < text.length && (CLOSERS.has(text[j]) || text[j] === c)) j++;
  if (j < text.length && !/\s/.test(text[j])) return false;
  if (c !== '.') return true;
  let w = i;
  while (w > 0 && /[A-Za-z.]/.test(text[w - 1])) w--;
  const word = text.slice(w, i).toLowerCase();
  return !(ABBREVIATIONS.has(word) || /^[a-z]$/.test(word));
}

/** Splits prose into trimmed, non-empty sentences, each with its stop and closing quotes. */
export function proseSentences(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  const push = (end: number) => {
    const s = text.slice(from, end).trim();
    if (s.replace(/[\s\p{P}]/gu, '') !== '') out.push(s);
    from = end;
  };
  for (let i = 0; i < text.length; i++) {
    if (!STOPS.has(text[i]) || !latinStopEnds(text, i)) continue;
    let end = i + 1;
    // A run of stops ("?!", "……") and the quotes that close the sentence stay with it.
    while (end < text.length && (STOPS.has(text[end]) && text[end] !== '\n' || CLOSERS.has(text[end]))) end++;
    push(end);
    i = end - 1;
  }
  push(text.length);
  return out;
}
