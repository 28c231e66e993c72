import * as vscode from 'vscode';

/** The progress reporter a task gets from `withAbortableProgress`. */
export type ProgressReporter = vscode.Progress<{ message?: string; increment?: number }>;

/**
 * `vscode.window.withProgress` with Cancel wired to an AbortSignal: Cancel aborts the task's signal
 * (and with it every model request in flight), and a task that throws aborts it too, so nothing
 * it started keeps running after it failed. Pass `controller` to abort the run from elsewhere as well.
 */
export function withAbortableProgress<T>(
  options: vscode.ProgressOptions,
  task: (progress: ProgressReporter, signal: AbortSignal) => Promise<T>,
  controller = new AbortController(),
): Thenable<T> {
  return vscode.window.withProgress(options, async (progress, token) => {
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      return await task(progress, controller.signal);
    } catch (err) {
      controller.abort();
      throw err;
    } finally {
      sub.dispose();
    }
  });
}
