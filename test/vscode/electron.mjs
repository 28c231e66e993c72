#!/usr/bin/env node
// npm run test:electron — the same integration suite under @vscode/test-electron, for machines
// that can download VS Code (this project's CI cannot; it uses code-server instead).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildIntegrationSuite } from './buildSuite.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'il-electron-'));
fs.cpSync(path.join(ROOT, 'samples'), workspace, { recursive: true });
const extensionTestsPath = await buildIntegrationSuite(ROOT);
try {
  await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: ROOT,
    extensionTestsPath,
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { IL_EXPECT_TRUST: 'trusted' },
  });
} catch (err) {
  console.error(`integration tests failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(workspace, { recursive: true, force: true });
}
