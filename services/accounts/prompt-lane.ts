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

  /** True when a token is there now, with `keep` more left over (without taking it). */
  available(keep = 0): boolean {
    this.refill();
    return this.tokens >= 1 + keep;
  }

  /** Takes a token when one is there with `keep` more left over: what a lower standing may not spend. */
  take(keep = 0): boolean {
    this.refill();
    if (this.tokens < 1 + keep) return false;
    this.tokens -= 1;
    return true;
  }

  /** A token taken for a check that never ran (the sign-in thread's throttled sign-in) goes back. */
  give(): void {
    this.refill();
    this.tokens = Math.min(this.perSecond, this.tokens + 1);
  }

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((at - this.last) / 1000) * this.perSecond);
    this.last = at;
  }
}

type PromptCheck = () => Promise<Verified>;

/**
 * Who asks: an address that signed in lately (`returning`), or one merely never seen failing (`clean`). A flood that
 * rotates fresh addresses is all clean, so clean addresses may spend only the budget above `reserve` (half of it):
 * the other half stays for returning users, whose logins the flood's first seconds would otherwise starve
 * (docs/accounts.md, "The prompt lane").
 */
export type Standing = 'returning' | 'clean';

/** One thread's worth of checks at normal priority: one running, two waiting at most, within the budget. */
export class PromptLane {
  private readonly queue: WorkQueue;
  private taken = 0;

  constructor(private readonly budget: HashBudget, maxWaitMs: number, private readonly reserve = 0) {
    this.queue = new WorkQueue({ concurrency: 1, maxQueued: 2, maxWaitMs });
  }

  private keep(standing: Standing): number {
    return standing === 'returning' ? 0 : this.reserve;
  }

  hasRoom(standing: Standing = 'clean'): boolean {
    return !this.queue.isFull() && this.budget.available(this.keep(standing));
  }

  /** Runs the check here when there is room and budget; null when the caller must use the ordinary queue. */
  tryRun(check: PromptCheck, standing: Standing = 'clean'): Promise<Verified> | null {
    if (this.queue.isFull() || !this.budget.take(this.keep(standing))) return null;
    this.taken++;
    return this.queue.run(check);
  }

  /** Takes one of the budget for a check that runs elsewhere (the sign-in thread's own): counted as the lane's. */
  takeBudget(standing: Standing = 'clean'): boolean {
    if (!this.budget.take(this.keep(standing))) return false;
    this.taken++;
    return true;
  }

  /** Gives back a token `takeBudget` took for a check that did not run. */
  returnBudget(): void {
    this.budget.give();
    this.taken--;
  }

  /** Checks this lane has run or is running, or the sign-in thread ran with its budget (tests, metrics). */
  count(): number {
    return this.taken;
  }
}
