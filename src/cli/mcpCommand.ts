/**
 * `interview-lens mcp`: the MCP server over standard input and output, for VS Code, Claude Desktop
 * and any other MCP client. Standard output carries only the protocol; everything else goes to
 * standard error. The skill folders are watched (also one created after start-up), and a change
 * reloads the skills and announces a new tool list.
 */
import { createMcpServer } from '../core/mcp/mcpServer';
import { StdioLineTransport } from '../core/mcp/stdioLineTransport';
import type { Core } from '../core/services';
import type { LlmProvider } from '../core/llm/provider';
import { builtInSkillsDir, cliSkillHost, WORKSPACE_SKILL_DIRS } from './skillCommands';
import { watchSkillFolders } from './skillFolderWatcher';
import * as path from 'node:path';

/** What `mcp` is given. */
export interface McpArgs {
  core: Pick<Core, 'tools' | 'context'>;
  cwd: string;
  recordsFile: string;
  trusted: boolean;
  allowWrites: boolean;
  /** The engine of --engine or the environment; none: offline. */
  llm?: LlmProvider;
  version: string;
  stderr: (s: string) => void;
}

/** How long after the last change the skills are read again. */
const RELOAD_DELAY_MS = 200;

/** Serves until the client closes standard input; returns the exit code. */
export async function mcpCommand(args: McpArgs): Promise<number> {
  const mcp = await createMcpServer({
    core: args.core, version: args.version, workspaceRoot: args.cwd, ...(args.llm ? { llm: args.llm } : {}),
    skills: () => cliSkillHost(args.cwd, { recordsFile: args.recordsFile, trusted: args.trusted, allowWrites: args.allowWrites }),
  });
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      mcp.reload().catch((err: unknown) => args.stderr(`interview-lens mcp: reloading the skills failed: ${err instanceof Error ? err.message : String(err)}\n`));
    }, RELOAD_DELAY_MS);
  };
  // The workspace's skill folders are watched even before they exist: a skills/ made later counts.
  const dirs = [...new Set([builtInSkillsDir(), ...WORKSPACE_SKILL_DIRS.map((d) => path.join(args.cwd, d))].map((d) => path.resolve(d)))];
  const watcher = watchSkillFolders(args.cwd, dirs, {
    changed,
    cannotWatch: (dir) => args.stderr(`interview-lens mcp: cannot watch ${dir}; restart the server after editing skills there\n`),
  });
  // Not the SDK's stdio transport: it closes (and the server exits 0) on one message over 10 MiB.
  const transport = new StdioLineTransport(process.stdin, process.stdout, { log: args.stderr });
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await mcp.server.connect(transport);
  args.stderr(`interview-lens mcp: serving with the ${args.llm ? `${args.llm.model} model` : 'offline engine'} ${args.allowWrites ? '(skills may write records)' : '(skills plan only; --allow-writes lets them write)'}\n`);
  await closed;
  clearTimeout(timer);
  watcher.close();
  await mcp.close();
  return 0;
}
