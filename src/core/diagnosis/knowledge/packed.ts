/**
 * Sparse postings and dense matrices packed into typed arrays, saved as base64 inside the
 * shipped index: a process loads the vector channels in milliseconds instead of rebuilding them
 * (or parsing hundreds of thousands of JSON numbers).
 */

/** term → (document ids, weights), both as typed-array views. */
export type Postings = Map<string, { ids: Int32Array; ws: Float32Array }>;

/** The saved form of a Postings map plus a per-term number (idf). */
export interface PackedPostings {
  terms: string[];
  idf: string;
  starts: string;
  ids: string;
  ws: string;
}

export function f32(buf: string): Float32Array {
  const b = Buffer.from(buf, 'base64');
  return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
}

export function i32(buf: string): Int32Array {
  const b = Buffer.from(buf, 'base64');
  return new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4);
}

export function b64(a: Float32Array | Int32Array | Float64Array): string {
  const arr = a instanceof Float64Array ? Float32Array.from(a) : a;
  return Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength).toString('base64');
}

/** Builds Postings from per-term lists. */
export function toPostings(lists: Map<string, Array<[number, number]>>): Postings {
  const out: Postings = new Map();
  for (const [t, list] of lists) out.set(t, { ids: Int32Array.from(list, (x) => x[0]), ws: Float32Array.from(list, (x) => x[1]) });
  return out;
}

export function packPostings(postings: Postings, idf: Map<string, number>): PackedPostings {
  const terms = [...idf.keys()];
  const starts = new Int32Array(terms.length + 1);
  let total = 0;
  terms.forEach((t, i) => {
    starts[i] = total;
    total += postings.get(t)?.ids.length ?? 0;
  });
  starts[terms.length] = total;
  const ids = new Int32Array(total);
  const ws = new Float32Array(total);
  terms.forEach((t, i) => {
    const p = postings.get(t);
    if (!p) return;
    ids.set(p.ids, starts[i]);
    ws.set(p.ws, starts[i]);
  });
  return { terms, idf: b64(Float32Array.from(terms, (t) => idf.get(t)!)), starts: b64(starts), ids: b64(ids), ws: b64(ws) };
}

export function unpackPostings(p: PackedPostings): { postings: Postings; idf: Map<string, number> } {
  const idfs = f32(p.idf);
  const starts = i32(p.starts);
  const ids = i32(p.ids);
  const ws = f32(p.ws);
  const postings: Postings = new Map();
  const idf = new Map<string, number>();
  p.terms.forEach((t, i) => {
    idf.set(t, idfs[i]);
    if (starts[i + 1] > starts[i]) postings.set(t, { ids: ids.subarray(starts[i], starts[i + 1]), ws: ws.subarray(starts[i], starts[i + 1]) });
  });
  return { postings, idf };
}
