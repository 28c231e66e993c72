// What one step of a chain did: its own file, below both the chain runner (which makes the
// reports) and the run trace (which keeps them), so neither imports the other for the type.
import type { PlanOp } from '../actions/types';

/** One action of a step's plan, as the step report lists it (and `output_as` gives later steps). */
export interface ChainStepAction {
  primitive: string;
  op: PlanOp;
  id: string;
  /** "kind:id" of the record the action is about. */
  ref: string;
}

/** How one step ended. */
export interface ChainStepReport {
  index: number;
  skill: string;
  status: 'ok' | 'dry_run' | 'skipped' | 'failed' | 'invalid';
  attempts: number;
  output_as?: string;
  runId?: string;
  planned?: number;
  /** What the step's plan does (a dry run) or did, action by action; absent when it planned nothing. */
  actions?: ChainStepAction[];
  error?: string;
  /** True for a step of an `on_error` branch. */
  onError?: boolean;
}
