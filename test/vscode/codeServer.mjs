// Starts and stops code-server for the VS Code suites, and collects its logs when a suite fails.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const TOOLS = process.env.VSCODE_TEST_DIR || path.join(ROOT, '.vscode-test');
export const CODE_SERVER = path.join(TOOLS, 'node_modules', '.bin', 'code-server');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Flags that keep Chromium off the closed network and quiet in CI (shared with the e2e suite). */
export const CHROMIUM_ARGS = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'vscode', 'chromium-args.json'), 'utf8'));

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a command to completion, streaming its output; rejects with the command line on failure. */
export function exec(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
    let output = '';
    child.stdout?.on('data', (d) => { output += d; });
    child.stderr?.on('data', (d) => { output += d; });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${output.slice(-4000)}`))));
  });
}

/** Installs .vsix files into a fresh extensions folder. */
export async function installExtensions(extensionsDir, vsixFiles) {
  fs.mkdirSync(extensionsDir, { recursive: true });
  const args = ['--extensions-dir', extensionsDir];
  for (const v of vsixFiles) args.push('--install-extension', v);
  await exec(CODE_SERVER, args, { quiet: true });
}

/** The test-only Chinese language pack (test/vscode/zh-language-pack): its id and version. */
const ZH_PACK = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'vscode', 'zh-language-pack', 'package.json'), 'utf8'));

/**
 * Makes the language pack installed in `extensionsDir` known to a server with this user-data
 * folder (languagepacks.json, as VS Code writes it when it installs one), so that `--locale zh-cn`
 * is a Chinese display language (shared/docs/facts.md).
 */
function registerZhLanguagePack(userDataDir, extensionsDir) {
  const id = `${ZH_PACK.publisher}.${ZH_PACK.name}`;
  const folder = fs.readdirSync(extensionsDir).find((d) => d.toLowerCase().startsWith(`${id.toLowerCase()}-`));
  if (!folder) throw new Error(`${id} is not installed in ${extensionsDir}`);
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify({
    'zh-cn': {
      hash: createHash('md5').update(`${id}@${ZH_PACK.version}`).digest('hex'),
      extensions: [{ extensionIdentifier: { id }, version: ZH_PACK.version }],
      translations: { vscode: path.join(extensionsDir, folder, 'translations', 'main.i18n.json') },
      label: '中文(简体)',
    },
  }, null, 2));
}

/**
 * Starts code-server on a free port with its own user-data folder. `trusted: false` leaves
 * Workspace Trust on, so the folder opens in Restricted Mode. `locale: 'zh-cn'` starts it in
 * Chinese; the test language pack must be installed in `extensionsDir`.
 */
export async function startCodeServer({ folder, userDataDir, extensionsDir, trusted = true, env = {}, locale }) {
  const port = await freePort();
  fs.mkdirSync(userDataDir, { recursive: true });
  // Quiet the first-run UI so tests see the workbench, not walkthroughs and prompts.
  const settingsDir = path.join(userDataDir, 'User');
  fs.mkdirSync(settingsDir, { recursive: true });
  fs.writeFileSync(path.join(settingsDir, 'settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.banner': 'always',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'editor.codeLens': true,
    'git.openRepositoryInParentFolders': 'never',
    'git.enabled': false,
    'window.commandCenter': false,
    'chat.commandCenter.enabled': false,
    'workbench.colorTheme': 'Default Dark Modern',
  }, null, 2));
  const args = ['--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check',
    '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  if (trusted) args.push('--disable-workspace-trust');
  if (locale === 'zh-cn') {
    registerZhLanguagePack(userDataDir, extensionsDir);
    args.push('--locale', locale);
  }
  args.push(folder);
  const child = spawn(CODE_SERVER, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not start in 60 s:\n${log}`)), 60_000);
    const check = () => {
      if (/HTTP server listening/.test(log)) { clearTimeout(timer); resolve(); }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`code-server exited with ${code}:\n${log}`)); });
  });
  return {
    url: `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`,
    log: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      await new Promise((r) => { const t = setTimeout(r, 5000); child.once('exit', () => { clearTimeout(t); r(); }); });
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    },
  };
}

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

/** Our extension's lines from the extension-host logs, for a readable failure. */
export function extensionHostLog(userDataDir, max = 80) {
  const files = walk(path.join(userDataDir, 'logs'));
  const lines = [];
  for (const f of files) {
    const base = path.basename(f);
    if (base === 'Interview Lens.log' || f.includes('interview-lens.interview-lens')) {
      lines.push(`--- ${path.relative(userDataDir, f)}`, ...fs.readFileSync(f, 'utf8').split('\n').filter(Boolean));
    } else if (base === 'exthost.log' || base === 'remoteexthost.log') {
      const mine = fs.readFileSync(f, 'utf8').split('\n').filter((l) => /interview-lens|Interview Lens/i.test(l));
      if (mine.length) lines.push(`--- ${path.relative(userDataDir, f)}`, ...mine);
    }
  }
  return lines.slice(-max).join('\n');
}
