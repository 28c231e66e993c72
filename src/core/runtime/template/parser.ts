// Turns tokens into the tree of ast.ts: the statements ({% if %}, {% for %}, {% set %},
// {% raw %}) over the expression grammar of expressionParser.ts. Block nesting is bounded, and a
// tag this engine lacks is named as such, not reported as unknown.

import type { Expr, ForNode, IfNode, Node, SetNode } from './ast';
import { quote } from './errors';
import { ExpressionParser, KEYWORDS, suggestion } from './expressionParser';

export { ExpressionParser, type Arity, type ParserOptions } from './expressionParser';

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

interface OpenBlock {
  tag: string;
  start: number;
  end: number;
}


export class Parser extends ExpressionParser {
  private readonly open: OpenBlock[] = [];

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

}
