/**
 * Interview Lens as an MCP server (the official TypeScript SDK): every tool of the registry, and
 * each enabled declarative skill as a tool of its own, with their JSON Schemas. Calls go through
 * the registry, so they are validated, logged and time-limited exactly as in the editor; a call
 * the registry refuses comes back as a tool error the client's model can read and correct. A skill
 * tool plans by default; it writes only when the server was started allowing writes. When the
 * skills are reloaded the server announces that its tool list changed.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Core } from '../services';
import type { ManifestSkillHost } from '../skills/manifest/skillHost';
import type { JsonSchema } from '../runtime/schema';
import { pickVersions } from '../routing/canary';

/** Tools the server does not offer: they need a person at the machine (a recording to transcribe). */
const HIDDEN_TOOLS = new Set(['transcribe_audio']);
/** Prefix of the tool a declarative skill becomes ("skill_extract_job"). */
export const SKILL_TOOL_PREFIX = 'skill_';

/** What the server is built from. */
export interface McpServerOptions {
  core: Pick<Core, 'tools' | 'context'>;
  /** The declarative skills, read again by reload(). */
  skills: () => Promise<ManifestSkillHost>;
  version: string;
  workspaceRoot: string;
}

/** A running server and what its host drives. */
export interface InterviewLensMcp {
  server: Server;
  /** Reads the skills again and tells the client the tool list changed. */
  reload(): Promise<void>;
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
  let host = await options.skills();
  const server = new Server({ name: 'interview-lens', version: options.version }, { capabilities: { tools: { listChanged: true } } });

  // One tool per skill name (either version of a canary pair describes it).
  const skillTools = (): ListedTool[] => pickVersions(host.skills().filter((s) => s.valid && s.manifest && s.manifest.enabled !== false), '')
    .map((s) => ({
      name: `${SKILL_TOOL_PREFIX}${s.name}`,
      description: `${s.manifest!.description.replace(/\s+/g, ' ').trim()} (Interview Lens skill "${s.name}" v${s.manifest!.version}; returns the planned records${host.allowWrites ? '; dry_run: false writes them' : ''}.)`,
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
    const ctx = options.core.context({ caller: 'mcp', signal: extra.signal, workspaceRoot: options.workspaceRoot, manifestSkills: host });
    let result;
    if (name.startsWith(SKILL_TOOL_PREFIX) && skillTools().some((t) => t.name === name)) {
      // A skill tool is run_skill with the skill named (which also picks a canary pair's version by the input).
      const skill = name.slice(SKILL_TOOL_PREFIX.length);
      result = await options.core.tools.execute('run_skill', { ...args, skill }, ctx);
    } else if (HIDDEN_TOOLS.has(name)) {
      result = { success: false, error: { code: 'permission_denied', message: `${name} is not offered over MCP` } };
    } else {
      result = await options.core.tools.execute(name, args, ctx);
    }
    if (!result.success) {
      return { isError: true, content: [{ type: 'text' as const, text: `${result.error!.code}: ${result.error!.message}` }] };
    }
    return { content: [{ type: 'text' as const, text: JSON.stringify(result.data, null, 2) }] };
  });

  return {
    server,
    async reload() {
      host = await options.skills();
      await server.sendToolListChanged();
    },
  };
}
