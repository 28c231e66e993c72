import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MemoryLogger } from '../../src/core/runtime/logger';
import type { ToolContext } from '../../src/core/calls/tool';

export const ROOT = path.resolve(__dirname, '..', '..');
export const KNOWLEDGE_DIR = path.join(ROOT, 'knowledge');
export const SAMPLES = path.join(ROOT, 'samples');

/** A tool context with a memory logger; override any field. */
export function makeCtx(over: Partial<ToolContext> = {}): ToolContext & { logger: MemoryLogger } {
  return {
    requestId: 'req-test',
    caller: 'test',
    signal: new AbortController().signal,
    logger: new MemoryLogger(),
    clock: Date.now,
    settings: {},
    ...over,
  } as ToolContext & { logger: MemoryLogger };
}

/** A fresh temporary folder, removed by the caller's after(). */
export function tempDir(prefix = 'il-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
