/**
 * A script's result as the runtime plans it: a SkillResult (posted by the worker as plain data,
 * its references already alias placeholders) or the older plain object `{ summary_md, actions,
 * output, warnings }`. Anything else is an error saying what to return. A script's parameters are
 * data (they often carry the model's words): nothing in them is a template, except a value that is
 * exactly an alias placeholder, `{{ name.id }}` / `{{ name.ref }}`, which the plan resolves.
 */
import { primitiveOf } from '../manifest';
import { ScriptError } from './scriptError';
import type { WireResult } from './scriptResultApi';

/** One action in the runtime's form. */
export interface ScriptActionSpec {
  primitive: string;
  params: Record<string, unknown>;
  as?: string;
}

/** What a script's run goes on with. */
export interface NormalizedResult {
  actions: ScriptActionSpec[];
  summaryMd?: string;
  warnings: string[];
  output?: unknown;
}

/** The keys the older plain-object result may have. */
const PLAIN_RESULT_KEYS = ['summary_md', 'actions', 'output', 'warnings', 'raw'];

/** What execute() returned, checked and in the runtime's form. */
export function normalizeResult(skill: string, result: unknown): NormalizedResult {
  const shape = 'return a SkillResult (const out = new ctx.SkillResult({ summary_md }); out.add(ctx.A.CreateNote({ … })); return out), or an object { summary_md, actions }';
  if (!result || typeof result !== 'object' || Array.isArray(result)) {
    throw new ScriptError(`skill "${skill}": execute() returned ${result === undefined ? 'nothing' : Array.isArray(result) ? 'a list' : typeof result === 'object' ? 'null' : `a ${typeof result}`}; ${shape}`);
  }
  const r = result as Record<string, unknown>;
  const warnings = Array.isArray(r.warnings) ? r.warnings.map(String) : [];
  const summaryMd = typeof r.summary_md === 'string' && r.summary_md.trim() ? r.summary_md : undefined;
  if (r.kind === 'skill_result') {
    const w = r as unknown as WireResult;
    return { actions: w.actions, warnings, ...(summaryMd ? { summaryMd } : {}), ...(w.raw !== undefined ? { output: w.raw } : {}) };
  }
  const unknown = Object.keys(r).filter((k) => !PLAIN_RESULT_KEYS.includes(k));
  if (unknown.length) throw new ScriptError(`skill "${skill}": execute() returned an object with ${unknown.map((k) => `"${k}"`).join(', ')}, which a result does not have; ${shape}`);
  return { actions: normalizeActions(skill, r.actions), warnings, ...(summaryMd ? { summaryMd } : {}), ...(r.output !== undefined ? { output: r.output } : r.raw !== undefined ? { output: r.raw } : {}) };
}

/** Actions of the plain-object result: `{ primitive, params, as? }` or the YAML form `{ create_note: {…}, as? }`. */
function normalizeActions(skill: string, actions: unknown): ScriptActionSpec[] {
  if (actions === undefined) return [];
  if (!Array.isArray(actions)) throw new ScriptError(`skill "${skill}": execute() returned "actions" that is not a list`);
  return actions.map((a, i) => {
    if (!a || typeof a !== 'object') throw new ScriptError(`skill "${skill}": action ${i + 1} is not an object`);
    const o = a as Record<string, unknown>;
    const as = typeof o.as === 'string' ? o.as : undefined;
    // A script decides in code whether to return an action: `when` is a manifest's tool, not a script's.
    if (o.when !== undefined) throw new ScriptError(`skill "${skill}": action ${i + 1} has "when"; a script returns only the actions it wants`);
    if (typeof o.primitive === 'string') return { primitive: o.primitive, params: (o.params ?? {}) as Record<string, unknown>, ...(as ? { as } : {}) };
    const primitive = primitiveOf(o);
    if (!primitive) throw new ScriptError(`skill "${skill}": action ${i + 1} names no action primitive (give "primitive" and "params", or one primitive key)`);
    return { primitive, params: (o[primitive] ?? {}) as Record<string, unknown>, ...(as ? { as } : {}) };
  });
}

/** `{{ name.id }}` or `{{ name.ref }}`, exactly: the only template a script's parameter may be. */
function aliasPlaceholder(value: string): { name: string; field: 'id' | 'ref' } | undefined {
  const t = value.trim();
  if (!t.startsWith('{{') || !t.endsWith('}}')) return undefined;
  const inner = t.slice(2, -2).trim();
  const dot = inner.indexOf('.');
  const name = inner.slice(0, dot);
  const field = inner.slice(dot + 1);
  if (dot <= 0 || (field !== 'id' && field !== 'ref')) return undefined;
  for (const ch of name) if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === '_')) return undefined;
  return { name, field };
}

/** Parameters with alias placeholders replaced by the planned ids; everything else as given. */
export function resolveAliases(value: unknown, aliases: Readonly<Record<string, { id: string; ref: string }>>): unknown {
  if (typeof value === 'string') {
    const p = aliasPlaceholder(value);
    if (!p) return value;
    const alias = Object.prototype.hasOwnProperty.call(aliases, p.name) ? aliases[p.name] : undefined;
    if (!alias) throw new ScriptError(`"${value}" names no earlier action's alias (as: ${p.name})`);
    return alias[p.field];
  }
  if (Array.isArray(value)) return value.map((v) => resolveAliases(v, aliases));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== '__proto__' && k !== 'constructor' && k !== 'prototype') out[k] = resolveAliases(v, aliases);
    return out;
  }
  return value;
}
