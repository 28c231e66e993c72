import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { Database } from 'sql.js';
import { writeFileAtomic } from '../store/atomicWrite';
import { loadSql } from '../store/sqlite';

/** Turns texts into dense vectors; an optional channel, used only when the user configures one. */
export interface EmbeddingProvider {
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** An embedding endpoint failed or is misconfigured; the message says what to fix (never the key). */
export class EmbeddingError extends Error {}

/** An OpenAI-compatible `POST {endpoint}/embeddings` (OpenAI, a local Ollama or vLLM server…). */
export class OpenAiEmbeddingProvider implements EmbeddingProvider {
  constructor(
    private readonly endpoint: string, readonly model: string, private readonly apiKey?: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const url = `${trimSlashes(this.endpoint)}/embeddings`;
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: 'POST', signal,
        headers: { 'content-type': 'application/json', ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
        body: JSON.stringify({ model: this.model, input: texts }),
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new EmbeddingError(`cannot reach ${url}: ${(err as Error).message}. Check interviewLens.embeddings.endpoint`);
    }
    const body = await res.text();
    if (res.status === 401 || res.status === 403) throw new EmbeddingError(`the embedding endpoint refused the API key (${res.status}): set it again with "Interview Lens: Set Embeddings API Key"`);
    if (!res.ok) throw new EmbeddingError(`the embedding endpoint answered ${res.status}: ${body.slice(0, 200)}`);
    let data: { data?: Array<{ embedding?: number[]; index?: number }> };
    try {
      data = JSON.parse(body);
    } catch {
      throw new EmbeddingError(`the embedding endpoint did not return JSON: ${body.slice(0, 120)}`);
    }
    const rows = [...(data.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    if (rows.length !== texts.length || rows.some((r) => !Array.isArray(r.embedding))) {
      throw new EmbeddingError(`the embedding endpoint returned ${rows.length} vectors for ${texts.length} texts`);
    }
    return rows.map((r) => Float32Array.from(r.embedding!));
  }
}

/**
 * Vectors already computed, by model and text hash, in a SQLite file written atomically: entries
 * are embedded once per model, not on every start.
 */
export class EmbeddingCache {
  private dirty = false;

  private constructor(private readonly db: Database, private readonly file?: string) {}

  static async open(file?: string): Promise<EmbeddingCache> {
    const SQL = await loadSql();
    let db: Database;
    try {
      db = file && fs.existsSync(file) ? new SQL.Database(fs.readFileSync(file)) : new SQL.Database();
      db.run('CREATE TABLE IF NOT EXISTS vectors(model TEXT NOT NULL, hash TEXT NOT NULL, vec BLOB NOT NULL, PRIMARY KEY(model, hash))');
    } catch {
      // An unreadable cache is only a cache: start empty and overwrite it on the next save.
      db = new SQL.Database();
      db.run('CREATE TABLE vectors(model TEXT NOT NULL, hash TEXT NOT NULL, vec BLOB NOT NULL, PRIMARY KEY(model, hash))');
    }
    return new EmbeddingCache(db, file);
  }

  private static hash(text: string): string {
    return createHash('sha256').update(text).digest('hex');
  }

  get(model: string, text: string): Float32Array | undefined {
    const row = this.db.exec('SELECT vec FROM vectors WHERE model = ? AND hash = ?', [model, EmbeddingCache.hash(text)])[0]?.values[0]?.[0];
    if (!(row instanceof Uint8Array)) return undefined;
    return new Float32Array(row.buffer.slice(row.byteOffset, row.byteOffset + row.byteLength));
  }

  put(model: string, text: string, vec: Float32Array): void {
    this.db.run('INSERT OR REPLACE INTO vectors(model, hash, vec) VALUES (?, ?, ?)', [model, EmbeddingCache.hash(text), new Uint8Array(vec.buffer, vec.byteOffset, vec.byteLength)]);
    this.dirty = true;
  }

  save(): void {
    if (this.dirty && this.file) writeFileAtomic(this.file, Buffer.from(this.db.export()));
    this.dirty = false;
  }

  /** Embeds what is not cached yet, in batches; returns one vector per text. */
  async embedAll(provider: EmbeddingProvider, texts: string[], signal?: AbortSignal, batch = 64): Promise<Float32Array[]> {
    const out: Array<Float32Array | undefined> = texts.map((t) => this.get(provider.model, t));
    const missing = out.map((v, i) => (v ? -1 : i)).filter((i) => i >= 0);
    for (let k = 0; k < missing.length; k += batch) {
      const idx = missing.slice(k, k + batch);
      const vecs = await provider.embed(idx.map((i) => texts[i]), signal);
      idx.forEach((i, j) => {
        out[i] = vecs[j];
        this.put(provider.model, texts[i], vecs[j]);
      });
    }
    this.save();
    return out as Float32Array[];
  }
}

/** The URL without trailing slashes (a loop: `/\/+$/` backtracks n^2 times on a long run of them). */
function trimSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 47) end--;
  return url.slice(0, end);
}
