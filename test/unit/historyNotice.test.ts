import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { historyLimitFromEnv, historyNotice } from '../../src/cli/historyNotice';
import { createCore } from '../../src/core/services';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { KNOWLEDGE_DIR, ROOT, SAMPLES, tempDir } from './helpers';

describe('history size limit reaches the user', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => { dir = tempDir(); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a diagnosis that pruned old reports says how many, and one too large says it was not kept', async () => {
    const store = await HistoryStore.open(path.join(dir, 'h.sqlite'), { limitBytes: 40 * 1024 });
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const text = fs.readFileSync(path.join(SAMPLES, 'backend-interview-zh.txt'), 'utf8');
    const notices: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await core.diagnose({ text, source: 'zh.txt' });
      const n = historyNotice(r.actions);
      if (n) notices.push(n);
    }
    assert.ok(notices.length > 0, 'no run was told about pruning');
    assert.match(notices[0], /removed the \d+ oldest reports .* INTERVIEW_LENS_HISTORY_MAX_MB/);
    store.limitBytes = 1024;
    const r = await core.diagnose({ text, source: 'zh.txt' });
    assert.equal(r.actions[0].kind, 'history.skip');
    assert.match(historyNotice(r.actions) ?? '', /larger than the history limit of 0\.0 MB, so it was not saved/);
  });

  it('INTERVIEW_LENS_HISTORY_MAX_MB is read in megabytes and a bad value is a usage error (exit 2)', () => {
    assert.equal(historyLimitFromEnv('5'), 5 * 1024 * 1024);
    assert.equal(historyLimitFromEnv(undefined), undefined);
    assert.throws(() => historyLimitFromEnv('lots'), /1 to 1024/);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'diagnose', path.join(SAMPLES, 'backend-interview-zh.txt')], {
      encoding: 'utf8', env: { ...process.env, INTERVIEW_LENS_HOME: dir, INTERVIEW_LENS_HISTORY_MAX_MB: '0' },
    });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^interview-lens: INTERVIEW_LENS_HISTORY_MAX_MB must be a number of megabytes from 1 to 1024 \(got "0"\)\n$/);
  });
});
