import * as vscode from 'vscode';
import * as path from 'node:path';
import type { Core } from '../../../core';
import type { LlmProvider } from '../../../core/llm/provider';
import type { ToolContext } from '../../../core/calls/tool';
import { openSkillHost, type ManifestSkillHost } from '../../../core/skills/run/skillHost';
import type { CoreHost } from '../../shared/coreHost';
import type { SkillCatalog } from '../../skills/skillCatalog';

/**
 * What replaying (or re-recording) needs, built as `interview-lens replay` builds it: the core's
 * tools and contexts, the declarative skills loaded afresh (dry runs on an empty scratch records
 * file, workspace scripts only in a trusted workspace), and today's skill hashes.
 */
export interface ReplaySession {
  core: Core;
  skills: ManifestSkillHost;
  /** Today's hash of a code skill, else of a declarative one (the CLI's order). */
  skillHash(name: string): string | undefined;
  /** The context a cassette's tools run with. */
  contextFor(file: string, signal: AbortSignal): (llm: LlmProvider | undefined) => ToolContext;
  close(): void;
}

/** The workspace folder a cassette belongs to (its recordings), else the first one; what the CLI takes as its current folder. */
export function workspaceRootOf(file: string): string | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(file)) ?? vscode.workspace.workspaceFolders?.[0];
  return folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined;
}

export async function openReplaySession(host: CoreHost, catalog: SkillCatalog, extensionPath: string): Promise<ReplaySession> {
  const core = await host.get();
  const skills = await openSkillHost({
    dirs: catalog.folders(), builtInDirs: [catalog.builtInDir], trusted: vscode.workspace.isTrusted, allowWrites: false,
    wasmPath: path.join(extensionPath, 'dist', 'sql-wasm.wasm'),
  });
  return {
    core,
    skills,
    skillHash: (name) => core.skillHash(name) ?? skills.hash(name),
    contextFor: (file, signal) => {
      const root = workspaceRootOf(file);
      return (llm) => ({ ...core.context({ caller: 'replay', signal, manifestSkills: skills, ...(root ? { workspaceRoot: root } : {}) }), llm });
    },
    close: () => skills.close(),
  };
}

/**
 * Why a cassette cannot be replayed in this window, if it cannot: its skill is a workspace skill
 * with a script and the workspace is not trusted (run_skill would refuse it as permission_denied,
 * which is not what the recording tests).
 */
export function untrustedScript(session: ReplaySession, skill: string | undefined): string | undefined {
  if (session.skills.trusted || !skill) return undefined;
  const loaded = session.skills.skills().find((s) => s.name === skill && s.script && !s.builtIn);
  if (!loaded) return undefined;
  return vscode.l10n.t('"{0}" runs a workspace script ({1}), and scripts run only in a trusted workspace: trust this workspace (Workspaces: Manage Workspace Trust) to replay this cassette. Nothing was replayed.', skill, path.basename(loaded.script!));
}
