import type * as vscode from 'vscode';
import { redact, redactText, type Logger } from '../../core';

/** Sends core log lines to the "Interview Lens" LogOutputChannel (its level filter applies). */
export function channelLogger(channel: vscode.LogOutputChannel): Logger {
  const fmt = (message: string, fields?: Record<string, unknown>) => (fields ? `${message} ${JSON.stringify(fields)}` : message);
  return {
    debug: (m, f) => channel.debug(fmt(m, f)),
    info: (m, f) => channel.info(fmt(m, f)),
    warn: (m, f) => channel.warn(fmt(m, f)),
    error: (m, f) => channel.error(fmt(m, f)),
  };
}

const WRITERS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

/**
 * The output channel with every line passed through the redactor: the extension writes its own
 * lines (history path, warnings, failures) straight to the channel, so the channel itself redacts.
 */
export function redactingChannel(channel: vscode.LogOutputChannel): vscode.LogOutputChannel {
  return new Proxy(channel, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (typeof prop === 'string' && WRITERS.has(prop)) {
        return (first: unknown, ...rest: unknown[]) => value.call(target, typeof first === 'string' ? redactText(first) : first instanceof Error ? redactError(first) : first, ...rest.map((r) => redact(r)));
      }
      return value.bind(target);
    },
  });
}

function redactError(err: Error): Error {
  const copy = new Error(redactText(err.message));
  copy.name = err.name;
  copy.stack = err.stack ? redactText(err.stack) : undefined;
  return copy;
}
