import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { HistoryStore, reportBodiesDir } from '../../src/core/diagnosis/history/historyStore';
import { fakeReport } from './support/fakeReport';
import { ROOT, SAMPLES, tempDir } from './helpers';

const CLI = path.join(ROOT, 'dist', 'cli.js');
const WRITER = path.join(__dirname, 'support', 'historyWriter.ts');

/** Runs a child to completion, collecting stdout; resolves with its exit code. */
function runChild(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const savedIds = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('saved ')).map((l) => l.slice(6));

describe('history shared by several processes and windows', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => { dir = tempDir('il-shared-'); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('two long-lived stores on one file keep every report and see each other\'s', async () => {
    const file = path.join(dir, 'history.sqlite');
    const a = await HistoryStore.open(file);
    const b = await HistoryStore.open(file);
    const saves = [];
    for (let i = 0; i < 10; i++) saves.push((i % 2 ? a : b).save(fakeReport(`r${i}`, 'u', new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), i)));
    await Promise.all(saves);
    assert.equal(a.list('u', 100).length, 10, 'window A lost reports');
    assert.equal(b.list('u', 100).length, 10, 'window B lost reports');
    assert.equal(a.last('u')?.id, 'r9', 'A does not see what B saved');
    const fresh = await HistoryStore.open(file);
    assert.equal(fresh.list('u', 100).length, 10);
  });

  it('writer processes saving at the same time keep every report', async () => {
    const file = path.join(dir, 'history.sqlite');
    const runs = await Promise.all([0, 1, 2, 3].map((w) => runChild(['-r', 'esbuild-register', WRITER, file, `w${w}`, '8'])));
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const promised = runs.flatMap((r) => savedIds(r.stdout));
    assert.equal(promised.length, 32);
    const store = await HistoryStore.open(file);
    const kept = new Set(store.list('u', 1000).map((r) => r.id));
    assert.deepEqual(promised.filter((id) => !kept.has(id)), [], 'reports the writers saved are missing');
  });

  it('concurrent CLI runs all reach the history', async () => {
    assert.ok(fs.existsSync(CLI), 'dist/cli.js is missing: run "npm run build" first');
    const env = { ...process.env, INTERVIEW_LENS_HOME: dir };
    const sample = path.join(SAMPLES, 'backend-interview-zh.txt');
    const runs = await Promise.all(Array.from({ length: 6 }, () => runChild([CLI, 'diagnose', sample, '--json'], env)));
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const ids = runs.map((r) => (JSON.parse(r.stdout) as { id: string }).id);
    const store = await HistoryStore.open(path.join(dir, 'history.sqlite'));
    const kept = new Set(store.list('default', 100).map((r) => r.id));
    assert.deepEqual(ids.filter((id) => !kept.has(id)), [], 'CLI runs exited 0 but their reports are not in the history');
  });

  it('kill -9 during writes loses no saved report, never corrupts the file, and the next open leaves no temp files', async () => {
    const file = path.join(dir, 'history.sqlite');
    const promised: string[] = [];
    for (let round = 0; round < 12; round++) {
      // Two writers so that kills land while the lock is held, while waiting for it, and mid-rename.
      const children = [0, 1].map((w) => spawn(process.execPath, ['-r', 'esbuild-register', WRITER, file, `k${round}w${w}`], { env: { ...process.env, IL_TEST_LOCK_STALE_MS: '2000' } }));
      let firstSave: () => void = () => undefined;
      const writing = new Promise<void>((r) => (firstSave = r));
      const outs = children.map((c) => {
        let s = '';
        c.stdout.on('data', (d) => {
          s += d;
          if (s.includes('saved ')) firstSave();
        });
        return () => s;
      });
      const exited = children.map((c) => new Promise((r) => c.on('close', r)));
      // Start-up time varies with the machine's load: kill only once the writers are writing.
      await Promise.race([writing, new Promise((r) => setTimeout(r, 30_000))]);
      await new Promise((r) => setTimeout(r, 50 + ((round * 137) % 400)));
      for (const c of children) c.kill('SIGKILL');
      await Promise.all(exited);
      // Only complete lines count: a partial "saved …" was not yet promised.
      for (const o of outs) promised.push(...savedIds(o().split('\n').slice(0, -1).join('\n')));
    }
    assert.ok(promised.length > 12, `writers saved too little to test anything (${promised.length})`);
    const store = await HistoryStore.open(file, { lockStaleMs: 2000 });
    const kept = new Set(store.list('u', 100_000).map((r) => r.id));
    assert.deepEqual(promised.filter((id) => !kept.has(id)), [], 'reports promised as saved were lost');
    for (const id of promised.slice(-5)) assert.equal(store.get(id)?.id, id, `body of ${id} unreadable`);
    const SQL = await initSqlJs();
    const db = new SQL.Database(fs.readFileSync(file));
    assert.equal(String(db.exec('PRAGMA integrity_check')[0].values[0][0]), 'ok');
    const temps = [...fs.readdirSync(dir), ...fs.readdirSync(reportBodiesDir(file))].filter((n) => n.endsWith('.tmp'));
    assert.deepEqual(temps, [], 'temp files survived the next open');
    assert.equal(fs.readdirSync(reportBodiesDir(file)).length, kept.size, 'orphan bodies survived the next open');
  });
});
