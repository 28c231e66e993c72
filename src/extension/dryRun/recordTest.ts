import * as vscode from 'vscode';
import * as path from 'node:path';
import { recordDryRun } from '../../core/replay/recordDryRun';
import type { RecordedLlmCall } from '../../core/calls/callRecorder';
import type { SkillRunTrace } from '../../core/skills/run/runTrace';
import { openSkillHost } from '../../core/skills/run/skillHost';
import type { RunSkillInput } from '../../core/skills/run/runSkillTool';
import { isRecordingName, suggestedRecordingName } from '../replays/recordingName';
import { promptRecordingName, recordingNameRule } from '../replays/recordingNamePrompt';
import type { CoreHost } from '../shared/coreHost';
import type { SkillCatalog } from '../skills/skillCatalog';

/** What Record as Test needs. */
export interface RecordTestDeps {
  host: CoreHost;
  catalog: SkillCatalog;
  extensionPath: string;
}

/** The dry run to record. */
export interface RecordableRun {
  trace: SkillRunTrace;
  exchanges: readonly RecordedLlmCall[];
  input: RunSkillInput;
  root: string;
}

/** Asks the recording's name (the file's stem proposed; a name in use is said to be replaced); undefined when dismissed. */
export async function askRecordingName(root: string, trace: SkillRunTrace): Promise<string | undefined> {
  const stem = trace.input.source ? suggestedRecordingName(trace.input.source) : 'input';
  return promptRecordingName(root, vscode.l10n.t('Record as Test'), suggestedRecordingName(`${trace.skill}-${stem}`));
}

/**
 * Writes the dry run as a cassette, as `interview-lens run SKILL --dry-run --record NAME` would:
 * the same model calls (answered from the dry run, so nothing is asked again) and the run_skill
 * call with the result a replay expects (planned on empty records, as replays plan). Returns
 * the file. Trusted workspaces only: the caller checks.
 */
export async function recordAsTest(deps: RecordTestDeps, run: RecordableRun, name: string, signal: AbortSignal): Promise<string> {
  if (!isRecordingName(name)) throw new Error(vscode.l10n.t('"{0}" cannot name a recording. {1}', name, recordingNameRule()));
  const core = await deps.host.get();
  const skills = await openSkillHost({
    dirs: deps.catalog.folders(), builtInDirs: [deps.catalog.builtInDir], trusted: vscode.workspace.isTrusted, allowWrites: false,
    wasmPath: path.join(deps.extensionPath, 'dist', 'sql-wasm.wasm'),
  });
  try {
    const { file } = await recordDryRun({
      root: run.root, name, core, skills, exchanges: run.exchanges, engine: run.trace.replay?.engine ?? run.trace.engine,
      model: run.trace.replay?.model ?? run.trace.model ?? 'offline', input: run.input, signal,
    });
    return file;
  } finally {
    skills.close();
  }
}
