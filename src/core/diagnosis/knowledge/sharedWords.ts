import { EN_STOP, stem, ZH_STOP } from '../../text/tokenize';
import type { KnowledgeEntry } from './types';

// Particles that glue a found piece to its neighbours ("的检索效果"): not part of what is shared.
const PARTICLES = /^[的了吗呢是在和与及]+|[的了吗呢是在和与及]+$/g;

/** The text of an entry a query's words are looked up in: how it is asked, tagged and answered in brief. */
function entryText(entry: KnowledgeEntry): string {
  return [entry.question, ...entry.aliases, ...entry.tags, ...entry.keyPoints.flatMap((k) => [k.label, ...k.keywords])].join('\n').toLowerCase();
}

/**
 * The words and phrases of `query` that occur in `entry`, in the query's order: what this one
 * result has in common with what was typed (the concept line alone reads the same on every
 * result of a query). English words match by stem; Chinese runs by their longest pieces (2+
 * characters) found in the entry. At most `max`.
 */
export function sharedWords(query: string, entry: KnowledgeEntry, max = 6): string[] {
  const text = entryText(entry);
  const stems = new Set<string>();
  for (const m of text.matchAll(/[a-z0-9][a-z0-9+#-]*/g)) stems.add(stem(m[0]));
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (s: string) => {
    const k = s.toLowerCase();
    if (!seen.has(k)) {
      seen.add(k);
      out.push(s);
    }
  };
  // One pass over the query: Latin words and CJK runs in the order typed.
  for (const m of query.matchAll(/[A-Za-z0-9][A-Za-z0-9+#-]*|[\u3400-\u9fff]+/g)) {
    const piece = m[0];
    if (/^[\u3400-\u9fff]/.test(piece)) {
      let i = 0;
      while (i < piece.length - 1) {
        let best = 0;
        // Runs in a typed query are short, so trying each length is cheap.
        for (let len = Math.min(8, piece.length - i); len >= 2; len--) {
          if (text.includes(piece.slice(i, i + len))) {
            best = len;
            break;
          }
        }
        const found = best ? piece.slice(i, i + best).replace(PARTICLES, '') : '';
        if (found.length >= 2 && !ZH_STOP.has(found)) {
          add(found);
          i += best;
        } else {
          i++;
        }
      }
    } else {
      let cut = piece.length;
      while (cut > 0 && piece[cut - 1] === '-') cut--;
      const w = piece.slice(0, cut);
      const lower = w.toLowerCase();
      if (lower.length > 1 && !EN_STOP.has(lower) && stems.has(stem(lower))) add(w);
    }
    if (out.length >= max) break;
  }
  return out.slice(0, max);
}
