#!/usr/bin/env node
// npm run bench — how long diagnosing a 30-question transcript takes offline, in-process and
// through the CLI process, with baselines measured in the same run:
//   - in-process: diagnose with the default concurrency (4) vs concurrency 1;
//   - CLI: `node dist/cli.js diagnose` vs a bare `node -e 0` (process start-up floor).
// Then the knowledge base's speed targets (scripts/bench-knowledge.ts), the model engines against the mock Anthropic server (scripts/bench-llm.ts) and the
// declarative skills (scripts/bench-skills.ts), the skill editor (scripts/bench-editor.ts), the Test Explorer's replays (scripts/bench-replay-tests.ts),
// the dry-run panel (scripts/bench-dry-run-panel.ts) and the report renderers with and without their charts (scripts/bench-report.ts).
// Prints medians and ratios. Usage: node scripts/bench.mjs [--runs N]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 20;
const { createCore, prepareCore } = require(path.join(ROOT, 'dist', 'core.js'));
await prepareCore();

/** A 30-question English transcript built from the knowledge base, alternating strong and weak answers. */
function transcript(n = 30) {
  const entries = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'knowledge.json'), 'utf8')).filter((e) => e.language === 'en');
  const parts = [];
  for (let i = 0; i < n; i++) {
    const e = entries[i % entries.length];
    parts.push(`Interviewer: ${e.question}`, `Candidate: ${i % 2 ? e.noviceAnswer : e.expertAnswer}`, '');
  }
  return parts.join('\n');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(2)} ms`;

async function timeAsync(fn, runs) {
  for (let i = 0; i < 3; i++) await fn();
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

function timeProcess(args, runs, env) {
  const out = [];
  for (let i = 0; i < runs + 1; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const elapsed = Number(process.hrtime.bigint() - t) / 1e6;
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    if (i > 0) out.push(elapsed); // first run warms the file cache
  }
  return median(out);
}

const text = transcript();
const core = createCore({ knowledgeDir: path.join(ROOT, 'dist', 'knowledge.json') });
const check = await core.diagnose({ text });
if (check.raw.summary.totalQuestions !== 30) throw new Error(`expected 30 questions, got ${check.raw.summary.totalQuestions}`);

const inProc = await timeAsync(() => core.diagnose({ text }), RUNS);
const inProcSerial = await timeAsync(() => core.diagnose({ text, concurrency: 1 }), RUNS);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'il-bench-'));
const file = path.join(dir, 'bench-30q.txt');
fs.writeFileSync(file, text);
const env = { ...process.env, INTERVIEW_LENS_HOME: dir };
const cliRuns = Math.max(5, Math.round(RUNS / 2));
const cli = timeProcess([path.join(ROOT, 'dist', 'cli.js'), 'diagnose', file, '--json', '--no-history'], cliRuns, env);
const nodeFloor = timeProcess(['-e', '0'], cliRuns, env);
fs.rmSync(dir, { recursive: true, force: true });

console.log(`Diagnose a 30-question transcript, offline engine (node ${process.version}, ${os.cpus().length} cores)`);
console.log(`  in-process, concurrency 4 (default): median ${ms(inProc)} over ${RUNS} runs`);
console.log(`  in-process, concurrency 1 (baseline): median ${ms(inProcSerial)}  -> ratio default/baseline ${(inProc / inProcSerial).toFixed(2)}x`);
console.log(`  CLI process (node dist/cli.js diagnose --json): median ${ms(cli)} over ${cliRuns} runs`);
console.log(`  bare node start-up (node -e 0, baseline): median ${ms(nodeFloor)}  -> ratio CLI/baseline ${(cli / nodeFloor).toFixed(2)}x`);
console.log(`  CLI / in-process: ${(cli / inProc).toFixed(1)}x`);

// Big transcripts: issue 4 asks that a 20 MB transcript is handled in under 2 s. Built here from
// the gold-set files by repeating their interviews with shifted times; the baseline is the
// cheapest possible read of the same text (a line split for SRT/text, JSON.parse for JSON).
const { splitTranscript, analyzeDelivery } = require(path.join(ROOT, 'dist', 'core.js'));
const GOLD = path.join(ROOT, 'test', 'fixtures', 'transcripts');
const TARGET = 20 * 1024 * 1024;

function bigSrt() {
  const cues = fs.readFileSync(path.join(GOLD, 'whisperx-en.srt'), 'utf8').trim().split(/\n\n+/);
  const out = [];
  let size = 0;
  let n = 0;
  for (let rep = 0; size < TARGET; rep++) {
    for (const cue of cues) {
      const [, timing, ...body] = cue.split('\n');
      const shift = (t) => {
        const [h, m, rest] = t.split(':');
        const [s, msPart] = rest.split(',');
        const total = (+h * 3600 + +m * 60 + +s) * 1000 + +msPart + rep * 130_000;
        const p = (x, w = 2) => String(x).padStart(w, '0');
        return `${p(Math.floor(total / 3600000))}:${p(Math.floor(total / 60000) % 60)}:${p(Math.floor(total / 1000) % 60)},${p(total % 1000, 3)}`;
      };
      const [a, b] = timing.split(' --> ');
      const block = `${++n}\n${shift(a)} --> ${shift(b)}\n${body.join('\n')}\n`;
      out.push(block);
      size += block.length + 1;
    }
  }
  return out.join('\n');
}

function bigWhisperJson() {
  const src = JSON.parse(fs.readFileSync(path.join(GOLD, 'whisper-words-en.json'), 'utf8'));
  const segments = [];
  let size = 0;
  for (let rep = 0; size < TARGET; rep++) {
    for (const s of src.segments) {
      const seg = { ...s, id: segments.length, start: s.start + rep * 130, end: s.end + rep * 130, words: s.words.map((w) => ({ ...w, start: w.start + rep * 130, end: w.end + rep * 130 })) };
      segments.push(seg);
      size += JSON.stringify(seg).length;
    }
  }
  return JSON.stringify({ text: '', language: 'en', segments });
}

function bigLabeled() {
  const one = fs.readFileSync(path.join(GOLD, 'labeled-zh.txt'), 'utf8');
  return one.repeat(Math.ceil(TARGET / Buffer.byteLength(one)));
}

function timeSync(fn, runs) {
  fn();
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

console.log(`\nParse + split a ~20 MB transcript (median of 3 runs; target < 2000 ms)`);
for (const [name, text, baselineName, baseline] of [
  ['SRT', bigSrt(), 'line split', (t) => t.split('\n').length],
  ['Whisper JSON with words', bigWhisperJson(), 'JSON.parse', (t) => JSON.parse(t).segments.length],
  ['labeled text (zh)', bigLabeled(), 'line split', (t) => t.split('\n').length],
]) {
  const mb = (Buffer.byteLength(text) / 1048576).toFixed(1);
  let split;
  const t = timeSync(() => { split = splitTranscript(text); }, 3);
  const b = timeSync(() => baseline(text), 3);
  const d = split.timed ? timeSync(() => analyzeDelivery(split.turns, split.pairs, { language: split.language, wordTimed: split.wordTimed, startOnly: split.startOnly }), 3) : null;
  console.log(`  ${name} (${mb} MB, ${split.pairs.length} pairs): split median ${ms(t)}; ${baselineName} (baseline) ${ms(b)} -> ratio ${(t / b).toFixed(1)}x${d !== null ? `; delivery metrics ${ms(d)}` : ''}`);
}

// Knowledge-base retrieval (issues 5 and 29): the build-time index, then one search over the
// shipped entries, the 30-question diagnosis and a 10,000-entry workspace, each with the ratio to
// BM25 alone and to the previous implementation timed in the same run (scripts/bench-knowledge.ts).
const { loadKnowledge, buildKnowledgeIndex } = require(path.join(ROOT, 'dist', 'core.js'));
const compiled = loadKnowledge(path.join(ROOT, 'dist', 'knowledge.json'));
{
  const builds = [];
  for (let i = 0; i < 3; i++) {
    const t = process.hrtime.bigint();
    await buildKnowledgeIndex(compiled);
    builds.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  console.log(`\nKnowledge-base index (${compiled.length} language versions shipped)`);
  console.log(`  build-time index (what \`npm run build\` writes to dist/knowledge.sqlite: BM25 postings, n-gram, LSA and concept models, the FTS4 table): median ${ms(median(builds))} of 3`);
}
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-knowledge.ts'), '--runs', String(RUNS)], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}

// Extension activation (issue 5: loading the knowledge base must not slow it): load the bundled
// extension and call activate() against a stand-in `vscode` module that accepts every call, and
// record which knowledge or SQLite files it reads. Baseline in the same process: loading the
// bundle without activating it.
{
  const Module = require('node:module');
  const stub = new Proxy(function () {}, {
    get: (_t, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => '' : key === Symbol.iterator ? function* () {} : stub),
    apply: () => stub,
    construct: () => stub,
    // Activation assigns to what it created (a status item's name, text…): accept and forget.
    set: () => true,
    defineProperty: () => true,
  });
  const bundle = path.join(ROOT, 'dist', 'extension.js');
  // Every vscode.* name the bundle uses, each answering anything.
  const names = new Set([...fs.readFileSync(bundle, 'utf8').matchAll(/\bvscode[0-9]*\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
  const api = Object.fromEntries([...names].map((n) => [n, stub]));
  // A window with no folder open: what activation reads as data (paths, trust) must be data.
  const noFolder = { workspaceFolders: undefined, getWorkspaceFolder: () => undefined, isTrusted: true, name: undefined };
  api.workspace = new Proxy({}, { get: (_t, key) => (key in noFolder ? noFolder[key] : stub) });
  api.env = new Proxy({}, { get: (_t, key) => (key === 'language' ? 'en' : stub) });
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === 'vscode' ? api : load.call(this, request, ...rest);
  };
  const reads = [];
  const cjsFs = require('node:fs');
  const readFileSync = cjsFs.readFileSync;
  const readFile = cjsFs.promises.readFile;
  cjsFs.readFileSync = function (file, ...rest) {
    if (/knowledge\.(json|sqlite)|sql-wasm/.test(String(file))) reads.push(String(file));
    return readFileSync.call(this, file, ...rest);
  };
  cjsFs.promises.readFile = function (file, ...rest) {
    if (/knowledge\.(json|sqlite)|sql-wasm/.test(String(file))) reads.push(String(file));
    return readFile.call(this, file, ...rest);
  };
  const context = { subscriptions: [], extensionPath: ROOT, extensionUri: stub, globalStorageUri: { fsPath: os.tmpdir() }, workspaceState: stub, globalState: stub, secrets: stub };
  const fresh = () => { delete require.cache[require.resolve(bundle)]; return require(bundle); };
  const loadOnly = timeSync(() => fresh(), 10);
  const activated = [];
  const activation = timeSync(() => {
    const ctx = { ...context, subscriptions: [] };
    activated.push(ctx);
    fresh().activate(ctx);
  }, 10);
  await new Promise((r) => setTimeout(r, 50)); // anything activation started in the background
  // Dispose what each activation registered (its timers and watchers), or they keep this process alive.
  for (const ctx of activated) for (const d of ctx.subscriptions) try { d?.dispose?.(); } catch { /* a stand-in's */ }
  cjsFs.readFileSync = readFileSync;
  cjsFs.promises.readFile = readFile;
  Module._load = load;
  console.log('\nExtension activation (stand-in vscode API, 10 runs)');
  console.log(`  load bundle + activate() median ${ms(activation)}; load bundle alone (baseline) ${ms(loadOnly)} -> ratio ${(activation / loadOnly).toFixed(1)}x`);
  console.log(`  knowledge/SQLite files read during activation: ${reads.length} (the knowledge base loads on first use)`);
  if (reads.length) process.exitCode = 1;
}

// History (issue 11): the cost of saving one report must not grow with the history. Baseline in
// the same process: saving into an empty history. For scale, the whole-file layout this replaced
// (every body inline in one sql.js database, exported on each save) is timed on the same 1,000 reports.
{
  const { HistoryStore } = require(path.join(ROOT, 'dist', 'core.js'));
  const initSqlJs = require('sql.js');
  const report = check.raw;
  const dirs = [];
  const freshStore = async () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'il-bench-history-'));
    dirs.push(d);
    return HistoryStore.open(path.join(d, 'history.sqlite'));
  };
  const big = await freshStore();
  const N = 1000;
  for (let i = 0; i < N; i++) await big.save({ ...report, id: `fill-${i}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() });
  let k = 0;
  const saveInto = (store) => () => store.save({ ...report, id: `bench-${k++}`, createdAt: new Date().toISOString() });
  const into1000 = await timeAsync(saveInto(big), RUNS);
  const empty = await freshStore();
  const intoEmpty = await timeAsync(async () => {
    await saveInto(empty)();
  }, RUNS);
  const SQL = await initSqlJs();
  const v1 = new SQL.Database();
  v1.exec('CREATE TABLE reports (id TEXT PRIMARY KEY, user_id TEXT, created_at TEXT, source TEXT, overall INTEGER, body TEXT)');
  const body = JSON.stringify(report);
  for (let i = 0; i < N; i++) v1.run('INSERT INTO reports VALUES (?, ?, ?, ?, ?, ?)', [`fill-${i}`, 'default', '', '', 0, body]);
  const v1File = path.join(dirs[0], 'whole-file.sqlite');
  const { writeFileAtomic } = require(path.join(ROOT, 'dist', 'core.js'));
  const wholeFile = timeSync(() => {
    v1.run('INSERT OR REPLACE INTO reports VALUES (?, ?, ?, ?, ?, ?)', ['x', 'default', '', '', 0, body]);
    writeFileAtomic(v1File, v1.export());
  }, 5);
  const onDisk = (d) => fs.statSync(path.join(d, 'history.sqlite')).size
    + fs.readdirSync(path.join(d, 'history.sqlite.reports')).reduce((n, f) => n + fs.statSync(path.join(d, 'history.sqlite.reports', f)).size, 0);
  console.log(`\nSave one ${report.summary.totalQuestions}-question report (${(body.length / 1024).toFixed(0)} KB of JSON) into the history (${RUNS} runs)`);
  console.log(`  into a history of ${N} reports: median ${ms(into1000)}; into an empty history (baseline) ${ms(intoEmpty)} -> ratio ${(into1000 / intoEmpty).toFixed(2)}x`);
  console.log(`  the replaced whole-file layout, same ${N} reports: median ${ms(wholeFile)} (5 runs) -> ${(wholeFile / into1000).toFixed(0)}x slower; ${(fs.statSync(v1File).size / 1048576).toFixed(1)} MB vs ${(onDisk(dirs[0]) / 1048576).toFixed(1)} MB now`);
  big.close();
  empty.close();
  v1.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}

// Pathological inputs (issue 11): each one took seconds to minutes, or crashed, before the parsers
// were made linear. Timed at two sizes (n and 4n): a linear parser takes about 4x as long for 4x
// the input. Baseline in the same process: splitting the same text into lines.
{
  const { splitTranscript, TranscriptError } = require(path.join(ROOT, 'dist', 'core.js'));
  const split = (text) => {
    try {
      return splitTranscript(text).pairs.length;
    } catch (err) {
      if (!(err instanceof TranscriptError)) throw err;
      return -1; // refused with a clear error: that is a fine outcome for garbage
    }
  };
  const cueRun = (n) => {
    const out = ['WEBVTT', ''];
    for (let i = 0; i < n; i++) {
      const t = (s) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
      out.push(`${t(i)} --> ${t(i + 1)}`, `<v Sam>word ${i} again`, '');
    }
    return out.join('\n');
  };
  const cases = [
    ['blank lines (format detection)', (n) => `Interviewer: hi?\n${'\n'.repeat(n)}Candidate: ok`, 16 * 1024],
    ['"?" then spaces (question end)', (n) => `Interviewer: what?${' '.repeat(n)}\nCandidate: yes`, 50_000],
    ['cues by one speaker (turn merge)', cueRun, 10_000],
    ['hedge words in one answer (delivery)', (n) => `WEBVTT\n\n00:00.000 --> 00:05.000\n<v Ann>How would you do it?\n\n00:06.000 --> 59:00.000\n<v Bo>${'maybe '.repeat(n)}\n`, 50_000],
    ['unclosed nested JSON', (n) => `{"segments":[${'['.repeat(n)}`, 10_000],
    ['one huge bad SRT timing line', (n) => `1\n00:00:01,000 --> ${'9'.repeat(n)}\nAlex: hi?\n`, 1_000_000],
  ];
  console.log('\nPathological transcripts (median of 5 runs; n and 4n to show the growth; baseline: split into lines)');
  for (const [name, make, n] of cases) {
    const small = make(n);
    const big = make(4 * n);
    const t1 = timeSync(() => split(small), 5);
    const t4 = timeSync(() => split(big), 5);
    const base = timeSync(() => big.split('\n').length, 5);
    console.log(`  ${name}: ${(small.length / 1024).toFixed(0)} KB ${ms(t1)}, ${(big.length / 1024).toFixed(0)} KB ${ms(t4)} -> growth ${(t4 / Math.max(t1, 0.01)).toFixed(1)}x for 4x input; line split of the larger (baseline) ${ms(base)} -> ratio ${(t4 / Math.max(base, 0.01)).toFixed(0)}x`);
  }
}

// Model engines (issue 13): concurrency, prompt caching and replay speed against the mock
// Anthropic server. A separate process: the mock server and the SDK provider run from TypeScript sources.
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-llm.ts')], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}

// Declarative skills (issue 14): loading and validating 100 skills, and one dry run.
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-skills.ts')], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}

// Editing skills (issue 15): validating a 300-line skill.yaml with every check the editor runs.
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-manifest.ts')], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}

// The skill editor (issue 15): completion latency and one as-you-type check on a 300-line skill.
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-editor.ts')], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}

// Hot reload of skills (issue 15): 100 skills reloaded, one changed skill among 100, a stamp refresh.
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-reload.ts')], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}

// Replays in the Test Explorer (issue 16): discovering 500 cassettes, replaying 10,000 recorded calls.
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-replay-tests.ts')], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}

// The dry-run panel (issue 16): its view model and HTML for a 50-action plan, against Run Skill…'s QuickPick items.
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-dry-run-panel.ts')], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}

// Report rendering (issue 17): the HTML export with and without the delivery pictures, the panel with and without Progress, Markdown.
{
  const r = spawnSync(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'bench-report.ts')], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) process.exitCode = 1;
}
