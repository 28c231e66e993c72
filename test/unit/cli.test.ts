import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, SAMPLES, tempDir } from './helpers';

// Runs the bundled CLI as a real process (npm run test:unit builds it first), so exit codes,
// stdout and stderr are exactly what a user sees.
const CLI = path.join(ROOT, 'dist', 'cli.js');

describe('CLI (dist/cli.js)', () => {
  let home: string;
  let work: string;
  before(() => {
    assert.ok(fs.existsSync(CLI), 'dist/cli.js is missing: run "npm run build" first');
    home = tempDir('il-home-');
    work = tempDir('il-work-');
  });
  after(() => {
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8', env: { ...process.env, INTERVIEW_LENS_HOME: home },
  });
  const runEnv = (env: Record<string, string>, ...args: string[]) => spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8', env: { ...process.env, INTERVIEW_LENS_HOME: home, ...env },
  });
  const GOLD = path.join(ROOT, 'test', 'fixtures', 'transcripts');
  const AUDIO = path.join(ROOT, 'test', 'fixtures', 'audio');

  it('diagnose on a timed transcript prints the delivery section; split --json gives answer times', () => {
    const r = run('diagnose', path.join(GOLD, 'whisperx-en.srt'), '--no-history');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Delivery: \d+\/100/);
    assert.match(r.stdout, /Pace \d+ words\/min/);
    const s = run('split', path.join(GOLD, 'whisperx-en.srt'), '--json');
    const split = JSON.parse(s.stdout);
    assert.equal(split.format, 'srt');
    assert.equal(split.timed, true);
    assert.ok(split.pairs.every((p: { answerStartS: number; answerEndS: number }) => p.answerEndS > p.answerStartS && p.answerStartS > 0));
    assert.equal(split.turns, undefined, 'turns stay out of the printed JSON');
  });

  it('--format forces a parser, labels and --swap-roles change the roles, a bad --format exits 2', () => {
    const named = path.join(GOLD, 'named-en.txt');
    // Swapping a right guess leaves the "interviewer" asking nothing: the flag reaches the splitter.
    const swapped = run('split', named, '--json', '--swap-roles');
    assert.equal(swapped.status, 2);
    assert.match(swapped.stderr, /found no question followed by an answer/);
    const labeled = JSON.parse(run('split', named, '--json', '--interviewer-label', 'Priya', '--candidate-label', 'Daniel').stdout);
    assert.equal(labeled.format, 'labeled-custom');
    assert.deepEqual(labeled.speakers.map((x: { speaker: string; confidence: number }) => [x.speaker, x.confidence]), [['Priya', 1], ['Daniel', 1]]);
    const forced = run('split', path.join(GOLD, 'labeled-zh.txt'), '--json', '--format', 'srt');
    assert.equal(forced.status, 2);
    assert.match(forced.stderr, /line 1: expected a cue time line/);
    const bad = run('split', named, '--json', '--format', 'docx');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown --format "docx": use one of auto, labeled/);
  });

  it('diagnoses an audio file through a configured whisper.cpp and saves the labeled transcript', () => {
    const out = path.join(work, 'labeled.json');
    const r = runEnv({ INTERVIEW_LENS_WHISPER_CPP: path.join(AUDIO, 'fake-whisper-cli'), INTERVIEW_LENS_WHISPER_MODEL: path.join(AUDIO, 'ggml-fake.bin') },
      'diagnose', path.join(AUDIO, 'interview.wav'), '--no-history', '--transcript-out', out);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /题数：3/);
    assert.match(r.stdout, /表达：\d+\/100/);
    assert.match(fs.readFileSync(out, 'utf8'), /"speaker":"Interviewer"/);
  });

  it('warns and keeps diagnosing when the configured embedding endpoint is unreachable', () => {
    const r = runEnv({ INTERVIEW_LENS_EMBEDDINGS_ENDPOINT: 'http://127.0.0.1:9/v1', INTERVIEW_LENS_EMBEDDINGS_API_KEY: 'ek-secret-1' },
      'diagnose', path.join(SAMPLES, 'backend-interview-zh.txt'), '--no-history');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /embeddings unavailable \(cannot reach http:\/\/127\.0\.0\.1:9\/v1\/embeddings/);
    assert.ok(!r.stderr.includes('ek-secret-1'), 'the key never reaches the output');
    assert.match(r.stdout, /题数：6/);
  });

  it('exits 2 with what to configure when audio has no speech-to-text', () => {
    const r = runEnv({ INTERVIEW_LENS_WHISPER_CPP: '', INTERVIEW_LENS_STT_ENDPOINT: '' }, 'diagnose', path.join(AUDIO, 'interview.wav'), '--no-history');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /no speech-to-text is configured.*INTERVIEW_LENS_WHISPER_CPP/);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  });

  it('diagnose prints a readable summary and writes an HTML report (exit 0)', () => {
    const out = path.join(work, 'report.html');
    const r = run('diagnose', path.join(SAMPLES, 'backend-interview-zh.txt'), '--html', out);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /总分：\d+\/100 · 题数：6/);
    assert.match(r.stdout, /Q3 +\d+\/100 .*缺少：幂等键/);
    const html = fs.readFileSync(out, 'utf8');
    assert.match(html, /data-testid="overall-score">\d+</);
    assert.ok(!/<script/i.test(html), 'the standalone report must not contain scripts');
    assert.ok(fs.existsSync(path.join(home, 'history.sqlite')), 'history was not stored');
  });

  it('diagnose --markdown writes the report as Markdown beside --html, in the report\'s language', () => {
    const md = path.join(work, 'out', 'report.md');
    const html = path.join(work, 'out', 'report.html');
    const r = run('diagnose', path.join(SAMPLES, 'rag-interview-en.srt'), '--no-history', '--markdown', md, '--html', html);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Markdown report: .*report\.md/);
    const text = fs.readFileSync(md, 'utf8');
    assert.match(text, /^# Interview diagnosis: rag-interview-en\.srt\n/);
    assert.match(text, /^## Delivery — \d+\/100$/m);
    assert.equal((text.match(/^### Q\d+\. .* — \d+\/100$/gm) ?? []).length, 4);
    assert.match(fs.readFileSync(html, 'utf8'), /<svg class="chart" id="chart-pace"/, 'the HTML export draws the delivery');
    const zh = run('diagnose', path.join(SAMPLES, 'rag-interview-en.srt'), '--no-history', '--report-language', 'zh', '--markdown', md);
    assert.equal(zh.status, 0, zh.stderr);
    assert.match(fs.readFileSync(md, 'utf8'), /^## 表达 — \d+\/100$/m);
    const folder = run('diagnose', path.join(SAMPLES, 'rag-interview-en.srt'), '--no-history', '--markdown', work);
    assert.equal(folder.status, 2);
    assert.match(folder.stderr, /--markdown .* is a folder: give the path of the Markdown file to write, e\.g\. --markdown .*report\.md/);
  });

  it('ends quietly, without a stack trace, when piped into a reader that stops early (| head)', () => {
    // The reader exits before the CLI has written anything (`true` reads nothing), so every write
    // meets a closed pipe; the CLI must not die of EPIPE.
    const r = spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${CLI}" diagnose "${path.join(SAMPLES, 'backend-interview-zh.txt')}" --no-history | true`], {
      encoding: 'utf8', env: { ...process.env, INTERVIEW_LENS_HOME: home },
    });
    assert.doesNotMatch(r.stderr, /EPIPE|Unhandled 'error' event/, r.stderr);
  });

  it('diagnose --json prints the report contract', () => {
    const r = run('diagnose', path.join(SAMPLES, 'llm-engineer-en.md'), '--json', '--engine', 'offline');
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.summary.totalQuestions, 4);
    assert.equal(typeof report.summary.overallScore, 'number');
    const q = report.perQuestion[0];
    for (const k of ['index', 'question', 'contentScore', 'dimensions', 'keyMissing']) assert.ok(k in q, k);
    assert.deepEqual(Object.keys(q.dimensions).sort(), ['accuracy', 'completeness', 'depth', 'practicality']);
  });

  it('a second run of the same file is compared with the first; another interview only with --compare-with ID|FILE', function () {
    this.timeout(180_000);
    const file = path.join(SAMPLES, 'llm-engineer-en.md');
    const report = JSON.parse(run('diagnose', file, '--json', '--user', 'cmp').stdout);
    assert.equal(report.comparedToLast, null);
    const again = JSON.parse(run('diagnose', file, '--json', '--user', 'cmp').stdout);
    assert.equal(again.comparedToLast.previousId, report.id);
    assert.equal(again.comparedToLast.basis, 'earlier-run');
    assert.match(run('diagnose', file, '--user', 'cmp').stdout, /Compared with an earlier run: Compared with the run of .+ of this interview \(4 questions\)\./);
    const srt = path.join(SAMPLES, 'rag-interview-en.srt');
    const other = run('diagnose', srt, '--user', 'cmp');
    assert.match(other.stdout, /\nNot compared: this interview was not diagnosed before\.\n/);
    assert.doesNotMatch(other.stdout, /→/, 'no number without a comparison');
    const byId = run('diagnose', srt, '--user', 'cmp', '--compare-with', report.id);
    assert.equal(byId.status, 0, byId.stderr);
    assert.match(byId.stdout, /Compared with llm-engineer-en\.md, the run of .+ you picked \(4 questions\)\./);
    assert.match(byId.stdout, /  Completeness: \d+ → \d+ \([+-]?\d+\)/);
    const byFile = JSON.parse(run('diagnose', srt, '--json', '--user', 'cmp', '--compare-with', file).stdout);
    assert.equal(byFile.comparedToLast.basis, 'picked');
    assert.equal(byFile.comparedToLast.previousSource, 'llm-engineer-en.md');
    const unknown = run('diagnose', srt, '--user', 'cmp', '--compare-with', 'nope');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /--compare-with "nope": no report with that id in the history/);
    assert.match(run('diagnose', srt, '--no-history', '--compare-with', report.id).stderr, /--compare-with reads the history: drop --no-history/);
  });

  it('--report-language writes the whole report in one language; a bad value is a usage error', function () {
    this.timeout(120_000);
    const zhFile = path.join(SAMPLES, 'backend-interview-zh.txt');
    const en = run('diagnose', zhFile, '--no-history', '--report-language', 'en');
    assert.equal(en.status, 0, en.stderr);
    assert.match(en.stdout, /^Interview diagnosis: backend-interview-zh\.txt/);
    const words = en.stdout.split('\n').map((l) => l.replace(/^(Q\d+ +\d+\/100 {2}).*?( {2}— |$)/, '$1$2')).join('\n').replace(/“[^”]*”/g, '');
    assert.doesNotMatch(words, /[\u3400-\u9fff]/, words);
    const json = JSON.parse(run('diagnose', zhFile, '--no-history', '--json', '--report-language', 'en').stdout);
    assert.equal(json.language, 'en');
    assert.equal(json.transcriptLanguage, 'zh');
    assert.match(run('diagnose', zhFile, '--no-history').stdout, /^面试诊断报告：/, 'the default follows the transcript');
    const bad = run('diagnose', zhFile, '--no-history', '--report-language', 'fr');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown --report-language "fr": use transcript, en or zh/);
  });

  it('split --json prints format, language and pairs with offsets', () => {
    const file = path.join(SAMPLES, 'backend-interview-zh.txt');
    const r = run('split', file, '--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.format, 'labeled-zh');
    assert.equal(out.language, 'zh');
    assert.deepEqual(Object.keys(out.pairs[0]).sort(), ['answer', 'answerTurns', 'endOffset', 'index', 'question', 'questionTurns', 'startOffset']);
    const text = fs.readFileSync(file, 'utf8');
    assert.ok(text.slice(out.pairs[1].startOffset).startsWith('面试官：'));
  });

  const badInputs: Array<[string, () => string, RegExp]> = [
    ['a missing file', () => path.join(work, 'nope.txt'), /file not found/],
    ['an empty file', () => { const f = path.join(work, 'empty.txt'); fs.writeFileSync(f, ''); return f; }, /empty/],
    ['a binary file', () => { const f = path.join(work, 'bin.txt'); fs.writeFileSync(f, Buffer.from([0x50, 0x4b, 0, 1, 2])); return f; }, /binary/],
    ['text with no Q&A', () => { const f = path.join(work, 'prose.txt'); fs.writeFileSync(f, 'Just notes about the day.'); return f; }, /could not tell interviewer and candidate apart: label the turns/],
    ['a folder', () => work, /is a folder/],
    ['unclosed nested JSON', () => { const f = path.join(work, 'deep.json'); fs.writeFileSync(f, `{"segments":[{"a":${'['.repeat(10_000)}`); return f; }, /line 1: the JSON is malformed \(the file ends before every \[ and \{ is closed/],
    ['a negative Whisper time', () => {
      const f = path.join(work, 'negative.json');
      fs.writeFileSync(f, JSON.stringify({ segments: [{ start: 0, end: 2, text: 'How does a hash map work?' }, { start: -5, end: -1, text: 'It hashes keys into buckets.' }] }, null, 1));
      return f;
    }, /line 11: segments\[1\] starts at -5 seconds; times cannot be negative/],
    // The subtitle with that time is skipped (one bad cue costs that cue only); what is left has no answer.
    ['a 1 MB unreadable time line', () => {
      const f = path.join(work, 'long.srt');
      fs.writeFileSync(f, `1\n00:00:01,000 --> 00:00:02,000\nInterviewer: Why?\n\n2\n00:00:0${'9'.repeat(1_000_000)} --> 00:00:03,000\nCandidate: Because.\n`);
      return f;
    }, /found no question followed by an answer: .*; a block was skipped while reading, the first at line 6\n/],
  ];
  for (const [what, make, message] of badInputs) {
    it(`exits 2 with one line on stderr for ${what}`, () => {
      const file = make();
      for (const cmd of [['diagnose', file], ['split', file, '--json']]) {
        const r = run(...cmd);
        assert.equal(r.status, 2, `${cmd[0]}: ${r.stderr}`);
        assert.match(r.stderr, message);
        assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr.slice(0, 500));
        assert.ok(r.stderr.length < 400, `a short line: ${r.stderr.slice(0, 500)}`);
        assert.equal(r.stdout, '');
      }
    });
  }

  it('reads a UTF-16 transcript (Windows "Unicode"), with or without a byte-order mark', () => {
    const text = fs.readFileSync(path.join(SAMPLES, 'llm-engineer-en.md'), 'utf8');
    const le = Buffer.from(text, 'utf16le');
    for (const [name, bytes] of [['bom.md', Buffer.concat([Buffer.from([0xff, 0xfe]), le])], ['nobom.md', le]] as const) {
      const f = path.join(work, name);
      fs.writeFileSync(f, bytes);
      const r = run('split', f, '--json');
      assert.equal(r.status, 0, r.stderr);
      assert.ok(JSON.parse(r.stdout).pairs.length > 0);
    }
  });

  it('exits 2 for usage errors: unknown command, no file, unknown option, unknown engine', () => {
    assert.equal(run('explode', 'x').status, 2);
    assert.equal(run('diagnose').status, 2);
    assert.equal(run('diagnose', 'x', '--frobnicate').status, 2);
    const e = run('diagnose', path.join(SAMPLES, 'llm-engineer-en.md'), '--engine', 'gpt');
    assert.equal(e.status, 2);
    assert.match(e.stderr, /unknown engine "gpt" in --engine: use one of offline, anthropic, openai-compatible\n/);
  });

  // What a terminal acts on: C0 except tab and newline, DEL, C1, bidi controls.
  const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it('never prints terminal escape sequences from a transcript or a file name; --json stays exact', () => {
    const question = 'How does tool calling work\u001b]0;pwned\u0007 in an LLM agent\u001b[2J\u009b31m\u202e?';
    const file = path.join(work, 'evil\u001b[31m\u202etxt.md');
    fs.writeFileSync(file, `Interviewer: ${question}\nCandidate: The model emits a structured call with a tool name and JSON arguments; the host validates them against the schema and runs the function.\n`);
    const html = path.join(work, 'evil.html');
    const text = run('diagnose', file, '--no-history', '--html', html);
    assert.equal(text.status, 0, text.stderr);
    assert.doesNotMatch(text.stdout, UNSAFE);
    assert.match(text.stdout, /tool calling work\\u001b\]0;pwned\\u0007/, 'shown escaped, not dropped');
    const json = run('diagnose', file, '--no-history', '--json');
    assert.equal(json.status, 0, json.stderr);
    assert.doesNotMatch(json.stdout, UNSAFE);
    const report = JSON.parse(json.stdout);
    assert.equal(report.perQuestion[0].question, question, 'JSON output parses to the exact text');
    assert.equal(report.source, path.basename(file));
    const missing = run('diagnose', `${file}\u001b[2J-missing`, '--no-history');
    assert.equal(missing.status, 2);
    assert.doesNotMatch(missing.stderr, UNSAFE);
    assert.equal(missing.stderr.trim().split('\n').length, 1);
    assert.ok(fs.readFileSync(html, 'utf8').includes('\u001b]0;pwned'), 'files written are not altered');
  });

  it('an output path that cannot be written exits 2 with one line naming it, before any work', () => {
    const file = path.join(SAMPLES, 'llm-engineer-en.md');
    const blocker = path.join(work, 'a-file');
    fs.writeFileSync(blocker, 'x');
    const cases: Array<[string[], RegExp]> = [
      [['diagnose', file, '--html', work], /--html .* is a folder/],
      [['diagnose', file, '--html', path.join(blocker, 'r.html')], /cannot write --html .*a-file is a file, not a folder/],
      [['diagnose', path.join(AUDIO, 'interview.wav'), '--transcript-out', work], /--transcript-out .* is a folder/],
      [['transcribe', path.join(AUDIO, 'interview.wav'), '--out', work], /--out .* is a folder/],
      [['diagnose', file, '--html', ''], /--html needs a file path/],
    ];
    const userHome = tempDir('il-home-out-');
    try {
      for (const [args, message] of cases) {
        const r = spawnSync(process.execPath, [CLI, ...args], {
          encoding: 'utf8', env: { ...process.env, INTERVIEW_LENS_HOME: userHome, INTERVIEW_LENS_WHISPER_CPP: path.join(AUDIO, 'fake-whisper-cli'), INTERVIEW_LENS_WHISPER_MODEL: path.join(AUDIO, 'ggml-fake.bin') },
        });
        assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, message);
        assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
        assert.ok(r.stderr.length < 600);
      }
      assert.ok(!fs.existsSync(path.join(userHome, 'history.sqlite')), 'nothing was diagnosed or stored');
    } finally {
      fs.rmSync(userHome, { recursive: true, force: true });
    }
  });

  it('exits 1 on an internal error (history cannot be stored)', () => {
    const blocker = path.join(work, 'not-a-dir');
    fs.writeFileSync(blocker, 'x');
    const r = spawnSync(process.execPath, [CLI, 'diagnose', path.join(SAMPLES, 'llm-engineer-en.md')], {
      encoding: 'utf8', env: { ...process.env, INTERVIEW_LENS_HOME: path.join(blocker, 'sub') },
    });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /internal error/);
    assert.equal(r.stderr.trim().split('\n').length, 1, 'one line, no stack trace');
  });
});
