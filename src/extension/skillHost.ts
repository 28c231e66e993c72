import * as vscode from 'vscode';
import { hashOfName, type ManifestSkillHost } from '../core/skills/manifest/skillHost';
import type { RecordsHost } from './recordsHost';
import type { SkillCatalog } from './skillCatalog';

/**
 * The skills the model may dry-run from "Ask" (the run_skill tool): the registry's running
 * versions, workspace scripts only in a trusted workspace, and never a write — writing stays with
 * Run Skill…, where the user sees the plan first.
 */
export async function askSkillHost(catalog: SkillCatalog, records: RecordsHost): Promise<ManifestSkillHost> {
  const loaded = await catalog.load();
  return {
    skills: () => loaded.skills,
    trusted: vscode.workspace.isTrusted,
    allowWrites: false,
    records: () => records.open(),
    hash: (name) => hashOfName(loaded.skills, name),
  };
}
