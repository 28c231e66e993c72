// Turns tokens into the tree of ast.ts, by recursive descent with Jinja's operator precedence:
//   x if c else y  <  or  <  and  <  not  <  == != < > <= >= in, not in  <  + -  <  ~
//   <  * / // %  <  **  <  unary - +  <  member access, calls  <  | filter, is test
// Filter and test names are checked here, so a misspelt name is reported with its position
// before anything renders. Nesting is bounded (blocks and expression depth) so neither parsing
// nor evaluating can overflow the stack, whatever the text.

import type {
  ArithmeticOp, CompareOp, Expr, ForNode, IfNode, KeywordArg, Node, SetNode, Span,
} from './ast';
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

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'if', 'else', 'true', 'false', 'none', 'True', 'False', 'None', 'null']);
const LITERALS: ReadonlyMap<string, boolean | null> = new Map([
  ['true', true], ['True', true], ['false', false], ['False', false], ['none', null], ['None', null], ['null', null],
]);
const TAGS = ['if', 'elif', 'else', 'endif', 'for', 'endfor', 'set', 'endset', 'raw', 'endraw'];
const OPENERS: Record<string, string> = { endif: 'if', elif: 'if', endfor: 'for', endset: 'set', endraw: 'raw' };
const CLOSERS: Record<string, string> = { if: 'endif', for: 'endfor', set: 'endset', raw: 'endraw' };
/** Jinja tags this engine does not have, named so that the message says so instead of "unknown". */
const UNSUPPORTED_TAGS: Record<string, string> = {
  macro: 'macros', call: 'call blocks', filter: 'filter blocks', block: 'template inheritance', extends: 'template inheritance',
  include: 'includes', import: 'imports', from: 'imports', with: 'with blocks', do: 'the do extension',
  break: 'loop controls', continue: 'loop controls', autoescape: 'autoescape blocks', trans: 'translation blocks',
};

/** An expression node before its depth is known. */
type WithoutDepth<T> = T extends unknown ? Omit<T, 'depth'> : never;

interface OpenBlock {
  tag: string;
  start: number;
  end: number;
}

/** Edit distance, for "did you mean"; the names compared are short. */
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

function suggestion(name: string, known: Iterable<string>): string {
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

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export class Parser {
  private readonly lexer: Lexer;
  private readonly buffer: Token[] = [];
  private last: Token | undefined;
  private readonly open: OpenBlock[] = [];
  private nesting = 0;
  private readonly fail: Fail;

  constructor(private readonly src: string, private readonly options: ParserOptions, expression = false) {
    this.fail = options.fail;
    this.lexer = new Lexer(src, options.fail, options.describe, expression);
  }

  // ---- tokens -----------------------------------------------------------------------------------

  private peek(k = 0): Token {
    while (this.buffer.length <= k) this.buffer.push(this.lexer.next());
    return this.buffer[k];
  }

  private take(): Token {
    const t = this.peek();
    this.buffer.shift();
    this.last = t;
    return t;
  }

  private isOp(value: string, k = 0): boolean {
    const t = this.peek(k);
    return t.type === 'op' && t.value === value;
  }

  private isName(value: string, k = 0): boolean {
    const t = this.peek(k);
    return t.type === 'name' && t.value === value;
  }

  private describeToken(t: Token): string {
    switch (t.type) {
      case 'eof': return 'the end of the template';
      case 'string': return `the text ${quote(t.value)}`;
      case 'text': return 'text';
      default: return quote(t.value);
    }
  }

  private expectOp(value: string, what: string): Token {
    if (!this.isOp(value)) {
      const t = this.peek();
      this.fail(`expected "${value}" ${what}, found ${this.describeToken(t)}`, t.start, t.end);
    }
    return this.take();
  }

  private expectBlockEnd(tag: string): Token {
    const t = this.peek();
    if (t.type !== 'blockEnd') this.fail(`expected "%}" to end {% ${tag} %}, found ${this.describeToken(t)}`, t.start, t.end);
    return this.take();
  }

  // ---- nesting ----------------------------------------------------------------------------------

  private enter(at: Token | Span): void {
    if (++this.nesting > this.options.limits.maxExpressionDepth) {
      this.fail(`the expression is nested too deeply (more than ${this.options.limits.maxExpressionDepth} levels): split it up`, at.start, at.end);
    }
  }

  private leave(): void {
    this.nesting--;
  }

  /** Gives the node its depth and refuses trees too deep to evaluate safely. */
  private node(partial: WithoutDepth<Expr>, children: (Expr | undefined)[]): Expr {
    let depth = 0;
    for (const c of children) if (c && c.depth > depth) depth = c.depth;
    const node = { ...partial, depth: depth + 1 } as Expr;
    if (node.depth > this.options.limits.maxExpressionDepth) {
      this.fail(`the expression is nested too deeply (more than ${this.options.limits.maxExpressionDepth} levels): split it up`, node.start, node.end);
    }
    return node;
  }

  // ---- statements -------------------------------------------------------------------------------

  parseTemplate(): Node[] {
    const { nodes, stop } = this.parseBody([]);
    if (stop) this.misplaced(stop.name, stop.start, stop.end);
    return nodes;
  }

  /** A bare expression, for `when:` conditions: the whole text, no {{ }}. */
  parseStandaloneExpression(): Expr {
    const t = this.peek();
    if (t.type === 'eof') this.fail('expected an expression, found nothing', 0, 0);
    const expr = this.parseExpression();
    const end = this.peek();
    if (end.type !== 'eof') this.fail(`expected the end of the expression, found ${this.describeToken(end)}`, end.start, end.end);
    return expr;
  }

  /**
   * Statements up to one of `stopTags` (its {% and name are consumed and returned) or the end of
   * the template (stop undefined).
   */
  private parseBody(stopTags: string[]): { nodes: Node[]; stop?: { name: string; start: number; end: number } } {
    const nodes: Node[] = [];
    for (;;) {
      const t = this.peek();
      switch (t.type) {
        case 'eof':
          return { nodes };
        case 'text':
          this.take();
          nodes.push({ kind: 'text', value: t.value, start: t.start, end: t.end });
          break;
        case 'varStart': {
          this.take();
          if (this.peek().type === 'varEnd') {
            this.fail('empty {{ }}: write an expression between them, such as {{ input.text }}', t.start, this.peek().end);
          }
          const expr = this.parseExpression();
          const close = this.peek();
          if (close.type !== 'varEnd') {
            this.fail(`expected "}}" after the expression, found ${this.describeToken(close)}`, close.start, close.end);
          }
          this.take();
          nodes.push({ kind: 'output', expr, start: t.start, end: close.end });
          break;
        }
        case 'blockStart': {
          this.take();
          const nameToken = this.peek();
          if (nameToken.type !== 'name') {
            this.fail(`expected a tag name after "{%", such as if or for; found ${this.describeToken(nameToken)}`, nameToken.start, nameToken.end);
          }
          this.take();
          const name = nameToken.value;
          if (stopTags.includes(name)) return { nodes, stop: { name, start: t.start, end: nameToken.end } };
          if (name === 'if') nodes.push(this.parseIf(t.start, nameToken.end));
          else if (name === 'for') nodes.push(this.parseFor(t.start, nameToken.end));
          else if (name === 'set') nodes.push(this.parseSet(t.start, nameToken.end));
          else if (name === 'raw') {
            const node = this.parseRaw(t.start, nameToken.end);
            if (node) nodes.push(node);
          } else if (TAGS.includes(name)) this.misplaced(name, t.start, nameToken.end);
          else if (UNSUPPORTED_TAGS[name]) {
            this.fail(`{% ${name} %} is not supported (${UNSUPPORTED_TAGS[name]} are not part of the template language of skill.yaml); known tags: ${TAGS.join(', ')}`, nameToken.start, nameToken.end);
          } else {
            this.fail(`unknown tag ${quote(name)}${suggestion(name, TAGS)}; known: ${TAGS.join(', ')}`, nameToken.start, nameToken.end);
          }
          break;
        }
        default:
          // Inside the body only text and tag openers can come; anything else is a lexer bug.
          this.fail(`unexpected ${this.describeToken(t)}`, t.start, t.end);
      }
    }
  }

  /** An elif, else or end tag that does not belong where it is. */
  private misplaced(name: string, start: number, end: number): never {
    const top = this.open[this.open.length - 1];
    const at = (b: OpenBlock) => this.options.describe(b.start);
    // In an if or for body, else and elif end the body; seen here, they come after the {% else %}.
    if (top && (name === 'else' || (name === 'elif' && top.tag === 'if'))) {
      return this.fail(`{% ${name} %} cannot follow the {% else %} of the {% ${top.tag} %} opened at ${at(top)}: close it with {% ${CLOSERS[top.tag]} %}`, start, end);
    }
    const opener = OPENERS[name] ?? 'if';
    if (top) {
      return this.fail(`{% ${name} %} cannot close or continue the {% ${top.tag} %} opened at ${at(top)}: add {% ${CLOSERS[top.tag]} %} before it`, start, end);
    }
    return this.fail(`{% ${name} %} without an open {% ${opener} %}: remove it, or add the {% ${opener} … %} it belongs to`, start, end);
  }

  private openBlock(tag: string, start: number, end: number): void {
    if (this.open.length >= this.options.limits.maxBlockDepth) {
      this.fail(`blocks are nested too deeply (more than ${this.options.limits.maxBlockDepth} {% if %} / {% for %} / {% set %} inside each other)`, start, end);
    }
    this.open.push({ tag, start, end });
  }

  private unclosed(block: OpenBlock): never {
    return this.fail(`unclosed {% ${block.tag} %} opened at ${this.options.describe(block.start)}: add {% ${CLOSERS[block.tag]} %}`, block.start, block.end);
  }

  private parseIf(start: number, nameEnd: number): IfNode {
    const first = this.parseExpression();
    this.expectBlockEnd('if');
    this.openBlock('if', start, nameEnd);
    const block = this.open[this.open.length - 1];
    const branches: IfNode['branches'] = [];
    let test: Expr | undefined = first;
    let otherwise: Node[] | undefined;
    for (;;) {
      const { nodes, stop } = this.parseBody(test ? ['elif', 'else', 'endif'] : ['endif']);
      if (!stop) this.unclosed(block);
      if (test) branches.push({ test, body: nodes });
      else otherwise = nodes;
      if (stop.name === 'endif') {
        const end = this.expectBlockEnd('endif');
        this.open.pop();
        return { kind: 'if', branches, otherwise, start, end: end.end };
      }
      if (stop.name === 'elif') {
        test = this.parseExpression();
        this.expectBlockEnd('elif');
      } else {
        test = undefined;
        this.expectBlockEnd('else');
      }
    }
  }

  private parseFor(start: number, nameEnd: number): ForNode {
    const targets: ForNode['targets'] = [];
    for (;;) {
      const t = this.peek();
      if (t.type !== 'name' || KEYWORDS.has(t.value)) {
        const after = targets.length === 0 ? '"for"' : '","';
        this.fail(`expected a loop variable name after ${after}, found ${this.describeToken(t)}`, t.start, t.end);
      }
      if (t.value === 'loop') this.fail('"loop" is reserved for loop.index, loop.first and the like: name the loop variable differently', t.start, t.end);
      this.take();
      targets.push({ name: t.value, start: t.start, end: t.end });
      if (!this.isOp(',')) break;
      this.take();
    }
    if (!this.isName('in')) {
      const t = this.peek();
      this.fail(`expected "in" after the loop variable, found ${this.describeToken(t)}`, t.start, t.end);
    }
    this.take();
    // No "x if c else y" here: "{% for x in xs if cond %}" filters the items.
    this.expectExpressionStart();
    this.enter(this.peek());
    const iterable = this.parseOr();
    this.leave();
    if (this.isName('recursive')) {
      const t = this.peek();
      this.fail('recursive loops are not supported: loop over each level with its own {% for %}', t.start, t.end);
    }
    let filter: Expr | undefined;
    if (this.isName('if')) {
      this.take();
      filter = this.parseExpression();
    }
    this.expectBlockEnd('for');
    this.openBlock('for', start, nameEnd);
    const block = this.open[this.open.length - 1];
    const body = this.parseBody(['else', 'endfor']);
    if (!body.stop) this.unclosed(block);
    let otherwise: Node[] | undefined;
    if (body.stop.name === 'else') {
      this.expectBlockEnd('else');
      const rest = this.parseBody(['endfor']);
      if (!rest.stop) this.unclosed(block);
      otherwise = rest.nodes;
    }
    const end = this.expectBlockEnd('endfor');
    this.open.pop();
    return { kind: 'for', targets, iterable, filter, body: body.nodes, otherwise, start, end: end.end };
  }

  /** `{% set a = 1 %}`, `{% set a, b = pair %}`, or `{% set a %}…{% endset %}`. */
  private parseSet(start: number, nameEnd: number): SetNode {
    const targets: SetNode['targets'] = [];
    for (;;) {
      const t = this.peek();
      if (t.type !== 'name' || KEYWORDS.has(t.value)) {
        const after = targets.length === 0 ? '"set"' : '","';
        this.fail(`expected a variable name after ${after}, found ${this.describeToken(t)}`, t.start, t.end);
      }
      if (t.value === 'loop') this.fail('"loop" is reserved for loop.index, loop.first and the like: name the variable differently', t.start, t.end);
      this.take();
      if (this.isOp('.') || this.isOp('[')) {
        const at = this.peek();
        this.fail(`{% set %} can only assign a variable, not an attribute or item of ${quote(t.value)} (namespace() is not supported)`, t.start, at.end);
      }
      targets.push({ name: t.value, start: t.start, end: t.end });
      if (!this.isOp(',')) break;
      this.take();
    }
    if (this.isOp('=')) {
      this.take();
      let value = this.parseExpression();
      // `{% set a, b = 1, 2 %}`: a tuple without brackets, as in Python.
      if (this.isOp(',')) {
        const items = [value];
        while (this.isOp(',')) {
          this.take();
          if (this.peek().type === 'blockEnd') break;
          items.push(this.parseExpression());
        }
        value = this.node({ kind: 'list', items, start: items[0].start, end: items[items.length - 1].end }, items);
      }
      const end = this.expectBlockEnd('set');
      return { kind: 'set', targets, value, start, end: end.end };
    }
    const t = this.peek();
    if (t.type !== 'blockEnd') {
      const hint = this.isOp('|') ? ': filters on a {% set %} block are not supported; apply them where the variable is used' : '';
      this.fail(`expected "=" and a value after the variable name, or "%}" to start a {% set %} block; found ${this.describeToken(t)}${hint}`, t.start, t.end);
    }
    if (targets.length > 1) this.fail('a {% set %} block assigns one variable, not several', targets[1].start, targets[targets.length - 1].end);
    this.take();
    this.openBlock('set', start, nameEnd);
    const block = this.open[this.open.length - 1];
    const body = this.parseBody(['endset']);
    if (!body.stop) this.unclosed(block);
    const end = this.expectBlockEnd('endset');
    this.open.pop();
    return { kind: 'set', targets, body: body.nodes, start, end: end.end };
  }

  private parseRaw(start: number, nameEnd: number): Node | undefined {
    this.expectBlockEnd('raw');
    if (this.buffer.length > 0) this.fail('internal: tokens read ahead of {% raw %}', start, nameEnd);
    const t = this.lexer.readRaw(start);
    return t.value === '' ? undefined : { kind: 'text', value: t.value, start: t.start, end: t.end };
  }

  // ---- expressions ------------------------------------------------------------------------------

  /** Fails with "expected an expression after X" when the next token cannot start one. */
  private expectExpressionStart(): void {
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

  private parseConditional(): Expr {
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

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isName('or')) {
      this.take();
      this.expectExpressionStart();
      const right = this.parseAnd();
      left = this.node({ kind: 'logical', op: 'or', left, right, start: left.start, end: right.end }, [left, right]);
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isName('and')) {
      this.take();
      this.expectExpressionStart();
      const right = this.parseNot();
      left = this.node({ kind: 'logical', op: 'and', left, right, start: left.start, end: right.end }, [left, right]);
    }
    return left;
  }

  private parseNot(): Expr {
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

  private parseCompare(): Expr {
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

  private binaryLoop(ops: readonly string[], next: () => Expr): Expr {
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

  private parseAdditive(): Expr {
    return this.binaryLoop(['+', '-'], () => this.parseConcat());
  }

  private parseConcat(): Expr {
    return this.binaryLoop(['~'], () => this.parseMultiplicative());
  }

  private parseMultiplicative(): Expr {
    return this.binaryLoop(['*', '/', '//', '%'], () => this.parsePower());
  }

  private parsePower(): Expr {
    let left = this.parseUnary(true);
    while (this.isOp('**')) {
      const t = this.take();
      this.expectExpressionStart();
      const right = this.parseUnary(true);
      left = this.node({ kind: 'binary', op: '**', left, right, opStart: t.start, start: left.start, end: right.end }, [left, right]);
    }
    return left;
  }

  private parseUnary(withFilters: boolean): Expr {
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

  private parsePrimary(): Expr {
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
  private parseSequence(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.isOp(close)) {
      items.push(this.parseExpression());
      if (!this.isOp(',')) break;
      this.take();
    }
    return items;
  }

  private parsePostfix(node: Expr): Expr {
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
  private parseSlice(object: Expr, lower: Expr | undefined, closing: string): Expr {
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

  private parseArguments(): { args: Expr[]; kwargs: KeywordArg[]; end: number } {
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
  private checkArity(kind: 'filter' | 'test', name: string, arity: Arity | undefined, args: Expr[], kwargs: KeywordArg[], at: Span): void {
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
  private startsBareTestArgument(): boolean {
    const t = this.peek();
    return t.type === 'number' || t.type === 'string' || (t.type === 'name' && (!KEYWORDS.has(t.value) || LITERALS.has(t.value)));
  }

  private parsePrimaryWithPostfix(): Expr {
    return this.parsePostfix(this.parsePrimary());
  }

  private parseFilters(node: Expr): Expr {
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
