// Renders a parsed template against a context. Values are read only through values.ts, functions
// are called only when the caller marked them with templateFunction(), and every step is counted
// against the render's limits. Errors become TemplateErrors at the expression that caused them.

import type { Expr, KeywordArg, Node, ForNode, SetNode } from './ast';
import { type Fail, TemplateError, TemplateValueError, quote } from './errors';
import type { BuiltinFilter, TemplateFilter } from './filters';
import { Budget } from './limits';
import type { BuiltinTest } from './predicates';
import { sliceOf } from './slice';
import {
  TemplateFloat, characters, compareValues, contains, describeType, equals, getMember, isFloat, isNumeric,
  isTemplateFunction, iterate, listItems, makeFloat, numericValue, plainValue, templateFunction, toText, truthy,
} from './values';

export type FilterImplementation = { builtin: BuiltinFilter } | { extra: TemplateFilter };

export interface EvaluatorEnv {
  source: string;
  fail: Fail;
  /** Resolves a filter name (checked at parse time) to what runs it. */
  filter(name: string): FilterImplementation | undefined;
  test(name: string): BuiltinTest | undefined;
  budget: Budget;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Rough size of a filter's input, charged to the budget before the filter walks over it. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.length;
  return 1;
}

function errorMessage(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.length > 200 ? `${m.slice(0, 200)}…` : m;
}

const hasOwn = Object.prototype.hasOwnProperty;

export class Evaluator {
  /** Variables of {% set %} and loops; the first holds those set at the template's top level. */
  private readonly scopes: Map<string, unknown>[] = [new Map()];
  private readonly output: string[] = [];
  private length = 0;
  /** Jinja's global functions, seen when the context has no variable of that name. */
  private readonly globals: ReadonlyMap<string, unknown>;

  constructor(private readonly context: Record<string, unknown>, private readonly env: EvaluatorEnv) {
    this.globals = new Map([['range', templateFunction((...args: unknown[]) => this.range(args))]]);
  }

  // ---- statements -------------------------------------------------------------------------------

  render(nodes: Node[]): string {
    this.renderNodes(nodes);
    return this.output.join('');
  }

  /** Python's range(stop) / range(start, stop[, step]), refused past the loop limit so it cannot fill memory. */
  private range(args: unknown[]): number[] {
    if (args.length < 1 || args.length > 3) throw new TemplateValueError(`range takes 1 to 3 arguments (start, stop, step), got ${args.length}`);
    const ints = args.map((a) => {
      if (typeof a !== 'number' || !Number.isSafeInteger(a)) throw new TemplateValueError(`range needs whole numbers, got ${describeType(a)}`);
      return a;
    });
    const [start, stop, step] = ints.length === 1 ? [0, ints[0], 1] : [ints[0], ints[1], ints[2] ?? 1];
    if (step === 0) throw new TemplateValueError('range: the step must not be 0');
    const count = Math.max(0, Math.ceil((stop - start) / step));
    const max = this.env.budget.limits.maxLoopIterations;
    if (count > max) throw new TemplateValueError(`range would make ${count.toLocaleString('en-US')} numbers, more than the ${max.toLocaleString('en-US')} a render may loop over`);
    this.env.budget.spend(count);
    return Array.from({ length: count }, (_, i) => start + i * step);
  }

  private emit(text: string, node: { start: number; end: number }): void {
    if (text === '') return;
    this.length += text.length;
    const max = this.env.budget.limits.maxOutputChars;
    if (this.length > max) {
      this.env.fail(`the output would be longer than ${max.toLocaleString('en-US')} characters: print less, or shorten the data with truncate`, node.start, node.end);
    }
    this.output.push(text);
  }

  private renderNodes(nodes: Node[]): void {
    for (const node of nodes) {
      switch (node.kind) {
        case 'text':
          this.emit(node.value, node);
          break;
        case 'output': {
          const value = this.evaluate(node.expr);
          this.emit(this.guard(() => toText(value, this.env.budget), node.expr), node);
          break;
        }
        case 'if': {
          const branch = node.branches.find((b) => truthy(this.evaluate(b.test)));
          if (branch) this.renderNodes(branch.body);
          else if (node.otherwise) this.renderNodes(node.otherwise);
          break;
        }
        case 'for':
          this.renderFor(node);
          break;
        case 'set':
          this.renderSet(node);
          break;
      }
    }
  }

  private renderSet(node: SetNode): void {
    const scope = this.scopes[this.scopes.length - 1];
    if (node.body) {
      // The block's text is captured, not printed: take it back off the output.
      const mark = this.output.length;
      const before = this.length;
      this.renderNodes(node.body);
      const text = this.output.splice(mark).join('');
      this.length = before;
      scope.set(node.targets[0].name, text);
      return;
    }
    const value = this.evaluate(node.value!);
    this.bind(scope, node, value);
  }

  private bind(scope: Map<string, unknown>, node: ForNode | SetNode, item: unknown): void {
    if (node.targets.length === 1) {
      scope.set(node.targets[0].name, item);
      return;
    }
    const names = node.targets.map((t) => t.name).join(', ');
    const first = node.targets[0];
    const last = node.targets[node.targets.length - 1];
    const parts = typeof item === 'string' ? characters(item) : Array.isArray(item) ? listItems(item, this.env.budget) : undefined;
    if (!parts) {
      const what = node.kind === 'for' ? 'each item must be a list such as [key, value]' : 'the value must be a list such as [1, 2]';
      this.env.fail(`cannot unpack ${describeType(item)} into ${names}: ${what}`, first.start, last.end);
    }
    if (parts.length !== node.targets.length) {
      this.env.fail(`cannot unpack ${parts.length} values into ${node.targets.length} names (${names})`, first.start, last.end);
    }
    node.targets.forEach((t, i) => scope.set(t.name, parts[i]));
  }

  private renderFor(node: ForNode): void {
    const budget = this.env.budget;
    const iterable = this.evaluate(node.iterable);
    let items = this.guard(() => iterate(iterable, budget), node.iterable);
    this.guard(() => budget.iterate(items.length), { start: node.start, end: node.iterable.end });
    const scope = new Map<string, unknown>();
    if (node.filter) {
      const filter = node.filter;
      this.scopes.push(scope);
      items = items.filter((item) => {
        this.bind(scope, node, item);
        return truthy(this.evaluate(filter));
      });
      this.scopes.pop();
      scope.clear();
    }
    if (items.length === 0) {
      if (node.otherwise) this.renderNodes(node.otherwise);
      return;
    }
    // An error ends the whole render, so the scope needs no unwinding on the way out.
    this.scopes.push(scope);
    const n = items.length;
    let changedLast: { args: unknown[] } | undefined;
    const changed = templateFunction((...args: unknown[]) => {
      const same = changedLast !== undefined && equals(changedLast.args, args, budget);
      changedLast = { args };
      return !same;
    });
    for (let i = 0; i < n; i++) {
      this.bind(scope, node, items[i]);
      scope.set('loop', {
        index: i + 1, index0: i, revindex: n - i, revindex0: n - i - 1,
        first: i === 0, last: i === n - 1, length: n, depth: 1, depth0: 0, // Jinja counts recursion of recursive loops here, which this engine has not
        previtem: i > 0 ? items[i - 1] : undefined, nextitem: i < n - 1 ? items[i + 1] : undefined,
        cycle: templateFunction((...args: unknown[]) => {
          if (args.length === 0) throw new TemplateValueError('loop.cycle() needs at least one value to cycle through');
          return args[i % args.length];
        }),
        changed,
      });
      this.renderNodes(node.body);
    }
    this.scopes.pop();
  }

  // ---- expressions ------------------------------------------------------------------------------

  /** Runs `fn`, turning a TemplateValueError into a TemplateError at `at`. */
  private guard<T>(fn: () => T, at: { start: number; end: number }): T {
    try {
      return fn();
    } catch (e) {
      if (e instanceof TemplateValueError) this.env.fail(e.message, at.start, at.end);
      throw e;
    }
  }

  private text(expr: Expr): string {
    return quote(this.env.source.slice(expr.start, expr.end), 60);
  }

  private lookup(name: string): unknown {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i];
      if (scope.has(name)) return scope.get(name);
    }
    const value = getMember(this.context, name, this.env.budget);
    if (value === undefined && this.globals.has(name) && !hasOwn.call(this.context, name)) return this.globals.get(name);
    return value;
  }

  /** Arguments in parameter order: those given in order, then the named ones in their places (holes are undefined). */
  private argumentsOf(args: Expr[], kwargs: KeywordArg[], names: readonly string[] | undefined, what: string): unknown[] {
    const values = args.map((a) => this.evaluate(a));
    if (kwargs.length === 0) return values;
    if (!names) {
      const k = kwargs[0];
      this.env.fail(`${what} takes no named arguments (${k.name}=…): pass the arguments in order`, k.start, k.end);
    }
    for (const k of kwargs) {
      const i = names.indexOf(k.name);
      while (values.length < i) values.push(undefined);
      values[i] = this.evaluate(k.value);
    }
    return values;
  }

  evaluate(expr: Expr): unknown {
    return this.guard(() => {
      this.env.budget.spend(1);
      return this.evaluateNode(expr);
    }, expr);
  }

  private evaluateNode(expr: Expr): unknown {
    const budget = this.env.budget;
    switch (expr.kind) {
      case 'literal':
        return expr.float && typeof expr.value === 'number' ? makeFloat(expr.value) : expr.value;
      case 'name':
        return this.lookup(expr.name);
      case 'member': {
        const object = this.evaluate(expr.object);
        const key = expr.computed ? this.evaluate(expr.property) : (expr.property as { value: unknown }).value;
        return getMember(object, key, budget);
      }
      case 'list':
        return expr.items.map((item) => this.evaluate(item));
      case 'dict': {
        const out: Record<string, unknown> = {};
        for (const [k, v] of expr.entries) {
          const key = this.evaluate(k);
          if (typeof key !== 'string' && typeof key !== 'number') {
            this.env.fail(`a mapping key must be text or a number, not ${describeType(key)}`, k.start, k.end);
          }
          const name = String(key);
          if (FORBIDDEN_KEYS.has(name)) this.env.fail(`${quote(name)} cannot be used as a key`, k.start, k.end);
          Object.defineProperty(out, name, { value: this.evaluate(v), enumerable: true, writable: true, configurable: true });
        }
        return out;
      }
      case 'unary': {
        const v = this.evaluate(expr.operand);
        if (expr.op === 'not') return !truthy(v);
        const n = numericValue(v);
        if (n === undefined) throw new TemplateValueError(`unary ${expr.op} needs a number, got ${describeType(v)}`);
        if (expr.op === '+') return v;
        return v instanceof TemplateFloat ? makeFloat(-n) : -n;
      }
      case 'slice': {
        const object = this.evaluate(expr.object);
        const bound = (e: Expr | undefined) => (e ? this.evaluate(e) : undefined);
        return sliceOf(object, bound(expr.lower), bound(expr.upper), bound(expr.step), budget);
      }
      case 'logical': {
        const left = this.evaluate(expr.left);
        if (expr.op === 'and' ? !truthy(left) : truthy(left)) return left;
        return this.evaluate(expr.right);
      }
      case 'conditional':
        if (truthy(this.evaluate(expr.test))) return this.evaluate(expr.then);
        return expr.otherwise ? this.evaluate(expr.otherwise) : undefined;
      case 'binary':
        return this.arithmetic(expr.op, this.evaluate(expr.left), this.evaluate(expr.right));
      case 'compare': {
        let left = this.evaluate(expr.first);
        for (const { op, right } of expr.rest) {
          const r = this.evaluate(right);
          if (!this.compare(op, left, r)) return false;
          left = r;
        }
        return true;
      }
      case 'filter':
        return this.applyFilter(expr);
      case 'test': {
        const test = this.env.test(expr.name)!;
        const value = this.evaluate(expr.input);
        const args = this.argumentsOf(expr.args, expr.kwargs, test.parameters.map((p) => p.name), `the test "${expr.name}"`);
        const result = this.guard(() => test.apply(value, args), { start: expr.nameSpan.start, end: expr.end });
        return expr.negated ? !result : result;
      }
      case 'call': {
        const callee = this.evaluate(expr.callee);
        if (!isTemplateFunction(callee)) {
          this.env.fail(`${this.text(expr.callee)} is not callable (it is ${describeType(callee)}): only functions the runtime provides, such as now.date(), can be called`, expr.callee.start, expr.callee.end);
        }
        const args = this.argumentsOf(expr.args, expr.kwargs, undefined, this.text(expr.callee)).map((a) => plainValue(a));
        try {
          return callee(...args);
        } catch (e) {
          if (e instanceof TemplateError) throw e;
          if (e instanceof TemplateValueError) this.env.fail(e.message, expr.start, expr.end);
          this.env.fail(`${this.text(expr.callee)} failed: ${errorMessage(e)}`, expr.start, expr.end);
        }
      }
    }
    return undefined;
  }

  private applyFilter(expr: Extract<Expr, { kind: 'filter' }>): unknown {
    const budget = this.env.budget;
    const value = this.evaluate(expr.input);
    const at = { start: expr.nameSpan.start, end: expr.end };
    const impl = this.env.filter(expr.name);
    if (!impl) this.env.fail(`the filter "${expr.name}" was declared when the template was compiled but not passed to render`, at.start, at.end);
    const names = 'builtin' in impl ? impl.builtin.parameters.map((p) => p.name) : undefined;
    const args = this.argumentsOf(expr.args, expr.kwargs, names, `the filter "${expr.name}"`);
    this.guard(() => budget.spend(sizeOf(value)), at);
    try {
      // A caller's filter gets plain numbers, as the rest of its code expects (no TemplateFloat).
      return 'builtin' in impl ? impl.builtin.apply(value, args, budget) : impl.extra(plainValue(value), ...args.map((a) => plainValue(a)));
    } catch (e) {
      if (e instanceof TemplateError) throw e;
      if (e instanceof TemplateValueError) this.env.fail(e.message, at.start, at.end);
      this.env.fail(`the filter "${expr.name}" failed: ${errorMessage(e)}`, at.start, at.end);
    }
  }

  private compare(op: string, left: unknown, right: unknown): boolean {
    const budget = this.env.budget;
    switch (op) {
      case '==': return equals(left, right, budget);
      case '!=': return !equals(left, right, budget);
      case '<': return compareValues(left, right) < 0;
      case '>': return compareValues(left, right) > 0;
      case '<=': return compareValues(left, right) <= 0;
      case '>=': return compareValues(left, right) >= 0;
      case 'in': return contains(right, left, budget);
      default: return !contains(right, left, budget); // not in
    }
  }

  /** Python's arithmetic: ints stay ints, a float on either side (or /) makes a float. */
  private arithmetic(op: string, l: unknown, r: unknown): unknown {
    const budget = this.env.budget;
    if (op === '~') {
      const a = toText(l, budget);
      const b = toText(r, budget);
      budget.text(a.length + b.length);
      return a + b;
    }
    if (op === '+') {
      if (typeof l === 'string' && typeof r === 'string') {
        budget.text(l.length + r.length);
        return l + r;
      }
      if (Array.isArray(l) && Array.isArray(r)) return [...listItems(l, budget), ...listItems(r, budget)];
      if (!isNumeric(l) || !isNumeric(r)) throw new TemplateValueError(`cannot add ${describeType(l)} and ${describeType(r)}: use ~ to join values as text`);
    }
    if (op === '*') {
      const [s, n] = typeof l === 'string' ? [l, r] : typeof r === 'string' ? [r, l] : [undefined, undefined];
      if (s !== undefined) {
        if (typeof n !== 'number' || !Number.isInteger(n)) throw new TemplateValueError(`text can only be repeated a whole number of times, not ${describeType(n)}`);
        const times = Math.max(0, n);
        budget.text(s.length * times);
        budget.spend(times);
        return s.repeat(times);
      }
    }
    const a = numericValue(l);
    const b = numericValue(r);
    if (a === undefined || b === undefined) {
      throw new TemplateValueError(`"${op}" needs two numbers, got ${describeType(l)} and ${describeType(r)}`);
    }
    const float = isFloat(l) || isFloat(r);
    const result = (n: number) => (float ? makeFloat(n) : n);
    switch (op) {
      case '+': return result(a + b);
      case '-': return result(a - b);
      case '*': return result(a * b);
      // int ** negative int is a float in Python (2 ** -1 is 0.5).
      case '**': return float || b < 0 ? makeFloat(a ** b) : a ** b;
      default:
        break;
    }
    if (b === 0) throw new TemplateValueError(`division by zero ("${op}")`);
    if (op === '/') return makeFloat(a / b);
    if (op === '//') return result(Math.floor(a / b));
    return result(((a % b) + b) % b); // % takes the sign of the divisor, as in Python
  }
}
