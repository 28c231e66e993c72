// Bounds that keep an untrusted template from exhausting memory, time or the stack. Each is far
// above what a prompt or an action parameter needs; going past one is a TemplateError at the
// construct responsible, never a hang or a RangeError.

import { TemplateValueError } from './errors';

export const LIMITS = Object.freeze({
  /** Characters a render may produce, and the longest text any one operation may build. */
  maxOutputChars: 1_000_000,
  /** Loop iterations in one render, all loops together (nested loops multiply quickly). */
  maxLoopIterations: 100_000,
  /**
   * Units of work in one render: one per expression evaluated plus the size of what filters,
   * comparisons and printing walk over. Bounds the time of a render without reading a clock.
   */
  maxSteps: 10_000_000,
  /** Nesting of {% if %} / {% for %} blocks. */
  maxBlockDepth: 100,
  /** Depth of one expression's tree (operators, filters, member access, brackets). */
  maxExpressionDepth: 100,
  /** Depth of data a template may print, compare or serialise (context values can be untrusted too). */
  maxDataDepth: 100,
  /** Length of the template text itself. */
  maxSourceChars: 1_000_000,
});

export type TemplateLimits = { -readonly [K in keyof typeof LIMITS]: number };

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * What one render has used of its limits. `spend` throws a TemplateValueError, which the
 * evaluator reports at the expression that was being evaluated.
 */
export class Budget {
  steps = 0;
  iterations = 0;
  chars = 0;

  constructor(readonly limits: TemplateLimits) {}

  spend(units: number): void {
    this.steps += units;
    if (this.steps > this.limits.maxSteps) {
      throw new TemplateValueError(`the template does too much work (more than ${count(this.limits.maxSteps)} steps): loop over less data, or shorten it before it reaches the template`);
    }
  }

  /** Called before a loop runs `n` more times. */
  iterate(n: number): void {
    this.iterations += n;
    if (this.iterations > this.limits.maxLoopIterations) {
      throw new TemplateValueError(`too many loop iterations (more than ${count(this.limits.maxLoopIterations)} in one render): loop over less data`);
    }
    this.spend(n);
  }

  /** Checks that a text of `length` characters may be built. */
  text(length: number): void {
    if (length > this.limits.maxOutputChars) {
      throw new TemplateValueError(`the text would be longer than ${count(this.limits.maxOutputChars)} characters`);
    }
  }
}
