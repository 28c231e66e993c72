/**
 * What the judge knows about the knowledge base as a whole: how rare each unit is among key points
 * (so "model" weighs little and "SETNX" a lot), each key point's signature (the units that state
 * it, from its labels, synonyms and the reference clauses that say it, in both languages), and
 * each item's profile (the units of everything it says, to tell which question an answer answers).
 */
import type { KnowledgeBase } from '../knowledge/knowledgeBase';
import type { KeyPoint, KnowledgeEntry } from '../knowledge/types';
import { containsPhrase } from '../../text/tokenize';
import { CONCEPT_LINES } from '../knowledge/conceptTerms';
import { MEANING_LINES } from './meaningTerms';
import { unitsOf } from './units';

/** The units that state one key point, each with its weight (idf times where it came from). */
export interface KeyPointSignature {
  point: KeyPoint;
  units: Map<string, number>;
  /** Units from the label and synonyms (the point itself), as opposed to the clauses around it. */
  core: Set<string>;
  /** What a sentence must reach to state the point: the weight of its three strongest units. */
  norm: number;
}

/** The units of everything an item says, weighted, without negation marks. */
export type Profile = Map<string, number>;

/** The items (in items() order) and, per unit, the positions of those whose profile has it, with their capped share. */
export interface TopicPostings {
  items: string[];
  byUnit: Map<string, { at: Int32Array; share: Float64Array }>;
}

const strip = (key: string) => (key.startsWith('!') ? key.slice(1) : key);

/** Clauses of a text: split at commas and sentence marks, where a reference states one thing. */
function clauses(text: string): string[] {
  return text.split(/[。！？；!?;，,:：]|\.(?=\s|$)/).map((s) => s.trim()).filter((s) => s.length > 1);
}

/** Unit keys of the knowledge base's texts: the same clause is read for several key points. */
const keyCache = new Map<string, string[]>();
function keysOf(text: string): string[] {
  let keys = keyCache.get(text);
  if (!keys) {
    keys = [...new Set(unitsOf(text).map((u) => u.key))];
    if (keyCache.size > 50_000) keyCache.clear();
    keyCache.set(text, keys);
  }
  return keys;
}

function addUnits(into: Map<string, number>, text: string, weight: number, keepNegation: boolean): void {
  for (const k of keysOf(text)) {
    const key = keepNegation ? k : strip(k);
    into.set(key, Math.max(into.get(key) ?? 0, weight));
  }
}

/** The saved form of a corpus (what the build ships as dist/judge-corpus.json). */
export interface CorpusSnapshot {
  /** The item ids and the lexicons it was computed with; a corpus for other items or lexicons is rebuilt. */
  key: string;
  pointDocs: number;
  pointIdf: Array<[string, number]>;
  profileIdf: Array<[string, number]>;
  profiles: Record<string, Array<[string, number]>>;
  /** Per entry id, per key point (in order): units, core units, norm, for answers in the entry's language. */
  signatures: Record<string, Array<{ units: Array<[string, number]>; core: string[]; norm: number }>>;
}

/** The judge's view of a set of knowledge-base entries. */
export class JudgeCorpus {
  private readonly entries = new Map<string, KnowledgeEntry>();
  private readonly byItem = new Map<string, KnowledgeEntry[]>();
  private readonly pointIdf = new Map<string, number>();
  private pointDocs = 0;
  private readonly profileIdf = new Map<string, number>();
  private readonly signatures = new Map<string, KeyPointSignature[]>();
  private readonly profiles = new Map<string, Profile>();
  private readonly rawPoints = new Map<KeyPoint, Map<string, Map<string, number>>>();
  private readonly clausesOf = new Map<string, string[]>();

  constructor(entries: readonly KnowledgeEntry[], snapshot?: CorpusSnapshot) {
    for (const e of entries) {
      this.entries.set(e.id, e);
      this.byItem.set(e.itemId, [...(this.byItem.get(e.itemId) ?? []), e]);
    }
    if (snapshot) {
      this.pointDocs = snapshot.pointDocs;
      for (const [k, v] of snapshot.pointIdf) this.pointIdf.set(k, v);
      for (const [k, v] of snapshot.profileIdf) this.profileIdf.set(k, v);
      for (const [id, pairs] of Object.entries(snapshot.profiles)) this.profiles.set(id, new Map(pairs));
      for (const [id, sigs] of Object.entries(snapshot.signatures)) {
        const entry = this.entries.get(id);
        if (!entry || entry.keyPoints.length !== sigs.length) continue;
        this.signatures.set(`${id}|${entry.language}`, sigs.map((sig, i) => ({ point: entry.keyPoints[i], units: new Map(sig.units), core: new Set(sig.core), norm: sig.norm })));
      }
      return;
    }
    // Document frequencies: a key point (its texts in both languages) for the point idf, an item
    // for the profile idf.
    const pointDf = new Map<string, number>();
    const profileDf = new Map<string, number>();
    for (const [itemId, versions] of this.byItem) {
      for (const kp of versions[0].keyPoints) {
        this.pointDocs++;
        for (const key of this.rawPointUnits(itemId, kp).keys()) pointDf.set(key, (pointDf.get(key) ?? 0) + 1);
      }
      for (const key of this.rawProfile(itemId).keys()) profileDf.set(key, (profileDf.get(key) ?? 0) + 1);
    }
    for (const [k, df] of pointDf) this.pointIdf.set(k, Math.log(1 + this.pointDocs / df));
    const items = this.byItem.size;
    for (const [k, df] of profileDf) this.profileIdf.set(k, Math.log(1 + items / df));
  }

  /**
   * The corpus of a knowledge base, built once per knowledge base (or taken from the snapshot the
   * build ships, when it was made for the same items and lexicons) and rebuilt when its items change.
   */
  static of(kb: KnowledgeBase, snapshot?: CorpusSnapshot): JudgeCorpus {
    // Asked once per judged answer: a knowledge base that counts its changes is checked by that
    // count alone (and a replaced entry with the same id is noticed); others by their item ids.
    const revision = kb.revision?.();
    const cached = corpora.get(kb);
    if (cached && revision !== undefined && cached.revision === revision) return cached.corpus;
    const ids = [...kb.itemIds()].sort();
    const key = corpusKey(ids);
    if (cached && revision === undefined && cached.key === key) return cached.corpus;
    const entries: KnowledgeEntry[] = [];
    for (const id of ids) {
      for (const lang of ['zh', 'en']) {
        const e = kb.get(`${lang}-${id}`);
        if (e) entries.push(e);
      }
    }
    // The shipped snapshot describes the shipped entries: once any was added or replaced, rebuild.
    const shipped = revision ? undefined : snapshot ?? snapshots.get(kb)?.();
    const corpus = new JudgeCorpus(entries, shipped && shipped.key === key ? shipped : undefined);
    corpora.set(kb, { key, revision, corpus });
    return corpus;
  }

  /** Offers the shipped snapshot for a knowledge base, read on first judgement and used if it still matches. */
  static offerSnapshot(kb: KnowledgeBase, load: () => CorpusSnapshot | undefined): void {
    snapshots.set(kb, load);
  }

  /** Everything computed, for the build to ship (every signature and profile is computed first). */
  snapshot(): CorpusSnapshot {
    for (const versions of this.byItem.values()) for (const e of versions) this.signaturesOf(e);
    for (const id of this.byItem.keys()) this.profileOf(id);
    const round = (v: number) => Math.round(v * 1e4) / 1e4;
    const pairs = (m: Map<string, number>): Array<[string, number]> => [...m].map(([k, v]) => [k, round(v)]);
    return {
      key: corpusKey([...this.byItem.keys()].sort()),
      pointDocs: this.pointDocs,
      pointIdf: pairs(this.pointIdf),
      profileIdf: pairs(this.profileIdf),
      profiles: Object.fromEntries([...this.profiles].map(([id, p]) => [id, pairs(p)])),
      // Each entry's signatures for answers in its own language; other languages are computed when asked.
      signatures: Object.fromEntries([...this.byItem.values()].flat().map((e) => [e.id, this.signaturesOf(e).map((s) => ({ units: pairs(s.units), core: [...s.core], norm: round(s.norm) }))])),
    };
  }

  /** Both language versions of an item (the one asked for first). */
  versions(entry: KnowledgeEntry): KnowledgeEntry[] {
    const all = this.byItem.get(entry.itemId) ?? [entry];
    return [entry, ...all.filter((e) => e.id !== entry.id)];
  }

  /** Item ids, for scanning every profile. */
  items(): string[] {
    return [...this.byItem.keys()];
  }

  entry(itemId: string, language: string): KnowledgeEntry | undefined {
    const v = this.byItem.get(itemId);
    return v?.find((e) => e.language === language) ?? v?.[0];
  }

  /** How rare a unit is among key points: high for "setnx", low for "model". */
  idf(key: string): number {
    return this.pointIdf.get(key) ?? Math.log(1 + this.pointDocs);
  }

  /** Whether any key point uses the unit (an unknown word is not evidence of knowing the domain). */
  known(key: string): boolean {
    return this.pointIdf.has(key);
  }

  /** How rare a unit is among items (topics). */
  topicIdf(key: string): number {
    return this.profileIdf.get(key) ?? Math.log(1 + this.byItem.size);
  }

  /** The same key point in the other language version (key points share their synonym list). */
  private twin(itemId: string, kp: KeyPoint): KeyPoint[] {
    const sig = JSON.stringify(kp.keywords);
    return (this.byItem.get(itemId) ?? []).flatMap((e) => e.keyPoints.filter((k) => JSON.stringify(k.keywords) === sig));
  }

  /**
   * A key point's units with their source weight: label and synonyms 1, reference clauses 0.5.
   * With a language, only that language's wording of the point (its label there, the clauses of
   * that version's expert answer) and the synonyms of both: a Chinese answer is matched against
   * how the point is said in Chinese, so the English label's words ("leaky", "bucket") cannot
   * make "漏桶" read as missing. Without one, both languages (for the idf, counted per point).
   */
  private rawPointUnits(itemId: string, kp: KeyPoint, language?: string): Map<string, number> {
    const cacheKey = language ?? '*';
    let byLanguage = this.rawPoints.get(kp);
    const cached = byLanguage?.get(cacheKey);
    if (cached) return cached;
    const units = new Map<string, number>();
    const twins = this.twin(itemId, kp);
    const versions = this.byItem.get(itemId) ?? [];
    const labelIn = language ? kp.labels?.[language as 'zh' | 'en'] ?? versions.find((e) => e.language === language)?.keyPoints.find((k) => twins.includes(k))?.label : undefined;
    const labels = labelIn ? [labelIn] : (twins.length ? twins : [kp]).map((k) => k.label);
    for (const label of labels) addUnits(units, label, 1, true);
    for (const s of kp.keywords) addUnits(units, s, 1, true);
    const own = language ? versions.filter((e) => e.language === language) : [];
    for (const e of own.length ? own : versions) {
      let list = this.clausesOf.get(e.id);
      if (!list) {
        list = clauses(e.expertAnswer);
        this.clausesOf.set(e.id, list);
      }
      for (const c of list) {
        if (kp.keywords.some((k) => containsPhrase(c, k))) addUnits(units, c, 0.5, true);
      }
    }
    if (!byLanguage) this.rawPoints.set(kp, (byLanguage = new Map()));
    byLanguage.set(cacheKey, units);
    return units;
  }

  /** Everything an item says: questions and key points fully, the expert answers a little less. */
  private rawProfile(itemId: string): Profile {
    const p: Profile = new Map();
    for (const e of this.byItem.get(itemId) ?? []) {
      // Not the long real phrasings: their scenario detail makes neighbouring topics look alike
      // (tuning set with them at 0.3-1: strong above wrong 82.5 %, without 85 %).
      addUnits(p, [e.question, ...(e.paraphrases ?? e.aliases)].join('\n'), 1, false);
      addUnits(p, e.keyPoints.flatMap((k) => [k.label, ...k.keywords]).join('\n'), 1, false);
      addUnits(p, e.expertAnswer, 0.7, false);
    }
    return p;
  }

  /**
   * The signatures of an entry's key points for an answer in `language` (default: the entry's),
   * computed once per language.
   */
  signaturesOf(entry: KnowledgeEntry, language: string = entry.language): KeyPointSignature[] {
    const cacheKey = `${entry.id}|${language}`;
    const cached = this.signatures.get(cacheKey);
    if (cached) return cached;
    const raw = entry.keyPoints.map((kp) => this.rawPointUnits(entry.itemId, kp, language));
    // Units every key point of the entry shares (its topic: "idempotent" in each point of the
    // idempotency entry) do not tell the points apart; units of the question count less too.
    const asked = this.byItem.get(entry.itemId)?.find((e) => e.language === language) ?? entry;
    // The question and its paraphrases: the long real phrasings (scenarios, preambles) name the
    // points themselves, and would weaken every point they mention.
    const question = new Set(keysOf([asked.question, ...(asked.paraphrases ?? asked.aliases)].join('\n')).map(strip));
    const out = entry.keyPoints.map((point, i) => {
      const units = new Map<string, number>();
      const core = new Set<string>();
      const label = point.labels?.[language as 'zh' | 'en'];
      const coreText = [point.label, ...point.keywords, ...(label ? [label] : this.twin(entry.itemId, point).map((k) => k.label))];
      const coreUnits = new Set(coreText.flatMap(keysOf));
      for (const [key, source] of raw[i]) {
        const shared = raw.filter((r) => r.has(key)).length;
        let w = source * this.idf(key);
        if (raw.length >= 3 && shared === raw.length) w *= 0.3;
        else if (shared > 1) w *= 0.7;
        if (question.has(strip(key))) w *= 0.6;
        units.set(key, w);
        if (coreUnits.has(key)) core.add(key);
      }
      const top = [...units.values()].sort((a, b) => b - a).slice(0, 3);
      return { point, units, core, norm: top.reduce((s, w) => s + w, 0) || 1 };
    });
    this.signatures.set(cacheKey, out);
    return out;
  }

  /** unit → the items whose profile has it, as item positions with each one's share (built on first use). */
  private postingsCache: TopicPostings | undefined;

  /**
   * For each unit, the items that have it in their profile: which topics an answer touches,
   * without scanning every item. Items are positions in items(); `share` is the item's weight
   * for the unit over the unit's topic idf, capped at 1 (what an answer's use of it earns there).
   */
  postings(): TopicPostings {
    if (!this.postingsCache) {
      const lists = new Map<string, { at: number[]; share: number[] }>();
      const items = this.items();
      items.forEach((id, at) => {
        for (const [k, w] of this.profileOf(id)) {
          let list = lists.get(k);
          if (!list) lists.set(k, (list = { at: [], share: [] }));
          list.at.push(at);
          list.share.push(Math.min(1, w / this.topicIdf(k)));
        }
      });
      const byUnit = new Map<string, { at: Int32Array; share: Float64Array }>();
      for (const [k, l] of lists) byUnit.set(k, { at: Int32Array.from(l.at), share: Float64Array.from(l.share) });
      this.postingsCache = { items, byUnit };
    }
    return this.postingsCache;
  }

  /** An item's profile, idf-weighted for telling topics apart. */
  profileOf(itemId: string): Profile {
    const cached = this.profiles.get(itemId);
    if (cached) return cached;
    const p: Profile = new Map();
    for (const [k, w] of this.rawProfile(itemId)) p.set(k, w * this.topicIdf(k));
    this.profiles.set(itemId, p);
    return p;
  }
}

const corpora = new WeakMap<KnowledgeBase, { key: string; revision: number | undefined; corpus: JudgeCorpus }>();
const snapshots = new WeakMap<KnowledgeBase, () => CorpusSnapshot | undefined>();

function hash(text: string, h = 0): number {
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}
let lexiconHash: number | undefined;

/** What a corpus depends on: the items and both lexicons (a changed lexicon changes every unit). */
function corpusKey(itemIds: string[]): string {
  lexiconHash ??= hash(`${CONCEPT_LINES}\n${MEANING_LINES}`);
  return `${itemIds.length}:${(hash(itemIds.join('\n'), lexiconHash) >>> 0).toString(16)}`;
}
