/**
 * What a script builds its result with, as the spec's run contract names it: `ctx.A` (one
 * constructor per action primitive, `A.UpsertPerson({...})`, `A.CreateEvent({...})`, …) and
 * `ctx.SkillResult`, whose `add(action)` returns a reference to that action's future record,
 * usable as another action's `source` / `target` / `entity`, with `.id` for an `*_id` parameter.
 * This runs inside the script's worker and imports nothing. A reference becomes the runtime's own
 * alias (`as:` plus the exact placeholders `{{ alias.ref }}` / `{{ alias.id }}`), so planning, dry
 * runs and the one-transaction apply treat a script's actions as they treat a manifest's.
 */

/** An action made by a constructor of `ctx.A`, not yet added to a result. */
export class ScriptAction {
  constructor(readonly primitive: string, readonly params: Record<string, unknown>) {}
}

/** The record an added action will create or find: pass it as `source`/`target`/`entity`; `.id` for an `*_id`. */
export class ActionRef {
  /** The record's id, for an `*_id` parameter (`company_id: company.id`). */
  readonly id: string;
  /** The record's reference (kind and id), what `source`/`target`/`entity` take. */
  readonly ref: string;

  constructor(readonly alias: string) {
    this.id = `{{ ${alias}.id }}`;
    this.ref = `{{ ${alias}.ref }}`;
  }

  toString(): string {
    return this.ref;
  }

  toJSON(): string {
    return this.ref;
  }
}

/** What execute() returns: the actions (in order), the summary for the user, warnings, and anything for debugging. */
export class SkillResult {
  summary_md?: string;
  /** Warnings the script adds (`out.warnings.push('…')`); the run shows them. */
  warnings: string[];
  /** Anything the script wants kept for debugging: shown as the run's output. */
  raw?: unknown;
  readonly actions: ScriptAction[] = [];
  private readonly refs = new Map<ScriptAction, ActionRef>();

  constructor(init: { summary_md?: string; warnings?: string[]; raw?: unknown } = {}) {
    if (init === null || typeof init !== 'object') throw new TypeError('new SkillResult({ summary_md }) takes an object');
    if (init.summary_md !== undefined && init.summary_md !== null) this.summary_md = String(init.summary_md);
    this.warnings = Array.isArray(init.warnings) ? init.warnings.map(String) : [];
    if (init.raw !== undefined) this.raw = init.raw;
  }

  /** Adds an action (made by `ctx.A`) and returns the reference to its record. */
  add(action: ScriptAction): ActionRef {
    if (!(action instanceof ScriptAction)) throw new TypeError('out.add() takes an action made by ctx.A, e.g. out.add(A.CreateNote({ body_md: "…" }))');
    const had = this.refs.get(action);
    if (had) return had;
    this.actions.push(action);
    const ref = new ActionRef(`${action.primitive}_${this.actions.length}`);
    this.refs.set(action, ref);
    return ref;
  }

  /** The result as plain data for the runtime (references as alias placeholders). */
  toWire(): WireResult {
    const actions = this.actions.map((a, i) => ({
      primitive: a.primitive,
      params: plain(a.params, `action ${i + 1} (${a.primitive})`) as Record<string, unknown>,
      as: this.refs.get(a)!.alias,
    }));
    return {
      kind: 'skill_result',
      ...(this.summary_md !== undefined ? { summary_md: this.summary_md } : {}),
      warnings: Array.isArray(this.warnings) ? this.warnings.map(String) : [],
      ...(this.raw !== undefined ? { raw: this.raw } : {}),
      actions,
    };
  }
}

/** A SkillResult as the worker posts it. */
export interface WireResult {
  kind: 'skill_result';
  summary_md?: string;
  warnings: string[];
  raw?: unknown;
  actions: Array<{ primitive: string; params: Record<string, unknown>; as: string }>;
}

/** A parameter value with references replaced by their placeholders; an action never added is an error. */
function plain(value: unknown, where: string): unknown {
  if (value instanceof ActionRef) return value.ref;
  if (value instanceof ScriptAction) throw new TypeError(`${where}: a parameter is an action (${value.primitive}), not a reference; pass what out.add() returned for it`);
  if (Array.isArray(value)) return value.map((v) => plain(v, where));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = plain(v, where);
    return out;
  }
  return value;
}

/** `upsert_person` → `UpsertPerson`. */
export function constructorName(primitive: string): string {
  return primitive.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** `ctx.A`: one constructor per primitive name (the runtime's list, so a new primitive gets one). */
export function actionConstructors(primitives: readonly string[]): Readonly<Record<string, (params?: Record<string, unknown>) => ScriptAction>> {
  const A: Record<string, (params?: Record<string, unknown>) => ScriptAction> = {};
  for (const primitive of primitives) {
    A[constructorName(primitive)] = (params = {}) => {
      if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new TypeError(`A.${constructorName(primitive)}() takes its parameters as an object, e.g. A.${constructorName(primitive)}({ … })`);
      return new ScriptAction(primitive, params);
    };
  }
  return Object.freeze(A);
}
