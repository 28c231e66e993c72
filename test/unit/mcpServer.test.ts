import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../src/core/mcp/mcpServer';
import { createCore, type Core } from '../../src/core/services';
import { openSkillHost } from '../../src/core/skills/manifest/skillHost';
import { KNOWLEDGE_DIR, ROOT, tempDir } from './helpers';

const BUILT_IN = path.join(ROOT, 'skills');
const jot = (description: string) => `name: jot\nversion: 1\ndescription: ${description}\nmatch:\n  keywords: [jot]\nprompt:\n  user: "{{ input.text }}"\noutput_schema:\n  type: object\n  properties:\n    title: { type: string, description: The note's title. }\noffline:\n  title: "Jot"\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n      body: "{{ input.text }}"\n`;

describe('MCP server (through the SDK client)', function () {
  this.timeout(60_000);
  let core: Core;
  let work: string;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });
  beforeEach(() => {
    work = tempDir('il-mcp-');
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  async function connect(allowWrites = false) {
    const mcp = await createMcpServer({
      core, version: '0.0.0-test', workspaceRoot: work,
      skills: () => openSkillHost({ dirs: [BUILT_IN, path.join(work, 'skills')], builtInDirs: [BUILT_IN], recordsFile: path.join(work, 'records.sqlite'), trusted: false, allowWrites }),
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1' });
    await Promise.all([mcp.server.connect(a), client.connect(b)]);
    return { mcp, client };
  }

  it('lists the registry tools and each enabled skill with their JSON Schemas', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of ['split_qa_pairs', 'query_knowledge_base', 'analyze_content', 'run_skill', 'skill_capture_note', 'skill_extract_job', 'skill_log_interview', 'skill_coffee_chat']) assert.ok(names.includes(n), n);
    assert.ok(!names.includes('transcribe_audio'));
    const kb = tools.find((t) => t.name === 'query_knowledge_base')!;
    assert.equal(kb.inputSchema.type, 'object');
    assert.ok(kb.inputSchema.properties && 'query' in kb.inputSchema.properties);
    assert.deepEqual(tools.find((t) => t.name === 'skill_extract_job')!.inputSchema.required, ['text']);
  });

  it('calls a tool; a call the schema refuses is a tool error naming the field', async () => {
    const { client } = await connect();
    const ok = await client.callTool({ name: 'query_knowledge_base', arguments: { query: 'What is RAG?', topK: 2 } });
    assert.ok(!ok.isError);
    const { hits } = JSON.parse((ok.content as Array<{ text: string }>)[0].text);
    assert.equal(hits.length, 2);
    const bad = await client.callTool({ name: 'query_knowledge_base', arguments: { query: 'x', topK: 'many' } });
    assert.equal(bad.isError, true);
    assert.match((bad.content as Array<{ text: string }>)[0].text, /^input_error: .*topK/);
  });

  it('a skill tool plans and writes nothing unless the server allows writes', async () => {
    const { client } = await connect();
    const plan = await client.callTool({ name: 'skill_capture_note', arguments: { text: 'Ask about the on-call rota.' } });
    assert.ok(!plan.isError, JSON.stringify(plan.content));
    assert.equal(JSON.parse((plan.content as Array<{ text: string }>)[0].text).status, 'dry_run');
    const write = await client.callTool({ name: 'skill_capture_note', arguments: { text: 'Ask about the on-call rota.', dry_run: false } });
    assert.equal(write.isError, true);
    assert.match((write.content as Array<{ text: string }>)[0].text, /^permission_denied/);
    assert.ok(!fs.existsSync(path.join(work, 'records.sqlite')));
    const writer = (await connect(true)).client;
    const written = await writer.callTool({ name: 'skill_capture_note', arguments: { text: 'Ask about the on-call rota.', dry_run: false } });
    assert.ok(!written.isError, JSON.stringify(written.content));
    assert.ok(fs.existsSync(path.join(work, 'records.sqlite')));
  });

  it('announces a new tool list when the skills are reloaded', async () => {
    const { mcp, client } = await connect();
    assert.ok(!(await client.listTools()).tools.some((t) => t.name === 'skill_jot'));
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    fs.mkdirSync(path.join(work, 'skills', 'jot'), { recursive: true });
    fs.writeFileSync(path.join(work, 'skills', 'jot', 'skill.yaml'), jot('Keeps a jotted line as a note. Use it for one-line jots. Not for job postings.'));
    await mcp.reload();
    await changed;
    const tool = (await client.listTools()).tools.find((t) => t.name === 'skill_jot');
    assert.ok(tool);
    assert.match(tool!.description ?? '', /Keeps a jotted line/);
  });

  it('interview-lens mcp speaks the protocol on stdio (the built CLI, spawned by the SDK client)', async () => {
    const cli = path.join(ROOT, 'dist', 'cli.js');
    assert.ok(fs.existsSync(cli), 'npm run build first');
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp'], cwd: work, env: { ...process.env, INTERVIEW_LENS_HOME: path.join(work, 'home') } as Record<string, string>, stderr: 'pipe' });
    fs.mkdirSync(path.join(work, 'skills'), { recursive: true });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'find_reference'));
      // Saving a skill in the watched folder announces a new tool list.
      const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      fs.mkdirSync(path.join(work, 'skills', 'jot'));
      fs.writeFileSync(path.join(work, 'skills', 'jot', 'skill.yaml'), jot('Keeps a jotted line as a note. Use it for one-line jots. Not for job postings.'));
      await changed;
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'skill_jot'));
      const r = await client.callTool({ name: 'find_reference', arguments: { question: 'How do you evaluate a RAG system?' } });
      assert.ok(!r.isError);
      assert.ok(JSON.parse((r.content as Array<{ text: string }>)[0].text).hit);
    } finally {
      await client.close();
    }
  });
});
