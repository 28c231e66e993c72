/**
 * Writes a dry run as a test: the cassette `interview-lens run SKILL --dry-run --record NAME`
 * writes, made without asking the model again. The run_skill tool runs once more through the
 * registry with a CassetteRecorder, on an empty scratch records file (as a replay runs it), its
 * model calls answered from the dry run's own exchanges; a request the dry run never made fails
 * the recording instead of reaching a model.
 */
import type { Core } from '../services';
import type { LlmRequest } from '../llm/provider';
import { redactStrings } from '../runtime/redact';
import type { ManifestSkillHost } from '../skills/run/skillHost';
import type { RunSkillInput, RunSkillOutput } from '../skills/run/runSkillTool';
import type { RecordedLlmCall } from '../calls/callRecorder';
import { callKey } from '../runtime/canonical';
import { CASSETTE_FORMAT, type Cassette, type CassetteCall } from './cassette';
import { CassetteRecorder } from './cassetteRecorder';
import { ReplayProvider } from './replayProvider';

/** What recordDryRun needs. */
export interface RecordDryRunOptions {
  /** The workspace folder; the cassette goes to its .interview-lens/recordings/NAME.jsonl. */
  root: string;
  name: string;
  core: Pick<Core, 'tools' | 'context'>;
  /** The skills run_skill may run, over an empty scratch records file (dry runs only). */
  skills: ManifestSkillHost;
  /** The dry run's model calls, as they went out and came back. */
  exchanges: readonly RecordedLlmCall[];
  /** The dry run's engine ('offline' when it used none) and model. */
  engine: string;
  model: string;
  /** The run as run_skill takes it: the same text, skill (when named), source and clock as the dry run. */
  input: RunSkillInput;
  signal: AbortSignal;
  clock?: () => number;
}

/** The dry run's exchanges as a cassette a ReplayProvider can answer from. */
function exchangesCassette(exchanges: readonly RecordedLlmCall[], engine: string, model: string): Cassette {
  const seen = new Map<string, number>();
  const calls: CassetteCall[] = exchanges.map((e) => {
    const request = redactStrings(e.request) as LlmRequest;
    const key = callKey('llm', request.purpose, request);
    const repeat = seen.get(key) ?? 0;
    seen.set(key, repeat + 1);
    return { type: 'call', kind: 'llm', key, repeat, name: request.purpose, request, response: e.response, durationMs: e.durationMs };
  });
  return { header: { type: 'header', format: CASSETTE_FORMAT, skill: 'run_skill', skillHash: '', engine, model, createdAt: new Date(0).toISOString() }, calls };
}

/** Records the dry run to recordings/NAME.jsonl and returns the file and run_skill's result; nothing is written when it fails. */
export async function recordDryRun(o: RecordDryRunOptions): Promise<{ file: string; result: RunSkillOutput }> {
  const offline = o.engine === 'offline';
  if (offline && o.exchanges.length) throw new Error('an offline dry run made model calls; run it again');
  const provider = offline ? undefined : new ReplayProvider(exchangesCassette(o.exchanges, o.engine, o.model));
  const recorder = new CassetteRecorder(o.root, o.name, { skill: o.input.skill ?? 'run_skill', skillHash: '', engine: o.engine, model: offline ? 'offline' : o.model }, o.clock);
  try {
    const ctx = o.core.context({ caller: 'vscode', signal: o.signal, workspaceRoot: o.root, manifestSkills: o.skills, ...(provider ? { llm: provider } : {}), recorder });
    const run = await o.core.tools.execute<RunSkillOutput>('run_skill', { ...o.input, dry_run: true }, ctx);
    const missed = provider?.misses[0];
    if (missed) throw new Error(`the run asked the model something the dry run did not (purpose "${missed.purpose}"): the skill changed since the dry run; dry-run it again, then record`);
    if (!run.success) throw new Error(run.error?.message ?? 'the skill run failed');
    recorder.describe({ skill: run.data!.skill, skillHash: o.skills.hash(run.data!.skill) ?? '' });
    return { file: recorder.finish(), result: run.data! };
  } catch (err) {
    recorder.discard();
    throw err;
  }
}
