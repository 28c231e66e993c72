// The parsed form of a template: statements (text, {{ output }}, {% if %}, {% for %}) and the
// expressions inside them. Every node keeps the offsets of its source text, so render-time errors
// and references point at the right place. `depth` is the height of an expression's tree, bounded
// at parse time so that evaluating it can never exhaust the stack.

export interface Span {
  start: number;
  end: number;
}

export type Expr =
  | LiteralExpr
  | NameExpr
  | MemberExpr
  | ListExpr
  | DictExpr
  | UnaryExpr
  | BinaryExpr
  | LogicalExpr
  | CompareExpr
  | ConditionalExpr
  | FilterExpr
  | TestExpr
  | CallExpr
  | SliceExpr;

interface ExprBase extends Span {
  depth: number;
}

export interface LiteralExpr extends ExprBase {
  kind: 'literal';
  /** `float` is set for a float written as a whole number (`42.0`, `1e3`), which prints as 42.0. */
  value: string | number | boolean | null;
  float?: boolean;
}

/** `name=value` in the arguments of a filter, test or call. */
export interface KeywordArg extends Span {
  name: string;
  value: Expr;
}

/** `object[start:stop:step]`, each part optional, as Python slices lists and text. */
export interface SliceExpr extends ExprBase {
  kind: 'slice';
  object: Expr;
  lower?: Expr;
  upper?: Expr;
  step?: Expr;
}

export interface NameExpr extends ExprBase {
  kind: 'name';
  name: string;
}

/** `a.b` (computed: false, property a literal) and `a[expr]` (computed: true). */
export interface MemberExpr extends ExprBase {
  kind: 'member';
  object: Expr;
  property: Expr;
  computed: boolean;
}

export interface ListExpr extends ExprBase {
  kind: 'list';
  items: Expr[];
}

export interface DictExpr extends ExprBase {
  kind: 'dict';
  entries: [Expr, Expr][];
}

export interface UnaryExpr extends ExprBase {
  kind: 'unary';
  op: 'not' | '-' | '+';
  operand: Expr;
}

export type ArithmeticOp = '+' | '-' | '*' | '/' | '//' | '%' | '**' | '~';

export interface BinaryExpr extends ExprBase {
  kind: 'binary';
  op: ArithmeticOp;
  left: Expr;
  right: Expr;
  /** Offset of the operator, for errors such as "cannot add text and a number". */
  opStart: number;
}

export interface LogicalExpr extends ExprBase {
  kind: 'logical';
  op: 'and' | 'or';
  left: Expr;
  right: Expr;
}

export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=' | 'in' | 'not in';

/** `a < b <= c` as in Python: each pair compared, all must hold. */
export interface CompareExpr extends ExprBase {
  kind: 'compare';
  first: Expr;
  rest: { op: CompareOp; right: Expr; opStart: number }[];
}

/** `then if test else otherwise`; without `else` the value is undefined when the test fails. */
export interface ConditionalExpr extends ExprBase {
  kind: 'conditional';
  test: Expr;
  then: Expr;
  otherwise?: Expr;
}

export interface FilterExpr extends ExprBase {
  kind: 'filter';
  input: Expr;
  name: string;
  args: Expr[];
  kwargs: KeywordArg[];
  /** Where the filter's name is written (after the |). */
  nameSpan: Span;
}

export interface TestExpr extends ExprBase {
  kind: 'test';
  input: Expr;
  name: string;
  args: Expr[];
  kwargs: KeywordArg[];
  negated: boolean;
  nameSpan: Span;
}

export interface CallExpr extends ExprBase {
  kind: 'call';
  callee: Expr;
  args: Expr[];
  kwargs: KeywordArg[];
}

export type Node = TextNode | OutputNode | IfNode | ForNode | SetNode;

export interface TextNode extends Span {
  kind: 'text';
  value: string;
}

export interface OutputNode extends Span {
  kind: 'output';
  expr: Expr;
}

export interface IfNode extends Span {
  kind: 'if';
  branches: { test: Expr; body: Node[] }[];
  otherwise?: Node[];
}

export interface ForNode extends Span {
  kind: 'for';
  /** One name, or several to unpack each item (`for key, value in pairs`). */
  targets: { name: string; start: number; end: number }[];
  iterable: Expr;
  /** `{% for x in xs if cond %}`: items for which cond is false are skipped (and not counted by loop.*). */
  filter?: Expr;
  body: Node[];
  /** `{% else %}` of a for: rendered when there was nothing to loop over. */
  otherwise?: Node[];
}

/**
 * `{% set x = value %}`, `{% set a, b = pair %}`, or the block form `{% set x %}text{% endset %}`
 * (value undefined, body given). The names are visible after the tag, to the end of the
 * enclosing loop body or template, as in Jinja.
 */
export interface SetNode extends Span {
  kind: 'set';
  targets: { name: string; start: number; end: number }[];
  value?: Expr;
  body?: Node[];
}
