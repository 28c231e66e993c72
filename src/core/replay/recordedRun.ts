/**
 * The skill run a cassette recorded, ready to run again: the recorded run_skill input (text,
 * skill, source, clock) and a provider that answers its model calls from the cassette, so a dry
 * run of the cassette shows the recorded run (its recorded model outputs) planned against today's
 * records. Cassettes of other flows (a diagnosis, an `ask`) hold no skill run and are refused.
 */
import type { RunSkillInput } from '../skills/run/runSkillTool';
import { CassetteError, type Cassette } from './cassette';
import { ReplayProvider } from './replayProvider';

/** A recorded skill run. */
export interface RecordedSkillRun {
  /** The run_skill input as recorded (dry_run as it was). */
  input: RunSkillInput;
  /** The run's clock when it was recorded. */
  now: Date;
  /** Answers the recorded model calls; undefined for a run recorded offline (it called no model). */
  llm?: ReplayProvider;
  /** 1 for the first call of the cassette (its line is index + 1). */
  callIndex: number;
}

/** The first run_skill call of `cassette` as a run to replay; a CassetteError says why there is none. */
export function recordedSkillRun(cassette: Cassette, source = 'cassette'): RecordedSkillRun {
  const at = cassette.calls.findIndex((c) => c.kind === 'tool' && c.name === 'run_skill');
  if (at < 0) {
    const tools = [...new Set(cassette.calls.filter((c) => c.kind === 'tool').map((c) => c.name ?? '?'))];
    throw new CassetteError(`${source} records ${cassette.header.skill}${tools.length ? ` (tool calls: ${tools.join(', ')})` : ''}, not a skill run: only cassettes of "interview-lens run SKILL --dry-run --record NAME" (or the dry-run panel's Record as Test) hold one; replay this one in the Test Explorer instead`, source);
  }
  const request = cassette.calls[at].request as Partial<RunSkillInput> | null;
  if (!request || typeof request !== 'object' || typeof request.text !== 'string' || request.text === '') {
    throw new CassetteError(`${source} line ${at + 2}: the run_skill call has no input text; re-record the run`, source, at + 2);
  }
  const now = request.now !== undefined ? new Date(request.now) : new Date(cassette.header.createdAt);
  if (Number.isNaN(now.getTime())) throw new CassetteError(`${source} line ${at + 2}: "now" is not a time (${String(request.now)}); re-record the run`, source, at + 2);
  const input: RunSkillInput = {
    text: request.text,
    ...(typeof request.skill === 'string' ? { skill: request.skill } : {}),
    ...(request.kind ? { kind: request.kind } : {}),
    ...(typeof request.url === 'string' ? { url: request.url } : {}),
    ...(typeof request.source === 'string' ? { source: request.source } : {}),
    now: now.toISOString(),
    dry_run: request.dry_run ?? true,
  };
  const offline = cassette.header.engine === 'offline';
  return { input, now, ...(offline ? {} : { llm: new ReplayProvider(cassette) }), callIndex: at + 1 };
}
