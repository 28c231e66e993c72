/**
 * The readable text of an HTML page, for a skill that reads a web page (a job posting's URL): the
 * page's title, and its text with scripts, styles and other non-text parts dropped, block elements
 * as line breaks, list items as "- " lines and entities decoded. The tokenizing is htmlparser2's
 * (it knows raw-text elements, comments and quoted attributes, which a regular expression gets
 * wrong); what counts as a block and how lines are joined is ours.
 */
import { Parser } from 'htmlparser2';

/** Elements whose content is not text a reader sees. */
const DROPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'canvas', 'select', 'button']);

/** Elements that start and end a line of their own. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section',
  'summary', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'ul', 'caption', 'body', 'html', 'option',
]);

/** What htmlToText returns. */
export interface PageText {
  /** The page's <title>, whitespace collapsed; '' when it has none. */
  title: string;
  /** The visible text, one block per line, at most one empty line between paragraphs. */
  text: string;
}

/** The title and readable text of `html`. */
export function htmlToText(html: string): PageText {
  const parts: string[] = [];
  let title = '';
  let inTitle = 0;
  let dropped = 0;
  let pre = 0;
  // Line breaks owed before the next text (1: a new line, 2: an empty line between), so blocks
  // that open and close together never stack empty lines.
  let pending = 0;
  const newline = (blank: boolean) => {
    pending = Math.max(pending, blank ? 2 : 1);
  };
  const emit = (text: string) => {
    if (text.trim() === '' && (pending > 0 || parts.length === 0)) return;
    if (pending && parts.length) parts.push('\n'.repeat(pending));
    pending = 0;
    parts.push(text);
  };
  const parser = new Parser({
    onopentag(name) {
      if (name === 'title') inTitle++;
      if (DROPPED.has(name)) dropped++;
      if (dropped || inTitle) return;
      if (name === 'br') pending = Math.min(2, pending + 1);
      else if (name === 'pre') pre++;
      if (BLOCKS.has(name)) newline(name === 'p' || /^h[1-6]$/.test(name) || name === 'table' || name === 'ul' || name === 'ol');
      if (name === 'li') emit('- ');
      if (name === 'td' || name === 'th') emit('\t');
    },
    ontext(text) {
      if (inTitle) {
        title += text;
        return;
      }
      if (dropped) return;
      emit(pre ? text : text.replace(/[ \t\r\n\f]+/g, ' '));
    },
    onclosetag(name) {
      if (name === 'title') inTitle = Math.max(0, inTitle - 1);
      if (DROPPED.has(name)) {
        dropped = Math.max(0, dropped - 1);
        return;
      }
      if (dropped || inTitle) return;
      if (name === 'pre') pre = Math.max(0, pre - 1);
      if (BLOCKS.has(name)) newline(name === 'p' || /^h[1-6]$/.test(name) || name === 'table' || name === 'ul' || name === 'ol');
    },
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.write(html);
  parser.end();
  const text = parts.join('')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, (m) => (m.includes('\t') ? '\t' : ' ')).trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title: title.replace(/\s+/g, ' ').trim(), text };
}
