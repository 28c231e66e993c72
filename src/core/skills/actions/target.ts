import { RecordsError } from '../../records/errors';
import { existingId } from './plan';
import type { PlanView } from './types';

/**
 * The position (and application) an interview or offer belongs to, from `position_id`,
 * `application_id` or both (which must agree): an application names its position.
 */
export function positionTarget(view: PlanView, p: Record<string, unknown>): { positionId: string; applicationId?: string } {
  if (p.position_id === undefined && p.application_id === undefined) {
    throw new RecordsError('invalid', 'give position_id or application_id (or both): the position this belongs to');
  }
  const applicationId = p.application_id === undefined ? undefined : existingId(view, p.application_id, 'application', 'application_id');
  const fromApplication = applicationId ? String(view.get('application', applicationId)!.position_id) : undefined;
  const positionId = p.position_id === undefined ? fromApplication! : existingId(view, p.position_id, 'position', 'position_id');
  if (fromApplication && fromApplication !== positionId) {
    throw new RecordsError('invalid', `application ${applicationId} is for another position than position_id ${positionId}`);
  }
  return { positionId, applicationId };
}

/**
 * Like positionTarget, for a record that may exist before its position is known (an interview
 * logged from a diagnosis): neither id gives no position.
 */
export function optionalPositionTarget(view: PlanView, p: Record<string, unknown>): { positionId?: string; applicationId?: string } {
  if (p.position_id === undefined && p.application_id === undefined) return {};
  return positionTarget(view, p);
}
