/**
 * Runs a loaded skill whichever kind it is: a declarative one through runManifestSkill, a scripted
 * one through its script, which loads only when the skill is built in or the caller trusts the
 * workspace; a web-address input is fetched first. The CLI, VS Code, chains and the run_skill tool all come through here, so the trust
 * rule is decided in one place.
 */
import * as path from 'node:path';
import type { LoadedSkill } from '../manifest';
import type { Logger } from '../../runtime/logger';
import type { SttProvider } from '../../diagnosis/speech/stt';
import { runManifestSkill, ManifestRunError, type ManifestInput, type ManifestRunDeps, type ManifestRunResult } from './runManifestSkill';
import { loadSkillScript, runScriptedSkill } from './scriptedSkill';
import { withLinkFetched, type FetchImpl, type LinkLimits } from './linkInput';
import { redactingReplies } from '../../llm/redactingReplies';

/** What a loaded skill is given: a declarative skill's input, and the file it is when it is one (an image, a recording). */
export interface LoadedSkillInput extends ManifestInput {
  /** The file, relative to the workspace root. */
  path?: string;
}

/** A run's dependencies, with whether workspace scripts may run. */
export interface LoadedRunDeps extends ManifestRunDeps {
  /** The workspace is trusted (Workspace Trust in VS Code, --trust on the CLI). */
  trusted: boolean;
  logger: Logger;
  settings?: Readonly<Record<string, unknown>>;
  /** Speech-to-text for a script's ctx.stt; absent when none is configured. */
  stt?: () => SttProvider;
  /** How a web-address input is fetched (tests narrow the limits); default the global fetch within LINK_LIMITS. */
  link?: { limits?: Partial<LinkLimits>; fetchImpl?: FetchImpl };
}

/**
 * Runs `skill` (valid) on `input`. An input that is only a web address is first replaced by the
 * page it names (see linkInput.ts), so every caller's skills read pages the same way.
 */
export async function runLoadedSkill(skill: LoadedSkill, given: LoadedSkillInput, outer: LoadedRunDeps): Promise<ManifestRunResult> {
  if (!skill.manifest) throw new ManifestRunError(`skill "${skill.name}" is invalid: ${skill.problems[0]?.message ?? 'see its problems'} (validate it first)`);
  // Every reply is redacted as it enters, so records, the audit's raw output, traces and logs never see a key.
  const guard = outer.llm ? redactingReplies(outer.llm) : undefined;
  const deps: LoadedRunDeps = guard ? { ...outer, llm: guard.llm } : outer;
  const input = await withLinkFetched(given, { signal: deps.signal, ...deps.link });
  if (!skill.script) return withRedactions(await runManifestSkill(skill.manifest, input, deps), guard?.redacted() ?? 0);
  const execute = loadSkillScript(skill.dir, path.basename(skill.script), { trusted: skill.builtIn || deps.trusted, skill: skill.name });
  return withRedactions(await runScriptedSkill(skill.manifest, execute, input, deps), guard?.redacted() ?? 0);
}

/** `result` telling (in `redacted` and a warning the CLI and VS Code show) that `count` more secrets were redacted. */
export function withRedactions(result: ManifestRunResult, count: number): ManifestRunResult {
  if (count <= 0) return result;
  const redacted = (result.redacted ?? 0) + count;
  const warning = redactionWarning(redacted);
  return { ...result, redacted, warnings: [...result.warnings.filter((w) => !w.startsWith(REDACTION_WARNING_START)), warning] };
}

const REDACTION_WARNING_START = 'the model\'s reply contained ';

/** The run summary's line about redacted secrets. */
export function redactionWarning(count: number): string {
  return `${REDACTION_WARNING_START}${count === 1 ? 'a secret (an API key or token)' : `${count} secrets (API keys or tokens)`}; ${count === 1 ? 'it was' : 'they were'} replaced by [redacted] before anything was stored, logged or shown`;
}
