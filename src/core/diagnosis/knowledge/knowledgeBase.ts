import type { Language } from '../../text/language';
import type { EmbeddingCache, EmbeddingProvider } from './embeddings';
import type { WorkspaceModelCache } from './workspaceModelCache';
import type { Category, KnowledgeEntry, KnowledgeHit } from './types';

/** Which channels a search uses: all fused (`hybrid`), or one alone (the eval compares them). */
export type Channel = 'hybrid' | 'bm25' | 'vector' | 'concept';

/** How to search: how many hits, and which language, dimension and channels. */
export interface SearchOptions {
  topK?: number;
  language?: Language;
  category?: Category;
  /** `hybrid` (default) fuses the full-text and vector channels; the others are for comparison. */
  channel?: Channel;
  /** The query's embedding, when an embedding provider is configured (adds a fourth channel). */
  queryVector?: Float32Array;
  /** Adds each hit's confidence features (for fitting and explaining the confidence). */
  explain?: boolean;
}

/** Retrieval over reference entries (implemented by HybridKnowledgeBase). */
export interface KnowledgeBase {
  size(): number;
  get(id: string): KnowledgeEntry | undefined;
  search(query: string, options?: SearchOptions): KnowledgeHit[];
  /** Ids of the items (not language versions) currently searchable. */
  itemIds(): Set<string>;
  /** How many times the entries changed since it was built (upsert); what is derived from them is stale when it moves. */
  revision?(): number;
  /** Adds or replaces entries, and removes `removeIds`, without rebuilding the index. */
  upsert(entries: readonly KnowledgeEntry[], removeIds?: Iterable<string>): void;
  /** Keeps upserted entries' costliest models in a cache that outlives the session (HybridKnowledgeBase). */
  useModelCache?(cache: WorkspaceModelCache): void;
  /** Embeds the entries with a provider (cached), enabling the embedding channel; returns how many are embedded. */
  attachEmbeddings?(provider: EmbeddingProvider, cache: EmbeddingCache, signal?: AbortSignal): Promise<number>;
  /** The model whose vectors are attached, if any. */
  embeddingModel?(): string | undefined;
}
