import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { htmlToText } from '../../src/core/skills/run/htmlText';
import { bareUrl, fetchPage, LinkFetchError } from '../../src/core/skills/run/linkInput';
import { loadSkillFolders } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { runLoadedSkill } from '../../src/core/skills/run/runLoadedSkill';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { MemoryLogger } from '../../src/core/runtime/logger';
import { runCliIn } from '../support/runCli';
import { FakeLlm, promptText } from '../support/fakeLlm';
import { ROOT, tempDir } from './helpers';

const POSTING = `<!doctype html><html><head><title>Agent Engineer &amp; Evals — Acme Robotics</title>
<style>body { color: red }</style><script>var s = "</div><p>not text</p>"; if (a < b) {}</script></head>
<body><nav>Jobs</nav><h1>Agent&nbsp;Engineer</h1><p>Job description: Acme Robotics is <b>hiring</b> &lt;now&gt; in Berlin &#x2014; caf&eacute; included.</p>
<h2>Responsibilities</h2><ul><li>Build RAG pipelines</li><li>Run evals</li></ul><noscript>Enable JS</noscript><p>Line one<br>line two</p></body></html>`;

/** A local site: each path answers as the test needs. */
function startSite(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const u = req.url ?? '/';
    if (u === '/job') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(POSTING);
    } else if (u === '/gbk') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(Buffer.concat([Buffer.from('<html><head><meta charset="gbk"><title>'), Buffer.from([0xd5, 0xd0, 0xc6, 0xb8]), Buffer.from('</title></head><body><p>x</p></body></html>')]));
    } else if (u === '/plain') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('We are hiring.\nRequirements: Go.');
    } else if (u.startsWith('/hop/')) {
      const n = Number(u.slice(5));
      res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/job' });
      res.end();
    } else if (u === '/to-ftp') {
      res.writeHead(301, { location: 'ftp://example.invalid/file' });
      res.end();
    } else if (u === '/pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
    } else if (u === '/big') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(3 * 1024 * 1024) });
      res.end('x'.repeat(3 * 1024 * 1024));
    } else if (u === '/big-stream') {
      // No length given: the cap must hold while reading.
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const more = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += 64 * 1024;
          if (!res.write('y'.repeat(64 * 1024))) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    } else if (u === '/slow') {
      // Never answers; the client's timeout must stop it.
      req.on('close', () => res.destroy());
    } else if (u === '/gone') {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<p>no</p>');
    } else {
      res.writeHead(500);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  })));
}

describe('link input: a web address is the page it names', function () {
  this.timeout(30_000);
  let site: Awaited<ReturnType<typeof startSite>>;
  const signal = new AbortController().signal;
  before(async () => { site = await startSite(); });
  after(() => site.close());

  it('turns HTML into readable text: the title kept, scripts and styles dropped, blocks on lines, entities decoded', () => {
    const { title, text } = htmlToText(POSTING);
    assert.equal(title, 'Agent Engineer & Evals — Acme Robotics');
    assert.equal(text, 'Jobs\n\nAgent Engineer\n\nJob description: Acme Robotics is hiring <now> in Berlin — café included.\n\nResponsibilities\n\n- Build RAG pipelines\n- Run evals\n\nLine one\nline two');
    assert.doesNotMatch(text, /not text|color|Enable JS/);
  });

  it('knows a lone http(s) address from a text that mentions one', () => {
    assert.equal(bareUrl('  https://example.com/jobs/1 \n'), 'https://example.com/jobs/1');
    assert.equal(bareUrl('see https://example.com'), undefined);
    assert.equal(bareUrl('ftp://example.com/x'), undefined);
  });

  it('fetches a page through redirects, and reads plain text and the charset a page declares', async () => {
    const page = await fetchPage(`${site.url}/hop/3`, { signal });
    assert.equal(page.url, `${site.url}/job`);
    assert.equal(page.title, 'Agent Engineer & Evals — Acme Robotics');
    assert.match(page.text, /^Jobs\n\nAgent Engineer/);
    assert.equal((await fetchPage(`${site.url}/plain`, { signal })).text, 'We are hiring.\nRequirements: Go.');
    assert.equal((await fetchPage(`${site.url}/gbk`, { signal })).title, '招聘');
  });

  it('refuses, naming the address: more than 5 redirects, a redirect off http, a non-page type, more than 2 MB, no answer in time, an error status', async () => {
    const refused = async (address: string, pattern: RegExp, limits = {}) => {
      await assert.rejects(fetchPage(address, { signal, limits }), (e: unknown) => e instanceof LinkFetchError && e.message.includes(address) && pattern.test(e.message) && /nothing was written/.test(e.message));
    };
    await refused(`${site.url}/hop/6`, /redirects more than 5 times/);
    await refused(`${site.url}/to-ftp`, /redirects to a ftp address; only http and https/);
    await refused(`${site.url}/pdf`, /application\/pdf file, not a web page/);
    await refused(`${site.url}/big`, /3\.0 MB, more than the 2 MB/);
    await refused(`${site.url}/big-stream`, /more than the 2 MB/);
    const started = Date.now();
    await refused(`${site.url}/slow`, /no answer within 0\.3 s/, { timeoutMs: 300 });
    assert.ok(Date.now() - started < 10_000);
    await refused(`${site.url}/gone`, /answered 404/);
    await refused('file:///etc/passwd', /only http and https/);
  });

  it('extract_job given a posting\'s address reads the page: the model sees its text and address, and the position keeps the URL', async () => {
    const dir = tempDir('il-link-');
    try {
      const { skills } = await loadSkillFolders([path.join(ROOT, 'skills')], { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
      const job = skills.find((s) => s.name === 'extract_job')!;
      const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
      const llm = new FakeLlm(() => JSON.stringify({ company: 'Acme Robotics', title: 'Agent Engineer', location: 'Berlin' }));
      const r = await runLoadedSkill(job, { text: `${site.url}/hop/1`, kind: 'link' }, { records: store, llm, signal, now: () => new Date('2026-12-01T09:00:00Z'), dryRun: true, trusted: false, logger: new MemoryLogger() });
      const prompt = promptText(llm.requests[0]);
      assert.match(prompt, new RegExp(`The posting's address: ${site.url.replace(/[.]/g, '\\.')}/job\n`));
      assert.match(prompt, /Agent Engineer & Evals — Acme Robotics\n\nJobs\n\nAgent Engineer\n\nJob description: Acme Robotics is hiring/);
      assert.doesNotMatch(prompt, /not text|<script/);
      assert.deepEqual(r.planned.map((p) => p.primitive), ['upsert_company', 'upsert_position']);
      assert.equal(r.planned[1].params.source_url, `${site.url}/job`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('CLI: run --input on a file holding a posting URL routes by the page (offline, to capture_note) and writes it with its address; a dead link exits 2 and writes nothing', async () => {
    const work = tempDir('il-link-cli-');
    try {
      fs.writeFileSync(path.join(work, 'link.txt'), `${site.url}/hop/1\n`);
      const r = await runCliIn(work, {}, 'run', '--input', 'link.txt', '--json');
      assert.equal(r.status, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      // The page's words match extract_job; offline it cannot run, so the note keeps the page.
      assert.equal(out.route.skill, 'capture_note');
      assert.equal(out.route.how, 'fallback');
      assert.match(out.route.reason, /extract_job needs a model and none is configured/);
      const notes = JSON.parse((await runCliIn(work, {}, 'records', 'notes', '--json')).stdout);
      assert.equal(notes.length, 1);
      assert.match(notes[0].body_md, /Build RAG pipelines/);

      fs.writeFileSync(path.join(work, 'dead.txt'), `${site.url}/gone`);
      const dead = await runCliIn(work, {}, 'run', '--input', 'dead.txt');
      assert.equal(dead.status, 2);
      assert.match(dead.stderr, new RegExp(`could not read ${site.url.replace(/[.]/g, '\\.')}/gone: the site answered 404.*save the page's text to a file`));
      assert.equal(JSON.parse((await runCliIn(work, {}, 'records', 'notes', '--json')).stdout).length, 1, 'the failed run wrote nothing');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
