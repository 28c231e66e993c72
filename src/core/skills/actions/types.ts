import type { RecordsTransaction } from '../../records/recordsStore';
import type { RecordRow } from '../../records/rows';
import type { EntityKind } from '../../records/schema';
import type { RecordsView } from '../../records/validate';
import type { JsonSchema } from '../../runtime/schema';

/** What an action does to its target: a new record, a change to an existing one, or nothing. */
export type PlanOp = 'create' | 'update' | 'unchanged';

/** One field of a record before and after a planned write (the dry run's diff). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One row an action will write. */
export interface PlannedWrite {
  op: PlanOp;
  kind: EntityKind;
  id: string;
  /** The record as it is before the write (update and unchanged). */
  existing?: RecordRow;
  /** create: every column of the new row; update: the columns that change; unchanged: nothing. */
  fields: Record<string, unknown>;
  changes: FieldChange[];
}

/** What a primitive's `plan` decides, before the runner numbers it and names its alias. */
export interface PlanResult {
  op: PlanOp;
  kind: EntityKind;
  /** The record the action is about (the new one on create). */
  id: string;
  existing?: RecordRow;
  changes: FieldChange[];
  /** Every row written, the target's first when it is written at all. */
  writes: PlannedWrite[];
  /** Things the user should know (an ambiguous match, a dropped value). */
  warnings: string[];
}

/** The value later actions use for an `as:` name: `{{ company.id }}`, `{{ company.ref }}`. */
export interface ActionAlias {
  id: string;
  /** "kind:id", what entity parameters (`entity`, `from`, `to`) take. */
  ref: string;
}

/** A fully resolved action, as a dry run shows it and `applyActions` writes it. */
export interface PlannedAction extends PlanResult {
  /** Position in the run's list of actions, from 0. */
  index: number;
  primitive: string;
  as?: string;
  /** The parameters as validated (the values actually used). */
  params: Record<string, unknown>;
  ref: string;
  alias: ActionAlias;
}

/** What `plan` may read: the records (with the earlier actions of the run already in them) and the run's settings. */
export interface PlanView extends RecordsView {
  /** Id of a record this action creates (fixed by the plan, so later actions can name it). */
  newId(): string;
  /** Folder `attach` paths must stay inside; absent when no workspace is open. */
  workspaceRoot?: string;
  /** The run's input attachments, which `attach` takes by `attachment_id` (the runtime passes them). */
  inputAttachments?: readonly InputAttachment[];
}

/** A file or address the run's input came with (a screenshot, a recording), as `attach` may name it. */
export interface InputAttachment {
  id: string;
  path?: string;
  uri?: string;
  mime?: string;
  name?: string;
}

/** Where `apply` writes: the run's transaction, and a view of it to check the plan still holds. */
export interface ApplyContext {
  tx: RecordsTransaction;
  /** The records inside the transaction, with the run's earlier actions applied, for re-planning. */
  view: PlanView;
  /** Ids the run's earlier actions wrote (their stamps differ from the plan's, by design). */
  touched: ReadonlySet<string>;
}

/** A primitive: its schema for the editor and the validator, how it plans, how it writes. */
export interface ActionDefinition {
  /** snake_case name used in skill.yaml `actions`. */
  name: string;
  /** One line: what it does and when to use it. */
  description: string;
  /** JSON Schema of its parameters; every property has a description (the editor shows them). */
  params: JsonSchema;
  /** Decides create, update or unchanged against the records; never writes. Throws on bad input. */
  plan(params: Record<string, unknown>, view: PlanView): PlanResult;
  /** Writes a planned action inside the run's transaction; throws StalePlanError if the records changed since planning. */
  apply(planned: PlannedAction, ctx: ApplyContext): ActionAlias;
}

/** An action's parameters were wrong; the message names the action and the field. */
export class ActionInputError extends Error {
  constructor(message: string, readonly index?: number, readonly primitive?: string) {
    super(message);
    this.name = 'ActionInputError';
  }
}

/** The records changed between planning and applying (another window or a CLI run wrote them): plan again. */
export class StalePlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StalePlanError';
  }
}
