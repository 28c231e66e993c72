// A light scan of template text for the names it starts from ({{ company.id }} uses `company`),
// enough to tell an alias used before its `as:`. It does not parse templates: the template
// engine's own checker (passed in as checkTemplate) does that and reports syntax errors.

/** A root name used by a template, with its offsets in the template text. */
export interface TemplateName {
  name: string;
  start: number;
  end: number;
}

const WORDS = new Set([
  'and', 'or', 'not', 'is', 'in', 'if', 'else', 'elif', 'endif', 'for', 'endfor', 'set', 'endset',
  'none', 'None', 'true', 'false', 'True', 'False', 'null', 'defined', 'loop',
]);

const isStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isPart = (c: string) => isStart(c) || (c >= '0' && c <= '9');
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** Root names in one expression text [from, to). */
function scanExpression(text: string, from: number, to: number, out: TemplateName[]): void {
  let i = from;
  let prev = ''; // the last character that was not a blank
  while (i < to) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < to && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
      i++;
      prev = c;
      continue;
    }
    if (c >= '0' && c <= '9') {
      while (i < to && (isPart(text[i]) || text[i] === '.')) i++;
      prev = '0';
      continue;
    }
    if (isStart(c)) {
      const start = i;
      while (i < to && isPart(text[i])) i++;
      const name = text.slice(start, i);
      let j = i;
      while (j < to && isSpace(text[j])) j++;
      const keywordArgument = text[j] === '=' && text[j + 1] !== '=';
      // After "." it is an attribute, after "|" a filter, before "=" a keyword argument.
      if (prev !== '.' && prev !== '|' && !keywordArgument && !WORDS.has(name)) out.push({ name, start, end: i });
      prev = 'a';
      continue;
    }
    if (!isSpace(c)) prev = c;
    i++;
  }
}

/**
 * Root names used in template text: inside {{ }} and {% %} (comments {# #} are skipped). An
 * `expression` (a `when:` condition) is one expression as a whole, unless it is written in braces.
 */
export function templateNames(text: string, kind: 'template' | 'expression'): TemplateName[] {
  const out: TemplateName[] = [];
  if (kind === 'expression' && !text.includes('{{') && !text.includes('{%')) {
    scanExpression(text, 0, text.length, out);
    return out;
  }
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0 || open + 1 >= text.length) break;
    const kindChar = text[open + 1];
    const close = kindChar === '{' ? '}}' : kindChar === '%' ? '%}' : kindChar === '#' ? '#}' : '';
    if (!close) {
      i = open + 1;
      continue;
    }
    const end = text.indexOf(close, open + 2);
    const stop = end < 0 ? text.length : end;
    if (kindChar !== '#') scanExpression(text, open + 2, stop, out);
    i = end < 0 ? text.length : end + 2;
  }
  return out;
}
