import * as vscode from 'vscode';
import type { Logger } from '../core';

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
