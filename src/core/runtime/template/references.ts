// The variables a template reads, with where: `input.text`, `out.company.name`, `now.date`.
// The editor compares them with what the runtime provides (input, out, now, earlier actions'
// aliases) and warns about the rest. Loop variables and `loop` inside their loop, names a
// {% set %} assigned before, and the global range() are not references; a path stops at a
// dynamic or numeric subscript (`out.jobs[0].title` reads out.jobs).

import type { Expr, Node } from './ast';
import type { Locator } from './errors';

export interface TemplateReference {
  /** Names from the root variable inward, e.g. ['out', 'company', 'name']. */
  path: string[];
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** The chain of names `a.b['c']` spells, or undefined when some step is computed. */
function staticPath(expr: Expr): { root: string; path: string[] } | undefined {
  if (expr.kind === 'name') return { root: expr.name, path: [expr.name] };
  if (expr.kind !== 'member' || expr.property.kind !== 'literal' || typeof expr.property.value !== 'string') return undefined;
  const inner = staticPath(expr.object);
  return inner && { root: inner.root, path: [...inner.path, expr.property.value] };
}

function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'literal':
    case 'name':
      return [];
    case 'member':
      return [expr.object, expr.property];
    case 'list':
      return expr.items;
    case 'dict':
      return expr.entries.flat();
    case 'unary':
      return [expr.operand];
    case 'binary':
    case 'logical':
      return [expr.left, expr.right];
    case 'compare':
      return [expr.first, ...expr.rest.map((r) => r.right)];
    case 'conditional':
      return expr.otherwise ? [expr.test, expr.then, expr.otherwise] : [expr.test, expr.then];
    case 'filter':
    case 'test':
      return [expr.input, ...expr.args, ...expr.kwargs.map((k) => k.value)];
    case 'call':
      return [expr.callee, ...expr.args, ...expr.kwargs.map((k) => k.value)];
    case 'slice':
      return [expr.object, expr.lower, expr.upper, expr.step].filter((e): e is Expr => e !== undefined);
  }
}

/** Functions every template has (unless the context has a variable of that name). */
const GLOBAL_FUNCTIONS = new Set(['range']);

export function collectReferences(nodes: Node[] | Expr, locator: Locator): TemplateReference[] {
  const out: TemplateReference[] = [];
  const add = (path: string[], start: number, end: number) => {
    const span = locator.span(start, end);
    out.push({ path, line: span.line, column: span.column, endLine: span.endLine, endColumn: span.endColumn });
  };
  const expr = (e: Expr, bound: ReadonlySet<string>): void => {
    const path = staticPath(e);
    if (path) {
      if (!bound.has(path.root)) add(path.path, e.start, e.end);
      return;
    }
    // A member whose property is a literal is a static path or starts below one: only the object reads.
    if (e.kind === 'member' && e.property.kind === 'literal') {
      expr(e.object, bound);
      return;
    }
    if (e.kind === 'call' && e.callee.kind === 'name' && GLOBAL_FUNCTIONS.has(e.callee.name)) {
      for (const c of [...e.args, ...e.kwargs.map((k) => k.value)]) expr(c, bound);
      return;
    }
    for (const c of children(e)) expr(c, bound);
  };
  // `bound` is copied where a loop starts, so a {% set %} inside a loop body binds its name
  // only there, and one at the top level binds it for the rest of the template.
  const body = (list: Node[], bound: Set<string>): void => {
    for (const node of list) {
      switch (node.kind) {
        case 'text':
          break;
        case 'output':
          expr(node.expr, bound);
          break;
        case 'if':
          for (const b of node.branches) {
            expr(b.test, bound);
            body(b.body, bound);
          }
          if (node.otherwise) body(node.otherwise, bound);
          break;
        case 'for': {
          expr(node.iterable, bound);
          const inner = new Set([...bound, 'loop', ...node.targets.map((t) => t.name)]);
          if (node.filter) expr(node.filter, inner);
          body(node.body, inner);
          if (node.otherwise) body(node.otherwise, new Set(bound));
          break;
        }
        case 'set':
          if (node.value) expr(node.value, bound);
          if (node.body) body(node.body, bound);
          for (const t of node.targets) bound.add(t.name);
          break;
      }
    }
  };
  if (Array.isArray(nodes)) body(nodes, new Set());
  else expr(nodes, new Set());
  return out;
}
