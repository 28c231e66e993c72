/** What merging one workspace entry computes: every channel's share of it. */
export interface CachedModels {
  /** Its full-text tokens (BM25). */
  body: string[];
  /** Each phrasing's distinct search tokens (the Dice overlap). */
  phraseTokens: string[][];
  /** Each phrasing's weighted character n-grams (features and weights; 32-bit floats once stored, as the index keeps them). */
  phrases: Array<{ features: string[]; weights: ArrayLike<number> }>;
  /** The entry folded into the latent space (null: no word the space knows). */
  latent: Float64Array | null;
  /** Concept id → weight, as the concept channel found them in the entry's texts. */
  concepts: Array<[string, number]>;
}

/**
 * The workspace model cache on disk, in a compact binary form rather than JSON: 10,000 entries
 * made a JSON file of some 190 MB whose parse, and the base64 of every vector in it, was most of
 * a warm session's start. The file holds one UTF-8 block of every string (fields separated by
 * NUL; no token, feature, concept id or key contains a control character), and the numbers as
 * raw little-endian typed arrays: counts (int32), n-gram weights (float32, as the index keeps
 * them), latent vectors and concept weights (float64, exactly as computed). Reading it is one
 * split of the string block and views on the arrays; an entry is decoded when first asked for.
 */
const MAGIC = 0x43574c49; // "ILWC"
const SEP = '\u0000';
const PHRASE_SEP = '\u0001';

/** What a cache file holds: the models' base and each entry's models, by key. */
export interface ModelFile {
  base: string;
  keys: string[];
  /** The models of the i-th key, decoded on demand. */
  decode(i: number): CachedModels;
}

/** Encodes entries' models (with their keys) bound to `base`. */
export function encodeModels(version: number, base: string, rows: Array<[string, CachedModels]>): Buffer {
  const strings: string[] = [];
  const ints: number[] = [];
  const f32: number[] = [];
  const f64: number[] = [];
  for (const [key, m] of rows) {
    strings.push(key, m.body.join(' '), m.phraseTokens.map((p) => p.join(' ')).join(PHRASE_SEP), m.concepts.map(([id]) => id).join(' '));
    for (const [, w] of m.concepts) f64.push(w);
    ints.push(m.phraseTokens.length, m.phrases.length, m.latent ? m.latent.length : -1, m.concepts.length);
    for (const v of m.phrases) {
      strings.push(v.features.join(' '));
      ints.push(v.weights.length);
      for (let i = 0; i < v.weights.length; i++) f32.push(v.weights[i]);
    }
    if (m.latent) for (let i = 0; i < m.latent.length; i++) f64.push(m.latent[i]);
  }
  const header = Buffer.from(JSON.stringify({ version, base, count: rows.length }), 'utf8');
  const text = Buffer.from(strings.join(SEP), 'utf8');
  const parts = [header, text, Buffer.from(Int32Array.from(ints).buffer), Buffer.from(Float32Array.from(f32).buffer), Buffer.from(Float64Array.from(f64).buffer)];
  const head = Buffer.alloc(4 * (1 + parts.length));
  head.writeUInt32LE(MAGIC, 0);
  parts.forEach((p, i) => head.writeUInt32LE(p.length, 4 * (i + 1)));
  return Buffer.concat([head, ...parts]);
}

/** Copies `bytes` bytes from `at` into a fresh buffer (aligned for a typed array view). */
function aligned(buf: Buffer, at: number, bytes: number): ArrayBuffer {
  const out = new ArrayBuffer(bytes);
  new Uint8Array(out).set(buf.subarray(at, at + bytes));
  return out;
}

/** Reads a cache file; undefined when it is not one (another format, another version, truncated). */
export function decodeModels(buf: Buffer, version: number): ModelFile | undefined {
  if (buf.length < 24 || buf.readUInt32LE(0) !== MAGIC) return undefined;
  const lengths = [1, 2, 3, 4, 5].map((i) => buf.readUInt32LE(4 * i));
  const starts: number[] = [];
  let at = 24;
  for (const l of lengths) {
    starts.push(at);
    at += l;
  }
  if (at !== buf.length) return undefined;
  const header = JSON.parse(buf.toString('utf8', starts[0], starts[0] + lengths[0])) as { version: number; base: string; count: number };
  if (header.version !== version) return undefined;
  const strings = header.count === 0 ? [] : buf.toString('utf8', starts[1], starts[1] + lengths[1]).split(SEP);
  const ints = new Int32Array(aligned(buf, starts[2], lengths[2]));
  const f32 = new Float32Array(aligned(buf, starts[3], lengths[3]));
  const f64 = new Float64Array(aligned(buf, starts[4], lengths[4]));
  // Where each entry starts in the three streams.
  const at0: Array<[s: number, i: number, f: number, d: number]> = [];
  let s = 0;
  let i = 0;
  let f = 0;
  let d = 0;
  for (let e = 0; e < header.count; e++) {
    at0.push([s, i, f, d]);
    const phrases = ints[i + 1];
    const latent = ints[i + 2];
    const concepts = ints[i + 3];
    i += 4;
    for (let p = 0; p < phrases; p++) f += ints[i + p];
    i += phrases;
    s += 4 + phrases;
    d += concepts + Math.max(0, latent);
  }
  if (s !== strings.length || i !== ints.length || f !== f32.length || d !== f64.length) return undefined;
  const words = (x: string) => (x ? x.split(' ') : []);
  return {
    base: header.base,
    keys: at0.map(([si]) => strings[si]),
    decode(e: number): CachedModels {
      let [si, ii, fi, di] = at0[e];
      const phraseCount = ints[ii];
      const phraseN = ints[ii + 1];
      const latentN = ints[ii + 2];
      const conceptN = ints[ii + 3];
      ii += 4;
      const body = words(strings[si + 1]);
      const phraseTokens = phraseCount === 0 ? [] : strings[si + 2].split(PHRASE_SEP).map(words);
      const conceptIds = words(strings[si + 3]);
      const concepts = conceptIds.map((id, c): [string, number] => [id, f64[di + c]]);
      di += conceptN;
      const phrases: CachedModels['phrases'] = [];
      for (let p = 0; p < phraseN; p++) {
        const n = ints[ii + p];
        phrases.push({ features: words(strings[si + 4 + p]), weights: f32.subarray(fi, fi + n) });
        fi += n;
      }
      const latent = latentN < 0 ? null : f64.slice(di, di + latentN);
      return { body, phraseTokens, phrases, latent, concepts };
    },
  };
}
