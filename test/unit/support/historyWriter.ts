// A writer process for the kill -9 and concurrency tests: opens the history at argv[2] and saves
// reports forever (or argv[4] of them), printing "saved <id>" only after each save resolved, so
// the parent knows exactly which reports the store promised to keep.
import { randomBytes } from 'node:crypto';
import { HistoryStore } from '../../../src/core/diagnosis/history/historyStore';
import { fakeReport } from './fakeReport';

async function main(): Promise<void> {
  const [file, tag, countArg] = process.argv.slice(2);
  // The kill test shortens the stale time so killed writers' locks are taken over quickly.
  const store = await HistoryStore.open(file, { lockStaleMs: Number(process.env.IL_TEST_LOCK_STALE_MS ?? 10_000) });
  const count = countArg ? Number(countArg) : Infinity;
  for (let i = 0; i < count; i++) {
    const id = `${tag}-${i}-${randomBytes(3).toString('hex')}`;
    await store.save(fakeReport(id, 'u', new Date().toISOString(), i % 100, randomBytes(2048).toString('base64')));
    process.stdout.write(`saved ${id}\n`);
  }
  store.close();
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
});
