import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { Database } from 'sql.js';
import { endpointUrl } from '../../runtime/endpoint';
import { redactText, registerEndpointSecrets, registerSecret } from '../../runtime/redact';
import { SharedDatabase, tempFilesOf } from '../../store/sharedDatabase';
import { StoreError } from '../../store/storeError';
import { loadSql } from '../../store/sqlite';

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
  ) {
    // Whoever built this provider read the key; make sure no message can carry it.
    registerSecret(apiKey);
    registerEndpointSecrets(endpoint);
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const url = endpointUrl(this.endpoint, 'embeddings');
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: 'POST', signal,
        headers: { 'content-type': 'application/json', ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
        body: JSON.stringify({ model: this.model, input: texts }),
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new EmbeddingError(redactText(`cannot reach ${url}: ${(err as Error).message}. Check interviewLens.embeddings.endpoint`));
    }
    const body = await res.text();
    if (res.status === 401 || res.status === 403) throw new EmbeddingError(`the embedding endpoint refused the API key (${res.status}): set it again with "Interview Lens: Set Embeddings API Key"`);
    // Redact before cutting: a key cut in half would no longer match.
    if (!res.ok) throw new EmbeddingError(`the embedding endpoint answered ${res.status}: ${redactText(body).slice(0, 200)}`);
    let data: { data?: Array<{ embedding?: number[]; index?: number }> };
    try {
      data = JSON.parse(body);
    } catch {
      throw new EmbeddingError(`the embedding endpoint did not return JSON: ${redactText(body).slice(0, 120)}`);
    }
    const rows = [...(data.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    if (rows.length !== texts.length || rows.some((r) => !Array.isArray(r.embedding))) {
      throw new EmbeddingError(`the embedding endpoint returned ${rows.length} vectors for ${texts.length} texts`);
    }
    return rows.map((r) => Float32Array.from(r.embedding!));
  }
}

const VECTORS_TABLE = 'CREATE TABLE IF NOT EXISTS vectors(model TEXT NOT NULL, hash TEXT NOT NULL, vec BLOB NOT NULL, PRIMARY KEY(model, hash))';

/**
 * Vectors already computed, by model and text hash: entries are embedded once per model, not on
 * every start. With a file it is a SharedDatabase, so two windows (or a window and the CLI)
 * embedding at once both keep their vectors and a killed writer leaves nothing behind.
 */
export class EmbeddingCache {
  /** Vectors computed since the last save, by model and hash. */
  private readonly pending = new Map<string, { model: string; hash: string; vec: Uint8Array }>();

  private constructor(private readonly source: SharedDatabase | Database) {}

  static async open(file?: string): Promise<EmbeddingCache> {
    if (!file) {
      const SQL = await loadSql();
      const db = new SQL.Database();
      db.run(VECTORS_TABLE);
      return new EmbeddingCache(db);
    }
    const options = { prepare: (db: Database) => db.run(VECTORS_TABLE) };
    let shared: SharedDatabase;
    try {
      shared = await SharedDatabase.open(file, options);
    } catch (err) {
      // Only an unreadable file is set aside (a failure to load sql.js is not the file's fault).
      if (!(err instanceof StoreError) || !/cannot be read/.test(err.message)) throw err;
      // An unreadable cache is only a cache: keep it aside for inspection and start empty. Another
      // window may have moved it already.
      try {
        fs.renameSync(file, `${file}.unreadable`);
      } catch (renameErr) {
        if ((renameErr as NodeJS.ErrnoException).code !== 'ENOENT') throw renameErr;
      }
      shared = await SharedDatabase.open(file, options);
    }
    if (tempFilesOf(file).length > 0) await shared.cleanUp().catch(() => 0);
    return new EmbeddingCache(shared);
  }

  private static hash(text: string): string {
    return createHash('sha256').update(text).digest('hex');
  }

  private read<T>(fn: (db: Database) => T): T {
    return this.source instanceof SharedDatabase ? this.source.read(fn) : fn(this.source);
  }

  get(model: string, text: string): Float32Array | undefined {
    const hash = EmbeddingCache.hash(text);
    const row = this.pending.get(`${model}\n${hash}`)?.vec
      ?? this.read((db) => db.exec('SELECT vec FROM vectors WHERE model = ? AND hash = ?', [model, hash])[0]?.values[0]?.[0]);
    if (!(row instanceof Uint8Array)) return undefined;
    return new Float32Array(row.buffer.slice(row.byteOffset, row.byteOffset + row.byteLength));
  }

  put(model: string, text: string, vec: Float32Array): void {
    const hash = EmbeddingCache.hash(text);
    this.pending.set(`${model}\n${hash}`, { model, hash, vec: new Uint8Array(vec.buffer.slice(vec.byteOffset, vec.byteOffset + vec.byteLength)) });
  }

  /** Writes the vectors computed since the last save (one transaction under the file's lock). */
  async save(): Promise<void> {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    const apply = (db: Database) => {
      for (const r of rows) db.run('INSERT OR REPLACE INTO vectors(model, hash, vec) VALUES (?, ?, ?)', [r.model, r.hash, r.vec]);
    };
    if (this.source instanceof SharedDatabase) await this.source.write(apply);
    else apply(this.source);
    this.pending.clear();
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
    await this.save();
    return out as Float32Array[];
  }
}

/** The URL without trailing slashes (a loop: `/\/+$/` backtracks n^2 times on a long run of them). */
