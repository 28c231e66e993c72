/**
 * Keeps only the HTML Markdown produces. The built-in Markdown renderer passes raw HTML through,
 * and an answer may quote a transcript or a model's text: whatever tag or attribute Markdown
 * itself does not write is shown as text or dropped, before the webview (whose CSP already
 * forbids scripts) sees it. No `vscode` import, so it is unit-testable.
 */

const TAGS = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'em', 'strong', 'b', 'i', 'del', 's', 'code', 'pre', 'kbd', 'sup', 'sub',
  'blockquote', 'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div',
]);
const VOID = new Set(['br', 'hr']);
/** A tag at the start of the text: name, then attributes whose quoted values may hold ">". */
// Names and unquoted values stop at "<", and quoted values at 2,000 characters, so an attempt at one
// "<" never rescans the text after the next one (linear on "<a x=\"<a x=\"…").
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"<]{0,2000}"|'[^'<]{0,2000}'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"<]{0,2000})"|'([^'<]{0,2000})'|([^\s"'=<>`]+)))?/g;
const COMMENT = /<!--[\s\S]*?-->/y;

function attrValue(v: string): string {
  return v.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The attributes kept on `tag`: links to the web or within the page, a class, a direction, a list start. */
function cleanAttributes(tag: string, raw: string): string {
  const kept: string[] = [];
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (name === 'href' && tag === 'a' && /^(https?:\/\/|mailto:|#)/i.test(value.trim())) kept.push(`href="${attrValue(value.trim())}"`);
    else if (name === 'title' && tag === 'a') kept.push(`title="${attrValue(value)}"`);
    else if (name === 'class' && /^[\w -]*$/.test(value)) kept.push(`class="${value}"`);
    else if (name === 'dir' && /^(ltr|rtl|auto)$/.test(value)) kept.push(`dir="${value}"`);
    else if (name === 'start' && tag === 'ol' && /^\d{1,6}$/.test(value)) kept.push(`start="${value}"`);
    else if (name === 'id' && /^[\w-]{1,100}$/.test(value)) kept.push(`id="${value}"`);
  }
  return kept.length ? ` ${kept.join(' ')}` : '';
}

/**
 * `html` with only Markdown's tags and harmless attributes: any other "<" (a script, a style, an
 * image, an iframe, a form, a comment's contents) becomes "&lt;" and shows as text.
 */
export function sanitizeHtml(html: string): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    COMMENT.lastIndex = lt;
    const comment = COMMENT.exec(html);
    if (comment) {
      i = lt + comment[0].length;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(html);
    const name = m?.[2].toLowerCase();
    if (m && name && TAGS.has(name)) {
      out += m[1] ? (VOID.has(name) ? '' : `</${name}>`) : `<${name}${cleanAttributes(name, m[3])}>`;
      i = lt + m[0].length;
    } else {
      out += '&lt;';
      i = lt + 1;
    }
  }
  return out;
}

/** Markdown shown as plain text when no renderer is available. */
export function plainTextHtml(md: string): string {
  return `<pre class="plain">${md.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</pre>`;
}
