// One fuzz worker thread: loads the CLI once, then runs `run(argv)` for each input the harness
// posts and answers with the exit code, the time taken and what the output looked like.
// The harness bundles this file (with the CLI and core) next to the compiled knowledge base, so
// each run opens the shipped index as the real CLI does instead of re-reading the YAML.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as v8 from 'node:v8';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { run } from '../../src/cli/main';
import { buildJudgeCorpus, buildKnowledgeIndex, COMPILED_INDEX, COMPILED_JUDGE_CORPUS, COMPILED_KNOWLEDGE, loadKnowledgeDir, prepareCore } from '../../src/core';
import { stackLines } from './checks';
import { ownCpuMs, ownTid } from './cpu';

export interface RunRequest {
  type: 'run';
  id: number;
  argv: string[];
}

export interface RunReply {
  type: 'result';
  id: number;
  code: number;
  /** Wall-clock time of run(). */
  ms: number;
  /** CPU time of this thread during run() (Linux), the fair measure on a loaded machine. */
  cpuMs?: number;
  stdoutBytes: number;
  /** Why stdout of a successful --json run is not JSON. */
  jsonError?: string;
  /** Everything written to stderr (capped). */
  stderr: string;
  /** Stack-frame lines seen in stdout or stderr. */
  stack: string[];
  /** The first of the stack's lines with their context (error message), for the report. */
  stackText?: string;
  /** For exit 1: the caught error whose message the output repeats, with its own stack. */
  origin?: { error: string; frames: string[] };
  heapMb: number;
}

export interface WorkerInit {
  fuzzWorker: true;
  /** Arguments of a warm-up run (JIT, knowledge) so the first timed input is not penalised. */
  warmup: string[][];
  home: string;
}

/** Writes knowledge.json, its index and the judge corpus next to the bundle, as esbuild.mjs does for dist/. */
export async function buildAssets(knowledgeDir: string, outDir: string): Promise<void> {
  await prepareCore();
  const entries = loadKnowledgeDir(knowledgeDir);
  fs.writeFileSync(path.join(outDir, COMPILED_KNOWLEDGE), JSON.stringify(entries));
  fs.writeFileSync(path.join(outDir, COMPILED_INDEX), await buildKnowledgeIndex(entries));
  fs.writeFileSync(path.join(outDir, COMPILED_JUDGE_CORPUS), buildJudgeCorpus(entries));
}

/** stderr sent back (the whole of it is searched for stack frames). */
const CAP = 16384;

// The tool registry turns what a tool threw into a message (`${tool} failed: ${err.message}`), so
// an exit 1 names the error but not where it was thrown. Errors passing through a promise's
// .catch (the registry's) are kept for the current input; on exit 1 the one whose message the
// output repeats is reported with its own stack. Whole stacks, so a stack overflow's trace
// reaches the project code under the recursion.
const caught: unknown[] = [];
const originalCatch = Promise.prototype.catch;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
Promise.prototype.catch = function patchedCatch(this: Promise<unknown>, onRejected?: ((reason: any) => unknown) | null) {
  if (typeof onRejected !== 'function') return originalCatch.call(this, onRejected);
  return originalCatch.call(this, (reason: unknown) => {
    if (caught.length < 50) caught.push(reason);
    return onRejected(reason);
  });
} as typeof Promise.prototype.catch;

const EXPECTED = new Set(['TranscriptError', 'UsageError', 'CancelledError', 'SkillStepError', 'SttError']);

function originOf(stderr: string): RunReply['origin'] {
  for (const err of caught) {
    if (!(err instanceof Error) || EXPECTED.has(err.constructor.name) || !err.message || !stderr.includes(err.message)) continue;
    const frames = [...new Set(String(err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).map((l) => l.trim()))];
    return { error: `${err.name}: ${err.message}`.slice(0, 300), frames };
  }
  return undefined;
}

async function runOne(argv: string[], home: string): Promise<Omit<RunReply, 'type' | 'id'>> {
  let stdout = '';
  let stderr = '';
  const env = { INTERVIEW_LENS_HOME: home };
  caught.length = 0;
  const cpu0 = ownCpuMs();
  const t0 = performance.now();
  const code = await run(argv, { stdout: (s) => { stdout += s; }, stderr: (s) => { if (stderr.length < 64 * CAP) stderr += s; }, env });
  const ms = performance.now() - t0;
  const cpu1 = ownCpuMs();
  const cpuMs = cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined;
  let jsonError: string | undefined;
  if (code === 0 && argv.includes('--json')) {
    try {
      JSON.parse(stdout);
    } catch (err) {
      jsonError = (err as Error).message.slice(0, 200);
    }
  }
  const stack = [...stackLines(stdout), ...stackLines(stderr)];
  let stackText: string | undefined;
  if (stack.length) {
    const source = stderr.includes(stack[0]) ? stderr : stdout;
    const at = source.indexOf(stack[0]);
    stackText = source.slice(Math.max(0, source.lastIndexOf('\n', Math.max(0, at - 2000)) + 1), at + 3000);
  }
  const origin = code === 1 ? originOf(stderr) : undefined;
  caught.length = 0;
  const heapMb = v8.getHeapStatistics().used_heap_size / 1048576;
  return { code, ms, cpuMs, stdoutBytes: Buffer.byteLength(stdout), jsonError, stderr: stderr.slice(0, CAP), stack, stackText, origin, heapMb };
}

if (!isMainThread && parentPort && (workerData as WorkerInit | undefined)?.fuzzWorker) {
  const port = parentPort;
  const init = workerData as WorkerInit;
  Error.stackTraceLimit = Infinity;
  void (async () => {
    await prepareCore();
    for (const argv of init.warmup) await runOne(argv, init.home);
    port.on('message', (req: RunRequest) => {
      void runOne(req.argv, init.home).then((r) => port.postMessage({ type: 'result', id: req.id, ...r } satisfies RunReply));
    });
    port.postMessage({ type: 'ready', tid: ownTid() });
  })();
}
