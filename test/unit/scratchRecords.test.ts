// ScratchRecords, the in-memory copy of the records a chain's dry run plans its steps against:
// runs write to it as they would to the file, a failed one leaves it as it was, its snapshots are
// copies of it, and the file never changes.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { ScratchRecords } from '../../src/core/records/scratchRecords';
import { applyActions, planActions } from '../../src/core/skills/actions/runActions';
import { tempDir } from './helpers';

describe('scratch records (an in-memory copy of the records file)', () => {
  let dir: string;
  let store: RecordsStore;
  beforeEach(async () => {
    dir = tempDir('il-scratch-');
    store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    await store.transaction({ skill: 'seed' }, (tx) => tx.insert('company', 'globex', { name: 'Globex' }));
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts as the file; a run applied to it is seen by its reads and its plans, and the file is untouched', async () => {
    const before = fs.readFileSync(store.file);
    const scratch = new ScratchRecords(store);
    try {
      assert.deepEqual(scratch.list('company').map((c) => c.id), ['globex']);
      const planned = planActions([{ primitive: 'upsert_company', params: { name: 'Acme Robotics' } }], scratch, { newId: () => 'acme' });
      const applied = await applyActions(planned, scratch, { skill: 'test' });
      assert.deepEqual(scratch.list('company').map((c) => [c.id, c.created_by_run]), [['globex', store.list('company')[0].created_by_run], ['acme', applied.runId]]);
      assert.equal(scratch.get('company', 'acme')?.name, 'Acme Robotics');
      // The next plan starts from the copy: the same company again is found, not created.
      const again = planActions([{ primitive: 'upsert_company', params: { name: 'ACME Robotics Inc.', website: 'https://acme.example' } }], scratch);
      assert.deepEqual(again.map((p) => [p.op, p.id]), [['update', 'acme']]);
      assert.equal(scratch.get('company', 'acme')?.website, null, 'planning wrote into its own copy, not the scratch');
    } finally {
      scratch.close();
    }
    assert.deepEqual(fs.readFileSync(store.file), before, 'the file is as it was');
    assert.deepEqual(store.list('company').map((c) => c.id), ['globex']);
  });

  it('a transaction that throws leaves the copy as it was; a closed copy refuses use', async () => {
    const scratch = new ScratchRecords(store);
    await assert.rejects(scratch.transaction({ skill: 'test' }, (tx) => {
      tx.insert('company', 'half', { name: 'Half Written' });
      throw new Error('the third action failed');
    }), /the third action failed/);
    assert.deepEqual(scratch.list('company').map((c) => c.id), ['globex'], 'the first write was rolled back');
    const id = await scratch.recordRun({ skill: 'test' }, 'failed', { error: 'kept in the copy' });
    assert.ok(id);
    assert.equal(store.run(id), undefined, 'the audit row stays in the copy');
    scratch.close();
    assert.throws(() => scratch.list('company'), /closed/);
  });
});
