import type { PlanOp } from '../core/skills/actions/types';

/**
 * How the CLI states one planned action: "would create", "would update", or "unchanged" for a
 * record already there (it had printed "would unchanged"). Padded so the primitives line up.
 */
export function planVerb(op: PlanOp, dryRun: boolean): string {
  const verb = op === 'unchanged' ? 'unchanged' : dryRun ? `would ${op}` : op === 'create' ? 'created' : 'updated';
  return verb.padEnd(12);
}

/** The closing line of a dry run: how many actions would write, or that nothing would. */
export function dryRunFooter(ops: readonly PlanOp[]): string {
  const n = ops.filter((op) => op !== 'unchanged').length;
  if (n === 0) return ops.length ? 'dry run: nothing to write, every record is already there, unchanged' : 'dry run: nothing to write';
  return `dry run: ${n} ${n === 1 ? 'action' : 'actions'} would write; nothing was written`;
}
