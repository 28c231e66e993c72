import { strict as assert } from 'node:assert';
import { OwnedQueue } from '../../src/core/runtime/ownedQueue';

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('OwnedQueue: background jobs whose owner can stop (a continuous run that was stopped replays nothing)', () => {
  it('runs jobs one after the other, in the order queued', async () => {
    const q = new OwnedQueue();
    const lease = q.lease();
    const seen: string[] = [];
    const first = gate();
    lease.enqueue(async () => {
      seen.push('a:start');
      await first.promise;
      seen.push('a:end');
    });
    lease.enqueue(async () => {
      seen.push('b');
    });
    await tick();
    assert.deepEqual(seen, ['a:start']);
    first.open();
    await q.idle();
    assert.deepEqual(seen, ['a:start', 'a:end', 'b']);
  });

  it('revoking a lease drops its queued jobs, and leaves other owners\' jobs alone', async () => {
    const q = new OwnedQueue();
    const mine = q.lease();
    const theirs = q.lease();
    const seen: string[] = [];
    const release = q.hold();
    mine.enqueue(async () => void seen.push('mine'));
    theirs.enqueue(async () => void seen.push('theirs'));
    assert.equal(q.state.queued, 2);
    mine.revoke();
    assert.equal(q.state.queued, 1);
    release();
    await q.idle();
    assert.deepEqual(seen, ['theirs']);
  });

  it('revoking a lease aborts its job in flight', async () => {
    const q = new OwnedQueue();
    const lease = q.lease();
    const started = gate();
    let abortedInside = false;
    const finished = gate();
    lease.enqueue(async (signal) => {
      started.open();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      abortedInside = signal.aborted;
      finished.open();
    });
    await started.promise;
    assert.equal(q.state.running, true);
    lease.revoke();
    await finished.promise;
    await q.idle();
    assert.equal(abortedInside, true);
    assert.deepEqual(q.state, { queued: 0, running: false });
  });

  it('a job queued after its lease was revoked (a late event) never runs', async () => {
    const q = new OwnedQueue();
    const lease = q.lease();
    lease.revoke();
    let ran = false;
    lease.enqueue(async () => {
      ran = true;
    });
    assert.equal(q.state.queued, 0);
    await q.idle();
    await tick();
    assert.equal(ran, false);
    assert.equal(lease.active, false);
  });

  it('idle() waits for jobs queued while it waits, and for held jobs', async () => {
    const q = new OwnedQueue();
    const lease = q.lease();
    const seen: string[] = [];
    lease.enqueue(async () => {
      await tick();
      seen.push('a');
      // Queued from inside the running job: idle() must still wait for it.
      lease.enqueue(async () => {
        await tick();
        seen.push('b');
      });
    });
    await q.idle();
    assert.deepEqual(seen, ['a', 'b']);

    const release = q.hold();
    lease.enqueue(async () => void seen.push('c'));
    let idle = false;
    const waiting = q.idle().then(() => (idle = true));
    await tick();
    assert.equal(idle, false, 'a held job is still to run');
    release();
    await waiting;
    assert.deepEqual(seen, ['a', 'b', 'c']);
  });

  it('a job that throws is reported and does not stop the queue; one aborted by its revoke is not reported', async () => {
    const errors: unknown[] = [];
    const q = new OwnedQueue((err) => errors.push(err));
    const lease = q.lease();
    const seen: string[] = [];
    lease.enqueue(async () => {
      throw new Error('boom');
    });
    lease.enqueue(async () => void seen.push('after'));
    await q.idle();
    assert.deepEqual(seen, ['after']);
    assert.equal((errors[0] as Error).message, 'boom');

    const other = q.lease();
    const started = gate();
    other.enqueue(async (signal) => {
      started.open();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      throw new Error('cancelled');
    });
    await started.promise;
    other.revoke();
    await q.idle();
    assert.equal(errors.length, 1, 'the cancelled job is not an error');
  });
});
