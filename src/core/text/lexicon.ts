/**
 * A lexicon of meanings (`id: term | term | …` per line) and a matcher that finds them in text
 * with their positions. Retrieval's concept channel matches the topic lexicon with it; the judge
 * matches the topic lexicon and its finer meaning lexicon (actions, objects, properties), so that
 * an answer and a key point that say the same thing in other words, or in the other language,
 * meet on the same ids.
 */

/** One meaning and its surface forms, lower-cased. */
export interface LexiconEntry {
  id: string;
  terms: string[];
}

/** A meaning found in a text: its id and where (UTF-16 offsets into the text). */
export interface LexiconMatch {
  id: string;
  start: number;
  end: number;
}

/** Parses `id: term | term` lines (blank lines and `#` comments skipped). */
export function parseLexicon(lines: string, prefix: string): LexiconEntry[] {
  const out: LexiconEntry[] = [];
  for (const raw of lines.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const terms = [...new Set(line.slice(at + 1).split('|').map((t) => t.trim().toLowerCase()).filter(Boolean))];
    out.push({ id: `${prefix}${line.slice(0, at).trim()}`, terms });
  }
  return out;
}

const isCjk = (ch: string) => ch >= '\u3400' && ch <= '\u9fff';
const isWordChar = (ch: string | undefined) => !!ch && /[a-z0-9]/.test(ch);

interface TrieNode {
  next: Map<string, TrieNode>;
  /** Meanings whose term ends here. */
  ids?: string[];
}

/**
 * Finds every occurrence of a lexicon's terms in one pass over a trie (the cost per position is
 * the length of the longest term starting there, not the number of terms). Chinese terms match
 * anywhere; English terms only at a word start, may end inside a word (stems: "validat"), and
 * must be whole words when three letters or shorter ("run" is not in "runtime"). Each meaning is
 * reported once per position, with its longest term there.
 */
export class LexiconMatcher {
  private readonly root: TrieNode = { next: new Map() };

  constructor(readonly entries: readonly LexiconEntry[]) {
    for (const e of entries) {
      for (const term of e.terms) {
        let node = this.root;
        for (const ch of term) {
          let child = node.next.get(ch);
          if (!child) {
            child = { next: new Map() };
            node.next.set(ch, child);
          }
          node = child;
        }
        node.ids ??= [];
        if (!node.ids.includes(e.id)) node.ids.push(e.id);
      }
    }
  }

  /** All matches in `lower` (already lower-cased), left to right. */
  matchLower(lower: string): LexiconMatch[] {
    const out: LexiconMatch[] = [];
    for (let i = 0; i < lower.length; i++) {
      const first = lower[i];
      const cjkStart = isCjk(first);
      if (!cjkStart && isWordChar(lower[i - 1])) continue;
      let node = this.root.next.get(first);
      let seen: Map<string, LexiconMatch> | undefined;
      for (let j = i + 1; node; j++) {
        if (node.ids) {
          const len = j - i;
          if (cjkStart || len > 3 || !isWordChar(lower[j])) {
            for (const id of node.ids) {
              seen ??= new Map();
              const found = seen.get(id);
              // The longest term of a meaning at this position is the one reported.
              if (found) found.end = j;
              else {
                const m = { id, start: i, end: j };
                seen.set(id, m);
                out.push(m);
              }
            }
          }
        }
        if (j >= lower.length) break;
        node = node.next.get(lower[j]);
      }
    }
    return out;
  }
}
