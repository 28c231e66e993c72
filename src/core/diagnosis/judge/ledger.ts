/**
 * The points of a score as lines that add up: both judges write their explanations through it, so
 * every point given or taken can be shown and the lines of a dimension sum to its score.
 */
import { msg, type MessageKey } from '../../text/i18n';
import type { Language } from '../../text/language';
import type { Explanation } from './analysis';

/** A 0–100 integer. */
export function clamp(n: number): number {
  return Math.max(0, Math.min(100, Math.round(n)));
}

/**
 * The points of each score as a running total: every step that changes a score adds a line whose
 * delta is the change of the rounded total, so the lines of a dimension add up to its score.
 */
export class Ledger {
  readonly lines: Explanation[] = [];
  private readonly value = new Map<Explanation['dimension'], number>();

  constructor(private readonly lang: Language) {}

  /** Moves a score to `next` and says why (a line of 0 when nothing changed). */
  to(dimension: Explanation['dimension'], next: number, key: MessageKey, ...args: Array<string | number>): void {
    const before = this.value.get(dimension) ?? 0;
    this.value.set(dimension, next);
    this.lines.push({ dimension, delta: Math.round(next) - Math.round(before), reason: msg(this.lang, key, ...args) });
  }

  /** Adds `delta` points to a score. */
  add(dimension: Explanation['dimension'], delta: number, key: MessageKey, ...args: Array<string | number>): void {
    this.to(dimension, (this.value.get(dimension) ?? 0) + delta, key, ...args);
  }

  /** A line that explains without changing the score. */
  note(dimension: Explanation['dimension'], key: MessageKey, ...args: Array<string | number>): void {
    this.lines.push({ dimension, delta: 0, reason: msg(this.lang, key, ...args) });
  }

  get(dimension: Explanation['dimension']): number {
    return this.value.get(dimension) ?? 0;
  }

  /** Ends a score at its 0–100 integer, with the line that says why when the bounds cut it. */
  close(dimension: Explanation['dimension']): number {
    const v = this.get(dimension);
    if (Math.round(v) > 100) this.to(dimension, 100, 'why.cap100');
    else if (Math.round(v) < 0) this.to(dimension, 0, 'why.floor0');
    return clamp(this.get(dimension));
  }
}

/**
 * Integer shares of `target` in proportion to `parts` (largest remainder), so that they add up
 * to exactly `target`.
 */
export function apportion(parts: number[], target: number): number[] {
  const floors = parts.map((p) => Math.floor(p));
  let left = target - floors.reduce((a, b) => a + b, 0);
  const order = parts.map((p, i) => ({ i, r: p - Math.floor(p) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]++;
    left--;
  }
  return floors;
}

