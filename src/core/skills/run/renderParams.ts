/**
 * Action parameters and `when:` conditions from a manifest, rendered against a run's context. A
 * string that is one whole `{{ expression }}` keeps its type (a list of tags stays a list, a
 * number a number, none stays null: never the text "None" or ""); any other string with template
 * syntax renders to text; other values pass as written. Templates are compiled once per manifest
 * and cached.
 */
import { compileExpression, compileTemplate, type Template, type TemplateExpression } from '../../runtime/template';
import { dateText } from '../../runtime/template/values';

type Compiled = { kind: 'expr'; expr: TemplateExpression } | { kind: 'text'; template: Template } | { kind: 'plain' };

/** The expression of a string that is exactly `{{ … }}` (and holds no other tag), else undefined. */
function wholeExpression(value: string): string | undefined {
  const t = value.trim();
  if (!t.startsWith('{{') || !t.endsWith('}}')) return undefined;
  const inner = t.slice(2, -2);
  return inner.includes('{{') || inner.includes('}}') || inner.includes('{%') ? undefined : inner;
}

/** Renders templates of one manifest, compiling each distinct string once. */
export class ParamRenderer {
  private readonly cache = new Map<string, Compiled>();
  private readonly conditions = new Map<string, TemplateExpression>();

  private compiled(value: string, name: string): Compiled {
    let c = this.cache.get(value);
    if (!c) {
      const expr = wholeExpression(value);
      if (expr !== undefined) c = { kind: 'expr', expr: compileExpression(expr, { name }) };
      else if (value.includes('{{') || value.includes('{%') || value.includes('{#')) c = { kind: 'text', template: compileTemplate(value, { name }) };
      else c = { kind: 'plain' };
      this.cache.set(value, c);
    }
    return c;
  }

  /** A parameter value rendered: strings as templates, arrays and mappings element by element. */
  render(value: unknown, context: Record<string, unknown>, name: string): unknown {
    if (typeof value === 'string') {
      const c = this.compiled(value, name);
      if (c.kind === 'expr') {
        const v = c.expr.evaluate(context);
        // A moment (`{{ now }}`, a date) is data as its ISO text, as it prints.
        return dateText(v) ?? v;
      }
      return c.kind === 'text' ? c.template.render(context) : value;
    }
    // A list written item by item drops the items that came out as nothing (["{{ out.a }}", "{{ out.b }}"] without b).
    if (Array.isArray(value)) return value.map((v, i) => this.render(v, context, `${name}[${i}]`)).filter((v) => v !== undefined && v !== null && v !== '');
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
        const rendered = this.render(v, context, `${name}.${k}`);
        // Undefined (a field the output does not have) and text that rendered to nothing leave the
        // field out, so the primitive's default applies; null is kept: the primitive reads it as "not known".
        if (rendered === undefined || (rendered === '' && typeof v === 'string' && wholeExpression(v) === undefined)) continue;
        out[k] = rendered;
      }
      return out;
    }
    return value;
  }

  /** Whether a `when:` condition holds: a template `"{{ out.x is not none }}"` (the spec's form) or a bare expression. */
  holds(when: string, context: Record<string, unknown>, name: string): boolean {
    const source = wholeExpression(when) ?? when;
    let expr = this.conditions.get(source);
    if (!expr) {
      expr = compileExpression(source, { name });
      this.conditions.set(source, expr);
    }
    const v = expr.evaluate(context);
    // Jinja's truthiness, as {% if %} has it: empty text, lists and mappings are false.
    if (v && typeof v === 'object') return Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0;
    return !(v === false || v === null || v === undefined || v === '' || v === 0);
  }
}
