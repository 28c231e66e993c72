import { Parser } from 'htmlparser2';

/**
 * Removes tags: from each `<` that `accept` allows up to the next `>`, what `/<…[^>]*>/g` did.
 * A hand-written scan because those patterns ran to the end of the text from every `<` when no
 * `>` followed ("<<<<…": n^2 steps); with no `>` left, no later `<` can open a tag either.
 */
function stripTags(text: string, accept: (open: number, close: number) => boolean): string {
  let out = '';
  let from = 0;
  let close = -1;
  for (let open = text.indexOf('<'); open !== -1; open = text.indexOf('<', open + 1)) {
    if (close < open) close = text.indexOf('>', open);
    if (close === -1) break;
    if (!accept(open, close)) continue;
    out += text.slice(from, open);
    from = close + 1;
    open = close;
  }
  return from === 0 ? text : out + text.slice(from);
}

let decoded = '';
// One parser for every cue: it is only ever given text without `<`, so it never sees a tag and
// hands back the text with its character references decoded.
const decoder = new Parser({ ontext(t) { decoded += t; } }, { decodeEntities: true });

/**
 * Decodes HTML character references (`&amp;`, `&lrm;`, `&nbsp;`, `&#32;`, `&#x20;`, `&copy;`, …)
 * as the WebVTT cue text tokenizer does: by the HTML rules, whose named references and legacy
 * forms without a semicolon (`&amp`) are many; htmlparser2 (already used for web pages) knows
 * them all. Text without `&` is returned as is. Tags must be removed first.
 */
export function decodeCharacterReferences(text: string): string {
  if (!text.includes('&')) return text;
  // A `<` left over (one with no `>` after it is kept as text): the parser would read a tag from it.
  if (text.includes('<')) return text.split('<').map(decodeCharacterReferences).join('<');
  decoded = '';
  decoder.reset();
  decoder.write(text);
  decoder.end();
  return decoded;
}

/** The start of a voice span `<v Name>` / `<v.loud Name>` up to its first blank character (sticky). */
const VOICE_HEAD = /<v(?:\.[\w.-]+)?\s/y;

/**
 * The text of a WebVTT cue line: markup removed (`<c>`, `<i>`, `<b>`, timestamp tags such as
 * `<00:01.000>`), character references decoded, and the voice of a `<v Name>` span, the speaker.
 */
export function vttCueText(text: string): { text: string; voice?: string } {
  let voice: string | undefined;
  const withoutVoices = stripTags(text, (open, close) => {
    VOICE_HEAD.lastIndex = open;
    // The name is everything up to the `>` and must not be empty.
    if (!VOICE_HEAD.test(text) || VOICE_HEAD.lastIndex >= close) return false;
    voice ??= decodeCharacterReferences(text.slice(VOICE_HEAD.lastIndex, close).trim());
    return true;
  });
  return { text: decodeCharacterReferences(stripTags(withoutVoices, () => true)), voice };
}

/** The text of an SRT line: `<b>`, `<i>`, `<u>`, `<font …>` and their closing tags removed. */
export function srtCueText(text: string): string {
  return stripTags(text, (open) => {
    const at = text.charCodeAt(open + 1) === 47 /* / */ ? open + 2 : open + 1;
    return 'biufBIUF'.includes(text[at] ?? '-') && at < text.length;
  });
}

/**
 * Cue text as transcript text: a no-break space is a space, and the invisible direction marks
 * (`&lrm;`, `&rlm;`) go, so that words around them still read as words.
 */
export function asSpeech(text: string): string {
  return /[\u00a0\u200e\u200f]/.test(text) ? text.replace(/\u00a0/g, ' ').replace(/[\u200e\u200f]/g, '') : text;
}
