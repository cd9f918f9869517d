/**
 * A queue with bounded concurrency, bounded length and a bounded wait. Password hashes are the most expensive work
 * the house does and anyone can ask for one (a login), so they must never pile up: past the limits a job is refused
 * at once with Unavailable (503 + Retry-After) instead of waiting behind a flood and holding libuv's thread pool,
 * which dns.lookup and fs share.
 */
import { Unavailable } from '../../domain/shared/errors';

export interface WorkLimits {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting for a slot; one more is refused at once. */
  maxQueued: number;
  /** A waiting job that has not started within this is refused (so nobody waits behind a flood forever). */
  maxWaitMs: number;
}

export interface WorkStats { running: number; queued: number; done: number; refusedFull: number; refusedWait: number }

interface Waiting { start: () => void; refuse: (error: Unavailable) => void; timer: ReturnType<typeof setTimeout>; priority: boolean }

/**
 * `priority` jobs (callers with a reason to be trusted, e.g. an address that signed in before) may also use a
 * reserve of `concurrency` places beyond `maxQueued`, and wait ahead of the others: a flood fills the queue, not
 * the reserve.
 */
interface RunOptions { priority?: boolean }

export class WorkQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private readonly counts = { done: 0, refusedFull: 0, refusedWait: 0 };

  constructor(readonly limits: WorkLimits) {
    if (!(limits.concurrency >= 1) || !(limits.maxQueued >= 0) || !(limits.maxWaitMs >= 0)) throw new Error(`bad work limits ${JSON.stringify(limits)}`);
  }

  /** Runs `job` when a slot is free; throws Unavailable when the queue is full or the wait runs out. */
  async run<T>(job: () => Promise<T>, options: RunOptions = {}): Promise<T> {
    if (this.running >= this.limits.concurrency) await this.wait(options.priority === true);
    else this.running++;
    try {
      return await job();
    } finally {
      this.counts.done++;
      this.release();
    }
  }

  stats(): WorkStats {
    return { running: this.running, queued: this.waiting.length, ...this.counts };
  }

  isFull(priority = false): boolean {
    if (this.running < this.limits.concurrency || this.waiting.length < this.room(priority)) return false;
    // A priority job would displace an ordinary waiter (displaceNewest), so it meets a full queue only when none is left.
    return !priority || this.waiting.every((w) => w.priority);
  }

  private room(priority: boolean): number {
    return this.limits.maxQueued + (priority ? this.limits.concurrency : 0);
  }

  /** The error a refused job gets (also for callers that check isFull() before doing any work). */
  refusal(): Unavailable {
    this.counts.refusedFull++;
    return new Unavailable(this.retryAfterSeconds());
  }

  /** Seconds worth waiting before a retry: about the longest a queued job may wait, at least one. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000));
  }

  private wait(priority: boolean): Promise<void> {
    if (this.waiting.length >= this.room(priority) && !(priority && this.displaceNewest())) return Promise.reject(this.refusal());
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        priority,
        start: () => { clearTimeout(entry.timer); resolve(); },
        refuse: reject,
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(entry);
          if (index < 0) return;
          this.waiting.splice(index, 1);
          this.counts.refusedWait++;
          entry.refuse(new Unavailable(this.retryAfterSeconds()));
        }, this.limits.maxWaitMs),
      };
      // Priority jobs queue behind earlier priority jobs, ahead of every other.
      const at = priority ? this.waiting.findIndex((w) => !w.priority) : -1;
      if (at < 0) this.waiting.push(entry);
      else this.waiting.splice(at, 0, entry);
    });
  }

  /**
   * A priority job that finds the queue full takes the place of the newest ordinary waiter, which is refused as if it
   * had just arrived (503): a newcomer is never refused because a flood filled the queue first.
   */
  private displaceNewest(): boolean {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const entry = this.waiting[i];
      if (entry.priority) continue;
      this.waiting.splice(i, 1);
      clearTimeout(entry.timer);
      entry.refuse(this.refusal());
      return true;
    }
    return false;
  }

  /** Hands the finished job's slot straight to the oldest waiter (the running count stays), or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running--;
  }
}
