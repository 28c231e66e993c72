/** What a tool call returns, success or a failure with a code the caller handles; below the tool contract and the call recorder, which both speak of it. */
/** Why a tool call failed; the only codes a caller ever has to handle. */
export type ToolErrorCode = 'input_error' | 'service_error' | 'timeout' | 'permission_denied' | 'cancelled';

/** A failure a tool reports instead of throwing. */
export interface ToolError {
  code: ToolErrorCode;
  message: string;
  /** What fixes it, when the user can: a command (a button in VS Code), an environment variable (CLI) or a setting. */
  fix?: { command?: string; env?: string; setting?: string };
}

/** What every tool call returns: never an exception. */
export interface ToolResult<T = unknown> {
  success: boolean;
  data?: T;
  error?: ToolError;
}

export function ok<T>(data: T): ToolResult<T> {
  return { success: true, data };
}

export function fail(code: ToolErrorCode, message: string, fix?: ToolError['fix']): ToolResult<never> {
  return { success: false, error: { code, message, ...(fix ? { fix } : {}) } };
}
