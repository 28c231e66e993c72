/**
 * A serial queue of background jobs whose owners can leave. A job belongs to a lease; revoking
 * the lease drops its queued jobs, aborts the one in flight (its signal), and turns later
 * `enqueue` calls on it into no-ops, so work started by an event that arrives after its owner
 * stopped never runs. `idle()` waits for everything queued, including jobs queued while waiting.
 *
 * Why it exists: a continuous test run that was stopped kept replaying, because its replays sat
 * in a promise chain that no one could take them out of, and a late file event added more.
 */
export interface QueueLease {
  /** False once revoked. */
  readonly active: boolean;
  /** Aborted when the lease is revoked: the job in flight reads it. */
  readonly signal: AbortSignal;
  /** Queues `job` after everything queued before it; a no-op once revoked. */
  enqueue(job: (signal: AbortSignal) => Promise<void>): void;
  /** Drops the lease's queued jobs and aborts its job in flight. */
  revoke(): void;
}

interface Job {
  lease: Lease;
  run: (signal: AbortSignal) => Promise<void>;
}

class Lease implements QueueLease {
  readonly controller = new AbortController();
  constructor(private readonly queue: OwnedQueue) {}
  get active(): boolean {
    return !this.controller.signal.aborted;
  }
  get signal(): AbortSignal {
    return this.controller.signal;
  }
  enqueue(job: (signal: AbortSignal) => Promise<void>): void {
    if (this.active) this.queue.push({ lease: this, run: job });
  }
  revoke(): void {
    if (!this.active) return;
    this.controller.abort();
    this.queue.drop(this);
  }
}

export class OwnedQueue {
  private readonly jobs: Job[] = [];
  private running: Job | undefined;
  private waiters: Array<() => void> = [];
  private held = 0;
  private heldRelease: Array<() => void> = [];

  constructor(private readonly onError: (err: unknown) => void = () => {}) {}

  /** A new owner of jobs. */
  lease(): QueueLease {
    return new Lease(this);
  }

  /** Jobs waiting to start, and whether one is running (for tests and diagnostics). */
  get state(): { queued: number; running: boolean } {
    return { queued: this.jobs.length, running: !!this.running };
  }

  /**
   * Keeps queued jobs from starting until the returned function is called (tests use it to stop
   * an owner while its job is still queued). Holds nest.
   */
  hold(): () => void {
    this.held++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
      if (this.held === 0) {
        const waiting = this.heldRelease;
        this.heldRelease = [];
        for (const w of waiting) w();
      }
    };
  }

  /** Resolves when no job is queued or running, whatever was queued while it waited. */
  idle(): Promise<void> {
    if (!this.running && !this.jobs.length) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** @internal */
  push(job: Job): void {
    this.jobs.push(job);
    if (!this.running) void this.drain();
  }

  /** @internal */
  drop(lease: Lease): void {
    for (let i = this.jobs.length - 1; i >= 0; i--) if (this.jobs[i].lease === lease) this.jobs.splice(i, 1);
    this.settle();
  }

  private async drain(): Promise<void> {
    while (this.jobs.length) {
      if (this.held) {
        // Marked running while held, so idle() keeps waiting for the jobs that are held back.
        this.running = this.jobs[0];
        await new Promise<void>((resolve) => this.heldRelease.push(resolve));
        this.running = undefined;
        continue;
      }
      const job = this.jobs.shift()!;
      if (!job.lease.active) continue;
      this.running = job;
      try {
        await job.run(job.lease.signal);
      } catch (err) {
        if (!job.lease.signal.aborted) this.onError(err);
      } finally {
        this.running = undefined;
      }
    }
    this.settle();
  }

  private settle(): void {
    if (this.running || this.jobs.length) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
