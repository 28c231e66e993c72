/**
 * Interview Lens as an MCP server (the official TypeScript SDK): every tool of the registry, and
 * each enabled declarative skill as a tool of its own, with their JSON Schemas. Calls go through
 * the registry, so they are validated, logged and time-limited exactly as in the editor; a call
 * the registry refuses comes back as a tool error the client's model can read and correct. A skill
 * tool plans by default; it writes only when the server was started allowing writes. When the
 * skills are reloaded the server announces that its tool list changed, and the previous skill host
 * is closed (with the records it opened) once the calls still running on it are done.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Core } from '../services';
import type { ManifestSkillHost } from '../skills/run/skillHost';
import type { JsonSchema } from '../runtime/schema';
import type { RecordsStore } from '../records/recordsStore';
import { pickVersions } from '../skills/routing/canary';
import type { LlmProvider } from '../llm/provider';

/** Tools the server does not offer: they need a person at the machine (a recording to transcribe). */
const HIDDEN_TOOLS = new Set(['transcribe_audio']);
/** Prefix of the tool a declarative skill becomes ("skill_extract_job"). */
export const SKILL_TOOL_PREFIX = 'skill_';

/** What the server is built from. */
export interface McpServerOptions {
  core: Pick<Core, 'tools' | 'context'>;
  /** The declarative skills, read again by reload(); a host with close() is closed when replaced. */
  skills: () => Promise<ClosableSkillHost>;
  version: string;
  workspaceRoot: string;
  /** The model engine every call runs with (skills that need a model, the model judge); none: offline. */
  llm?: LlmProvider;
}

/** A skill host the server may close when it is done with it. */
export type ClosableSkillHost = ManifestSkillHost & { close?(): void };

/** A running server and what its host drives. */
export interface InterviewLensMcp {
  server: Server;
  /** Reads the skills again, tells the client the tool list changed, and closes the previous host. */
  reload(): Promise<void>;
  /** Closes the server and the skill host. */
  close(): Promise<void>;
}

/** A skill host in use: the calls running on it, and the records it opened (closed with it). */
interface HeldHost {
  host: ClosableSkillHost;
  /** What a call's context sees: the host, with the records it opens remembered so they can be closed. */
  lent: ManifestSkillHost;
  calls: number;
  retired: boolean;
  records?: Promise<RecordsStore>;
}

function hold(host: ClosableSkillHost): HeldHost {
  const held: HeldHost = {
    host, calls: 0, retired: false,
    lent: {
      skills: () => host.skills(),
      trusted: host.trusted,
      allowWrites: host.allowWrites,
      records: () => (held.records ??= host.records()),
      hash: (name) => host.hash(name),
    },
  };
  return held;
}

function release(held: HeldHost): void {
  held.host.close?.();
  // A records file that failed to open has nothing to close.
  held.records?.then((r) => r.close(), () => undefined);
}

interface ListedTool { name: string; description: string; inputSchema: JsonSchema }

function skillInputSchema(description: string): JsonSchema {
  return {
    type: 'object', additionalProperties: false, required: ['text'],
    properties: {
      text: { type: 'string', minLength: 1, description },
      url: { type: 'string', description: 'The page the text came from, when it came from one.' },
      source: { type: 'string', maxLength: 200, description: 'Where the text came from (a file name).' },
      dry_run: { type: 'boolean', default: true, description: 'true (default): return the planned actions, write nothing; false: write them (only when the server allows writes).' },
    },
  };
}

/** Builds the server (not yet connected to a transport). */
export async function createMcpServer(options: McpServerOptions): Promise<InterviewLensMcp> {
  let held = hold(await options.skills());
  const host = () => held.host;
  const server = new Server({ name: 'interview-lens', version: options.version }, { capabilities: { tools: { listChanged: true } } });

  // One tool per skill name (either version of a canary pair describes it).
  const skillTools = (): ListedTool[] => pickVersions(host().skills().filter((s) => s.valid && s.manifest && s.manifest.enabled !== false), '')
    .map((s) => ({
      name: `${SKILL_TOOL_PREFIX}${s.name}`,
      description: `${s.manifest!.description.replace(/\s+/g, ' ').trim()} (Interview Lens skill "${s.name}" v${s.manifest!.version}; returns the planned records${host().allowWrites ? '; dry_run: false writes them' : ''}.)`,
      inputSchema: skillInputSchema('The input the skill reads.'),
    }));

  const listTools = (): ListedTool[] => [
    ...options.core.tools.list().filter((t) => !HIDDEN_TOOLS.has(t.name)).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    ...skillTools(),
  ];

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools() as Array<{ name: string; description: string; inputSchema: { type: 'object' } & Record<string, unknown> }> }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    // The call keeps the host it started with, even if the skills are reloaded meanwhile.
    const mine = held;
    mine.calls++;
    let result;
    try {
      const ctx = options.core.context({ caller: 'mcp', signal: extra.signal, workspaceRoot: options.workspaceRoot, manifestSkills: mine.lent, ...(options.llm ? { llm: options.llm } : {}) });
      if (name.startsWith(SKILL_TOOL_PREFIX) && skillTools().some((t) => t.name === name)) {
        // A skill tool is run_skill with the skill named (which also picks a canary pair's version by the input).
        const skill = name.slice(SKILL_TOOL_PREFIX.length);
        result = await options.core.tools.execute('run_skill', { ...args, skill }, ctx);
      } else if (HIDDEN_TOOLS.has(name)) {
        result = { success: false, error: { code: 'permission_denied', message: `${name} is not offered over MCP` } };
      } else {
        result = await options.core.tools.execute(name, args, ctx);
      }
    } finally {
      mine.calls--;
      if (mine.retired && mine.calls === 0) release(mine);
    }
    if (!result.success) {
      return { isError: true, content: [{ type: 'text' as const, text: `${result.error!.code}: ${result.error!.message}` }] };
    }
    return { content: [{ type: 'text' as const, text: JSON.stringify(result.data, null, 2) }] };
  });

  return {
    server,
    async reload() {
      const previous = held;
      held = hold(await options.skills());
      previous.retired = true;
      if (previous.calls === 0) release(previous);
      await server.sendToolListChanged();
    },
    async close() {
      await server.close();
      held.retired = true;
      if (held.calls === 0) release(held);
    },
  };
}
