export const EN_STOP = new Set(
  ('a an the and or of to in on for with is are was were be been how what why when which who do does did you your ' +
   'we i it this that as at by from can would could should about me tell walk through into there their they them')
    .split(' '),
);
// Single characters and bigrams of how questions are asked ("是怎么…的", "说说你对…的理解"),
// which say nothing about the topic and would otherwise match any question phrased alike.
export const ZH_STOP = new Set([
  '的', '了', '是', '在', '和', '与', '吗', '呢', '吧', '啊', '你', '我', '他', '们',
  '一下', '什么', '如何', '怎么', '是怎', '么工', '作的', '是什', '么是', '哪些', '有哪', '为什', '么要', '么样', '怎样',
  '么做', '做的', '说说', '讲讲', '谈谈', '介绍', '你的', '你们', '我们', '理解', '的理', '对于', '一个', '个你', '你对',
  '请你', '下你', '的是', '时候', '么时', '候用', '可以', '需要', '注意', '意什', '有什', '些坑',
  '说你', '讲你', '谈你', '聊聊', '你说', '问你', '你觉', '觉得', '得呢', '看法', '你怎', '么看', '你会', '会怎',
]);

/** A light English stemmer: enough for "retries"/"retry", "charging"/"charge", "indexes"/"index". */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  for (const suffix of ['ing', 'ed', 'es', 's', 'e']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word;
}

/**
 * Search tokens for mixed Chinese/English text: lower-cased English words (stop words dropped)
 * and Chinese character bigrams, since no tokenizer we ship segments Chinese words.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/[a-z0-9][a-z0-9+#._-]*/g)) {
    // Trailing dots, underscores and hyphens dropped by hand: `/[._-]+$/` is tried from every
    // character of a long run of them and backtracks n^2 times when something else follows.
    let end = m[0].length;
    while (end > 0 && '._-'.includes(m[0][end - 1])) end--;
    const w = m[0].slice(0, end);
    if (w.length > 1 && !EN_STOP.has(w)) tokens.push(stem(w));
  }
  for (const m of lower.matchAll(/[\u3400-\u9fff]+/g)) {
    const run = m[0];
    if (run.length === 1) {
      if (!ZH_STOP.has(run)) tokens.push(run);
      continue;
    }
    for (let i = 0; i < run.length - 1; i++) {
      const bi = run.slice(i, i + 2);
      if (!ZH_STOP.has(bi)) tokens.push(bi);
    }
  }
  return tokens;
}

/**
 * Whether `phrase` occurs in `text`, case-insensitively. Latin phrases must start at a word
 * boundary (so "ack" does not match "back"); a phrase may end mid-word to cover stems ("summar").
 */
export function containsPhrase(text: string, phrase: string): boolean {
  return containsLowerPhrase(text.toLowerCase(), phrase.toLowerCase().trim());
}

/**
 * containsPhrase for a text already lower-cased and a phrase already lower-cased and trimmed:
 * the same answer without lower-casing the text once per phrase (the judge checks many phrases
 * against one sentence).
 */
export function containsLowerPhrase(t: string, p: string): boolean {
  if (!p) return false;
  if (!/^[a-z0-9]/.test(p)) return t.includes(p);
  let from = 0;
  for (;;) {
    const i = t.indexOf(p, from);
    if (i < 0) return false;
    if (i === 0 || !/[a-z0-9]/.test(t[i - 1])) return true;
    from = i + 1;
  }
}
