// The expression half of the template parser: a token cursor over the lexer and recursive
// descent with Jinja's operator precedence:
//   x if c else y  <  or  <  and  <  not  <  == != < > <= >= in, not in  <  + -  <  ~
//   <  * / // %  <  **  <  unary - +  <  member access, calls  <  | filter, is test
// Filter and test names are checked here, so a misspelt name is reported with its position
// before anything renders. Expression depth is bounded so that neither parsing nor evaluating
// can overflow the stack, whatever the text. parser.ts adds the statements ({% if %}, …).

import type { ArithmeticOp, CompareOp, Expr, KeywordArg, Span } from './ast';
import { type Fail, quote } from './errors';
import { Lexer, type Token } from './lexer';
import type { TemplateLimits } from './limits';

/** How many arguments a filter or test takes; undefined when unknown (a caller's filter). */
export interface Arity {
  min: number;
  max: number;
  /** Parameter names, for messages such as "days_before expects 1 argument (n)". */
  names: string[];
}

export interface ParserOptions {
  fail: Fail;
  describe: (offset: number) => string;
  filters: ReadonlyMap<string, Arity | undefined>;
  tests: ReadonlyMap<string, Arity>;
  limits: TemplateLimits;
}


export const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'if', 'else', 'true', 'false', 'none', 'True', 'False', 'None', 'null']);
export const LITERALS: ReadonlyMap<string, boolean | null> = new Map([
  ['true', true], ['True', true], ['false', false], ['False', false], ['none', null], ['None', null], ['null', null],
]);

export type WithoutDepth<T> = T extends unknown ? Omit<T, 'depth'> : never;


function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 99;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

export function suggestion(name: string, known: Iterable<string>): string {
  let best = '';
  let bestDistance = 3;
  for (const k of known) {
    const d = distance(name, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best ? ` (did you mean "${best}"?)` : '';
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The token cursor and the expression grammar; Parser extends it with the statements. */
export abstract class ExpressionParser {
  protected readonly lexer: Lexer;
  protected readonly buffer: Token[] = [];
  protected last: Token | undefined;
  protected nesting = 0;
  protected readonly fail: Fail;

  constructor(protected readonly src: string, protected readonly options: ParserOptions, expression = false) {
    this.fail = options.fail;
    this.lexer = new Lexer(src, options.fail, options.describe, expression);
  }

  // ---- tokens -----------------------------------------------------------------------------------

  protected peek(k = 0): Token {
    while (this.buffer.length <= k) this.buffer.push(this.lexer.next());
    return this.buffer[k];
  }

  protected take(): Token {
    const t = this.peek();
    this.buffer.shift();
    this.last = t;
    return t;
  }

  protected isOp(value: string, k = 0): boolean {
    const t = this.peek(k);
    return t.type === 'op' && t.value === value;
  }

  protected isName(value: string, k = 0): boolean {
    const t = this.peek(k);
    return t.type === 'name' && t.value === value;
  }

  protected describeToken(t: Token): string {
    switch (t.type) {
      case 'eof': return 'the end of the template';
      case 'string': return `the text ${quote(t.value)}`;
      case 'text': return 'text';
      default: return quote(t.value);
    }
  }

  protected expectOp(value: string, what: string): Token {
    if (!this.isOp(value)) {
      const t = this.peek();
      this.fail(`expected "${value}" ${what}, found ${this.describeToken(t)}`, t.start, t.end);
    }
    return this.take();
  }

  protected expectBlockEnd(tag: string): Token {
    const t = this.peek();
    if (t.type !== 'blockEnd') this.fail(`expected "%}" to end {% ${tag} %}, found ${this.describeToken(t)}`, t.start, t.end);
    return this.take();
  }

  // ---- nesting ----------------------------------------------------------------------------------

  protected enter(at: Token | Span): void {
    if (++this.nesting > this.options.limits.maxExpressionDepth) {
      this.fail(`the expression is nested too deeply (more than ${this.options.limits.maxExpressionDepth} levels): split it up`, at.start, at.end);
    }
  }

  protected leave(): void {
    this.nesting--;
  }

  /** Gives the node its depth and refuses trees too deep to evaluate safely. */
  protected node(partial: WithoutDepth<Expr>, children: (Expr | undefined)[]): Expr {
    let depth = 0;
    for (const c of children) if (c && c.depth > depth) depth = c.depth;
    const node = { ...partial, depth: depth + 1 } as Expr;
    if (node.depth > this.options.limits.maxExpressionDepth) {
      this.fail(`the expression is nested too deeply (more than ${this.options.limits.maxExpressionDepth} levels): split it up`, node.start, node.end);
    }
    return node;
  }


  /** Fails with "expected an expression after X" when the next token cannot start one. */
  protected expectExpressionStart(): void {
    const t = this.peek();
    const starts = t.type === 'name' ? !KEYWORDS.has(t.value) || LITERALS.has(t.value) || t.value === 'not'
      : t.type === 'string' || t.type === 'number'
        || (t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{' || t.value === '-' || t.value === '+'));
    if (starts) return;
    const prev = this.last;
    const after = prev && prev.type !== 'varStart' && prev.type !== 'blockStart' ? ` after ${quote(prev.value)}` : '';
    this.fail(`expected an expression${after}, found ${this.describeToken(t)}`, t.start, t.end);
  }

  parseExpression(): Expr {
    this.expectExpressionStart();
    this.enter(this.peek());
    const e = this.parseConditional();
    this.leave();
    return e;
  }

  protected parseConditional(): Expr {
    let expr = this.parseOr();
    while (this.isName('if')) {
      this.take();
      this.expectExpressionStart();
      const test = this.parseOr();
      let otherwise: Expr | undefined;
      if (this.isName('else')) {
        this.take();
        this.expectExpressionStart();
        this.enter(this.peek());
        otherwise = this.parseConditional();
        this.leave();
      }
      expr = this.node({ kind: 'conditional', test, then: expr, otherwise, start: expr.start, end: (otherwise ?? test).end }, [test, expr, otherwise]);
    }
    return expr;
  }

  protected parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isName('or')) {
      this.take();
      this.expectExpressionStart();
      const right = this.parseAnd();
      left = this.node({ kind: 'logical', op: 'or', left, right, start: left.start, end: right.end }, [left, right]);
    }
    return left;
  }

  protected parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isName('and')) {
      this.take();
      this.expectExpressionStart();
      const right = this.parseNot();
      left = this.node({ kind: 'logical', op: 'and', left, right, start: left.start, end: right.end }, [left, right]);
    }
    return left;
  }

  protected parseNot(): Expr {
    if (this.isName('not')) {
      const t = this.take();
      this.expectExpressionStart();
      this.enter(t);
      const operand = this.parseNot();
      this.leave();
      return this.node({ kind: 'unary', op: 'not', operand, start: t.start, end: operand.end }, [operand]);
    }
    return this.parseCompare();
  }

  protected parseCompare(): Expr {
    const first = this.parseAdditive();
    const rest: { op: CompareOp; right: Expr; opStart: number }[] = [];
    for (;;) {
      const t = this.peek();
      let op: CompareOp | undefined;
      if (t.type === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(t.value)) op = t.value as CompareOp;
      else if (this.isName('in')) op = 'in';
      else if (this.isName('not') && this.isName('in', 1)) op = 'not in';
      if (!op) break;
      this.take();
      if (op === 'not in') this.take();
      this.expectExpressionStart();
      rest.push({ op, right: this.parseAdditive(), opStart: t.start });
    }
    if (rest.length === 0) return first;
    const last = rest[rest.length - 1].right;
    return this.node({ kind: 'compare', first, rest, start: first.start, end: last.end }, [first, ...rest.map((r) => r.right)]);
  }

  protected binaryLoop(ops: readonly string[], next: () => Expr): Expr {
    let left = next();
    for (;;) {
      const t = this.peek();
      if (t.type !== 'op' || !ops.includes(t.value)) return left;
      this.take();
      this.expectExpressionStart();
      const right = next();
      left = this.node({ kind: 'binary', op: t.value as ArithmeticOp, left, right, opStart: t.start, start: left.start, end: right.end }, [left, right]);
    }
  }

  protected parseAdditive(): Expr {
    return this.binaryLoop(['+', '-'], () => this.parseConcat());
  }

  protected parseConcat(): Expr {
    return this.binaryLoop(['~'], () => this.parseMultiplicative());
  }

  protected parseMultiplicative(): Expr {
    return this.binaryLoop(['*', '/', '//', '%'], () => this.parsePower());
  }

  protected parsePower(): Expr {
    let left = this.parseUnary(true);
    while (this.isOp('**')) {
      const t = this.take();
      this.expectExpressionStart();
      const right = this.parseUnary(true);
      left = this.node({ kind: 'binary', op: '**', left, right, opStart: t.start, start: left.start, end: right.end }, [left, right]);
    }
    return left;
  }

  protected parseUnary(withFilters: boolean): Expr {
    let node: Expr;
    if (this.isOp('-') || this.isOp('+')) {
      const t = this.take();
      this.expectExpressionStart();
      this.enter(t);
      const operand = this.parseUnary(false);
      this.leave();
      node = this.node({ kind: 'unary', op: t.value as '-' | '+', operand, start: t.start, end: operand.end }, [operand]);
    } else {
      node = this.parsePrimary();
    }
    node = this.parsePostfix(node);
    return withFilters ? this.parseFilters(node) : node;
  }

  protected parsePrimary(): Expr {
    this.expectExpressionStart();
    const t = this.take();
    switch (t.type) {
      case 'name':
        if (LITERALS.has(t.value)) return this.node({ kind: 'literal', value: LITERALS.get(t.value)!, start: t.start, end: t.end }, []);
        return this.node({ kind: 'name', name: t.value, start: t.start, end: t.end }, []);
      case 'string':
        return this.node({ kind: 'literal', value: t.value, start: t.start, end: t.end }, []);
      case 'number': {
        const float = t.value.includes('.') || t.value.includes('e') || t.value.includes('E');
        return this.node({ kind: 'literal', value: Number(t.value), ...(float ? { float } : {}), start: t.start, end: t.end }, []);
      }
      default:
        break;
    }
    // An opening bracket (expectExpressionStart let nothing else through).
    this.enter(t);
    try {
      if (t.value === '(') {
        // (a), or a tuple (a, b) / () which is a list here.
        if (this.isOp(')')) {
          const end = this.take();
          return this.node({ kind: 'list', items: [], start: t.start, end: end.end }, []);
        }
        const first = this.parseExpression();
        if (!this.isOp(',')) {
          this.expectOp(')', `to close the "(" at ${this.options.describe(t.start)}`);
          return first;
        }
        this.take(); // the comma after the first item
        const items = [first, ...this.parseSequence(')')];
        const end = this.expectOp(')', `to close the "(" at ${this.options.describe(t.start)}`);
        return this.node({ kind: 'list', items, start: t.start, end: end.end }, items);
      }
      if (t.value === '[') {
        const items = this.parseSequence(']');
        const end = this.expectOp(']', `to close the list opened at ${this.options.describe(t.start)}`);
        return this.node({ kind: 'list', items, start: t.start, end: end.end }, items);
      }
      // '{'
      const entries: [Expr, Expr][] = [];
      while (!this.isOp('}')) {
        const key = this.parseExpression();
        this.expectOp(':', 'between a key and its value');
        const value = this.parseExpression();
        entries.push([key, value]);
        if (!this.isOp(',')) break;
        this.take();
      }
      const end = this.expectOp('}', `to close the mapping opened at ${this.options.describe(t.start)}`);
      return this.node({ kind: 'dict', entries, start: t.start, end: end.end }, entries.flat());
    } finally {
      this.leave();
    }
  }

  /** `a, b, c` up to `close` (not consumed), a trailing comma allowed. */
  protected parseSequence(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.isOp(close)) {
      items.push(this.parseExpression());
      if (!this.isOp(',')) break;
      this.take();
    }
    return items;
  }

  protected parsePostfix(node: Expr): Expr {
    for (;;) {
      if (this.isOp('.')) {
        this.take();
        const t = this.peek();
        if (t.type !== 'name' && !(t.type === 'number' && !t.value.includes('.'))) {
          this.fail(`expected an attribute name after ".", found ${this.describeToken(t)}`, t.start, t.end);
        }
        this.take();
        const property = this.node({ kind: 'literal', value: t.type === 'number' ? Number(t.value) : t.value, start: t.start, end: t.end }, []);
        node = this.node({ kind: 'member', object: node, property, computed: false, start: node.start, end: t.end }, [node, property]);
      } else if (this.isOp('[')) {
        const open = this.take();
        this.enter(open);
        const closing = `to close the "[" at ${this.options.describe(open.start)}`;
        const property = this.isOp(':') ? undefined : this.parseExpression();
        if (this.isOp(':')) {
          node = this.parseSlice(node, property, closing);
          this.leave();
          continue;
        }
        const end = this.expectOp(']', closing);
        this.leave();
        node = this.node({ kind: 'member', object: node, property: property!, computed: true, start: node.start, end: end.end }, [node, property]);
      } else if (this.isOp('(')) {
        const { args, kwargs, end } = this.parseArguments();
        node = this.node({ kind: 'call', callee: node, args, kwargs, start: node.start, end }, [node, ...args, ...kwargs.map((k) => k.value)]);
      } else {
        return node;
      }
    }
  }

  /** `[lower:upper:step]` after the lower bound (if any) was read; the next token is the first ":". */
  protected parseSlice(object: Expr, lower: Expr | undefined, closing: string): Expr {
    this.take(); // ':'
    const bound = () => (this.isOp(':') || this.isOp(']') ? undefined : this.parseExpression());
    const upper = bound();
    let step: Expr | undefined;
    if (this.isOp(':')) {
      this.take();
      step = bound();
    }
    const end = this.expectOp(']', closing);
    return this.node({ kind: 'slice', object, lower, upper, step, start: object.start, end: end.end }, [object, lower, upper, step]);
  }

  protected parseArguments(): { args: Expr[]; kwargs: KeywordArg[]; end: number } {
    const open = this.take();
    this.enter(open);
    const args: Expr[] = [];
    const kwargs: KeywordArg[] = [];
    while (!this.isOp(')')) {
      if (this.peek().type === 'name' && this.isOp('=', 1)) {
        const t = this.take();
        this.take(); // '='
        if (kwargs.some((k) => k.name === t.value)) this.fail(`the argument ${quote(t.value, 20)} is given twice`, t.start, t.end);
        const value = this.parseExpression();
        kwargs.push({ name: t.value, value, start: t.start, end: value.end });
      } else {
        const value = this.parseExpression();
        if (kwargs.length > 0) this.fail('an argument without a name cannot follow a named one (name=value): put it first', value.start, value.end);
        args.push(value);
      }
      if (!this.isOp(',')) break;
      this.take();
    }
    const end = this.expectOp(')', `to close the arguments opened at ${this.options.describe(open.start)}`);
    this.leave();
    return { args, kwargs, end: end.end };
  }

  /** Checks the count of arguments and the names of keyword arguments against what the filter or test takes. */
  protected checkArity(kind: 'filter' | 'test', name: string, arity: Arity | undefined, args: Expr[], kwargs: KeywordArg[], at: Span): void {
    if (!arity) return;
    const names = arity.names.length > 0 ? ` (${arity.names.join(', ')})` : '';
    const count = args.length + kwargs.length;
    if (args.length > arity.max || count > arity.max) {
      const expected = arity.min === arity.max ? plural(arity.min, 'argument') : `${arity.min} to ${plural(arity.max, 'argument')}`;
      this.fail(`the ${kind} "${name}" takes ${expected}${names}, got ${count}`, at.start, at.end);
    }
    for (const k of kwargs) {
      const i = arity.names.indexOf(k.name);
      if (i < 0) {
        const known = arity.names.length > 0 ? `it takes ${arity.names.join(', ')}` : 'it takes none';
        this.fail(`the ${kind} "${name}" has no argument named ${quote(k.name, 20)}${suggestion(k.name, arity.names)}; ${known}`, k.start, k.end);
      }
      if (i < args.length) this.fail(`the argument ${quote(k.name, 20)} of the ${kind} "${name}" is given twice (in order and by name)`, k.start, k.end);
    }
    const missing = arity.names.slice(args.length, arity.min).filter((n) => !kwargs.some((k) => k.name === n));
    if (missing.length > 0) {
      const expected = arity.min === arity.max ? plural(arity.min, 'argument') : `${arity.min} to ${plural(arity.max, 'argument')}`;
      const which = kwargs.length > 0 ? ` (missing ${missing.join(', ')})` : '';
      this.fail(`the ${kind} "${name}" takes ${expected}${names}, got ${count}${which}`, at.start, at.end);
    }
  }

  /** A number, text or name (not a keyword such as and/else) right after a test name. */
  protected startsBareTestArgument(): boolean {
    const t = this.peek();
    return t.type === 'number' || t.type === 'string' || (t.type === 'name' && (!KEYWORDS.has(t.value) || LITERALS.has(t.value)));
  }

  protected parsePrimaryWithPostfix(): Expr {
    return this.parsePostfix(this.parsePrimary());
  }

  protected parseFilters(node: Expr): Expr {
    for (;;) {
      if (this.isOp('|')) {
        this.take();
        const t = this.peek();
        if (t.type !== 'name') this.fail(`expected a filter name after "|", found ${this.describeToken(t)}`, t.start, t.end);
        this.take();
        const known = this.options.filters;
        if (!known.has(t.value)) {
          const names = [...known.keys()].sort();
          this.fail(`unknown filter ${quote(t.value)}${suggestion(t.value, names)}; known: ${names.join(', ')}`, t.start, t.end);
        }
        const { args, kwargs, end } = this.isOp('(') ? this.parseArguments() : { args: [], kwargs: [], end: t.end };
        this.checkArity('filter', t.value, known.get(t.value), args, kwargs, { start: t.start, end });
        node = this.node({ kind: 'filter', input: node, name: t.value, args, kwargs, nameSpan: { start: t.start, end: t.end }, start: node.start, end }, [node, ...args, ...kwargs.map((k) => k.value)]);
      } else if (this.isName('is')) {
        this.take();
        const negated = this.isName('not');
        if (negated) this.take();
        const t = this.peek();
        if (t.type !== 'name') {
          this.fail(`expected a test name after "is${negated ? ' not' : ''}", such as none or defined; found ${this.describeToken(t)}`, t.start, t.end);
        }
        this.take();
        const known = this.options.tests;
        if (!known.has(t.value)) {
          const names = [...known.keys()].sort();
          this.fail(`unknown test ${quote(t.value)}${suggestion(t.value, names)}; known: ${names.join(', ')}`, t.start, t.end);
        }
        // Jinja allows one argument without brackets: `x is divisibleby 3`.
        let parsed: { args: Expr[]; kwargs: KeywordArg[]; end: number };
        if (this.isOp('(')) parsed = this.parseArguments();
        else if ((known.get(t.value)?.max ?? 0) > 0 && this.startsBareTestArgument()) {
          const arg = this.parsePrimaryWithPostfix();
          parsed = { args: [arg], kwargs: [], end: arg.end };
        } else parsed = { args: [], kwargs: [], end: t.end };
        const { args, kwargs, end } = parsed;
        this.checkArity('test', t.value, known.get(t.value), args, kwargs, { start: t.start, end });
        node = this.node({ kind: 'test', input: node, name: t.value, args, kwargs, negated, nameSpan: { start: t.start, end: t.end }, start: node.start, end }, [node, ...args, ...kwargs.map((k) => k.value)]);
      } else {
        return node;
      }
    }
  }
}
