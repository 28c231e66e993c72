// Bundles the extension, the CLI, the core (for benchmarks and tests) and the webview scripts.
// Usage: node esbuild.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// jsonc-parser's UMD build (its "main") requires its own files dynamically, which a bundle
// cannot follow; its ES module build bundles cleanly, so prefer "module" over "main".
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', target: 'node20', mainFields: ['module', 'main'] };

const builds = [
  { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', external: ['vscode'] },
  { ...common, entryPoints: ['src/cli/index.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', banner: { js: '#!/usr/bin/env node' } },
  { ...common, entryPoints: ['src/core/index.ts'], outfile: 'dist/core.js', platform: 'node', format: 'cjs' },
  // The worker thread skill scripts run in (found beside the bundle that starts it).
  { ...common, entryPoints: ['src/core/skills/run/scriptWorker.ts'], outfile: 'dist/skillScriptWorker.js', platform: 'node', format: 'cjs' },
  { ...common, entryPoints: ['webview-ui/report.ts'], outfile: 'dist/webview/report.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['webview-ui/dryRun.ts'], outfile: 'dist/webview/dryRun.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['webview-ui/mock.ts'], outfile: 'dist/webview/mock.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['webview-ui/compare.ts'], outfile: 'dist/webview/compare.js', platform: 'browser', format: 'iife', target: 'es2022' },
];

async function copyAssets() {
  fs.mkdirSync('dist', { recursive: true });
  fs.copyFileSync(path.join('node_modules', 'sql.js', 'dist', 'sql-wasm.wasm'), path.join('dist', 'sql-wasm.wasm'));
  // Compile (and validate) the knowledge YAML once, so run time pays JSON.parse, not YAML parsing,
  // and build the full-text index shipped beside it (opened, not rebuilt, on first search).
  const require = createRequire(import.meta.url);
  delete require.cache[require.resolve('./dist/core.js')];
  const { loadKnowledgeDir, buildKnowledgeIndex, buildJudgeCorpus, loadGeneralMisconceptions, COMPILED_KNOWLEDGE, COMPILED_INDEX, COMPILED_JUDGE_CORPUS, COMPILED_MISCONCEPTIONS } = require('./dist/core.js');
  const entries = loadKnowledgeDir('knowledge');
  fs.writeFileSync(path.join('dist', COMPILED_KNOWLEDGE), JSON.stringify(entries));
  // The general misconception list (checked in every answer), validated and shipped beside it.
  fs.writeFileSync(path.join('dist', COMPILED_MISCONCEPTIONS), JSON.stringify(loadGeneralMisconceptions('knowledge')));
  fs.writeFileSync(path.join('dist', COMPILED_INDEX), await buildKnowledgeIndex(entries));
  fs.writeFileSync(path.join('dist', COMPILED_JUDGE_CORPUS), buildJudgeCorpus(entries));
  fs.chmodSync('dist/cli.js', 0o755);
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.rebuild()));
  await copyAssets();
  await Promise.all(contexts.map((c) => c.watch()));
  fs.watch('knowledge', () => {
    copyAssets().catch((err) => console.error(`[knowledge] ${err.message}`));
  });
  console.log('[esbuild] watching for changes');
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
  await copyAssets();
}
