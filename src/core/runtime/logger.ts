/** Structured log sink; the extension writes to a LogOutputChannel, the CLI to stderr or nowhere. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (the CLI default without --verbose). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** A logger that keeps every line, for tests and for the CLI's --verbose. */
export class MemoryLogger implements Logger {
  readonly lines: Array<{ level: string; message: string; fields?: Record<string, unknown> }> = [];
  debug(message: string, fields?: Record<string, unknown>): void { this.lines.push({ level: 'debug', message, fields }); }
  info(message: string, fields?: Record<string, unknown>): void { this.lines.push({ level: 'info', message, fields }); }
  warn(message: string, fields?: Record<string, unknown>): void { this.lines.push({ level: 'warn', message, fields }); }
  error(message: string, fields?: Record<string, unknown>): void { this.lines.push({ level: 'error', message, fields }); }
}
