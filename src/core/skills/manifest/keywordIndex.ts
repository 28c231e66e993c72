// The routing keywords of the skills routing chooses among, by normalised keyword. A load of n
// skills asks each one "who else has this keyword?": built once per load, that costs one lookup
// per keyword instead of a walk over every other skill's keywords for every skill (n x n).

/** A skill as the keyword-overlap check sees it. */
export interface KeywordOwner {
  name: string;
  file: string;
  keywords: readonly string[];
  /** A built-in skill (its keywords are compared only with other built-ins: routing/loader rule). */
  builtIn?: boolean;
}

/** Keywords normalised so far: a workspace's keywords are compared with every other skill's, on every load. */
const normalKeywords = new Map<string, string>();

/** A keyword as routing compares it: NFKC, trimmed, lower case, one space between words. */
export function normalKeyword(k: string): string {
  let n = normalKeywords.get(k);
  if (n === undefined) {
    n = k.normalize('NFKC').trim().toLowerCase().split(/\s+/).join(' ');
    if (normalKeywords.size >= 5000) normalKeywords.clear();
    normalKeywords.set(k, n);
  }
  return n;
}

/** A skill as a problem names it (ProblemData.related). */
export interface SkillRef {
  name: string;
  file: string;
}

/** Which skills have each keyword (each skill once per keyword, in the order given). */
export class KeywordIndex {
  private readonly byKeyword = new Map<string, KeywordOwner[]>();
  /** Each owner's reference, made once: every skill sharing a keyword with it names it. */
  private readonly refs = new Map<KeywordOwner, SkillRef>();

  constructor(owners: Iterable<KeywordOwner>) {
    for (const o of owners) {
      this.refs.set(o, { name: o.name, file: o.file });
      for (const k of new Set(o.keywords.filter((x) => typeof x === 'string').map(normalKeyword))) {
        const list = this.byKeyword.get(k);
        if (list) list.push(o);
        else this.byKeyword.set(k, [o]);
      }
    }
  }

  /** The skills with keyword `k` that `accept` lets through, as references. */
  owners(k: string, accept: (o: KeywordOwner) => boolean): SkillRef[] {
    const out: SkillRef[] = [];
    for (const o of this.byKeyword.get(normalKeyword(k)) ?? []) if (accept(o)) out.push(this.refs.get(o)!);
    return out;
  }
}
