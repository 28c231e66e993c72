/**
 * Settings a workspace must not choose in Restricted Mode (the engine, where requests go, which
 * model). `capabilities.untrustedWorkspaces.restrictedConfigurations` asks VS Code to ignore the
 * workspace's values, but this module does not rely on it: while the workspace is untrusted only
 * the user's own value (or the default) is read. No `vscode` import, so it is unit-testable.
 */

/** The parts of `WorkspaceConfiguration.inspect(key)` this module reads. */
export interface InspectedSetting<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/**
 * The value of a guarded setting. Trusted: `resolved` (what VS Code resolved from every scope).
 * Untrusted: the user's value, else the default, else `fallback`; workspace and folder values are
 * never read. A value of the wrong type counts as unset.
 */
export function guardedValue<T>(trusted: boolean, resolved: unknown, inspected: InspectedSetting<unknown> | undefined, fallback: T): T {
  const ok = (v: unknown): v is T => v !== undefined && v !== null && typeof v === typeof fallback;
  if (trusted) return ok(resolved) ? resolved : fallback;
  if (ok(inspected?.globalValue)) return inspected!.globalValue;
  if (ok(inspected?.defaultValue)) return inspected!.defaultValue;
  return fallback;
}

/** A whole number from `value` within [min, max]; `fallback` when it is not a finite number. */
export function boundedInteger(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.max(min, Math.min(max, Math.round(n)));
}
