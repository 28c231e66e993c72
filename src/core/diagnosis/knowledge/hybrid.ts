import type { Database, SqlJsStatic } from 'sql.js';
import { detectLanguage } from '../../text/language';
import type { Channel, KnowledgeBase, SearchOptions } from './knowledgeBase';
import type { ConfidenceFeatures, KnowledgeEntry, KnowledgeHit } from './types';
import { confidenceOf } from './confidence';
import type { EmbeddingCache, EmbeddingProvider } from './embeddings';
import { LatentSemanticIndex, type LsaSnapshot } from './lsa';
import { PhraseVectors, type PhraseSnapshot } from './vectors';
import { ConceptIndex, type ConceptSnapshot, type WeightedTexts } from './concepts';
import { CONCEPT_LINES } from './conceptTerms';
import { Bm25Index, type Bm25Snapshot } from './bm25Index';
import { WorkspaceModelCache } from './workspaceModelCache';
import { topHits } from './topHits';
import { PhraseOverlap } from './phraseOverlap';
import { Fusion } from './fusion';
import { bodyTokens, ftsTokens, phrasesOf } from './entryTokens';
import { onePerItem } from './onePerItem';
import { createHash } from 'node:crypto';

/** Reciprocal-rank fusion constant (the usual 60: later ranks still count, top ranks dominate). */
const RRF_K = 20;
/** Fused candidates the confidence is computed for and that can be returned (topK is at most 20). */
const RERANK = 40;
/** Candidates each channel hands to the fusion. */
const CANDIDATES = 50;
/** Below this a vector hit shares a few letter triples with the query, nothing more. */
const MIN_COSINE = 0.2;
/**
 * Channel weights in the fusion. The lexical channels count equally (weighting them made no
 * difference beyond noise). The concept channel does not vote: its evidence reaches each
 * candidate's confidence (concept, conceptMass) instead. Its old vote of 3 (scaled by its coverage
 * squared) outvoted the lexical channels on realistic wording; without it the right entry came
 * first more often on every realistic set measured once (realistic tuning 76 -> 79 %, realistic
 * held-out 62 -> 68 %, blind set 3 48 -> 53 %, heldout2 85 -> 88 %, heldout 89 -> 92 %; the short
 * tune.yaml 77 -> 75 %), and no entry it alone put forward ever came first (2026-12-04).
 */
const W = { bm25: 1, ngram: 1, latent: 1, embedding: 1, concept: 0 };
/** Dimensions kept by the latent index (more than the entries' topics, fewer than the documents). */
const LATENT_RANK = 96;
/** Below this the latent-space match is too weak to propose an entry on its own. */
const MIN_LATENT = 0.2;
/** Bumped when the index layout changes, so an old shipped file is rebuilt rather than misread. */
const INDEX_VERSION = '4';

/** A short hash of the concept lexicon, so an index built with another lexicon is rebuilt. */
let lexiconHashCache: string | undefined;
function lexiconHash(): string {
  if (lexiconHashCache) return lexiconHashCache;
  let h = 0;
  for (let i = 0; i < CONCEPT_LINES.length; i++) h = (Math.imul(h, 31) + CONCEPT_LINES.charCodeAt(i)) | 0;
  lexiconHashCache = (h >>> 0).toString(16);
  return lexiconHashCache;
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  n = Math.sqrt(n) || 1;
  return Float32Array.from(v, (x) => x / n);
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/**
 * Hybrid retrieval: full text (SQLite FTS4 in sql.js, BM25 from matchinfo), character n-gram
 * TF-IDF, LSA and the concept lexicon (plus embeddings when configured), merged by reciprocal-rank
 * fusion; the best fused candidates are then ordered by the fitted confidence. The channel models
 * are built at build time into knowledge.sqlite and opened from it; an index that does not match
 * the entries or the lexicon is rebuilt in memory. BM25 is scored in memory (Bm25Index), exactly
 * as the FTS4 table the file still carries scored it.
 */
export class HybridKnowledgeBase implements KnowledgeBase {
  /** The shipped index file, when it matched the entries (its saved models are read from it). */
  private readonly db: Database | undefined;
  private readonly SQL: SqlJsStatic;
  private textIndex: Bm25Index | undefined;
  private readonly byId = new Map<string, KnowledgeEntry>();
  private siblings: Array<KnowledgeEntry | undefined>;
  private phraseTokenCache: string[][][] | undefined;
  private vectorIndex: PhraseVectors | undefined;
  private lsaIndex: LatentSemanticIndex | undefined;
  private conceptIndex: ConceptIndex | undefined;
  /** The Dice overlap of a query with an entry's phrasings (a confidence feature). */
  private readonly overlap = new PhraseOverlap(() => this.phraseTokens);
  /** Unit embedding vectors per document, when an embedding provider was attached. */
  private embeddings: { model: string; vecs: Array<Float32Array | undefined> } | undefined;
  /** True when the shipped index file was used as is. */
  readonly fromFile: boolean;

  /** Documents replaced or removed since the index was built (their slots are skipped). */
  private readonly removed = new Set<number>();
  private readonly entries: KnowledgeEntry[];

  constructor(SQL: SqlJsStatic, entries: readonly KnowledgeEntry[], indexBytes?: Uint8Array) {
    this.SQL = SQL;
    this.entries = [...entries];
    const byItem = new Map<string, KnowledgeEntry[]>();
    for (const e of entries) {
      this.byId.set(e.id, e);
      byItem.set(e.itemId, [...(byItem.get(e.itemId) ?? []), e]);
    }
    this.siblings = entries.map((e) => byItem.get(e.itemId)!.find((x) => x !== e));
    // The entries and the concept lexicon the shipped models were built from.
    const signature = JSON.stringify([entries.map((e) => e.id), lexiconHash()]);
    let db: Database | undefined;
    if (indexBytes) {
      try {
        db = new SQL.Database(indexBytes);
        const meta = Object.fromEntries(db.exec("SELECT key, value FROM meta WHERE key IN ('version', 'entries')")[0]?.values ?? []);
        if (meta.version !== INDEX_VERSION || meta.entries !== signature) {
          db.close();
          db = undefined;
        }
      } catch {
        db = undefined;
      }
    }
    this.fromFile = !!db;
    this.db = db;
    this.signature = signature;
  }

  private readonly signature: string;

  /** The full-text channel; loaded from the shipped index or built from the entries on first search. */
  private get bm25Index(): Bm25Index {
    if (!this.textIndex) {
      const snap = this.saved<Bm25Snapshot>('bm25');
      if (snap) this.textIndex = Bm25Index.fromSnapshot(snap);
      else {
        const index = new Bm25Index();
        this.entries.forEach((e, i) => index.add(i, bodyTokens(e, this.siblings[i])));
        this.textIndex = index;
      }
    }
    return this.textIndex;
  }

  /** Token sets of every phrasing (for the Dice overlap); saved in the shipped index too. */
  private get phraseTokens(): string[][][] {
    this.phraseTokenCache ??= this.saved<string[][][]>('phraseTokens')
      ?? this.entries.map((e, i) => phrasesOf(e, this.siblings[i]).map((p) => [...new Set(ftsTokens(p))]).filter((p) => p.length > 0));
    return this.phraseTokenCache;
  }

  /** A saved channel model from the shipped index, if it has one. */
  private saved<T>(key: string): T | undefined {
    if (!this.db) return undefined;
    const row = this.db.exec('SELECT value FROM meta WHERE key = ?', [key])[0]?.values[0]?.[0];
    return typeof row === 'string' ? (JSON.parse(row) as T) : undefined;
  }

  /** Character n-gram vectors of every phrasing; loaded from the shipped index or built on first search. */
  private get vectors(): PhraseVectors {
    if (!this.vectorIndex) {
      const snap = this.saved<PhraseSnapshot>('phrases');
      this.vectorIndex = snap ? PhraseVectors.fromSnapshot(snap) : new PhraseVectors(this.entries.map((e, i) => phrasesOf(e, this.siblings[i])));
    }
    return this.vectorIndex;
  }

  private static buildDb(SQL: SqlJsStatic, entries: readonly KnowledgeEntry[], siblings: Array<KnowledgeEntry | undefined>, signature: string): Database {
    const db = new SQL.Database();
    db.run(`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
            CREATE TABLE entries(rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL, language TEXT NOT NULL, category TEXT NOT NULL);
            CREATE VIRTUAL TABLE fts USING fts4(body, tokenize=simple);`);
    db.run('BEGIN');
    const insEntry = db.prepare('INSERT INTO entries(rowid, id, language, category) VALUES (?, ?, ?, ?)');
    const insFts = db.prepare('INSERT INTO fts(docid, body) VALUES (?, ?)');
    entries.forEach((e, i) => {
      insEntry.run([i, e.id, e.language, e.category]);
      insFts.run([i, bodyTokens(e, siblings[i]).join(' ')]);
    });
    insEntry.free();
    insFts.free();
    db.run('INSERT INTO meta(key, value) VALUES (?, ?), (?, ?)', ['version', INDEX_VERSION, 'entries', signature]);
    db.run('COMMIT');
    return db;
  }

  /**
   * The index as a SQLite file, for the build to ship: every channel's model, plus the FTS4 table
   * the full-text channel used to query (kept so the file still reads as before, and so the
   * previous implementation the bench and the equivalence test compare with opens it as is).
   */
  export(): Uint8Array {
    const db = HybridKnowledgeBase.buildDb(this.SQL, this.entries, this.siblings, this.signature);
    db.run('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?), (?, ?), (?, ?), (?, ?)', [
      'lsa', JSON.stringify(this.lsa.snapshot()), 'phrases', JSON.stringify(this.vectors.snapshot()),
      'phraseTokens', JSON.stringify(this.phraseTokens), 'concepts', JSON.stringify(this.concepts.snapshot()),
    ]);
    db.run('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)', ['bm25', JSON.stringify(this.bm25Index.snapshot())]);
    try {
      return db.export();
    } finally {
      db.close();
    }
  }

  size(): number {
    return this.entries.length - this.removed.size;
  }

  /** Embeds every entry (question and paraphrases) with the provider, through the cache. */
  async attachEmbeddings(provider: EmbeddingProvider, cache: EmbeddingCache, signal?: AbortSignal): Promise<number> {
    const texts = this.entries.map((e) => [e.question, ...e.aliases].join('\n'));
    const vecs = await cache.embedAll(provider, texts, signal);
    this.embeddings = { model: provider.model, vecs: vecs.map(unit) };
    return vecs.length;
  }

  embeddingModel(): string | undefined {
    return this.embeddings?.model;
  }

  itemIds(): Set<string> {
    return new Set([...this.byId.values()].map((e) => e.itemId));
  }

  /**
   * Adds or replaces entries (a workspace's own knowledge files) without rebuilding the index:
   * FTS4 rows are inserted, the n-gram channel gains the new phrasings, and the latent channel
   * folds the new texts into the existing space. Entries whose id is in `removeIds` disappear.
   */
  private changes = 0;

  revision(): number {
    return this.changes;
  }

  /** Where workspace entries' models are kept between sessions (see WorkspaceModelCache). */
  private modelCache: WorkspaceModelCache | undefined;

  /**
   * Keeps the latent vectors and concepts of upserted entries in `cache`, bound to this
   * knowledge base's own models, so a later session merging the same entries reads them back.
   */
  useModelCache(cache: WorkspaceModelCache): void {
    this.modelCache = cache;
    this.modelCacheBound = false;
  }

  private modelCacheBound = false;

  upsert(entries: readonly KnowledgeEntry[], removeIds: Iterable<string> = []): void {
    this.changes++;
    const drop = new Set<string>([...removeIds, ...entries.map((e) => e.id)]);
    const text = this.bm25Index;
    this.entries.forEach((e, i) => {
      if (drop.has(e.id) && !this.removed.has(i)) {
        this.removed.add(i);
        text.remove(i);
        this.conceptIndex?.remove(i);
        this.byId.delete(e.id);
      }
    });
    // Load the lazily built parts before adding to them.
    const vectors = this.vectors;
    const lsa = this.lsa;
    const tokens = this.phraseTokens;
    const concepts = this.concepts;
    const live = (x: KnowledgeEntry) => this.byId.get(x.id) === x;
    // Entries by item, in order, so finding an entry's other-language version is not a scan of
    // every entry (10,000 workspace entries made that quadratic).
    const group = (list: readonly KnowledgeEntry[]) => {
      const by = new Map<string, KnowledgeEntry[]>();
      for (const x of list) {
        const g = by.get(x.itemId);
        if (g) g.push(x);
        else by.set(x.itemId, [x]);
      }
      return by;
    };
    if (this.modelCache && !this.modelCacheBound) {
      // The models the entries are folded into: the latent space and the lexicon (hashed on the
      // first merge, not when the cache is attached: most windows have no workspace entries).
      this.modelCache.bind(createHash('sha256').update(JSON.stringify([INDEX_VERSION, lexiconHash(), lsa.snapshot()])).digest('base64'));
      this.modelCacheBound = true;
    }
    // A phrasing's tokens and n-grams, once per merge: an entry's phrasings are also its other
    // language version's (each is read for both), and neither depends on the entry (the n-gram
    // idf stays as built). Shared, never modified.
    const memo = new Map<string, { tokens: string[]; weighted: { features: string[]; weights: number[] } }>();
    const phrase = (p: string) => {
      let m = memo.get(p);
      if (!m) {
        const v = vectors.phraseVector(p);
        memo.set(p, (m = { tokens: ftsTokens(p), weighted: { features: [...v.keys()], weights: [...v.values()] } }));
      }
      return m;
    };
    const inBatch = group(entries);
    const inAll = group(this.entries);
    for (const e of entries) {
      const doc = this.entries.length;
      this.entries.push(e);
      this.byId.set(e.id, e);
      const all = inAll.get(e.itemId);
      if (all) all.push(e);
      else inAll.set(e.itemId, [e]);
      const sibling = inBatch.get(e.itemId)!.find((x) => x !== e) ?? all?.find((x) => x !== e && live(x)) ?? undefined;
      this.siblings.push(sibling);
      const key = this.modelCache ? WorkspaceModelCache.keyOf(e, sibling) : undefined;
      const cached = key ? this.modelCache!.get(key) : undefined;
      this.overlap.invalidate();
      if (cached) {
        text.add(doc, cached.body);
        tokens.push(cached.phraseTokens);
        for (const v of cached.phrases) vectors.addFeatures(doc, v.features, v.weights);
        lsa.addFolded(doc, cached.latent);
        concepts.addWeights(doc, cached.concepts);
      } else {
        const body = bodyTokens(e, sibling, (p) => phrase(p).tokens);
        text.add(doc, body);
        const phrases = phrasesOf(e, sibling);
        const phraseTokens = phrases.map((p) => [...new Set(phrase(p).tokens)]).filter((p) => p.length > 0);
        tokens.push(phraseTokens);
        const weighted = phrases.map((p) => phrase(p).weighted);
        for (const v of weighted) vectors.addFeatures(doc, v.features, v.weights);
        const latent = lsa.foldedVector(this.lsaText(doc));
        lsa.addFolded(doc, latent);
        concepts.addDocument(doc, this.conceptTexts(doc));
        if (key) this.modelCache!.set(key, { body, phraseTokens, phrases: weighted, latent, concepts: concepts.weightsOf(doc) });
      }
      // Embedded on the next attachEmbeddings (the cache keeps the others).
      this.embeddings?.vecs.push(undefined);
    }
  }

  get(id: string): KnowledgeEntry | undefined {
    return this.byId.get(id);
  }

  /** Everything an entry says, in both languages: what the latent space learns co-occurrence from. */
  /** Where the concept channel looks for an entry's concepts, and how much each place counts. */
  private conceptTexts(i: number): WeightedTexts {
    const e = this.entries[i];
    const s = this.siblings[i];
    const questions = [e.question, ...e.aliases, ...(s ? [s.question, ...s.aliases] : [])].join('\n');
    const points = e.keyPoints.flatMap((k) => [k.label, ...k.keywords]).join('\n');
    return [[questions, 1], [points, 0.6], [e.expertAnswer, 0.3]];
  }

  /** Loaded from the shipped index, or built on first search from the entries and the lexicon. */
  private get concepts(): ConceptIndex {
    if (!this.conceptIndex) {
      const snap = this.saved<ConceptSnapshot>('concepts');
      this.conceptIndex = snap ? ConceptIndex.fromSnapshot(snap) : new ConceptIndex(this.entries.map((_, i) => this.conceptTexts(i)));
    }
    return this.conceptIndex;
  }

  private lsaText(i: number): string {
    const e = this.entries[i];
    const s = this.siblings[i];
    const own = [e.question, ...e.aliases, e.question, ...e.aliases, e.expertAnswer, e.gap, ...e.keyPoints.flatMap((k) => [k.label, ...k.keywords])];
    const other = s ? [s.question, ...s.aliases, s.expertAnswer, ...s.keyPoints.map((k) => k.label)] : [];
    return [...own, ...other].join('\n');
  }

  /** Loaded from the shipped index, or built on first search (the SVD is the costliest part). */
  private get lsa(): LatentSemanticIndex {
    if (!this.lsaIndex) {
      const snap = this.saved<LsaSnapshot>('lsa');
      this.lsaIndex = snap ? LatentSemanticIndex.fromSnapshot(snap) : new LatentSemanticIndex(this.entries.map((_, i) => this.lsaText(i)), LATENT_RANK);
    }
    return this.lsaIndex;
  }

  /** Scratch for search: the fused scores by document, and the channels' numbers for the candidates. */
  private readonly fusion = new Fusion();

  /** Whether document i may be returned for these options (not removed, in the language and category asked for). */
  private filterFor(options: SearchOptions): ((i: number) => boolean) | undefined {
    if (!options.language && !options.category && this.removed.size === 0) return undefined;
    return (i: number) => {
      if (this.removed.has(i)) return false;
      const e = this.entries[i];
      return (!options.language || e.language === options.language) && (!options.category || e.category === options.category);
    };
  }

  search(query: string, options: SearchOptions = {}): KnowledgeHit[] {
    const channel = options.channel ?? 'hybrid';
    const q = [...new Set(ftsTokens(query))];
    const filter = this.filterFor(options);
    const allowed = filter ?? (() => true);
    const only = (c: Channel) => channel === 'hybrid' || channel === c;
    const text = only('bm25') ? this.bm25Index.search(q) : undefined;
    let textDocs = text?.docs ?? [];
    let textScores = text?.scores ?? [];
    if (filter && text) {
      const keep = text.docs.map((d, k) => (filter(d) ? k : -1)).filter((k) => k >= 0);
      textDocs = keep.map((k) => text.docs[k]);
      textScores = keep.map((k) => text.scores[k]);
    }
    const textRank = topHits(textScores, CANDIDATES).map((i) => textDocs[i]);
    const vec = !only('vector') ? [] : this.vectors.search(query, CANDIDATES * 4, MIN_COSINE).filter((h) => h.cosine >= MIN_COSINE && allowed(h.doc)).slice(0, CANDIDATES);
    const latent = !only('vector') ? [] : this.lsa.search(query, CANDIDATES * 4, MIN_LATENT).filter((h) => h.cosine >= MIN_LATENT && allowed(h.doc)).slice(0, CANDIDATES);
    const fused = this.fusion.begin(this.entries.length);
    for (let r = 0; r < textRank.length; r++) fused.add(textRank[r], W.bm25 / (RRF_K + r + 1));
    for (let r = 0; r < vec.length; r++) fused.add(vec[r].doc, W.ngram / (RRF_K + r + 1));
    for (let r = 0; r < latent.length; r++) fused.add(latent[r].doc, W.latent / (RRF_K + r + 1));
    const concept = only('concept') ? this.concepts.search(query, CANDIDATES * 4).filter((h) => allowed(h.doc)).slice(0, CANDIDATES) : [];
    // Alone, the concept channel keeps its own order; in the fusion its vote is W.concept (0: see W).
    const conceptWeight = channel === 'concept' ? 1 : W.concept;
    if (conceptWeight > 0) for (let r = 0; r < concept.length; r++) fused.add(concept[r].doc, (conceptWeight * concept[r].score * concept[r].score) / (RRF_K + r + 1));
    if (only('vector') && this.embeddings && options.queryVector) {
      const qv = unit(options.queryVector);
      const dense = this.embeddings.vecs
        .map((v, doc) => ({ doc, cosine: v && v.length === qv.length ? dot(v, qv) : -1 }))
        .filter((h) => h.cosine > 0 && allowed(h.doc))
        .sort((a, b) => b.cosine - a.cosine)
        .slice(0, CANDIDATES);
      for (let r = 0; r < dense.length; r++) fused.add(dense[r].doc, W.embedding / (RRF_K + r + 1));
    }
    const firsts = [textRank[0], vec[0]?.doc, latent[0]?.doc, concept[0]?.doc];
    // Only the best fused candidates are scored and reordered: the confidence costs a pass over
    // each candidate's phrasings, and nothing far down the fused list ends up first. The list
    // is the first RERANK of a stable sort by fused score (ties in the order entries were met).
    const candidates = fused.top(RERANK);
    fused.end();
    const first = candidates.scores[0];
    const second = candidates.scores.length > 1 ? candidates.scores[1] : 0;
    // Each channel's number for the candidates (0 where a channel did not list it).
    const cosine = new Map(vec.map((h) => [h.doc, h.cosine]));
    const latentCos = new Map(latent.map((h) => [h.doc, h.cosine]));
    const coverage = text ? text.coverageOf(candidates.docs) : undefined;
    const conceptHit = new Map(concept.map((h) => [h.doc, h]));
    this.overlap.begin(q, candidates.docs);
    const hits: KnowledgeHit[] = [];
    for (let c = 0; c < candidates.docs.length; c++) {
      const doc = candidates.docs[c];
      const score = candidates.scores[c];
      const similarity = cosine.get(doc) ?? 0;
      const ch = conceptHit.get(doc);
      let agree = 0;
      for (const d of firsts) if (d === doc) agree++;
      const features: ConfidenceFeatures = {
        coverage: coverage ? coverage[c] : 0,
        dice: this.overlap.dice(doc),
        ngram: similarity,
        latent: latentCos.get(doc) ?? 0,
        concept: ch?.score ?? 0,
        conceptMass: Math.min(1, (ch?.mass ?? 0) / 8),
        agreement: agree / firsts.length,
        lead: score === first ? (first - second) / first : score / first - 1,
      };
      const confidence = confidenceOf(features);
      hits.push({
        entry: this.entries[doc], score: Math.round(score * 1e5) / 1e5, confidence: Math.round(confidence * 1000) / 1000, similarity: Math.round(similarity * 1000) / 1000,
        concepts: ch?.concepts ?? [],
        ...(options.explain ? { features } : {}),
      });
    }
    this.overlap.done();
    // The fused score gathers the candidates; the confidence, which weighs every channel's
    // evidence (an exact phrasing, agreement, lead), orders them: on the tuning and dev queries
    // this put the right entry first more often than the fused rank did (recall@1 +4 points).
    // A channel alone (compared in the eval) keeps its own order.
    hits.sort((a, b) => (channel === 'hybrid' ? b.confidence - a.confidence : 0) || b.score - a.score || b.confidence - a.confidence || a.entry.id.localeCompare(b.entry.id));
    return onePerItem(hits, detectLanguage(query), options.topK ?? 3);
  }

  close(): void {
    this.db?.close();
  }
}
