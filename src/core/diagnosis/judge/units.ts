/**
 * What a piece of text is about, as comparable units: topic concepts (`c:`), finer meanings
 * (`m:`) from the two lexicons, and content words (`t:`: English stems, Chinese bigrams) for what
 * the lexicons do not know. Units under a negation ("we don't retry", "不重试") are marked, so
 * "retry" and "do not retry" are different claims.
 */
import { CONCEPT_LINES } from '../knowledge/conceptTerms';
import { EN_STOP, stem, ZH_STOP } from '../../text/tokenize';
import { LexiconMatcher, parseLexicon } from '../../text/lexicon';
import { MEANING_LINES } from './meaningTerms';

/** One unit found in a text. `key` is the id, prefixed with `!` when negated. */
export interface Unit {
  key: string;
  start: number;
  end: number;
}

let matcher: LexiconMatcher | undefined;
/** Both lexicons in one matcher, built once per process. */
function lexicon(): LexiconMatcher {
  matcher ??= new LexiconMatcher([...parseLexicon(CONCEPT_LINES, 'c:'), ...parseLexicon(MEANING_LINES, 'm:')]);
  return matcher;
}

// Words too general to say what a sentence is about, on top of the search stop words.
const EN_GENERIC = new Set((
  'also just really very quite thing things stuff way ways kind sort lot lots much many more most less ' +
  'make makes made use used using uses get gets got good better best bad big small new like well yeah ' +
  'actually basically usually always often sometimes maybe probably think know mean say said need needs ' +
  'want one two first then also other another same different important example case cases part whole ' +
  'able sure okay ok right time times here now even still already because since however therefore ' +
  'has have had every all something anything everything nothing someone people company matter matters ' +
  'depend depends lot overall general generally important importance stuff thing think thinking talk'
).split(' '));

/** Negation cues and how far they reach (in characters, up to the next clause boundary). */
const NEGATION = /\b(?:not|never|no|without|cannot|instead of|rather than|neither|nor)\b|n't\b|(?:而不是|并不|并非|不是|不要|不用|不能|不会|无需|无须|不必|不该|别|没有|没|未|不)(?!同|断|仅|少|错|过|管|然|久|止|但|论|光|只|一样|如|问题|关系|事)/g;
const CLAUSE_END = /[,，。.;；!?！？:：\n]|\b(?:but|and|so|because|which|while|whereas)\b|但|而且|所以|因为/g;
const NEGATION_REACH_EN = 40;
const NEGATION_REACH_ZH = 10;

/** Character ranges of a text under a negation. */
export function negatedSpans(lower: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of lower.matchAll(NEGATION)) {
    const from = m.index! + m[0].length;
    const reach = /[\u3400-\u9fff]/.test(m[0]) ? NEGATION_REACH_ZH : NEGATION_REACH_EN;
    CLAUSE_END.lastIndex = from;
    const end = CLAUSE_END.exec(lower);
    spans.push([from, Math.min(from + reach, end ? end.index : lower.length)]);
  }
  return spans;
}

function isNegated(spans: Array<[number, number]>, at: number): boolean {
  for (const [a, b] of spans) if (at >= a && at < b) return true;
  return false;
}

/** The units of a text, in order of appearance (a unit may repeat). */
export function unitsOf(text: string): Unit[] {
  const lower = text.toLowerCase();
  const spans = negatedSpans(lower);
  const out: Unit[] = [];
  const mark = (id: string, start: number, end: number) => out.push({ key: isNegated(spans, start) ? `!${id}` : id, start, end });
  for (const m of lexicon().matchLower(lower)) mark(m.id, m.start, m.end);
  for (const m of lower.matchAll(/[a-z][a-z0-9+#_-]*/g)) {
    const w = m[0].replace(/[_-]+$/, '');
    if (w.length > 2 && !EN_STOP.has(w) && !EN_GENERIC.has(w)) mark(`t:${stem(w)}`, m.index!, m.index! + m[0].length);
  }
  for (const m of lower.matchAll(/[\u3400-\u9fff]+/g)) {
    const run = m[0];
    for (let i = 0; i + 1 < run.length; i++) {
      const bi = run.slice(i, i + 2);
      if (!ZH_STOP.has(bi) && !/[的了是在和与就都也还很]/.test(bi)) mark(`t:${bi}`, m.index! + i, m.index! + i + 2);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The distinct unit keys of a text. */
export function unitSet(text: string): Set<string> {
  return new Set(unitsOf(text).map((u) => u.key));
}

/** Whether a unit key comes from a lexicon (a meaning), rather than being a bare word. */
export function isMeaning(key: string): boolean {
  const k = key.startsWith('!') ? key.slice(1) : key;
  return k.startsWith('c:') || k.startsWith('m:');
}
