import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { createMcpServer } from '../../src/core/mcp/mcpServer';
import { MAX_MCP_MESSAGE_BYTES, StdioLineTransport } from '../../src/core/mcp/stdioLineTransport';
import { createCore } from '../../src/core/services';
import { openSkillHost } from '../../src/core/skills/run/skillHost';
import { KNOWLEDGE_DIR, ROOT, tempDir } from './helpers';

const BUILT_IN = path.join(ROOT, 'skills');
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } };
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
/** A tools/call over the limit, its id written last as the SDK's client writes it. */
const oversize = (id: number) => `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"find_reference","arguments":{"question":"${'x'.repeat(MAX_MCP_MESSAGE_BYTES + 1024)}"}},"id":${id}}\n`;

/** Replies read from a stream of JSON lines, awaited by id. */
function replies(stream: NodeJS.ReadableStream): (id: number | null) => Promise<any> {
  const seen: any[] = [];
  const waiting: Array<() => void> = [];
  let rest = '';
  stream.on('data', (d: Buffer) => {
    rest += d.toString('utf8');
    let nl;
    while ((nl = rest.indexOf('\n')) >= 0) {
      seen.push(JSON.parse(rest.slice(0, nl)));
      rest = rest.slice(nl + 1);
      waiting.splice(0).forEach((w) => w());
    }
  });
  return (id) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reply with id ${id}`)), 30_000);
    const look = () => {
      const hit = seen.find((m) => m.id === id && ('result' in m || 'error' in m));
      if (hit) {
        clearTimeout(timer);
        resolve(hit);
      } else waiting.push(look);
    };
    look();
  });
}

describe('MCP over stdio: a message over 10 MiB is answered with an error, and the server goes on', function () {
  this.timeout(90_000);
  let work: string;
  beforeEach(() => {
    work = tempDir('il-mcp-big-');
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('in process: -32600 with the request id, logged, then the next request and a bad JSON line are served', async () => {
    const mcp = await createMcpServer({
      core: createCore({ knowledgeDir: KNOWLEDGE_DIR }), version: '0.0.0-test', workspaceRoot: work,
      skills: () => openSkillHost({ dirs: [BUILT_IN], builtInDirs: [BUILT_IN], recordsFile: path.join(work, 'records.sqlite'), trusted: false, allowWrites: false }),
    });
    const input = new PassThrough();
    const output = new PassThrough();
    const logged: string[] = [];
    let closed = false;
    const transport = new StdioLineTransport(input, output, { log: (l) => logged.push(l) });
    await mcp.server.connect(transport);
    transport.onclose = () => { closed = true; };
    const reply = replies(output);
    input.write(`${JSON.stringify(INIT)}\n`);
    assert.ok((await reply(1)).result.serverInfo);
    input.write(`${JSON.stringify(INITIALIZED)}\n`);
    // Written in pieces, as a pipe delivers it.
    const big = oversize(2);
    for (let at = 0; at < big.length; at += 1 << 20) input.write(big.slice(at, at + (1 << 20)));
    const refused = await reply(2);
    assert.equal(refused.error.code, -32600);
    assert.match(refused.error.message, /over the limit of 10\.0 MiB/);
    assert.match(logged.join(''), /interview-lens mcp: refused a message \(id 2\): Invalid Request/);
    input.write('{"not json\n');
    assert.equal((await reply(null)).error.code, -32700);
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' })}\n`);
    const listed = await reply(3);
    assert.ok(listed.result.tools.some((t: { name: string }) => t.name === 'find_reference'));
    assert.equal(closed, false);
    await mcp.close();
  });

  it('interview-lens mcp (the built CLI): the client gets the error, then its next call succeeds; the error is on stderr', async () => {
    const cli = path.join(ROOT, 'dist', 'cli.js');
    assert.ok(fs.existsSync(cli), 'npm run build first');
    const child = spawn(process.execPath, [cli, 'mcp'], { cwd: work, env: { ...process.env, INTERVIEW_LENS_HOME: path.join(work, 'home') }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
    let exited: number | null | undefined;
    child.on('exit', (code) => { exited = code; });
    try {
      const reply = replies(child.stdout);
      child.stdin.write(`${JSON.stringify(INIT)}\n${JSON.stringify(INITIALIZED)}\n`);
      await reply(1);
      child.stdin.write(oversize(7));
      const refused = await reply(7);
      assert.equal(refused.error.code, -32600);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'find_reference', arguments: { question: 'How do you evaluate a RAG system?' } } })}\n`);
      const ok = await reply(8);
      assert.ok(!ok.result.isError, JSON.stringify(ok));
      assert.equal(exited, undefined, 'the server is still running');
      assert.match(stderr, /refused a message \(id 7\)/);
    } finally {
      child.stdin.end();
      await new Promise((resolve) => (exited !== undefined ? resolve(undefined) : child.once('exit', resolve)));
    }
  });
});
