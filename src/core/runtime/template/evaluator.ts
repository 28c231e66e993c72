// Renders a parsed template against a context. Values are read only through values.ts, functions
// are called only when the caller marked them with templateFunction(), and every step is counted
// against the render's limits. Errors become TemplateErrors at the expression that caused them.

import type { Expr, Node, ForNode } from './ast';
import { type Fail, TemplateError, TemplateValueError, quote } from './errors';
import type { BuiltinFilter, TemplateFilter } from './filters';
import { Budget } from './limits';
import type { BuiltinTest } from './predicates';
import {
  compareValues, contains, describeType, equals, getMember, isTemplateFunction, iterate,
  listItems, toText, truthy,
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

function isNumber(v: unknown): v is number {
  return typeof v === 'number';
}

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

export class Evaluator {
  private readonly scopes: Map<string, unknown>[] = [];
  private readonly output: string[] = [];
  private length = 0;

  constructor(private readonly context: Record<string, unknown>, private readonly env: EvaluatorEnv) {}

  // ---- statements -------------------------------------------------------------------------------

  render(nodes: Node[]): string {
    this.renderNodes(nodes);
    return this.output.join('');
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
      }
    }
  }

  private bind(scope: Map<string, unknown>, node: ForNode, item: unknown): void {
    if (node.targets.length === 1) {
      scope.set(node.targets[0].name, item);
      return;
    }
    if (!Array.isArray(item)) {
      const names = node.targets.map((t) => t.name).join(', ');
      const first = node.targets[0];
      this.env.fail(`cannot unpack ${describeType(item)} into ${names}: each item must be a list such as [key, value]`, first.start, node.targets[node.targets.length - 1].end);
    }
    const parts = listItems(item, this.env.budget);
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
    for (let i = 0; i < n; i++) {
      this.bind(scope, node, items[i]);
      scope.set('loop', {
        index: i + 1, index0: i, revindex: n - i, revindex0: n - i - 1,
        first: i === 0, last: i === n - 1, length: n,
        previtem: i > 0 ? items[i - 1] : undefined, nextitem: i < n - 1 ? items[i + 1] : undefined,
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
    return getMember(this.context, name, this.env.budget);
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
        return expr.value;
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
        if (!isNumber(v)) throw new TemplateValueError(`unary ${expr.op} needs a number, got ${describeType(v)}`);
        return expr.op === '-' ? -v : v;
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
        const args = expr.args.map((a) => this.evaluate(a));
        const result = this.guard(() => test.apply(value, args), { start: expr.nameSpan.start, end: expr.end });
        return expr.negated ? !result : result;
      }
      case 'call': {
        const callee = this.evaluate(expr.callee);
        if (!isTemplateFunction(callee)) {
          this.env.fail(`${this.text(expr.callee)} is not callable (it is ${describeType(callee)}): only functions the runtime provides, such as now.date(), can be called`, expr.callee.start, expr.callee.end);
        }
        const args = expr.args.map((a) => this.evaluate(a));
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
    const args = expr.args.map((a) => this.evaluate(a));
    const at = { start: expr.nameSpan.start, end: expr.end };
    const impl = this.env.filter(expr.name);
    if (!impl) this.env.fail(`the filter "${expr.name}" was declared when the template was compiled but not passed to render`, at.start, at.end);
    this.guard(() => budget.spend(sizeOf(value)), at);
    try {
      return 'builtin' in impl ? impl.builtin.apply(value, args, budget) : impl.extra(value, ...args);
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

  private arithmetic(op: string, l: unknown, r: unknown): unknown {
    const budget = this.env.budget;
    if (op === '~') {
      const a = toText(l, budget);
      const b = toText(r, budget);
      budget.text(a.length + b.length);
      return a + b;
    }
    if (op === '+') {
      if (isNumber(l) && isNumber(r)) return l + r;
      if (typeof l === 'string' && typeof r === 'string') {
        budget.text(l.length + r.length);
        return l + r;
      }
      if (Array.isArray(l) && Array.isArray(r)) return [...listItems(l, budget), ...listItems(r, budget)];
      throw new TemplateValueError(`cannot add ${describeType(l)} and ${describeType(r)}: use ~ to join values as text`);
    }
    if (op === '*') {
      const [s, n] = typeof l === 'string' ? [l, r] : typeof r === 'string' ? [r, l] : [undefined, undefined];
      if (s !== undefined) {
        if (!isNumber(n) || !Number.isInteger(n)) throw new TemplateValueError(`text can only be repeated a whole number of times, not ${describeType(n)}`);
        const times = Math.max(0, n);
        budget.text(s.length * times);
        budget.spend(times);
        return s.repeat(times);
      }
    }
    if (!isNumber(l) || !isNumber(r)) {
      throw new TemplateValueError(`"${op}" needs two numbers, got ${describeType(l)} and ${describeType(r)}`);
    }
    switch (op) {
      case '-': return l - r;
      case '*': return l * r;
      case '**': return l ** r;
      default:
        break;
    }
    if (r === 0) throw new TemplateValueError(`division by zero ("${op}")`);
    if (op === '/') return l / r;
    if (op === '//') return Math.floor(l / r);
    return ((l % r) + r) % r; // % takes the sign of the divisor, as in Python
  }
}
