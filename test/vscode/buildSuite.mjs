// Bundles the integration suite (test/integration) into out/test/integration for any extension
// host: code-server through the test-runner extension, or VS Code through @vscode/test-electron.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

export async function buildIntegrationSuite(root) {
  // Every *.test.ts of the folder: index.ts adds each bundled *.test.js to mocha.
  const dir = path.join(root, 'test/integration');
  const tests = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join(dir, f));
  await esbuild.build({
    entryPoints: [path.join(dir, 'index.ts'), ...tests],
    outdir: path.join(root, 'out/test/integration'), bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    external: ['vscode', 'mocha'], logLevel: 'warning', sourcemap: 'inline',
  });
  return path.join(root, 'out/test/integration/index.js');
}
