/**
 * The CLI's `--engine` and `--record`: the model provider from the environment, and the recorder
 * that writes the run's cassette when it succeeds.
 */
import { CassetteRecorder, createLlmProvider, engineConfigFromEnv, LlmError, type Core, type LlmProvider } from '../core';
import { UsageError } from './io';

/** A run's recording: nothing unless --record was given. */
export interface RunRecording {
  recorder?: CassetteRecorder;
  /** Where the cassette was written, after finish(). */
  file?: string;
  finish(): void;
  discard(): void;
}

/** The engine and the recording a command asked for. */
export interface ModelFlags {
  llm?: LlmProvider;
  concurrency: number;
  engine: string;
  recorder(core: Pick<Core, 'skillHash'>, skill: string): RunRecording;
}

export function modelFlags(env: NodeJS.ProcessEnv, engineFlag: string | undefined, recordName: string | undefined): ModelFlags {
  let llm: LlmProvider | undefined;
  let config;
  try {
    config = engineConfigFromEnv(env, engineFlag);
    llm = createLlmProvider(config);
  } catch (err) {
    if (err instanceof LlmError) throw new UsageError(err.message);
    throw err;
  }
  const engine = config.engine;
  return {
    ...(llm ? { llm } : {}),
    concurrency: config.concurrency,
    engine,
    recorder(core, skill) {
      if (recordName === undefined) return { finish() {}, discard() {} };
      let recorder: CassetteRecorder;
      try {
        recorder = new CassetteRecorder(process.cwd(), recordName, {
          skill, skillHash: core.skillHash(skill) ?? '', engine, model: llm?.model ?? 'offline',
        });
      } catch (err) {
        throw new UsageError(`--record ${recordName}: ${(err as Error).message}`);
      }
      const run: RunRecording = {
        recorder,
        finish() {
          run.file = recorder.finish();
        },
        discard() {
          recorder.discard();
        },
      };
      return run;
    },
  };
}
