/**
 * What a call cost, from a price table by model family. These are Anthropic's published list
 * prices (USD per million tokens, 5-minute cache writes, no batch or volume discounts); a user
 * with other prices, or a model not listed (any OpenAI-compatible server), sets the price in the
 * settings and that override wins. An unknown price is reported as unknown (null), never guessed.
 */
import type { LlmUsage } from './provider';

/** USD per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/** A price from the settings; cache prices left out are derived (see `costOf`). */
export interface PriceOverride {
  input: number;
  output: number;
  cacheWrite?: number;
  cacheRead?: number;
}

// Anthropic bills a 5-minute cache write at 1.25 times the input price and a cache read at 0.1 times.
const CACHE_WRITE_FACTOR = 1.25;
const CACHE_READ_FACTOR = 0.1;

/** `price × factor` without float dust (3 × 0.1 is 0.30000000000000004). */
function scaled(price: number, factor: number): number {
  return Math.round(price * factor * 1e9) / 1e9;
}

function claudePrice(input: number, output: number): ModelPrice {
  return { input, output, cacheWrite: scaled(input, CACHE_WRITE_FACTOR), cacheRead: scaled(input, CACHE_READ_FACTOR) };
}

type Family = 'opus' | 'sonnet' | 'haiku';

/** Family and version of a Claude model id, in either naming (`claude-sonnet-4-5-20250929`, `claude-3-5-haiku-latest`). */
export function claudeFamily(model: string): { family: Family; version: number } | null {
  const id = model.trim().toLowerCase();
  // Current naming: claude-<family>-<major>[-<minor>][-<yyyymmdd>]; a dated id has no minor
  // (claude-opus-4-20250514 is Opus 4.0), so the minor is one or two digits, never eight.
  const current = /\bclaude-(opus|sonnet|haiku)-(\d+)(?:-(\d{1,2}))?(?=$|[-@:.])/.exec(id);
  if (current) return { family: current[1] as Family, version: Number(current[2]) + Number(current[3] ?? 0) / 10 };
  const legacy = /\bclaude-(\d+)(?:-(\d))?-(opus|sonnet|haiku)\b/.exec(id);
  if (legacy) return { family: legacy[3] as Family, version: Number(legacy[1]) + Number(legacy[2] ?? 0) / 10 };
  return null;
}

/** The list price of a Claude model, or null when the model is not one we know the price of. */
export function listPrice(model: string): ModelPrice | null {
  const f = claudeFamily(model);
  if (!f) return null;
  switch (f.family) {
    case 'sonnet':
      return claudePrice(3, 15);
    case 'opus':
      return f.version >= 4.5 ? claudePrice(5, 25) : claudePrice(15, 75);
    case 'haiku':
      if (f.version >= 4.5) return claudePrice(1, 5);
      if (f.version >= 3.5) return claudePrice(0.8, 4);
      if (f.version >= 3) return claudePrice(0.25, 1.25);
      return null;
  }
}

/**
 * USD for one call's usage, or null when the price is unknown. With an override, cache prices it
 * leaves out follow Anthropic's factors for a Claude model; for any other model they are the
 * input price, since whether and how much a server discounts cached tokens is not known.
 */
export function costOf(model: string, usage: LlmUsage, override?: PriceOverride | null): number | null {
  const price = override ? completeOverride(model, override) : listPrice(model);
  if (!price) return null;
  const usd = (usage.inputTokens * price.input + usage.outputTokens * price.output
    + usage.cacheWriteTokens * price.cacheWrite + usage.cacheReadTokens * price.cacheRead) / 1e6;
  // Rounded to a millionth of a dollar: float dust like 0.010500000000000001 helps nobody.
  return Math.round(usd * 1e6) / 1e6;
}

function completeOverride(model: string, o: PriceOverride): ModelPrice {
  const claude = claudeFamily(model) !== null;
  return {
    input: o.input,
    output: o.output,
    cacheWrite: o.cacheWrite ?? (claude ? scaled(o.input, CACHE_WRITE_FACTOR) : o.input),
    cacheRead: o.cacheRead ?? (claude ? scaled(o.input, CACHE_READ_FACTOR) : o.input),
  };
}
