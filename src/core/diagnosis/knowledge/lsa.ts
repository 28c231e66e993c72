import { tokenize } from '../../text/tokenize';
import { topHits } from './topHits';
import { b64, f32, packPostings, toPostings, unpackPostings, type PackedPostings, type Postings } from './packed';

/**
 * Latent semantic analysis over the knowledge base's own text: the offline "embedding" channel.
 * Each entry is one document holding its question, paraphrases, answers, gap and key points in
 * both languages, so words that appear together (编造 / 幻觉 / hallucination / makes things up)
 * end up close in a k-dimensional space learnt from our content, with no model and no network.
 * A truncated SVD of the TF-IDF term-document matrix is found with a randomized range finder
 * (power iterations) and a Jacobi eigen-solver on a small matrix, so 10,000 entries still build
 * in seconds.
 */
export class LatentSemanticIndex {
  private readonly idf = new Map<string, number>();
  private readonly postings: Postings;
  /** Document embeddings (n × k, unit length), row-major. */
  private readonly docVecs: Float64Array | Float32Array;
  /** Right singular vectors (n × k), row-major, and singular values (k). */
  private readonly v: Float64Array | Float32Array;
  private readonly sigma: Float64Array | Float32Array;
  readonly k: number;
  readonly n: number;

  /** A saved index (what the build ships), so a process does not redo the SVD. */
  static fromSnapshot(snap: LsaSnapshot): LatentSemanticIndex {
    const lsa = Object.create(LatentSemanticIndex.prototype) as LatentSemanticIndex;
    const self = lsa as unknown as Record<string, unknown>;
    const { postings, idf } = unpackPostings(snap.postings);
    self.idf = idf;
    self.postings = postings;
    self.k = snap.k;
    self.n = snap.n;
    self.sigma = f32(snap.sigma);
    // Widened once to 64-bit (exactly: every float32 is a double), so the per-query loops read doubles.
    self.v = Float64Array.from(f32(snap.v));
    self.docVecs = Float64Array.from(f32(snap.docVecs));
    return lsa;
  }

  /** Everything search needs, packed (floats stored as 32-bit). */
  snapshot(): LsaSnapshot {
    return { k: this.k, n: this.n, postings: packPostings(this.postings, this.idf), sigma: b64(this.sigma), v: b64(this.v), docVecs: b64(this.docVecs) };
  }

  constructor(texts: readonly string[], rank = 96, seed = 7) {
    this.n = texts.length;
    const tfs = texts.map((t) => {
      const tf = new Map<string, number>();
      for (const tok of tokenize(t)) tf.set(tok, (tf.get(tok) ?? 0) + 1);
      return tf;
    });
    const df = new Map<string, number>();
    for (const tf of tfs) for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    for (const [t, d] of df) this.idf.set(t, Math.log(1 + this.n / d));
    const lists = new Map<string, Array<[number, number]>>();
    tfs.forEach((tf, doc) => {
      for (const [t, w] of this.weigh(tf)) {
        let list = lists.get(t);
        if (!list) lists.set(t, (list = []));
        list.push([doc, w]);
      }
    });
    this.postings = toPostings(lists);
    const l = Math.min(this.n, rank + 8);
    const { values, vectors } = this.topEigen(l, seed);
    const k = Math.min(rank, values.filter((x) => x > 1e-9).length);
    this.k = k;
    const sigma = new Float64Array(k);
    const v = new Float64Array(this.n * k);
    for (let j = 0; j < k; j++) {
      sigma[j] = Math.sqrt(values[j]);
      for (let i = 0; i < this.n; i++) v[i * k + j] = vectors[i * l + j];
    }
    // A document's coordinates are Σ·Vᵀ (its projection on the left singular vectors).
    const docVecs = new Float64Array(this.n * k);
    for (let i = 0; i < this.n; i++) {
      let norm = 0;
      for (let j = 0; j < k; j++) {
        const x = sigma[j] * v[i * k + j];
        docVecs[i * k + j] = x;
        norm += x * x;
      }
      norm = Math.sqrt(norm) || 1;
      for (let j = 0; j < k; j++) docVecs[i * k + j] /= norm;
    }
    this.sigma = sigma;
    this.v = v;
    this.docVecs = docVecs;
  }

  private weigh(tf: Map<string, number>): Map<string, number> {
    const out = new Map<string, number>();
    let norm = 0;
    for (const [t, n] of tf) {
      const idf = this.idf.get(t);
      if (idf === undefined) continue;
      const w = (1 + Math.log(n)) * idf;
      out.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [t, w] of out) out.set(t, w / norm);
    return out;
  }

  private scratch: Float64Array | undefined;

  /** Dᵀ·x for a term vector x: one score per document (valid until the next call). */
  private docScores(x: Map<string, number>): Float64Array {
    // A scratch array reused across calls (folding 10,000 workspace entries in allocated one each).
    if (!this.scratch || this.scratch.length !== this.n) this.scratch = new Float64Array(this.n);
    const s = this.scratch;
    s.fill(0);
    for (const [t, w] of x) {
      const p = this.postings.get(t);
      if (!p) continue;
      for (let i = 0; i < p.ids.length; i++) s[p.ids[i]] += w * p.ws[i];
    }
    return s;
  }

  /** G·X where G = DᵀD (documents × documents), X is n × l, without forming G. */
  private gramTimes(x: Float64Array, l: number): Float64Array {
    // DX: terms × l, accumulated per term from its postings.
    const out = new Float64Array(this.n * l);
    const row = new Float64Array(l);
    for (const { ids, ws } of this.postings.values()) {
      row.fill(0);
      for (let i = 0; i < ids.length; i++) for (let j = 0; j < l; j++) row[j] += ws[i] * x[ids[i] * l + j];
      for (let i = 0; i < ids.length; i++) for (let j = 0; j < l; j++) out[ids[i] * l + j] += ws[i] * row[j];
    }
    return out;
  }

  /** Top-l eigenpairs of G = DᵀD by a randomized range finder with two power iterations. */
  private topEigen(l: number, seed: number): { values: number[]; vectors: Float64Array } {
    let state = seed >>> 0 || 1;
    const rand = () => {
      state ^= state << 13; state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5; state >>>= 0;
      return state / 4294967296 - 0.5;
    };
    let q: Float64Array = new Float64Array(this.n * l);
    for (let i = 0; i < q.length; i++) q[i] = rand();
    for (let it = 0; it < 3; it++) q = orthonormalize(this.gramTimes(q, l), this.n, l);
    // B = Qᵀ G Q (l × l), then eigenvectors of B rotate Q into G's eigenvectors.
    const gq = this.gramTimes(q, l);
    const b = new Float64Array(l * l);
    for (let a = 0; a < l; a++) {
      for (let c = 0; c < l; c++) {
        let s = 0;
        for (let i = 0; i < this.n; i++) s += q[i * l + a] * gq[i * l + c];
        b[a * l + c] = s;
      }
    }
    const { values, vectors: e } = jacobiEigen(b, l);
    const order = values.map((v, i) => [v, i] as const).sort((x, y) => y[0] - x[0]);
    const out = new Float64Array(this.n * l);
    for (let i = 0; i < this.n; i++) {
      for (let j = 0; j < l; j++) {
        const col = order[j][1];
        let s = 0;
        for (let a = 0; a < l; a++) s += q[i * l + a] * e[a * l + col];
        out[i * l + j] = s;
      }
    }
    return { values: order.map(([v]) => v), vectors: out };
  }

  /** Folded-in documents (added after the SVD): their unit vectors in the latent space. */
  private extra: Array<{ doc: number; vec: Float64Array }> = [];

  /** The unit latent vector of a text (a query, or a document folded in), or null if no known word. */
  private project(text: string): Float64Array | null {
    const tf = new Map<string, number>();
    for (const tok of tokenize(text)) tf.set(tok, (tf.get(tok) ?? 0) + 1);
    const x = this.weigh(tf);
    if (x.size === 0) return null;
    const dtx = this.docScores(x);
    const k = this.k;
    const n = this.n;
    const v = this.v;
    const sigma = this.sigma;
    const qv = new Float64Array(k);
    for (let i = 0, at = 0; i < n; i++, at += k) {
      const s = dtx[i];
      if (s === 0) continue;
      for (let j = 0; j < k; j++) qv[j] += v[at + j] * s;
    }
    let norm = 0;
    for (let j = 0; j < k; j++) {
      qv[j] /= sigma[j] || 1;
      norm += qv[j] * qv[j];
    }
    norm = Math.sqrt(norm);
    if (norm === 0) return null;
    for (let j = 0; j < k; j++) qv[j] /= norm;
    return qv;
  }

  /**
   * Adds a document without recomputing the SVD (LSA "fold-in"): its vector is its projection on
   * the existing latent space, the same projection queries get. `doc` is the caller's id for it.
   */
  foldIn(doc: number, text: string): void {
    this.addFolded(doc, this.project(text));
  }

  /** The vector foldIn would give a text (null: no known word); the workspace cache keeps it. */
  foldedVector(text: string): Float64Array | null {
    return this.project(text);
  }

  /** Adds a document from the vector foldedVector gave for it. */
  addFolded(doc: number, vec: Float64Array | null): void {
    this.extra ??= [];
    if (vec) this.extra.push({ doc, vec });
  }

  /**
   * Documents by cosine in the latent space (−1…1, usually 0…1), best first, from `minCosine`
   * up: only those are sorted (the caller drops the others anyway, and all of them rank after
   * every kept one). Base documents, then folded-in ones, as before, so ties keep their order.
   */
  search(text: string, limit: number, minCosine = -Infinity): Array<{ doc: number; cosine: number }> {
    const qv = this.project(text);
    if (!qv) return [];
    const k = this.k;
    const n = this.n;
    const vecs = this.docVecs;
    const ids: number[] = [];
    const cosines: number[] = [];
    for (let i = 0, at = 0; i < n; i++, at += k) {
      let s = 0;
      for (let j = 0; j < k; j++) s += qv[j] * vecs[at + j];
      if (s >= minCosine) {
        ids.push(i);
        cosines.push(s);
      }
    }
    for (const { doc, vec } of this.extra ?? []) {
      let s = 0;
      for (let j = 0; j < k; j++) s += qv[j] * vec[j];
      if (s >= minCosine) {
        ids.push(doc);
        cosines.push(s);
      }
    }
    return topHits(cosines, limit).map((i) => ({ doc: ids[i], cosine: cosines[i] }));
  }
}

/** The saved form of a LatentSemanticIndex. */
export interface LsaSnapshot {
  k: number;
  n: number;
  postings: PackedPostings;
  sigma: string;
  v: string;
  docVecs: string;
}

/** Gram-Schmidt (twice, for stability) on the columns of an n × l matrix. */
function orthonormalize(m: Float64Array, n: number, l: number): Float64Array {
  for (let pass = 0; pass < 2; pass++) {
    for (let j = 0; j < l; j++) {
      for (let p = 0; p < j; p++) {
        let dot = 0;
        for (let i = 0; i < n; i++) dot += m[i * l + j] * m[i * l + p];
        for (let i = 0; i < n; i++) m[i * l + j] -= dot * m[i * l + p];
      }
      let norm = 0;
      for (let i = 0; i < n; i++) norm += m[i * l + j] ** 2;
      norm = Math.sqrt(norm) || 1;
      for (let i = 0; i < n; i++) m[i * l + j] /= norm;
    }
  }
  return m;
}

/** Eigenvalues and eigenvectors (columns) of a symmetric matrix by cyclic Jacobi rotations. */
export function jacobiEigen(input: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  const a = Float64Array.from(input);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: Array.from({ length: n }, (_, i) => a[i * n + i]), vectors: v };
}
