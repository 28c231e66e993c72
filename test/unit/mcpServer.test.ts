import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../src/core/mcp/mcpServer';
import { createCore, type Core } from '../../src/core/services';
import { openSkillHost, type ManifestSkillHost } from '../../src/core/skills/run/skillHost';
import { watchSkillFolders } from '../../src/cli/skillFolderWatcher';
import { KNOWLEDGE_DIR, ROOT, tempDir } from './helpers';
import { startMockOpenAi } from '../support/mockOpenAiServer';

const BUILT_IN = path.join(ROOT, 'skills');
const jot = (description: string) => `name: jot\nversion: 1\ndescription: ${description}\nmatch:\n  inputs: [text]\n  keywords: [jot]\nprompt:\n  user: "{{ input.text }}"\noutput_schema:\n  type: object\n  properties:\n    title: { type: string, description: The note's title. }\noffline:\n  title: "Jot"\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n      body_md: "{{ input.text }}"\n`;

/** `promise`, or a failure naming `what` after `ms` (so a missing notification fails instead of hanging the run). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<T>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  })]).finally(() => clearTimeout(timer));
}

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

  it('a reload closes the skill host it replaces, once the calls still running on it are done', async () => {
    const hosts: Array<{ closed: number; recordsClosed: number }> = [];
    let release: () => void = () => undefined;
    let gate: Promise<void> = Promise.resolve();
    let recordsAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      recordsAsked = resolve;
    });
    const mcp = await createMcpServer({
      core, version: '0.0.0-test', workspaceRoot: work,
      skills: async () => {
        const real = await openSkillHost({ dirs: [BUILT_IN], builtInDirs: [BUILT_IN], trusted: false, allowWrites: false });
        const seen = { closed: 0, recordsClosed: 0 };
        hosts.push(seen);
        const host: ManifestSkillHost & { close(): void } = {
          skills: () => real.skills(), trusted: real.trusted, allowWrites: real.allowWrites, hash: (n) => real.hash(n),
          // The first host's records open only when the test lets them: a call is then in flight on it.
          records: async () => {
            recordsAsked();
            await gate;
            const store = await real.records();
            const close = store.close.bind(store);
            store.close = () => {
              seen.recordsClosed++;
              close();
            };
            return store;
          },
          close: () => {
            seen.closed++;
            real.close();
          },
        };
        return host;
      },
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1' });
    await Promise.all([mcp.server.connect(a), client.connect(b)]);
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const call = client.callTool({ name: 'skill_capture_note', arguments: { text: 'Ask about the on-call rota.' } });
    await asked;
    await mcp.reload();
    assert.equal(hosts.length, 2);
    assert.equal(hosts[0].closed, 0, 'the host of a running call stays open until the call is done');
    release();
    const result = await call;
    assert.ok(!result.isError, JSON.stringify(result.content));
    assert.equal(hosts[0].closed, 1, 'the replaced host is closed');
    await new Promise((r) => setImmediate(r));
    assert.equal(hosts[0].recordsClosed, 1, 'with the records it opened');
    // Without calls running, the replaced host is closed at once; close() closes the last one.
    await mcp.reload();
    assert.deepEqual(hosts.map((h) => h.closed), [1, 1, 0]);
    await mcp.close();
    assert.deepEqual(hosts.map((h) => h.closed), [1, 1, 1]);
  });

  it('watches skill folders created after start-up, two levels down too, and one deleted', async () => {
    const events: string[] = [];
    let notify: () => void = () => undefined;
    const next = () => new Promise<void>((resolve) => {
      notify = resolve;
    });
    const dirs = [path.join(work, 'skills'), path.join(work, '.interview-lens', 'skills')];
    const watcher = watchSkillFolders(work, dirs, {
      changed: () => {
        events.push('changed');
        notify();
      },
      cannotWatch: (dir) => events.push(`cannot ${dir}`),
    });
    try {
      assert.deepEqual(watcher.watched, []);
      let seen = next();
      fs.mkdirSync(path.join(work, '.interview-lens', 'skills', 'jot'), { recursive: true });
      await within(seen, 10_000, 'change for the new folder');
      // .interview-lens appeared first: the watcher followed it down to its skills folder.
      for (let i = 0; i < 50 && !(watcher.watched as string[]).includes(dirs[1]); i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(watcher.watched, [dirs[1]]);
      seen = next();
      fs.writeFileSync(path.join(work, '.interview-lens', 'skills', 'jot', 'skill.yaml'), jot('Keeps a jotted line as a note. Use it for one-line jots. Not for job postings.'));
      await within(seen, 10_000, 'change for the new skill.yaml');
      seen = next();
      fs.rmSync(path.join(work, '.interview-lens'), { recursive: true, force: true });
      await within(seen, 10_000, 'change for the deleted folder');
      for (let i = 0; i < 50 && watcher.watched.length; i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(watcher.watched, [], 'a deleted folder is no longer watched');
      assert.ok(!events.some((e) => e.startsWith('cannot')), events.join(', '));
    } finally {
      watcher.close();
    }
  });

  it('interview-lens mcp announces a skills/ folder created after it started', async () => {
    const cli = path.join(ROOT, 'dist', 'cli.js');
    assert.ok(fs.existsSync(cli), 'npm run build first');
    assert.ok(!fs.existsSync(path.join(work, 'skills')));
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp'], cwd: work, env: { ...process.env, INTERVIEW_LENS_HOME: path.join(work, 'home') } as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(transport);
    try {
      assert.ok(!(await client.listTools()).tools.some((t) => t.name === 'skill_jot'));
      const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      fs.mkdirSync(path.join(work, 'skills', 'jot'), { recursive: true });
      fs.writeFileSync(path.join(work, 'skills', 'jot', 'skill.yaml'), jot('Keeps a jotted line as a note. Use it for one-line jots. Not for job postings.'));
      await within(changed, 15_000, 'tools/list_changed after skills/ was created');
      // The announcement can come from the folder's creation, before the file is in: the list settles on it.
      let tools: string[] = [];
      for (let i = 0; i < 50; i++) {
        tools = (await client.listTools()).tools.map((t) => t.name);
        if (tools.includes('skill_jot')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(tools.includes('skill_jot'), tools.join(', '));
    } finally {
      await client.close();
    }
  });

  it('interview-lens mcp --engine runs a skill that needs a model with that engine', async () => {
    const cli = path.join(ROOT, 'dist', 'cli.js');
    const extracted = { company: 'Acme Robotics', title: 'Agent Engineer', location: 'Berlin', deadline: '2026-12-20', skills: ['typescript'] };
    const oa = await startMockOpenAi({ responder: () => ({ content: JSON.stringify(extracted) }) });
    const env = { ...process.env, INTERVIEW_LENS_HOME: path.join(work, 'home'), INTERVIEW_LENS_OPENAI_ENDPOINT: oa.url, INTERVIEW_LENS_OPENAI_MODEL: 'qwen-plus' } as Record<string, string>;
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--engine', 'openai-compatible'], cwd: work, env, stderr: 'pipe' });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(transport);
    try {
      const r = await client.callTool({ name: 'skill_extract_job', arguments: { text: 'Acme Robotics is hiring an Agent Engineer in Berlin. Apply by 2026-12-20.' } });
      assert.ok(!r.isError, JSON.stringify(r.content));
      const plan = JSON.parse((r.content as Array<{ text: string }>)[0].text);
      assert.equal(plan.status, 'dry_run');
      assert.ok(JSON.stringify(plan).includes('Acme Robotics'));
      assert.ok(oa.requests.length >= 1, 'the model was asked');
    } finally {
      await client.close();
      await oa.close();
    }
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
