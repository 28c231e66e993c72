import { randomUUID } from 'node:crypto';

/** A short id that ties together the log lines of one user action. */
export function newRequestId(): string {
  return randomUUID().slice(0, 8);
}
