const EN_STOP = new Set(
  ('a an the and or of to in on for with is are was were be been how what why when which who do does did you your ' +
   'we i it this that as at by from can would could should about me tell walk through into there their they them')
    .split(' '),
);
const ZH_STOP = new Set(['的', '了', '是', '在', '和', '与', '吗', '呢', '吧', '啊', '你', '我', '他', '们', '一下', '什么', '如何', '怎么']);

/**
 * Search tokens for mixed Chinese/English text: lower-cased English words (stop words dropped)
 * and Chinese character bigrams, since no tokenizer we ship segments Chinese words.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/[a-z0-9][a-z0-9+#._-]*/g)) {
    const w = m[0].replace(/[._-]+$/, '');
    if (w.length > 1 && !EN_STOP.has(w)) tokens.push(w);
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
  const t = text.toLowerCase();
  const p = phrase.toLowerCase().trim();
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
