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

/** What version choice needs of a loaded skill. */
export interface VersionedSkill {
  name: string;
  manifest?: { version: number; canary?: number };
}

/**
 * One skill per name for this request: where a name has two versions (a canary pair, see
 * loadSkills.ts), the one marked `canary: N` when the request falls in its N %, else the other.
 * Every other skill is kept as it is, in order.
 */
export function pickVersions<T extends VersionedSkill>(skills: readonly T[], requestId: string): T[] {
  const byName = new Map<string, T[]>();
  for (const s of skills) byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
  const out: T[] = [];
  for (const s of skills) {
    const group = byName.get(s.name)!;
    if (group.length === 1) {
      out.push(s);
      continue;
    }
    if (group[0] !== s) continue;
    const candidate = group.find((g) => g.manifest?.canary !== undefined);
    const stable = group.find((g) => g !== candidate);
    out.push(candidate && stable && inCanary(requestId, candidate.manifest!.canary!) ? candidate : stable ?? s);
  }
  return out;
}

/** The request id routing hashes for a skill input: the same input always gets the same version. */
export function requestIdOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
