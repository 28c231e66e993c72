import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliIn } from '../support/runCli';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropicServer';
import { forgetSecrets, redactCounting, redactText, registerSecret } from '../../src/core/runtime/redact';
import { tempDir } from './helpers';

/** The configured key: a shape no generic rule knows, with characters that URL-encoding changes. */
const KEY = 'il-test/key+9f3a7c1e5b2d8f4a6c0e';
/** Unconfigured keys of known shapes, as a model might echo them from the text it read. */
const OPENAI = 'sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34';
const GITHUB = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Every form of `secret` that must not be found anywhere. */
function formsOf(secret: string): string[] {
  return [secret, secret.toLowerCase(), encodeURIComponent(secret), b64(secret), b64(secret).replace(/=+$/, ''), b64(`Authorization: ${secret}`).slice(4, 30)];
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

describe('a secret the model echoes is redacted before anything stores it', function () {
  this.timeout(60_000);
  let mock: MockAnthropic;
  let work: string;
  afterEach(async () => {
    await mock?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
    forgetSecrets();
  });

  it('raw, base64 and URL-encoded: not in the records file, the cassette, stdout or stderr; the run says it redacted them', async () => {
    const reply = {
      title: `Key ${KEY} and ${OPENAI}`,
      tags: [KEY, `b64:${b64(KEY)}`, `url:${encodeURIComponent(KEY)}`, b64(`Authorization: Bearer ${OPENAI}`), GITHUB],
      body: `header ${b64(`Authorization: ${KEY}`)} end`,
    };
    mock = await startMockAnthropic({ apiKey: KEY, responder: () => ({ content: [{ type: 'text', text: JSON.stringify(reply) }] }) });
    work = tempDir('il-echo-');
    const dir = path.join(work, 'skills', 'jot');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'skill.yaml'), 'name: jot\nversion: 1\ndescription: Keeps a jotted line as a note. Use it for jots.\nmatch:\n  inputs: [text]\n  keywords: [jot]\nprompt:\n  user: "{{ input.text }}"\noutput_schema:\n  type: object\n  properties:\n    title: { type: string }\n    body: { type: string }\n    tags: { type: array, items: { type: string } }\n  required: [title, body, tags]\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n      body: "{{ out.body }}"\n    as: note\n  - add_tags:\n      entity: "{{ note.ref }}"\n      tags: "{{ out.tags }}"\n');
    fs.writeFileSync(path.join(work, 'in.txt'), 'jot: my key is in the config');
    const r = await runCliIn(work, { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url }, 'run', 'jot', '--input', 'in.txt', '--engine', 'anthropic', '--json', '--record', 'echo');
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const result = JSON.parse(r.stdout);
    assert.equal(result.status, 'ok');
    assert.ok(result.redacted >= 7, `redacted ${result.redacted}`);
    assert.ok(result.warnings.some((w: string) => /secrets \(API keys or tokens\); they were replaced by \[redacted\]/.test(w)), JSON.stringify(result.warnings));
    assert.match(r.stderr, /warning: the model's reply contained \d+ secrets/);
    const files = filesUnder(work).filter((f) => !f.endsWith('skill.yaml') && !f.endsWith('in.txt'));
    assert.ok(files.some((f) => f.endsWith('.sqlite')), files.join('\n'));
    assert.ok(files.some((f) => f.endsWith('.jsonl')), files.join('\n'));
    const places: Array<[string, string]> = [['stdout', r.stdout], ['stderr', r.stderr], ...files.map((f) => [path.relative(work, f), fs.readFileSync(f).toString('latin1')] as [string, string])];
    for (const secret of [KEY, OPENAI, GITHUB]) {
      for (const form of formsOf(secret)) {
        for (const [where, text] of places) assert.ok(!text.includes(form), `${where} holds ${form}`);
      }
    }
    const sqlite = fs.readFileSync(files.find((f) => f.endsWith('.sqlite'))!).toString('latin1');
    assert.ok(sqlite.includes('[redacted]'), 'the note keeps [redacted] where the key was');
  });
});

describe('secret shapes the redactor knows, also encoded', () => {
  afterEach(() => forgetSecrets());
  it('provider, cloud and chat tokens are replaced; ordinary text and ordinary base64 are kept', () => {
    const shapes = [
      'sk-ant-api03-AbCdEf0123456789', 'sk-0123456789abcdefABCD', OPENAI, GITHUB, 'gho_0123456789abcdefABCDEF', 'ghs_0123456789abcdefABCDEF', 'ghu_0123456789abcdefABCDEF',
      'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', 'xoxb-1234567890-abcdefABCDEF', 'xoxp-1234-5678-abcdef', 'AKIAIOSFODNN7EXAMPLE', 'ASIAIOSFODNN7EXAMPLE',
    ];
    for (const s of shapes) {
      assert.equal(redactText(`x ${s} y`), 'x [redacted] y', s);
      assert.equal(redactText(`x ${b64(`token ${s}`)} y`), 'x [redacted] y', `base64 of ${s}`);
      assert.equal(redactText(`x ${encodeURIComponent(`"${s}"`)} y`), 'x [redacted] y', `URL-encoded ${s}`);
    }
    const aws = 'AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    assert.equal(redactText(aws), '[redacted] [redacted]');
    assert.equal(redactText('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'), 'aws_secret_access_key = [redacted]');
    for (const kept of ['Hello world, this is ordinary text.', b64('An ordinary sentence with nothing secret in it.'), 'https://example.com/a/b/c/d/e/f/g', '面试官问了关于分布式系统的问题']) assert.equal(redactText(kept), kept);
  });

  it('a configured key is replaced in base64 at any offset, in base64url and URL-encoded; the count says how many', () => {
    registerSecret(KEY);
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const encoded = b64(`${prefix}${KEY}`);
      assert.ok(!redactText(encoded).includes(encoded.slice(8, 30)), `offset ${prefix.length}`);
      const url = encoded.replace(/\+/g, '-').replace(/\//g, '_');
      assert.ok(!redactText(url).includes(url.slice(8, 30)), `base64url offset ${prefix.length}`);
    }
    assert.equal(redactText(`k=${encodeURIComponent(KEY)}`), 'k=[redacted]');
    // base64's last characters mix the key's last bits with padding: they carry no more than 4 bits of it.
    const counted = redactCounting(`${KEY} and ${KEY} and ${b64(`${KEY}x`)}`);
    assert.match(counted.text, /^\[redacted\] and \[redacted\] and \[redacted\][A-Za-z0-9+/=]{0,4}$/);
    assert.equal(counted.redacted, 3);
    assert.deepEqual(redactCounting('nothing here'), { text: 'nothing here', redacted: 0 });
  });
});
