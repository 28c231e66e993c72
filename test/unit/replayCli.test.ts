import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runReplay, type ReplayArgs } from '../../src/cli/replayCommand';
import { readCassette, serializeCassette } from '../../src/core/replay/cassette';
import { CassetteRecorder } from '../../src/core/replay/cassetteRecorder';
import { createCore, type Core } from '../../src/core/services';
import { KNOWLEDGE_DIR, tempDir } from './helpers';

const TRANSCRIPT = 'Interviewer: What is RAG?\nCandidate: Retrieval plus generation.\nInterviewer: Why chunk documents?\nCandidate: To fit the context window.\n';

describe('replay: CLI command', () => {
  let core: Core;
  let cwd: string;
  let currentHash: string;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    currentHash = core.skillHash('diagnose-transcript')!;
  });
  beforeEach(() => {
    cwd = tempDir('il-replay-cli-');
  });
  afterEach(() => fs.rmSync(cwd, { recursive: true, force: true }));

  /** Records split_qa_pairs + find_reference into `<cwd>/.interview-lens/recordings/<name>.jsonl`. */
  async function record(name: string, skillHash = currentHash): Promise<string> {
    const rec = new CassetteRecorder(cwd, name, { skill: 'diagnose-transcript', skillHash, engine: 'offline', model: '' });
    const ctx = { ...core.context({ caller: 'test' }), recorder: rec };
    await core.tools.execute('split_qa_pairs', { text: TRANSCRIPT }, ctx);
    await core.tools.execute('find_reference', { question: 'What is RAG?' }, ctx);
    return rec.finish();
  }

  function breakResult(file: string): void {
    const cassette = readCassette(file);
    (cassette.calls[0].response as { data: { language: string } }).data.language = 'xx';
    fs.writeFileSync(file, serializeCassette(cassette));
  }

  async function replay(over: Partial<ReplayArgs> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runReplay({ paths: [], update: false, json: false, cwd, ...over }, { core, io: { stdout: (s) => out.push(s), stderr: (s) => err.push(s) } });
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  it('with no path replays .interview-lens/recordings/ and exits 0 when all pass', async () => {
    await record('a');
    await record('b');
    const r = await replay();
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^PASS {4}\.interview-lens[\\/]recordings[\\/]a\.jsonl: 2 tool calls\nPASS {4}.*b\.jsonl: 2 tool calls\n2 cassettes: 2 pass\n$/);
  });

  it('exits 1 on a mismatch and prints the failing call with its diff', async () => {
    await record('good');
    breakResult(await record('bad'));
    const r = await replay();
    assert.equal(r.code, 1);
    assert.match(r.stdout, /FAIL {4}.*bad\.jsonl: 1 mismatch of 2 tool calls\n {2}call 1 tool split_qa_pairs: mismatch\n/);
    assert.match(r.stdout, / {4}- +"language": "xx",\n {4}\+ +"language": "en",/);
    assert.match(r.stdout, /2 cassettes: 1 pass, 1 fail/);
  });

  it('exits 3 for a stale cassette, whether or not its calls still match (the skill changed: re-record)', async () => {
    const stale = await record('stale', 'recorded-with-an-older-skill');
    await record('fresh');
    const r = await replay();
    assert.equal(r.code, 3, r.stdout);
    assert.match(r.stdout, /STALE {3}.*stale\.jsonl: skill "diagnose-transcript" changed since the recording \(its calls still pass\); re-record it, or run replay --update/);
    breakResult(stale);
    const both = await replay();
    assert.equal(both.code, 3);
    assert.match(both.stdout, /STALE {3}.*stale\.jsonl: skill "diagnose-transcript" changed since the recording \(1 mismatch of 2 tool calls\); re-record it/);
  });

  it('exits 2 for bad input: a missing path, an invalid cassette, no recordings', async () => {
    const missing = await replay({ paths: ['nope.jsonl'] });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /interview-lens: not found: nope\.jsonl \(give a cassette file or a folder of \*\.jsonl cassettes\)/);
    const none = await replay();
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no recordings: .*recordings does not exist; record a run first/);
    fs.mkdirSync(path.join(cwd, 'empty'));
    assert.match((await replay({ paths: ['empty'] })).stderr, /no \*\.jsonl cassettes in .*empty or its folders/);
    await record('good');
    fs.writeFileSync(path.join(cwd, 'broken.jsonl'), '{"type":"header","format":9}\n');
    const bad = await replay({ paths: ['broken.jsonl', '.interview-lens/recordings'] });
    assert.equal(bad.code, 2);
    assert.match(bad.stdout, /INVALID broken\.jsonl: .*line 1: cassette format 9 is not supported; this version reads format 1/);
    assert.match(bad.stdout, /PASS {4}.*good\.jsonl/);
  });

  it('a folder is searched with its folders (replay skills/ finds each skill\'s tests/), not hidden ones or node_modules', async () => {
    const file = await record('nested');
    for (const dir of ['skills/a/tests', 'skills/b/tests', 'skills/.hidden', 'skills/node_modules/x']) {
      fs.mkdirSync(path.join(cwd, dir), { recursive: true });
      fs.copyFileSync(file, path.join(cwd, dir, 'case.jsonl'));
    }
    const r = await replay({ paths: ['skills'], json: true });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).map((o: { file: string }) => o.file.split(path.sep).join('/')), ['skills/a/tests/case.jsonl', 'skills/b/tests/case.jsonl']);
  });

  it('--json prints one result per cassette', async () => {
    breakResult(await record('bad'));
    fs.writeFileSync(path.join(cwd, 'broken.jsonl'), 'not json\n');
    const r = await replay({ json: true, paths: ['.interview-lens/recordings/bad.jsonl', 'broken.jsonl'] });
    assert.equal(r.code, 2);
    const results = JSON.parse(r.stdout);
    assert.equal(results.length, 2);
    assert.deepEqual(Object.keys(results[0]).sort(), ['calls', 'counts', 'file', 'status']);
    assert.equal(results[0].status, 'fail');
    assert.equal(results[0].file, path.join('.interview-lens', 'recordings', 'bad.jsonl'));
    assert.deepEqual(results[0].calls.map((c: { index: number; kind: string; name: string; status: string }) => [c.index, c.kind, c.name, c.status]), [[1, 'tool', 'split_qa_pairs', 'mismatch'], [2, 'tool', 'find_reference', 'pass']]);
    assert.match(results[0].calls[0].diff, /"language": "xx"/);
    assert.deepEqual(results[1], { file: 'broken.jsonl', status: 'invalid', message: `${path.join(cwd, 'broken.jsonl')} line 1: not valid JSON (${jsonError('not json')}); re-record the run, or fix or remove that line` });
  });

  it('--update rewrites mismatching and stale cassettes, then they pass', async () => {
    const file = await record('drifted', 'old-hash');
    breakResult(file);
    const r = await replay({ update: true });
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /UPDATED .*drifted\.jsonl: 1 result of 2 tool calls rewritten with today's\n {2}call 1 tool split_qa_pairs: mismatch\n/);
    assert.match(r.stdout, /1 cassette: 1 pass \(1 updated\)/);
    assert.equal(readCassette(file).header.skillHash, currentHash);
    assert.equal((await replay()).code, 0);
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  return '';
}
