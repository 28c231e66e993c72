/**
 * `canary: N` sends N % of requests to a skill's new version. The choice is a stable hash of the
 * request id, so the same request (a retry, a replay) always goes the same way, and the share is
 * close to N over many requests.
 */
import { createHash } from 'node:crypto';

/** The request's bucket, 0–99. */
export function canaryBucket(requestId: string): number {
  const h = createHash('sha256').update(requestId).digest();
  return h.readUInt32BE(0) % 100;
}

/** Whether this request runs the canary version at `percent` (0–100). */
export function inCanary(requestId: string, percent: number): boolean {
  if (!(percent > 0)) return false;
  if (percent >= 100) return true;
  return canaryBucket(requestId) < percent;
}
