import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { writeFileAtomic } from '../../src/core/store/atomicWrite';
import { HistoryError, HistoryStore, reportBodiesDir } from '../../src/core/diagnosis/history/historyStore';
import { fakeReport } from './support/fakeReport';
import { tempDir } from './helpers';

const day = (d: number) => `2026-01-${String(d).padStart(2, '0')}T00:00:00Z`;
// Random base64 does not compress much, so a report's stored size is predictable.
const noise = (n: number) => Array.from({ length: n }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join('');

describe('history store (sql.js index + compressed report files)', () => {
  let dir: string;
  beforeEach(() => { dir = tempDir(); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('persists reports and returns the latest one per user', async () => {
    const file = path.join(dir, 'nested', 'history.sqlite');
    const a = await HistoryStore.open(file);
    await a.save(fakeReport('r1', 'u1', day(1), 40));
    await a.save(fakeReport('r2', 'u1', day(2), 60));
    await a.save(fakeReport('r3', 'u2', day(3), 90));
    a.close();
    const b = await HistoryStore.open(file);
    assert.equal(b.last('u1')?.id, 'r2');
    assert.equal(b.last('u1', { excludeId: 'r2' })?.id, 'r1');
    assert.equal(b.last('nobody'), null);
    assert.deepEqual(b.list('u1').map((r) => r.overallScore), [60, 40]);
    assert.equal(b.get('r3')?.summary.overallScore, 90);
    b.close();
  });

  it('stores report bodies compressed, outside the index', async () => {
    const file = path.join(dir, 'history.sqlite');
    const store = await HistoryStore.open(file);
    const big = fakeReport('r1', 'u1', day(1), 50, 'the same sentence again. '.repeat(4000));
    const out = await store.save(big);
    assert.ok(out.saved);
    const json = JSON.stringify(big).length;
    assert.ok(out.reportBytes * 20 < json, `stored ${out.reportBytes} bytes for ${json} bytes of JSON`);
    assert.ok(fs.statSync(file).size < 32 * 1024, 'the index holds the body');
    assert.equal(fs.readdirSync(reportBodiesDir(file)).length, 1);
    assert.deepEqual(store.get('r1'), big);
  });

  it('leaves the previous state intact when a write crashes before the rename', async () => {
    const file = path.join(dir, 'history.sqlite');
    const ok = await HistoryStore.open(file);
    await ok.save(fakeReport('r1', 'u1', day(1), 40));
    ok.close();
    const before = fs.readFileSync(file);
    const bodiesBefore = fs.readdirSync(reportBodiesDir(file));
    let renames = 0;
    const crashing = await HistoryStore.open(file, {
      // The body file's rename succeeds, the index's fails: the body must be removed again.
      writeOps: { writeFileSync: fs.writeFileSync, fsyncSync: fs.fsyncSync, renameSync: (a, b) => {
        if (++renames === 2) throw new Error('power cut');
        fs.renameSync(a, b);
      } },
    });
    await assert.rejects(crashing.save(fakeReport('r2', 'u1', day(2), 70)), /power cut/);
    assert.deepEqual(fs.readFileSync(file), before, 'the database file changed');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['history.sqlite', 'history.sqlite.reports'], 'a temp file was left behind');
    assert.deepEqual(fs.readdirSync(reportBodiesDir(file)), bodiesBefore, 'the failed report left its body behind');
    assert.equal(crashing.last('u1')?.id, 'r1', 'memory kept a report the disk does not have');
    const reopened = await HistoryStore.open(file);
    assert.equal(reopened.last('u1')?.id, 'r1');
  });

  it('leaves the target untouched when the data write itself fails', () => {
    const file = path.join(dir, 'f.bin');
    fs.writeFileSync(file, 'old');
    assert.throws(() => writeFileAtomic(file, 'new', {
      writeFileSync: () => { throw new Error('disk full'); }, fsyncSync: fs.fsyncSync, renameSync: fs.renameSync,
    }), /disk full/);
    assert.equal(fs.readFileSync(file, 'utf8'), 'old');
    assert.deepEqual(fs.readdirSync(dir), ['f.bin']);
    writeFileAtomic(file, 'new');
    assert.equal(fs.readFileSync(file, 'utf8'), 'new');
  });

  it('refuses a corrupt database file instead of overwriting it', async () => {
    const file = path.join(dir, 'history.sqlite');
    fs.writeFileSync(file, 'this is not sqlite at all, just text that is long enough to be a header');
    await assert.rejects(HistoryStore.open(file), (e: Error) => e instanceof HistoryError && /move it aside/.test(e.message));
    assert.match(fs.readFileSync(file, 'utf8'), /not sqlite/);
  });

  it('keeps under its size limit by removing the oldest reports, and says how many', async () => {
    const file = path.join(dir, 'history.sqlite');
    const limit = 200 * 1024;
    const store = await HistoryStore.open(file, { limitBytes: limit });
    const outcomes = [];
    for (let i = 1; i <= 30; i++) outcomes.push(await store.save(fakeReport(`r${i}`, 'u', day(i), i, noise(2500))));
    const pruned = outcomes.reduce((n, o) => n + o.pruned, 0);
    assert.ok(pruned > 0, 'nothing was pruned');
    assert.ok(outcomes.every((o) => o.saved && o.limitBytes === limit));
    const kept = store.list('u', 100).map((r) => r.id);
    assert.equal(kept.length, 30 - pruned);
    assert.equal(kept[kept.length - 1], `r${pruned + 1}`, 'not the oldest were removed');
    const onDisk = fs.statSync(file).size + fs.readdirSync(reportBodiesDir(file)).reduce((n, f) => n + fs.statSync(path.join(reportBodiesDir(file), f)).size, 0);
    assert.ok(onDisk <= limit, `history takes ${onDisk} bytes, limit ${limit}`);
    assert.equal(fs.readdirSync(reportBodiesDir(file)).length, kept.length, 'pruned bodies were left on disk');
  });

  it('does not keep a report larger than the whole limit, and says so', async () => {
    const store = await HistoryStore.open(path.join(dir, 'history.sqlite'), { limitBytes: 10 * 1024 });
    await store.save(fakeReport('small', 'u', day(1), 1));
    const out = await store.save(fakeReport('huge', 'u', day(2), 2, noise(8000)));
    assert.equal(out.saved, false);
    assert.ok(out.reportBytes > out.limitBytes);
    assert.equal(store.get('huge'), null);
    assert.equal(store.last('u')?.id, 'small', 'an older report was removed for a report that was not kept');
  });

  it('reads a version-1 history (bodies inline) and moves the bodies out on the next save', async () => {
    const file = path.join(dir, 'history.sqlite');
    const SQL = await initSqlJs();
    const v1 = new SQL.Database();
    v1.exec('CREATE TABLE reports (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at TEXT NOT NULL, source TEXT NOT NULL, overall INTEGER NOT NULL, body TEXT NOT NULL)');
    for (let i = 1; i <= 5; i++) {
      const r = fakeReport(`old${i}`, 'u', day(i), i * 10, noise(3000));
      v1.run('INSERT INTO reports VALUES (?, ?, ?, ?, ?, ?)', [r.id, r.userId, r.createdAt, r.source, r.summary.overallScore, JSON.stringify(r)]);
    }
    fs.writeFileSync(file, v1.export());
    const sizeV1 = fs.statSync(file).size;
    const store = await HistoryStore.open(file);
    assert.equal(store.last('u')?.id, 'old5');
    assert.equal(fs.statSync(file).size, sizeV1, 'opening rewrote the file');
    await store.save(fakeReport('new', 'u', day(9), 99));
    assert.ok(fs.statSync(file).size < sizeV1 / 2, 'inline bodies stayed in the index');
    const again = await HistoryStore.open(file);
    assert.deepEqual(again.list('u').map((r) => r.id), ['new', 'old5', 'old4', 'old3', 'old2', 'old1']);
    assert.equal(again.get('old3')?.summary.overallScore, 30);
  });

  it('removes temp files and orphan bodies that killed writers left, on the next open', async () => {
    const file = path.join(dir, 'history.sqlite');
    const store = await HistoryStore.open(file);
    await store.save(fakeReport('r1', 'u', day(1), 1));
    store.close();
    const bodies = reportBodiesDir(file);
    fs.writeFileSync(path.join(dir, '.history.sqlite.123.456.tmp'), 'x');
    fs.writeFileSync(path.join(bodies, '.abc.json.gz.1.2.tmp'), 'x');
    fs.writeFileSync(path.join(bodies, `${'a'.repeat(24)}-00000000.json.gz`), 'orphan');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'the user\'s own file');
    const reopened = await HistoryStore.open(file);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['history.sqlite', 'history.sqlite.reports', 'notes.txt']);
    assert.equal(fs.readdirSync(bodies).length, 1);
    assert.equal(reopened.get('r1')?.id, 'r1');
  });

  it('does not commit a write that held the lock past most of its stale time (another process may have taken it over)', async () => {
    const file = path.join(dir, 'history.sqlite');
    const ok = await HistoryStore.open(file, { lockStaleMs: 2000 });
    await ok.save(fakeReport('r1', 'u', day(1), 1));
    const slow = await HistoryStore.open(file, {
      lockStaleMs: 2000,
      // Synchronous work longer than the stale time: the lock's refresh timer cannot run meanwhile.
      writeOps: { writeFileSync: (...args: Parameters<typeof fs.writeFileSync>) => {
        const until = Date.now() + 1700;
        while (Date.now() < until) { /* busy */ }
        fs.writeFileSync(...args);
      }, fsyncSync: fs.fsyncSync, renameSync: fs.renameSync },
    });
    await assert.rejects(slow.save(fakeReport('r2', 'u', day(2), 2)), (e: Error) => e instanceof HistoryError && /lost the lock/.test(e.message));
    assert.equal(slow.get('r2'), null);
    assert.deepEqual(fs.readdirSync(reportBodiesDir(file)).length, 1, 'the refused write left its body');
  });

  it('takes over a lock whose holder died', async () => {
    const file = path.join(dir, 'history.sqlite');
    const store = await HistoryStore.open(file, { lockStaleMs: 2000 });
    fs.mkdirSync(`${file}.lock`);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(`${file}.lock`, old, old);
    await store.save(fakeReport('r1', 'u', day(1), 1));
    assert.equal(store.get('r1')?.id, 'r1');
    assert.equal(fs.existsSync(`${file}.lock`), false, 'the lock was not released');
  });

  it('deletes a report and its body under the lock, tells its listeners, and says when there was nothing to delete', async () => {
    const file = path.join(dir, 'history.sqlite');
    const store = await HistoryStore.open(file);
    const seen: string[] = [];
    const sub = store.onDidChange((c) => seen.push(`${c.kind}:${c.id}`));
    await store.save(fakeReport('keep', 'u', day(1), 50), { sourceKey: 'file:///t/a.txt', textHash: 'abc' });
    await store.save(fakeReport('gone', 'u', day(2), 60), { sourceKey: 'mock-interview:s1', textHash: 'def' });
    assert.equal(fs.readdirSync(reportBodiesDir(file)).length, 2);
    assert.deepEqual(store.list('u').map((r) => [r.id, r.sourceKey, r.textHash]), [['gone', 'mock-interview:s1', 'def'], ['keep', 'file:///t/a.txt', 'abc']]);
    assert.equal(await store.delete('gone'), true);
    assert.equal(store.get('gone'), null);
    assert.deepEqual(store.list('u').map((r) => r.id), ['keep']);
    assert.equal(fs.readdirSync(reportBodiesDir(file)).length, 1, 'the body file stayed behind');
    assert.equal(await store.delete('gone'), false);
    sub.dispose();
    await store.save(fakeReport('later', 'u', day(3), 70));
    assert.deepEqual(seen, ['saved:keep', 'saved:gone', 'deleted:gone'], 'a disposed listener was still called');
    store.close();
    // Another process (a second window) sees the deletion on its next read.
    const other = await HistoryStore.open(file);
    assert.deepEqual(other.list('u').map((r) => r.id), ['later', 'keep']);
    other.close();
  });

  it('a report saved without an origin lists null for its source key and text hash', async () => {
    const store = await HistoryStore.open(path.join(dir, 'history.sqlite'));
    await store.save(fakeReport('r', 'u', day(1), 50));
    assert.deepEqual(store.list('u').map((r) => [r.sourceKey, r.textHash]), [[null, null]]);
    store.close();
  });
});
