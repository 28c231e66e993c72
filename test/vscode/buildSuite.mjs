// Bundles the integration suite (test/integration) into out/test/integration for any extension
// host: code-server through the test-runner extension, or VS Code through @vscode/test-electron.
import * as path from 'node:path';
import * as esbuild from 'esbuild';

export async function buildIntegrationSuite(root) {
  await esbuild.build({
    entryPoints: [path.join(root, 'test/integration/index.ts'), path.join(root, 'test/integration/extension.test.ts')],
    outdir: path.join(root, 'out/test/integration'), bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    external: ['vscode', 'mocha'], logLevel: 'warning', sourcemap: 'inline',
  });
  return path.join(root, 'out/test/integration/index.js');
}
