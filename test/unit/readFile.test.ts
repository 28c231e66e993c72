import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readFile } from '../../src/core/builtin/tools/readFile';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
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

  it('refuses a hard link to a file outside the workspace (checks the file opened, not the path)', async () => {
    const dir = tempDir('il-hard-');
    try {
      fs.linkSync(path.join(outside, 'secret.txt'), path.join(dir, 'hard.txt'));
      const res = await registry.execute('read_file', { path: 'hard.txt' }, makeCtx({ workspaceRoot: dir }));
      assert.equal(res.error?.code, 'permission_denied');
      assert.match(res.error!.message, /hard link/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a NUL byte in the path and a FIFO without waiting for a writer', async function () {
    const ctx = makeCtx({ workspaceRoot: root });
    assert.equal((await registry.execute('read_file', { path: 'sub/a.txt\0.png' }, ctx)).error?.code, 'input_error');
    const fifo = path.join(root, 'pipe.txt');
    if (spawnSync('mkfifo', [fifo]).status !== 0) this.skip();
    // Opening a FIFO for reading blocks until someone writes; the tool must refuse it instead.
    const res = await registry.execute('read_file', { path: 'pipe.txt' }, ctx);
    assert.equal(res.error?.code, 'input_error');
    assert.match(res.error!.message, /not a file/);
  });

  it('never returns a file outside the workspace while a folder is swapped for a symlink (TOCTOU)', async function () {
    if (process.platform === 'win32') this.skip();
    this.timeout(120_000);
    const ws = tempDir('il-race-ws-');
    const away = tempDir('il-race-out-');
    fs.mkdirSync(path.join(ws, 'd'));
    fs.writeFileSync(path.join(ws, 'd', 'f.txt'), 'Interviewer: inside?\nCandidate: inside.');
    fs.writeFileSync(path.join(away, 'f.txt'), 'Interviewer: OUTSIDE?\nCandidate: OUTSIDE.');
    fs.symlinkSync(away, path.join(ws, 'link'));
    // Another process swaps ws/d between the real folder and a symlink to `away`, as fast as it can.
    const swapper = spawn(process.execPath, ['-e', `
      const fs = require('fs'); const ws = ${JSON.stringify(ws)};
      for (;;) {
        try { fs.renameSync(ws + '/d', ws + '/real'); fs.renameSync(ws + '/link', ws + '/d'); } catch {}
        try { fs.renameSync(ws + '/d', ws + '/link'); fs.renameSync(ws + '/real', ws + '/d'); } catch {}
      }`], { stdio: 'ignore' });
    let read = 0;
    try {
      // Many calls in flight at once: each one's checks and its read wait in the thread pool, so
      // the swap has every chance to land in between.
      for (let round = 0; round < 20; round++) {
        const results = await Promise.all(Array.from({ length: 250 }, () => registry.execute<{ text: string }>('read_file', { path: 'd/f.txt' }, makeCtx({ workspaceRoot: ws }))));
        for (const r of results) {
          if (r.success) read++;
          assert.ok(!r.data?.text.includes('OUTSIDE'), `round ${round}: read_file returned the file outside the workspace`);
        }
      }
    } finally {
      swapper.kill();
      await new Promise((resolve) => swapper.once('exit', resolve));
      fs.rmSync(ws, { recursive: true, force: true });
      fs.rmSync(away, { recursive: true, force: true });
    }
    assert.ok(read > 0, 'the inside file was never read: the race did not run');
  });
});
