// The directions imports may take (ARCHITECTURE.md draws them). Run by `npm run lint:imports`,
// which `npm test` runs first. A layer may import the layers listed before it, never one after.
// Type-only imports count: a circle of types is still a circle for a reader.
const CORE = [
  ['foundation', '^src/core/(runtime|text|store)/'],
  ['providers and records', '^src/core/(llm|records)/'],
  ['diagnosis', '^src/core/diagnosis/'],
  ['call contracts', '^src/core/calls/'],
  ['built-in tools and code skills', '^src/core/builtin/'],
  ['skill.yaml half', '^src/core/skills/'],
  ['composition', '^src/core/(services|builtinTools)\\.ts$'],
  ['features over the core', '^src/core/(replay|coach|mcp)/'],
  ['core facade', '^src/core/index\\.ts$'],
];
// The diagnosis pipeline, in the order the data flows.
const DIAGNOSIS = ['transcript', 'speech', 'knowledge', 'judge', 'modelJudge', 'report', 'history']
  .map((name) => [`diagnosis/${name}`, `^src/core/diagnosis/${name}/`]);
// The skill half: primitives, then the manifest, then what reads manifests, then the run and the editor.
const SKILLS = [
  ['skills/actions', '^src/core/skills/actions/'],
  ['skills/manifest', '^src/core/skills/manifest/'],
  ['skills/catalog, routing, chunking, skillMd', '^src/core/skills/(catalog|routing|chunking|skillMd)/'],
  ['skills/run and editor', '^src/core/skills/(run|editor)/'],
];

// The extension's features: each may import the features before it (what they lend it), never after.
const EXTENSION = [
  ['extension/shared', '^src/extension/shared/'],
  ['extension/engines, knowledge, records', '^src/extension/(engines|knowledge|records)/'],
  ['extension/diagnosis, skills', '^src/extension/(diagnosis|skills)/'],
  ['extension/history, coach, replays', '^src/extension/(history|coach|replays)/'],
  ['extension/ask, chat, dryRun', '^src/extension/(ask|chat|dryRun)/'],
  ['extension.ts', '^src/extension/extension\\.ts$'],
];

/** One rule per layer: nothing in it imports a layer after it. */
function downwardOnly(prefix, layers) {
  return layers.slice(0, -1).map(([name, path], i) => ({
    name: `${prefix}: ${name} imports only what is below it`,
    severity: 'error',
    comment: `${name} may not import ${layers.slice(i + 1).map(([n]) => n).join(', ')}`,
    from: { path },
    to: { path: layers.slice(i + 1).map(([, p]) => p) },
  }));
}

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'files that import each other in a loop', from: {}, to: { circular: true } },
    { name: 'core-never-imports-vscode', severity: 'error', comment: 'src/core runs in the CLI and in tests: no vscode', from: { path: '^src/core/' }, to: { path: '^vscode$', dependencyTypes: ['core', 'npm', 'unknown', 'undetermined', 'npm-no-pkg', 'type-only'] } },
    { name: 'core-never-imports-its-users', severity: 'error', from: { path: '^src/core/' }, to: { path: '^src/(extension|cli)/' } },
    { name: 'cli-and-extension-apart', severity: 'error', comment: 'the CLI and the extension share only the core', from: { path: '^src/cli/' }, to: { path: '^src/extension/' } },
    { name: 'extension-and-cli-apart', severity: 'error', from: { path: '^src/extension/' }, to: { path: '^src/cli/' } },
    ...downwardOnly('core', CORE),
    ...downwardOnly('diagnosis', DIAGNOSIS),
    ...downwardOnly('skills', SKILLS),
    ...downwardOnly('extension', EXTENSION),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
