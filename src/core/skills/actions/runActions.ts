import { randomUUID } from 'node:crypto';
import type { Database } from 'sql.js';
import { RecordsError } from '../../records/errors';
import { DatabaseTransaction, type RunInfo, type SkillRecords } from '../../records/recordsStore';
import { refOf } from '../../records/schema';
import { compileValidator, type InputValidator } from '../../runtime/validation';
import { LEGACY_PARAMS, renameLegacyParams } from './legacyParams';
import { cleanParams } from './plan';
import { findAction, ACTION_NAMES, type ActionName } from './registry';
import { ActionInputError, type ActionAlias, type ActionDefinition, type InputAttachment, type PlannedAction, type PlanView } from './types';

/** One entry of a skill's `actions`, with its parameters already rendered to plain values. */
export interface ActionInput {
  primitive: string;
  params: Record<string, unknown>;
  /** Name later actions use for this one's `{ id, ref }`. */
  as?: string;
}

/** How a run's actions are planned. */
export interface PlanOptions {
  /** Folder `attach` paths must stay inside. */
  workspaceRoot?: string;
  /** The run's input attachments, which `attach` takes by attachment_id. */
  inputAttachments?: readonly InputAttachment[];
  /** Ids of new records; tests pass a counter. */
  newId?: () => string;
  /**
   * Called before each action with the aliases planned so far: returns its rendered parameters, or
   * null to skip it (a `when:` that is false). The runtime's template renderer plugs in here.
   */
  render?: (action: ActionInput, aliases: Readonly<Record<string, ActionAlias>>) => Record<string, unknown> | null;
}

/** How a run's actions are applied. */
export interface ApplyOptions {
  /** The same folder the plan used (attach checks its files again). */
  workspaceRoot?: string;
  /** The same input attachments the plan used. */
  inputAttachments?: readonly InputAttachment[];
}

/** What one applied action did. */
export interface AppliedAction {
  index: number;
  primitive: string;
  as?: string;
  op: PlannedAction['op'];
  kind: PlannedAction['kind'];
  id: string;
  ref: string;
}

/** The result of a run that wrote its actions. */
export interface ApplyOutcome {
  runId: string;
  actions: AppliedAction[];
}

/**
 * The actions of a run could not be written. Nothing of them was written (the file is untouched);
 * the run was then recorded as failed in a separate small write, unless that failed too
 * (`runRecorded` false).
 */
export class ActionsFailedError extends Error {
  constructor(message: string, readonly runId: string, readonly runRecorded: boolean, readonly index: number | undefined, readonly reason: unknown) {
    super(message);
    this.name = 'ActionsFailedError';
  }
}

/** Template names an alias may not take: they would hide the runtime's own helpers. */
const RESERVED_ALIASES = new Set(['now', 'input', 'out', 'loop', 'true', 'false', 'none']);
const validators = new Map<string, InputValidator>();

function validatorFor(def: ActionDefinition): InputValidator {
  let v = validators.get(def.name);
  if (!v) {
    v = compileValidator(def.params, { scalarsAsText: true });
    validators.set(def.name, v);
  }
  return v;
}

/** The parameters a primitive takes, required ones first, for error messages. */
function allowedParams(def: ActionDefinition): string {
  const required = def.params.required ?? [];
  const optional = Object.keys(def.params.properties ?? {}).filter((k) => !required.includes(k));
  return `${def.name} takes ${[...required.map((r) => `${r} (required)`), ...optional].join(', ')}`;
}

/**
 * What is wrong with the names of an action's parameters, before their values are checked: an
 * unknown one (with the old-name hint when it is one), an old name given beside its new one, or a
 * required parameter given as null (a template of a value the model left null).
 */
function paramsProblem(def: ActionDefinition, given: Record<string, unknown>): string | undefined {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) return `parameters must be a mapping of names to values (${allowedParams(def)})`;
  const known = def.params.properties ?? {};
  const legacy = LEGACY_PARAMS[def.name as ActionName] ?? [];
  for (const k of Object.keys(given)) {
    if (Object.prototype.hasOwnProperty.call(known, k)) continue;
    const old = legacy.find((l) => l.from === k);
    if (old && Object.prototype.hasOwnProperty.call(given, old.to)) return `"${k}" is the old name of "${old.to}": give "${old.to}" only`;
    if (old) continue;
    if (k === 'as' || k === 'when') return `unknown parameter "${k}": "${k}:" belongs to the action itself, not to its parameters here (${allowedParams(def)})`;
    return `unknown parameter "${k}" (${allowedParams(def)})`;
  }
  for (const r of def.params.required ?? []) {
    const old = legacy.find((l) => l.to === r);
    const value = Object.prototype.hasOwnProperty.call(given, r) ? given[r] : old ? given[old.from] : undefined;
    if (value === null) return `required parameter "${r}" is null: the value it was rendered from is missing (${allowedParams(def)})`;
  }
  return undefined;
}

function summary(p: PlannedAction): AppliedAction {
  return { index: p.index, primitive: p.primitive, ...(p.as ? { as: p.as } : {}), op: p.op, kind: p.kind, id: p.id, ref: p.ref };
}

/**
 * Plans a run's actions one at a time against a private copy of the records (`snapshot()` of the
 * file, or of a chain dry run's ScratchRecords)
 * into which each planned action is written, so later actions dedupe against earlier ones (two
 * upsert_company of one name are one company) and can name what they create. Nothing reaches the
 * file. Use it directly when parameters are rendered between actions; `planActions` otherwise.
 */
export class ActionPlanner {
  readonly planned: PlannedAction[] = [];
  private readonly aliasMap = new Map<string, ActionAlias>();
  private readonly scratch: Database;
  private readonly tx: DatabaseTransaction;
  private readonly view: PlanView;

  constructor(store: Pick<SkillRecords, 'snapshot' | 'now'>, options: PlanOptions = {}) {
    this.scratch = store.snapshot();
    this.tx = new DatabaseTransaction(this.scratch, null, store.now().toISOString());
    const newId = options.newId ?? randomUUID;
    this.view = {
      get: (kind, id) => this.tx.get(kind, id),
      find: (kind, where, opts) => this.tx.find(kind, where, opts),
      newId: () => newId(),
      workspaceRoot: options.workspaceRoot,
      inputAttachments: options.inputAttachments,
    };
  }

  /** The `{ id, ref }` of every `as:` name planned so far (a fresh object without a prototype). */
  aliases(): Record<string, ActionAlias> {
    const out = Object.create(null) as Record<string, ActionAlias>;
    for (const [k, v] of this.aliasMap) out[k] = { ...v };
    return out;
  }

  /**
   * Plans one action (`index`: its place in the skill's list, for messages). Unknown primitives,
   * parameters against the schema, missing records and conflicts are ActionInputError naming the
   * action and field.
   */
  plan(action: ActionInput, index = this.planned.length): PlannedAction {
    const name = String(action.primitive);
    const fail = (message: string) => new ActionInputError(`action ${index + 1} (${name}): ${message}`, index, name);
    const def = findAction(name);
    if (!def) throw fail(`unknown action; the actions are ${ACTION_NAMES.join(', ')}`);
    if (action.as !== undefined) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(action.as) || RESERVED_ALIASES.has(action.as)) {
        throw fail(`"as: ${action.as}" must be a name of letters, digits and _ (not ${[...RESERVED_ALIASES].join(', ')})`);
      }
      if (this.aliasMap.has(action.as)) throw fail(`"as: ${action.as}" is already the name of an earlier action`);
    }
    const problem = paramsProblem(def, action.params);
    if (problem) throw fail(problem);
    const checked = validatorFor(def)(cleanParams(renameLegacyParams(name, action.params).params));
    if (!checked.ok) throw fail(`${checked.message} (${allowedParams(def)})`);
    let planned: PlannedAction;
    try {
      const result = def.plan(checked.value, this.view);
      const ref = refOf(result.kind, result.id);
      planned = { ...result, index, primitive: name, ...(action.as ? { as: action.as } : {}), params: checked.value, ref, alias: { id: result.id, ref } };
      // Written into the private copy so the next actions see it; a conflict shows here, not at apply.
      for (const w of planned.writes) {
        if (w.op === 'create') this.tx.insert(w.kind, w.id, w.fields);
        else if (w.op === 'update') this.tx.update(w.kind, w.id, w.fields);
      }
    } catch (err) {
      if (err instanceof RecordsError) throw fail(err.message);
      throw err;
    }
    this.planned.push(planned);
    if (action.as) this.aliasMap.set(action.as, planned.alias);
    return planned;
  }

  /** Frees the private copy. */
  close(): void {
    this.scratch.close();
  }
}

/**
 * The dry run: every action fully resolved (op create/update/unchanged, target kind and id, the
 * matched record and the diff, the alias values), and nothing written anywhere.
 */
export function planActions(actions: readonly ActionInput[], store: Pick<SkillRecords, 'snapshot' | 'now'>, options: PlanOptions = {}): PlannedAction[] {
  const planner = new ActionPlanner(store, options);
  try {
    actions.forEach((action, i) => {
      const params = options.render ? options.render(action, planner.aliases()) : action.params;
      if (params !== null) planner.plan({ ...action, params }, i);
    });
    return planner.planned;
  } finally {
    planner.close();
  }
}

/**
 * Writes planned actions in ONE transaction of the records file together with the run's
 * ingest_run (status ok). Each action is planned again inside the transaction and must give the
 * same writes (else StalePlanError: the records changed since the user saw the plan). Any failure
 * rolls back everything: nothing is written and the file is untouched. The run is then recorded
 * with status failed in a separate small write, and ActionsFailedError says which action failed.
 */
export async function applyActions(planned: readonly PlannedAction[], store: Pick<SkillRecords, 'transaction' | 'recordRun'>, runInfo: RunInfo, options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const runId = runInfo.id ?? randomUUID();
  let failedAt: PlannedAction | undefined;
  try {
    const { result } = await store.transaction({ ...runInfo, id: runId }, (tx) => {
      const touched = new Set<string>();
      const done = planned.map((p) => {
        failedAt = p;
        const def = findAction(p.primitive);
        if (!def) throw new RangeError(`unknown action; the actions are ${ACTION_NAMES.join(', ')}`);
        const ids = p.writes.filter((w) => w.op === 'create').map((w) => w.id);
        let next = 0;
        const view: PlanView = {
          get: (kind, id) => tx.get(kind, id),
          find: (kind, where, opts) => tx.find(kind, where, opts),
          // The plan's ids again, so the re-plan names the same new records.
          newId: () => ids[next++] ?? randomUUID(),
          workspaceRoot: options.workspaceRoot,
          inputAttachments: options.inputAttachments,
        };
        def.apply(p, { tx, view, touched });
        for (const w of p.writes) touched.add(w.id);
        return summary(p);
      });
      failedAt = undefined;
      return done;
    }, (done) => done);
    return { runId, actions: result };
  } catch (err) {
    const reason = (err as Error).message ?? String(err);
    const message = failedAt
      ? `action ${failedAt.index + 1} (${failedAt.primitive}) failed: ${reason}. Nothing was written`
      : `the run's records could not be saved: ${reason}. Nothing was written`;
    let recorded = false;
    try {
      await store.recordRun({ ...runInfo, id: runId }, 'failed', { error: message, actions: planned.map(summary) });
      recorded = true;
    } catch {
      /* the caller is told: runRecorded is false */
    }
    throw new ActionsFailedError(message, runId, recorded, failedAt?.index, err);
  }
}
