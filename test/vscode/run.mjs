#!/usr/bin/env node
// npm run test:vscode — the integration suite inside code-server's extension host (trusted and
// Restricted Mode) and the end-to-end suite in Chromium, against the packaged .vsix.
// Usage: node test/vscode/run.mjs [--only integration|e2e]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { buildIntegrationSuite } from './buildSuite.mjs';
import { CHROMIUM, CHROMIUM_ARGS, CODE_SERVER, ROOT, exec, extensionHostLog, installExtensions, startCodeServer } from './codeServer.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const RESULTS = path.join(ROOT, 'test-results');
const RUN = path.join(ROOT, '.vscode-test', 'run');
/** The test-only Chinese language pack, packaged (see test/vscode/zh-language-pack). */
const ZH_PACK_VSIX = path.join(RUN, 'zh-language-pack.vsix');
/** The browser suite's steps in a Chinese UI: run against a second code-server started with --locale zh-cn. */
const ZH_SPECS = 'test/e2e/**/*.zh-e2e.ts';
const timings = {};
let passed = 0;
let failed = 0;

async function timed(name, fn) {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    timings[name] = Math.round((Date.now() - t0) / 100) / 10;
    console.log(`[vscode-tests] ${name}: ${timings[name]} s`);
  }
}

function lastScreenshot() {
  if (!fs.existsSync(RESULTS)) return undefined;
  const pngs = fs.readdirSync(RESULTS).filter((f) => f.endsWith('.png')).map((f) => path.join(RESULTS, f));
  return pngs.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}

async function prepare() {
  await timed('setup', () => exec('bash', [path.join(ROOT, 'test', 'vscode', 'setup')]));
  fs.rmSync(RUN, { recursive: true, force: true });
  fs.mkdirSync(RUN, { recursive: true });
  await timed('package', async () => {
    await exec('npm', ['run', '-s', 'package'], { cwd: ROOT, quiet: true });
    await exec(path.join(ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', path.join(RUN, 'test-runner.vsix')],
      { cwd: path.join(ROOT, 'test', 'vscode', 'runner'), quiet: true });
    await exec(path.join(ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', ZH_PACK_VSIX],
      { cwd: path.join(ROOT, 'test', 'vscode', 'zh-language-pack'), quiet: true });
    await buildIntegrationSuite(ROOT);
  });
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.mkdirSync(RESULTS, { recursive: true });
  const extensionsDir = path.join(RUN, 'extensions');
  await timed('install', () => installExtensions(extensionsDir, [path.join(ROOT, 'interview-lens.vsix'), path.join(RUN, 'test-runner.vsix')]));
  const workspace = path.join(RUN, 'workspace');
  fs.cpSync(path.join(ROOT, 'samples'), workspace, { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'test', 'fixtures', 'audio', 'interview.wav'), path.join(workspace, 'interview.wav'));
  return { extensionsDir, workspace };
}

/** Opens the workbench in Chromium (the extension host starts only then) and waits for the suite's results. */
async function integration({ extensionsDir, workspace }, trust) {
  const userDataDir = path.join(RUN, `user-${trust}`);
  const resultsFile = path.join(RUN, `integration-${trust}.json`);
  const server = await startCodeServer({
    folder: workspace, userDataDir, extensionsDir, trusted: trust === 'trusted',
    env: {
      IL_TEST_ENTRY: path.join(ROOT, 'out/test/integration/index.js'), IL_TEST_RESULTS: resultsFile, IL_EXPECT_TRUST: trust,
      IL_FAKE_WHISPER: path.join(ROOT, 'test', 'fixtures', 'audio', 'fake-whisper-cli'), IL_FAKE_MODEL: path.join(ROOT, 'test', 'fixtures', 'audio', 'ggml-fake.bin'),
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  let result;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(server.url);
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    const deadline = Date.now() + 240_000;
    while (!fs.existsSync(resultsFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    if (!fs.existsSync(resultsFile)) {
      await page.screenshot({ path: path.join(RESULTS, `integration-${trust}-timeout.png`) });
      result = { passed: 0, failed: 1, tests: [], fatal: 'the suite wrote no results within 240 s (did the test-runner extension activate?)' };
    } else {
      result = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\nIntegration (${trust}):`);
  for (const t of result.tests) console.log(`  ${t.state === 'passed' ? '✔' : '✘'} ${t.title}${t.durationMs ? ` (${t.durationMs} ms)` : ''}`);
  passed += result.passed;
  failed += result.failed;
  if (result.failed > 0) {
    for (const t of result.tests.filter((x) => x.state === 'failed')) console.log(`\n✘ ${t.title}\n${t.error}`);
    if (result.fatal) console.log(`\nfatal: ${result.fatal}`);
    console.log(`\nExtension host log (${userDataDir}):\n${extensionHostLog(userDataDir) || '(no lines from Interview Lens)'}`);
    const shot = lastScreenshot();
    if (shot) console.log(`Last screenshot: ${shot}`);
  }
}

/** Runs the e2e specs `spec` with mocha against `server`; false when a test failed. */
async function runSpecs(spec, server, { workspace, userDataDir, jsonOut }) {
  try {
    await exec(path.join(ROOT, 'node_modules', '.bin', 'mocha'), ['--no-config', '--require', 'esbuild-register', '--timeout', '180000', '--reporter', 'spec', spec], {
      cwd: ROOT, env: { ...process.env, IL_E2E_URL: server.url, IL_E2E_RESULTS: RESULTS, IL_E2E_JSON: jsonOut, IL_E2E_WORKSPACE: workspace, IL_E2E_USER_DATA: userDataDir },
    });
    return true;
  } catch {
    return false;
  }
}

async function e2e({ extensionsDir, workspace }) {
  const jsonOut = path.join(RUN, 'e2e.json');
  // IL_E2E_SPEC runs one suite (a quicker loop while working on it); all of them by default.
  const spec = process.env.IL_E2E_SPEC;
  const zhOnly = !!spec && spec.endsWith('.zh-e2e.ts');
  let ok = true;
  let failedUserData;
  if (!zhOnly) {
    const userDataDir = path.join(RUN, 'user-e2e');
    const server = await startCodeServer({ folder: workspace, userDataDir, extensionsDir, trusted: true });
    try {
      if (!(await runSpecs(spec || 'test/e2e/**/*.e2e.ts', server, { workspace, userDataDir, jsonOut }))) [ok, failedUserData] = [false, userDataDir];
    } finally {
      await server.stop();
    }
  }
  if (!spec || zhOnly) {
    // A Chinese display language: Interview Lens and the stub language pack in an extensions folder of their own.
    const zhExtensions = path.join(RUN, 'extensions-zh');
    await installExtensions(zhExtensions, [path.join(ROOT, 'interview-lens.vsix'), ZH_PACK_VSIX]);
    const userDataDir = path.join(RUN, 'user-e2e-zh');
    const server = await startCodeServer({ folder: workspace, userDataDir, extensionsDir: zhExtensions, trusted: true, locale: 'zh-cn' });
    try {
      if (!(await runSpecs(spec || ZH_SPECS, server, { workspace, userDataDir, jsonOut }))) {
        ok = false;
        failedUserData ??= userDataDir;
      }
    } finally {
      await server.stop();
    }
  }
  const counts = fs.existsSync(jsonOut) ? JSON.parse(fs.readFileSync(jsonOut, 'utf8')) : { passed: 0, failed: 1 };
  passed += counts.passed;
  failed += counts.failed || (ok ? 0 : 1);
  if (!ok) {
    console.log(`\nExtension host log (${failedUserData}):\n${extensionHostLog(failedUserData) || '(no lines from Interview Lens)'}`);
    const shot = lastScreenshot();
    if (shot) console.log(`Last screenshot: ${shot}`);
  }
}

const t0 = Date.now();
try {
  const env = await prepare();
  if (!fs.existsSync(CODE_SERVER)) throw new Error(`code-server is not installed at ${CODE_SERVER}; run test/vscode/setup`);
  if (!only || only === 'integration') {
    await timed('integration (trusted)', () => integration(env, 'trusted'));
    await timed('integration (restricted)', () => integration(env, 'restricted'));
  }
  if (!only || only === 'e2e') await timed('e2e', () => e2e(env));
} catch (err) {
  console.error(`\n[vscode-tests] ${err instanceof Error ? err.message : err}`);
  failed++;
}
timings.total = Math.round((Date.now() - t0) / 100) / 10;
const unitSummary = path.join(ROOT, '.vscode-test', 'unit-summary.json');
if (process.argv.includes('--with-unit-summary') && fs.existsSync(unitSummary)) {
  const unit = JSON.parse(fs.readFileSync(unitSummary, 'utf8'));
  console.log(`\nUnit tests: ${unit.passed} passed, ${unit.failed} failed`);
  passed += unit.passed;
  failed += unit.failed;
}
fs.mkdirSync(RESULTS, { recursive: true });
fs.writeFileSync(path.join(RESULTS, 'timings.json'), JSON.stringify(timings, null, 2));
console.log(`\nVS Code suites: ${JSON.stringify(timings)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
