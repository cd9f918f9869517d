/**
 * Logins the hashing queue refused (503), per address, in this process's memory: a flood must cost next to nothing,
 * so counting it may not cost a query. 20 refusals in 15 minutes lock the address (429) like 20 failed logins do,
 * so a flood's addresses end up refused before any other work, leaving the queue's slots to everyone else.
 * A successful login from the address forgets them: a real user who met a few 503s is not punished. Per process:
 * with several processes an address gets its 20 in each, which is still a brake.
 */
const MAX_REFUSED_PER_ADDRESS = 20;
const WINDOW_MS = 15 * 60 * 1000;
/** Addresses remembered at most (a flood from a huge range must not grow this without bound). */
const MAX_ADDRESSES = 100_000;

export class RefusalCounter {
  private readonly byAddress = new Map<string, number[]>();

  constructor(private readonly limit = MAX_REFUSED_PER_ADDRESS, private readonly windowMs = WINDOW_MS) {}

  note(ip: string, now: Date): void {
    if (this.byAddress.size >= MAX_ADDRESSES && !this.byAddress.has(ip)) this.byAddress.clear();
    const times = this.recent(ip, now.getTime());
    times.push(now.getTime());
    this.byAddress.set(ip, times.slice(-this.limit));
  }

  /** Seconds until the address is below its limit again (0 when it is not locked). */
  lockedFor(ip: string, now: Date): number {
    const times = this.recent(ip, now.getTime());
    if (times.length < this.limit) return 0;
    return Math.max(1, Math.ceil((times[times.length - this.limit] + this.windowMs - now.getTime()) / 1000));
  }

  /** No refusal or failure from this address within the window. */
  isClean(ip: string, now: Date): boolean {
    return this.recent(ip, now.getTime()).length === 0;
  }

  forget(ip: string): void {
    this.byAddress.delete(ip);
  }

  private recent(ip: string, nowMs: number): number[] {
    return (this.byAddress.get(ip) ?? []).filter((at) => at > nowMs - this.windowMs);
  }
}

/**
 * Addresses a login succeeded from lately (30 days, in this process's memory): their logins get the queue's reserve
 * and wait ahead of the rest (work-queue.ts), so a returning user gets in while a flood from fresh addresses fills
 * the queue. Whoever holds such an address still meets every throttle; it only skips the line.
 */
export class TrustedAddresses {
  private readonly lastSuccess = new Map<string, number>();

  constructor(private readonly ttlMs = 30 * 24 * 60 * 60 * 1000) {}

  add(ip: string, now: Date): void {
    if (this.lastSuccess.size >= MAX_ADDRESSES && !this.lastSuccess.has(ip)) this.lastSuccess.clear();
    this.lastSuccess.set(ip, now.getTime());
  }

  has(ip: string, now: Date): boolean {
    const at = this.lastSuccess.get(ip);
    return at !== undefined && at > now.getTime() - this.ttlMs;
  }
}
