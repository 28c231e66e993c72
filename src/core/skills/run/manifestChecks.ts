/**
 * The checks the manifest validator cannot make alone, plugged into its hooks: template syntax
 * (with the engine that renders them, so what the editor accepts is what runs) at the exact
 * position inside the YAML, and each action's parameters against its primitive's schema.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { compileExpression, compileTemplate, TemplateError } from '../../runtime/template';
import { actionSchemas } from '../actions/registry';
import { closeSchema } from '../../runtime/validation';
import type { CheckActionParams, CheckTemplate } from '../manifest';
import { linearRegExpEngine } from '../../runtime/linearRegExp';

/** Offset in `text` of a 1-based line and column (UTF-16 units, as the engine counts). */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return Math.min(text.length, offset + column - 1);
}

/** Template syntax, unknown filters and tests, at their place in the file. */
export const checkTemplateSyntax: CheckTemplate = (templateText, _line, _column, site) => {
  try {
    if (site.kind === 'expression') compileExpression(templateText);
    else compileTemplate(templateText);
    return [];
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    const start = offsetOf(templateText, err.line, err.column);
    const end = err.endLine !== undefined && err.endColumn !== undefined ? offsetOf(templateText, err.endLine, err.endColumn) : start + 1;
    // The engine says where a block opened in the template's own lines; the editor shows the file's.
    const reason = err.reason.replace(/opened at (\d+):(\d+)/g, (_, l: string, c: string) => {
      const at = offsetOf(templateText, Number(l), Number(c));
      const where = site.problem(at, at + 1, '', 'template-syntax');
      return `opened at line ${where.line}, column ${where.column}`;
    });
    return [site.problem(start, Math.max(end, start + 1), reason, 'template-syntax')];
  }
};

const paramValidators = new Map<string, { validate: ValidateFunction; schema: unknown }>();

/**
 * An action's parameters against its primitive's schema. A template value is only known at run
 * time, so a string holding `{{` or `{%` passes any type check here; the primitive checks it
 * again, rendered, when the skill runs.
 */
export const checkActionParamsSchema: CheckActionParams = (primitive, params, at) => {
  let entry = paramValidators.get(primitive);
  if (!entry) {
    const def = actionSchemas().find((a) => a.name === primitive);
    if (!def) return [];
    // Closed as the runtime closes it (validation.ts), so a misspelt parameter is found here, not at run time.
    const schema = closeSchema(def.params);
    entry = { validate: new Ajv({ allErrors: true, strict: false, verbose: true, code: { regExp: linearRegExpEngine } }).compile(schema), schema };
    paramValidators.set(primitive, entry);
  }
  if (entry.validate(params)) return [];
  const isTemplateValue = (pointer: string): boolean => {
    let v: unknown = params;
    for (const part of pointer.split('/').slice(1)) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return typeof v === 'string' && (v.includes('{{') || v.includes('{%'));
  };
  const errors = (entry.validate.errors ?? []).filter((e) => !(['type', 'enum', 'format', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength'].includes(e.keyword) && isTemplateValue(e.instancePath)));
  return errors.length ? at.fromAjvErrors(errors, entry.schema) : [];
};
