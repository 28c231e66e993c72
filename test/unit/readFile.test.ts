import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readFile } from '../../src/core/tools/readFile';
import { ToolRegistry } from '../../src/core/tools/registry';
import { makeCtx, tempDir } from './helpers';

describe('read_file', () => {
  let root: string;
  let outside: string;
  const registry = new ToolRegistry().register(readFile);
  before(() => {
    root = tempDir('il-ws-');
    outside = tempDir('il-out-');
    fs.mkdirSync(path.join(root, 'sub'));
    fs.writeFileSync(path.join(root, 'sub', 'a.txt'), '面试官：你好？\n候选人：你好。');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
    fs.writeFileSync(path.join(root, 'bin.dat'), Buffer.from([1, 0, 2, 3]));
  });
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('reads a file inside the workspace', async () => {
    const res = await registry.execute<{ text: string; path: string }>('read_file', { path: 'sub/a.txt' }, makeCtx({ workspaceRoot: root }));
    assert.equal(res.data?.path, path.join('sub', 'a.txt'));
    assert.match(res.data!.text, /面试官/);
  });

  it('refuses paths outside the workspace, including through ../, absolute paths and symlinks', async () => {
    for (const p of ['../secret.txt', path.join(outside, 'secret.txt'), 'link.txt', '/etc/passwd']) {
      const res = await registry.execute('read_file', { path: p }, makeCtx({ workspaceRoot: root }));
      assert.equal(res.error?.code, 'permission_denied', p);
    }
    const noRoot = await registry.execute('read_file', { path: 'sub/a.txt' }, makeCtx());
    assert.equal(noRoot.error?.code, 'permission_denied');
  });

  it('reports missing, binary and oversized files as input errors', async () => {
    const ctx = makeCtx({ workspaceRoot: root });
    assert.equal((await registry.execute('read_file', { path: 'nope.txt' }, ctx)).error?.code, 'input_error');
    assert.match((await registry.execute('read_file', { path: 'bin.dat' }, ctx)).error!.message, /binary/);
    assert.match((await registry.execute('read_file', { path: 'sub/a.txt', maxBytes: 3 }, ctx)).error!.message, /over the 3-byte limit/);
  });
});
