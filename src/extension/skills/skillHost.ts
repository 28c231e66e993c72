import * as vscode from 'vscode';
import { hashOfName, type ManifestSkillHost } from '../../core/skills/run/skillHost';
import type { RecordsHost } from '../records/recordsHost';
import type { SkillCatalog } from './skillCatalog';

/**
 * The skills a model may run through the run_skill tool: the registry's running versions,
 * workspace scripts only in a trusted workspace. Writes only where the user confirmed the call
 * (`allowWrites`, a language model tool after VS Code's confirmation); "Ask" never writes — that
 * stays with Run Skill…, where the user sees the plan first.
 */
export async function askSkillHost(catalog: SkillCatalog, records: RecordsHost, allowWrites = false): Promise<ManifestSkillHost> {
  const loaded = await catalog.load();
  return {
    skills: () => loaded.skills,
    trusted: vscode.workspace.isTrusted,
    allowWrites,
    records: () => records.open(),
    hash: (name) => hashOfName(loaded.skills, name),
  };
}
