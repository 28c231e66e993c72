// The import rules of .dependency-cruiser.cjs (run over src by `npm run lint:imports`, the first
// step of `npm test`) fail on each kind of wrong arrow: a small tree per rule under
// test/fixtures/import-rules, and one that breaks none.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');

function cruise(tree: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [BIN, 'src', '--config', CONFIG, '--output-type', 'err'], {
    cwd: path.join(ROOT, 'test', 'fixtures', 'import-rules', tree), encoding: 'utf8', timeout: 60_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('import rules (dependency-cruiser)', function () {
  this.timeout(60_000);

  it('an upward import fails: the foundation importing the diagnosis', () => {
    const r = cruise('upward');
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /core: foundation imports only what is below it: src\/core\/runtime\/helper\.ts → src\/core\/diagnosis\/report\/render\.ts/);
  });

  it('a circle fails, even of type-only imports', () => {
    const r = cruise('circle');
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /no-circular: src\/core\/calls\/a\.ts/);
  });

  it('src/core importing vscode fails', () => {
    const r = cruise('vscode');
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /core-never-imports-vscode: src\/core\/text\/editorText\.ts/);
  });

  it('the diagnosis pipeline runs one way: the transcript may not import the report', () => {
    const r = cruise('pipeline');
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /diagnosis: diagnosis\/transcript imports only what is below it/);
  });

  it("an extension feature's shared helper importing a feature fails", () => {
    const r = cruise('feature');
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /extension: extension\/shared imports only what is below it: src\/extension\/shared\/notify\.ts/);
  });

  it('a tree whose arrows all run downward passes', () => {
    const r = cruise('clean');
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /no dependency violations found/);
  });
});
