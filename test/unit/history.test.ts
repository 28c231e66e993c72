import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../../src/core/store/atomicWrite';
import { HistoryError, HistoryStore } from '../../src/core/store/historyStore';
import type { Report } from '../../src/core/report/model';
import { tempDir } from './helpers';

function fakeReport(id: string, userId: string, createdAt: string, overall: number): Report {
  return {
    id, userId, createdAt, source: 's.txt', language: 'en', engine: 'offline',
    summary: { overallScore: overall, totalQuestions: 1, dimensions: { completeness: overall, depth: overall, accuracy: overall, practicality: overall }, strongest: 'depth', weakest: 'accuracy', headline: '' },
    perQuestion: [], improvementPlan: { immediate: [], shortTerm: [], longTerm: [] }, comparedToLast: null,
  };
}

describe('history store (sql.js, atomic writes)', () => {
  let dir: string;
  beforeEach(() => { dir = tempDir(); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('persists reports and returns the latest one per user', async () => {
    const file = path.join(dir, 'nested', 'history.sqlite');
    const a = await HistoryStore.open(file);
    a.save(fakeReport('r1', 'u1', '2026-01-01T00:00:00Z', 40));
    a.save(fakeReport('r2', 'u1', '2026-01-02T00:00:00Z', 60));
    a.save(fakeReport('r3', 'u2', '2026-01-03T00:00:00Z', 90));
    a.close();
    const b = await HistoryStore.open(file);
    assert.equal(b.last('u1')?.id, 'r2');
    assert.equal(b.last('u1', { excludeId: 'r2' })?.id, 'r1');
    assert.equal(b.last('nobody'), null);
    assert.deepEqual(b.list('u1').map((r) => r.overallScore), [60, 40]);
    assert.equal(b.get('r3')?.summary.overallScore, 90);
    b.close();
  });

  it('leaves the previous file intact when a write crashes before the rename', async () => {
    const file = path.join(dir, 'history.sqlite');
    const ok = await HistoryStore.open(file);
    ok.save(fakeReport('r1', 'u1', '2026-01-01T00:00:00Z', 40));
    ok.close();
    const before = fs.readFileSync(file);
    const crashing = await HistoryStore.open(file, {
      writeOps: { writeFileSync: fs.writeFileSync, fsyncSync: fs.fsyncSync, renameSync: () => { throw new Error('power cut'); } },
    });
    assert.throws(() => crashing.save(fakeReport('r2', 'u1', '2026-01-02T00:00:00Z', 70)), /power cut/);
    assert.deepEqual(fs.readFileSync(file), before, 'the database file changed');
    assert.deepEqual(fs.readdirSync(dir), ['history.sqlite'], 'a temp file was left behind');
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
});
