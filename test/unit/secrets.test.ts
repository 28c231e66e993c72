import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { terminalText } from '../../src/cli/io';
import { run } from '../../src/cli/main';
import { OpenAiEmbeddingProvider } from '../../src/core/diagnosis/knowledge/embeddings';
import { MemoryLogger } from '../../src/core/runtime/logger';
import { forgetSecrets, redactText, registerEndpointSecrets, registerSecret, safeMessage } from '../../src/core/runtime/redact';
import { createCore } from '../../src/core/services';
import { createSttProvider } from '../../src/core/diagnosis/speech/stt';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import type { Tool } from '../../src/core/calls/tool';
import { redactingChannel } from '../../src/extension/shared/logger';
import { KNOWLEDGE_DIR, makeCtx, ROOT, SAMPLES, tempDir } from './helpers';

/** Keys of shapes no generic rule knows: only the registered value can catch them. */
const STT_KEY = 'Zq8!odd#Key%with~shape';
const EMB_KEY = 'emb.Key_without-any-known-shape_77';

/**
 * A stand-in for an OpenAI-compatible endpoint whose error reply echoes what it received, as some
 * proxies and gateways do: the Authorization header, the bare key and the URL with its query.
 * `ok(body)` decides which requests succeed.
 */
async function echoServer(ok: (url: string, body: string) => unknown): Promise<{ base: string; close: () => void; hits: number }> {
  const state = { hits: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      state.hits++;
      const body = Buffer.concat(chunks).toString('latin1');
      const answer = ok(req.url ?? '', body);
      if (answer !== undefined) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
        return;
      }
      const auth = String(req.headers.authorization ?? '');
      res.statusCode = 500;
      res.end(`upstream rejected key ${auth.replace(/^Bearer /, '')} for ${req.url} {"headers":{"authorization":"${auth}"}}\nsecond line`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => server.close(),
    get hits() { return state.hits; },
  };
}

/** Runs the CLI in-process (the stand-in server lives in this process) and captures its output. */
async function cli(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (s) => { stdout += s; }, stderr: (s) => { stderr += s; }, env: { ...env } });
  return { code, stdout, stderr };
}

/** Every file under `dir`, as bytes decoded latin1 (so a key inside a SQLite page is still found). */
function allFiles(dir: string): Array<[string, string]> {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => { const f = path.join(d.parentPath ?? (d as unknown as { path: string }).path, d.name); return [f, fs.readFileSync(f).toString('latin1')] as [string, string]; });
}

describe('secrets: one redaction point', () => {
  // One core for the tests below (building it from the YAML takes seconds).
  const memory = new MemoryLogger();
  const saved: unknown[] = [];
  let core: ReturnType<typeof createCore>;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR, logger: memory, store: { save: (r: unknown) => saved.push(r), last: () => null, get: () => null } as never });
  });
  afterEach(() => forgetSecrets());

  it('replaces registered keys of any shape and the generic credential shapes', () => {
    registerSecret(STT_KEY);
    registerEndpointSecrets('https://bob:pa%24%24w0rd-99@host.example/v1?api-key=QueryKey123&model=x');
    const cases: Array<[string, string]> = [
      [`echo: ${STT_KEY} and ${encodeURIComponent(STT_KEY)}`, STT_KEY],
      ['Authorization: Bearer abc.def-123xyz', 'abc.def-123xyz'],
      ['{"authorization":"Basic dXNlcjpwYXNz"}', 'dXNlcjpwYXNz'],
      ["{ 'x-api-key': 'zzzz9999yyyy' }", 'zzzz9999yyyy'],
      ['x-api-key: plainvalue', 'plainvalue'],
      ['cannot reach http://user:k3y-in-url@127.0.0.1:9/v1/embeddings', 'k3y-in-url'],
      ['GET https://h/v1?api-key=abc1&x=1', 'abc1'],
      ['GET https://h/v1?key=abc2#frag', 'abc2'],
      ['GET https://h/v1?foo=1&access_token=abc3', 'abc3'],
      ['keys sk-ant-api03-abcdefghijkl and sk-proj-ABCDEFGHIJKLMNOPQRST', 'sk-'],
      ['Bearer abcdefghijklmnop token', 'abcdefghijklmnop'],
      ['password pa$$w0rd-99 and QueryKey123 seen', 'pa$$w0rd-99'],
      ['still QueryKey123', 'QueryKey123'],
    ];
    for (const [text, secret] of cases) {
      const out = redactText(text);
      assert.ok(!out.includes(secret), `${text} -> ${out}`);
      assert.match(out, /\[redacted\]/, text);
    }
  });

  it('leaves ordinary interview text alone', () => {
    for (const text of [
      'What is the difference between authentication and authorization?',
      'We send a Bearer token in the Authorization header, never in the URL.',
      'Bearer authentication is simple; task-decomposition-and-planning comes later.',
      '面试官：为什么 API key 不能写在前端代码里？',
    ]) assert.equal(redactText(text), text);
  });

  it('safeMessage: redacted, one line, control characters escaped, bounded', () => {
    registerSecret(STT_KEY);
    const m = safeMessage(`failed: ${STT_KEY}\nat line 2\r\n\u001b[2J\u202eend ${'x'.repeat(2000)}`);
    assert.ok(!m.includes(STT_KEY));
    assert.ok(!/[\n\r\u001b\u202e]/.test(m), m.slice(0, 80));
    assert.match(m, /\\u001b\[2J\\u202eend/);
    assert.ok(m.length <= 500);
  });

  it('printed JSON stays JSON: redacting and escaping never break a string', () => {
    registerSecret('quote"key\\9x');
    const value = {
      q: 'Authorization: "abc123xyz" and x-api-key=\\"v\\" then ?key=v"x http://a\\"b@h',
      k: 'the key quote"key\\9x', c: '\u001b[2J\u009b\u202e\u0007\r\n\t', zh: '面试官：你好？',
    };
    const printed = terminalText(JSON.stringify(value, null, 2));
    assert.doesNotMatch(printed, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    const back = JSON.parse(printed);
    assert.equal(back.c, value.c);
    assert.equal(back.zh, value.zh);
    assert.ok(!back.k.includes('quote"key'), back.k);
  });

  it('the tool registry redacts the error it returns and the log line it writes', async () => {
    registerSecret(EMB_KEY);
    const leaky: Tool = {
      name: 'leaky_tool', description: 'throws what an endpoint said', inputSchema: { type: 'object', properties: {} },
      execute: async () => { throw new Error(`endpoint said: bad key ${EMB_KEY}\nAuthorization: Bearer ${EMB_KEY}`); },
    };
    const ctx = makeCtx();
    const r = await new ToolRegistry().register(leaky).execute('leaky_tool', {}, ctx);
    assert.equal(r.error?.code, 'service_error');
    assert.ok(!r.error!.message.includes(EMB_KEY), r.error!.message);
    assert.ok(!r.error!.message.includes('\n'));
    assert.ok(!JSON.stringify(ctx.logger.lines).includes(EMB_KEY));
  });

  it('the core logger and the extension output channel redact every line', () => {
    registerSecret(EMB_KEY);
    core.logger.warn(`embeddings unavailable: ${EMB_KEY}`, { detail: `Bearer ${EMB_KEY}` });
    assert.ok(!JSON.stringify(memory.lines).includes(EMB_KEY), JSON.stringify(memory.lines));
    const written: string[] = [];
    const fake = { name: 'x', info: (m: string) => written.push(m), error: (e: string | Error) => written.push(String(e)), appendLine: (m: string) => written.push(m) };
    const channel = redactingChannel(fake as never);
    channel.info(`history: /home/u/.x?token=${EMB_KEY}`);
    channel.error(new Error(`diagnose failed: ${EMB_KEY}`));
    channel.appendLine(`raw ${EMB_KEY}`);
    assert.equal(written.length, 3);
    assert.ok(written.every((w) => !w.includes(EMB_KEY)), written.join('\n'));
    assert.equal(channel.name, 'x');
  });

  it('a report that quotes a key is stored and returned redacted', async () => {
    registerSecret(EMB_KEY);
    saved.length = 0;
    const text = `Interviewer: How do you keep an API key such as ${EMB_KEY} out of logs?\nCandidate: I keep keys like sk-proj-ABCDEFGHIJKLMNOPQRST1234 in a secret store and redact logs with a filter, because keys in logs leak.`;
    const result = await core.diagnose({ text, source: 'keys.txt' });
    assert.equal(saved.length, 1);
    const stored = JSON.stringify(saved) + JSON.stringify(result.raw);
    assert.ok(!stored.includes(EMB_KEY) && !stored.includes('sk-proj-ABCDEFGHIJKLMNOPQRST1234'));
    assert.match(result.raw.perQuestion[0].question, /\[redacted\]/);
  });

  describe('providers against a stand-in endpoint that echoes the key', () => {
    let home: string;
    beforeEach(() => { home = tempDir('il-sec-home-'); });
    afterEach(() => fs.rmSync(home, { recursive: true, force: true }));
    const WAV = path.join(ROOT, 'test', 'fixtures', 'audio', 'interview.wav');

    it('speech-to-text: the provider error, `transcribe` and audio `diagnose` never show the key; both exit 2 with the same line', async () => {
      const server = await echoServer(() => undefined);
      const work = tempDir('il-sec-wav-');
      const wav = path.join(work, 'rec.wav');
      fs.copyFileSync(WAV, wav);
      try {
        await assert.rejects(createSttProvider({ endpoint: server.base, apiKey: STT_KEY }).transcribe(wav, { language: 'auto', signal: new AbortController().signal }),
          (e: Error) => /answered 500/.test(e.message) && !e.message.includes(STT_KEY));
        forgetSecrets();
        const env = { INTERVIEW_LENS_HOME: home, INTERVIEW_LENS_STT_ENDPOINT: server.base, INTERVIEW_LENS_STT_API_KEY: STT_KEY };
        const t = await cli(['transcribe', wav, '--verbose'], env);
        const d = await cli(['diagnose', wav, '--verbose', '--html', path.join(work, 'r.html'), '--transcript-out', path.join(work, 't.json')], env);
        for (const [name, r] of [['transcribe', t], ['diagnose', d]] as const) {
          assert.equal(r.code, 2, `${name}: ${r.stderr}`);
          assert.ok(!r.stderr.includes(STT_KEY) && !r.stdout.includes(STT_KEY), `${name} printed the key: ${r.stderr}`);
          assert.doesNotMatch(r.stderr, /\n\s+at /, `${name} printed a stack trace`);
        }
        const lastLine = (s: string) => s.trim().split('\n').filter((l) => l.startsWith('interview-lens:'));
        assert.deepEqual(lastLine(d.stderr), lastLine(t.stderr), 'the same failure, the same line');
        assert.equal(lastLine(d.stderr).length, 1);
        assert.match(lastLine(d.stderr)[0], /the transcription endpoint answered 500: upstream rejected key \[redacted\]/);
        for (const [f, bytes] of [...allFiles(home), ...allFiles(work)]) assert.ok(!bytes.includes(STT_KEY), `${f} holds the key`);
      } finally {
        server.close();
        fs.rmSync(work, { recursive: true, force: true });
      }
    });

    it('speech-to-text endpoints with user:key@host or ?api-key= are never printed whole', async () => {
      const server = await echoServer(() => undefined);
      try {
        const port = new URL(server.base).port;
        for (const endpoint of [`http://user:UrlKey-4242@127.0.0.1:${port}/v1`, `http://127.0.0.1:${port}/v1?api-key=UrlKey-4242`, `http://127.0.0.1:${port}/v1?key=UrlKey-4242`, `http://127.0.0.1:${port}/v1?access_token=UrlKey-4242`]) {
          forgetSecrets();
          const r = await cli(['transcribe', WAV, '--verbose'], { INTERVIEW_LENS_HOME: home, INTERVIEW_LENS_STT_ENDPOINT: endpoint });
          assert.equal(r.code, 2, r.stderr);
          assert.ok(!r.stderr.includes('UrlKey-4242'), `${endpoint}: ${r.stderr}`);
          assert.equal(r.stderr.trim().split('\n').filter((l) => l.startsWith('interview-lens:')).length, 1, r.stderr);
        }
      } finally {
        server.close();
      }
    });

    it('an endpoint with its key in the query keeps the query after the path', async () => {
      const seen: string[] = [];
      const server = await echoServer((url) => { seen.push(url); return url.startsWith('/v1/embeddings?') ? { data: [{ index: 0, embedding: [1, 0] }] } : undefined; });
      try {
        const vecs = await new OpenAiEmbeddingProvider(`${server.base}/?api-version=2024-06-01&api-key=QueryKey-77`, 'm').embed(['a']);
        assert.equal(vecs.length, 1);
        await assert.rejects(createSttProvider({ endpoint: `${server.base}?api-key=QueryKey-77` }).transcribe(WAV, { language: 'auto', signal: new AbortController().signal }),
          (e: Error) => /answered 500/.test(e.message) && !e.message.includes('QueryKey-77'));
        assert.deepEqual(seen, ['/v1/embeddings?api-version=2024-06-01&api-key=QueryKey-77', '/v1/audio/transcriptions?api-key=QueryKey-77']);
      } finally {
        server.close();
      }
    });

    it('embeddings: the key reaches neither stderr (with or without --verbose), a log line, the report nor a stored file', async () => {
      // Entries embed fine; a query containing the marker fails, so the failure surfaces in a tool call.
      const flaky = await echoServer((_url, body) => {
        const input = (JSON.parse(body) as { input: string[] }).input;
        return input.some((t) => t.includes('ZQMARK')) ? undefined : { data: input.map((_, index) => ({ index, embedding: [1, index % 7, 0.5] })) };
      });
      const down = await echoServer(() => undefined);
      const work = tempDir('il-sec-emb-');
      try {
        // Failing at start-up: the CLI says so even without --verbose.
        forgetSecrets();
        const env = { INTERVIEW_LENS_HOME: home, INTERVIEW_LENS_EMBEDDINGS_ENDPOINT: down.base, INTERVIEW_LENS_EMBEDDINGS_API_KEY: EMB_KEY };
        const quiet = await cli(['diagnose', path.join(SAMPLES, 'llm-engineer-en.md'), '--no-history'], env);
        assert.equal(quiet.code, 0, quiet.stderr);
        assert.match(quiet.stderr, /embeddings unavailable \(the embedding endpoint answered 500/);
        assert.equal(quiet.stderr.trim().split('\n').length, 1, quiet.stderr);
        assert.ok(!quiet.stderr.includes(EMB_KEY), quiet.stderr);
        // With --verbose (log lines on stderr), history and an HTML report.
        forgetSecrets();
        const verbose = await cli(['diagnose', path.join(SAMPLES, 'llm-engineer-en.md'), '--verbose', '--html', path.join(work, 'report.html')], env);
        assert.equal(verbose.code, 0, verbose.stderr);
        assert.match(verbose.stderr, /tool call/);
        assert.ok(!verbose.stderr.includes(EMB_KEY) && !verbose.stdout.includes(EMB_KEY), verbose.stderr);
        assert.ok(fs.existsSync(path.join(home, 'history.sqlite')));
        for (const [f, bytes] of [...allFiles(home), ...allFiles(work)]) assert.ok(!bytes.includes(EMB_KEY), `${f} holds the key`);
        // Failing at query time: the tool's warning and the tool-call log line (the extension's output channel gets the same lines).
        forgetSecrets();
        memory.lines.length = 0;
        await core.enableEmbeddings(new OpenAiEmbeddingProvider(flaky.base, 'm', EMB_KEY));
        const r = await core.tools.execute('query_knowledge_base', { query: 'ZQMARK how does tool calling work?' }, core.context({ caller: 'test' }));
        assert.equal(r.success, true);
        const lines = JSON.stringify(memory.lines);
        assert.match(lines, /embeddings unavailable, searching without them: the embedding endpoint answered 500/);
        assert.match(lines, /tool call/);
        assert.ok(!lines.includes(EMB_KEY), lines);
        // The provider's own error, thrown to any other caller, is redacted too.
        await assert.rejects(new OpenAiEmbeddingProvider(down.base, 'm', EMB_KEY).embed(['a']), (e: Error) => /answered 500/.test(e.message) && !e.message.includes(EMB_KEY));
      } finally {
        flaky.close();
        down.close();
        fs.rmSync(work, { recursive: true, force: true });
      }
    });
  });
});
