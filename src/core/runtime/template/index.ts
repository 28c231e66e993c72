// Safe templates for skill.yaml: the Jinja subset the skill spec uses ({{ }}, {% if %}, {% for %},
// {% set %}, filters, `is` tests, comments, whitespace control), parsed once and rendered many times.
// Template text is untrusted (a skill can come from a cloned repository): rendering reads only
// data from the context, calls only functions marked with templateFunction(), and is bounded in
// output, loop iterations, work and nesting. Every error is a TemplateError with a position in
// the file the template came from.

import type { Expr, Node } from './ast';
import { type Fail, Locator, TemplateError, failAt } from './errors';
import { Evaluator, type FilterImplementation } from './evaluator';
import { BUILTIN_FILTERS, type TemplateFilter } from './filters';
import { LIMITS, Budget, type TemplateLimits } from './limits';
import { type Arity, Parser } from './parser';
import { BUILTIN_TESTS } from './predicates';
import { plainValue } from './values';
import { collectReferences, type TemplateReference } from './references';

export { TemplateError, type TemplatePosition, type TemplateSpan } from './errors';
export { FILTERS, type BuiltinFilter, type FilterParameter, type TemplateFilter, slugify, parseIsoDate } from './filters';
export { TESTS, type BuiltinTest } from './predicates';
export { LIMITS, type TemplateLimits } from './limits';
export { templateFunction, isTemplateFunction } from './values';
export { nowHelper, localDate, localIso, type NowHelper } from './helpers';
export type { TemplateReference } from './references';

/** Filters the caller adds: implementations, or just names that render() will be given. */
export type ExtraFilters = Readonly<Record<string, TemplateFilter>> | readonly string[];

export interface CompileOptions {
  /** Shown in messages: `prompt.user:3:5: …`. */
  name?: string;
  /** File line (1-based) where the template text starts. Default 1. */
  line?: number;
  /**
   * File column (1-based) where each line of the template text starts: the indentation of a
   * YAML block scalar plus one, or where a one-line scalar starts. Default 1.
   */
  column?: number;
  /**
   * Filters beyond the built-in ones. A template may use only filters known when it is compiled,
   * so a misspelt name is a parse error with its position.
   */
  filters?: ExtraFilters;
  /** Lower (or raise) the limits of LIMITS for this template. */
  limits?: Partial<TemplateLimits>;
}

export interface RenderOptions {
  /** Filters that add to or replace those given to compileTemplate (names must be known then). */
  filters?: Readonly<Record<string, TemplateFilter>>;
  limits?: Partial<TemplateLimits>;
}

export interface Template {
  readonly name?: string;
  readonly source: string;
  /** The text; undefined variables print as nothing. Throws TemplateError. */
  render(context: Record<string, unknown>, options?: RenderOptions): string;
  /** Every variable path the template reads, in source order, with its position. */
  references(): TemplateReference[];
}

export interface TemplateExpression {
  readonly name?: string;
  readonly source: string;
  /** The expression's value (not text): for `when:` conditions and parameters that are not text. */
  evaluate(context: Record<string, unknown>, options?: RenderOptions): unknown;
  references(): TemplateReference[];
}

function filterTable(extra: ExtraFilters | undefined): Map<string, TemplateFilter | undefined> {
  const out = new Map<string, TemplateFilter | undefined>();
  if (!extra) return out;
  if (Array.isArray(extra)) {
    for (const name of extra as readonly string[]) out.set(name, undefined);
    return out;
  }
  for (const name of Object.keys(extra)) {
    const fn = (extra as Record<string, TemplateFilter>)[name];
    if (typeof fn !== 'function') throw new TypeError(`filter "${name}" must be a function`);
    out.set(name, fn);
  }
  return out;
}

function arityOf(parameters: readonly { optional?: boolean; name: string }[]): Arity {
  return { min: parameters.filter((p) => !p.optional).length, max: parameters.length, names: parameters.map((p) => p.name) };
}

const BUILTIN_FILTER_ARITY = new Map([...BUILTIN_FILTERS].map(([name, f]) => [name, arityOf(f.parameters)]));
const BUILTIN_TEST_ARITY = new Map([...BUILTIN_TESTS].map(([name, t]) => [name, arityOf(t.parameters)]));

interface Compiled {
  source: string;
  name?: string;
  locator: Locator;
  compileFilters: Map<string, TemplateFilter | undefined>;
  limits: TemplateLimits;
}

function prepare(source: string, options: CompileOptions): { compiled: Compiled; parser: (expression: boolean) => Parser } {
  if (typeof source !== 'string') throw new TypeError('a template must be text');
  // The defaults and the built-in filters are shared, not copied, when a template changes neither
  // (the skill editor compiles every template of a skill on each check; LIMITS is frozen).
  const limits: TemplateLimits = options.limits ? { ...LIMITS, ...options.limits } : LIMITS;
  const locator = new Locator(source, options.line ?? 1, options.column ?? 1);
  const fail = failAt(locator, options.name);
  if (source.length > limits.maxSourceChars) {
    fail(`the template is longer than ${limits.maxSourceChars.toLocaleString('en-US')} characters`, 0, 0);
  }
  const compileFilters = filterTable(options.filters);
  let known: ReadonlyMap<string, Arity | undefined> = BUILTIN_FILTER_ARITY;
  if (compileFilters.size) {
    const withExtra = new Map<string, Arity | undefined>(BUILTIN_FILTER_ARITY);
    for (const name of compileFilters.keys()) withExtra.set(name, undefined);
    known = withExtra;
  }
  const compiled: Compiled = { source, name: options.name, locator, compileFilters, limits };
  return {
    compiled,
    parser: (expression) => new Parser(source, {
      fail, describe: (offset) => locator.describe(offset), filters: known, tests: BUILTIN_TEST_ARITY, limits,
    }, expression),
  };
}

function evaluator(compiled: Compiled, context: Record<string, unknown>, options: RenderOptions | undefined): Evaluator {
  const renderFilters = filterTable(options?.filters);
  const limits: TemplateLimits = { ...compiled.limits, ...options?.limits };
  return new Evaluator(context, {
    source: compiled.source,
    fail: failAt(compiled.locator, compiled.name),
    budget: new Budget(limits),
    test: (name) => BUILTIN_TESTS.get(name),
    filter: (name): FilterImplementation | undefined => {
      const extra = renderFilters.get(name) ?? compiled.compileFilters.get(name);
      if (extra) return { extra };
      const builtin = BUILTIN_FILTERS.get(name);
      return builtin ? { builtin } : undefined;
    },
  });
}

/** Compiles shared while `sharingCompiles` runs: by kind and source, the result or the TemplateError. */
let shared: Map<string, Template | TemplateExpression | TemplateError> | undefined;

/**
 * Runs `fn` (synchronous) with compiles of the same source and no options done once: checking a
 * skill asks for each template twice (its syntax, and the variables it reads), and the second
 * ask gets the first one's template, or its error again. Nothing is kept after `fn` returns, so
 * two skills never share a compile.
 */
export function sharingCompiles<T>(fn: () => T): T {
  if (shared) return fn();
  shared = new Map();
  try {
    return fn();
  } finally {
    shared = undefined;
  }
}

/** `compile(source)`, or the result of the same compile earlier in this sharingCompiles call. */
function sharedCompile<T extends Template | TemplateExpression>(kind: string, source: string, options: CompileOptions, compile: () => T): T {
  if (!shared || Object.keys(options).length || typeof source !== 'string') return compile();
  const key = `${kind}\u0000${source}`;
  const known = shared.get(key);
  if (known instanceof TemplateError) throw known;
  if (known) return known as T;
  try {
    const made = compile();
    shared.set(key, made);
    return made;
  } catch (err) {
    if (err instanceof TemplateError) shared.set(key, err);
    throw err;
  }
}

/** Parses a template once; throws TemplateError (with file line and column) when it is malformed. */
export function compileTemplate(source: string, options: CompileOptions = {}): Template {
  return sharedCompile('template', source, options, () => compileTemplateNow(source, options));
}

function compileTemplateNow(source: string, options: CompileOptions): Template {
  const { compiled, parser } = prepare(source, options);
  const nodes: Node[] = parser(false).parseTemplate();
  return Object.freeze({
    name: options.name,
    source,
    render: (context: Record<string, unknown>, renderOptions?: RenderOptions) => evaluator(compiled, context, renderOptions).render(nodes),
    references: () => collectReferences(nodes, compiled.locator),
  });
}

/** The one {{ expression }} a template consists of (whitespace around it allowed), if that is what it is. */
function soleOutput(nodes: Node[]): Expr | undefined {
  const meaningful = nodes.filter((n) => n.kind !== 'text' || n.value.trim() !== '');
  return meaningful.length === 1 && meaningful[0].kind === 'output' ? meaningful[0].expr : undefined;
}

/**
 * Parses one expression, such as a `when:` condition: `out.deadline is not none`, or the same
 * wrapped in {{ }} as some authors write it.
 */
export function compileExpression(source: string, options: CompileOptions = {}): TemplateExpression {
  return sharedCompile('expression', source, options, () => compileExpressionNow(source, options));
}

function compileExpressionNow(source: string, options: CompileOptions): TemplateExpression {
  const { compiled, parser } = prepare(source, options);
  let expr: Expr;
  if (source.trimStart().startsWith('{{')) {
    const nodes = parser(false).parseTemplate();
    const sole = soleOutput(nodes);
    const fail: Fail = failAt(compiled.locator, compiled.name);
    if (!sole) {
      fail('an expression is expected here, such as out.deadline is not none (or that one expression in {{ }}), not a template with text or tags', 0, source.length);
    }
    expr = sole;
  } else {
    expr = parser(true).parseStandaloneExpression();
  }
  return Object.freeze({
    name: options.name,
    source,
    // Whole-number floats (42.0) come back as plain numbers: callers know one number type.
    evaluate: (context: Record<string, unknown>, renderOptions?: RenderOptions) => plainValue(evaluator(compiled, context, renderOptions).evaluate(expr)),
    references: () => collectReferences(expr, compiled.locator),
  });
}

/** Compiles and renders in one go (for one-off use; compile once when rendering many times). */
export function renderTemplate(source: string, context: Record<string, unknown>, options: CompileOptions = {}): string {
  return compileTemplate(source, options).render(context);
}
