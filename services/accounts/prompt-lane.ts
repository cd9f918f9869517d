/**
 * The prompt lane: a trusted login's check (its address signed in lately, or has no failure or refusal) runs at once
 * on a thread of its own at the event loop's priority, within a budget of hashes per second; past the budget, or
 * while the lane is busy, it waits in the ordinary low-priority queue as before (docs/accounts.md, "Password
 * hashing"). On a machine the bids saturate, a low-priority thread gets a sliver of a core, so a returning user's
 * one hash took a second or more behind the flood's; the budget is what keeps an attacker who rotates fresh addresses
 * (each clean once) from turning the lane into a core of hashing: at most `perSecond` hashes a second run here.
 * Wall-clock time on purpose: this is rate limiting, not business time.
 */
import type { Verified } from './passwords';
import { WorkQueue } from './work-queue';

/** A token bucket: `perSecond` tokens a second, holding at most one second's worth. */
export class HashBudget {
  private tokens: number;
  private last: number;

  constructor(private readonly perSecond: number, private readonly now: () => number = () => performance.now()) {
    this.tokens = perSecond;
    this.last = now();
  }

  /** True when a token is there now (without taking it). */
  available(): boolean {
    this.refill();
    return this.tokens >= 1;
  }

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((at - this.last) / 1000) * this.perSecond);
    this.last = at;
  }
}

type PromptCheck = () => Promise<Verified>;

/** One thread's worth of checks at normal priority: one running, two waiting at most, within the budget. */
export class PromptLane {
  private readonly queue: WorkQueue;
  private taken = 0;

  constructor(private readonly budget: HashBudget, maxWaitMs: number) {
    this.queue = new WorkQueue({ concurrency: 1, maxQueued: 2, maxWaitMs });
  }

  hasRoom(): boolean {
    return !this.queue.isFull() && this.budget.available();
  }

  /** Runs the check here when there is room and budget; null when the caller must use the ordinary queue. */
  tryRun(check: PromptCheck): Promise<Verified> | null {
    if (this.queue.isFull() || !this.budget.take()) return null;
    this.taken++;
    return this.queue.run(check);
  }

  /** Checks this lane has run or is running (tests, metrics). */
  count(): number {
    return this.taken;
  }
}
