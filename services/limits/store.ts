/**
 * Where abuse-limit counters live. Fixed windows: a key's hits are counted per window of `windowSeconds` aligned to
 * the epoch, so every process (and every machine) computes the same window for the same instant. A burst can reach
 * twice the limit across a window boundary; for abuse brakes (not billing) that is the accepted price of one
 * counter per key instead of a log of every hit.
 */
export interface WindowCount {
  /** Hits in the current window, this one included when it was a `hit`. */
  hits: number;
  /** When the current window ends (the counter starts again from zero). */
  resetAt: Date;
}

export interface RateLimitStore {
  /** Counts one hit and answers the window's count after it. */
  hit(key: string, windowSeconds: number, now: Date): Promise<WindowCount>;
  /** The window's count without counting (checks before a guess, counted only when it fails). */
  peek(key: string, windowSeconds: number, now: Date): Promise<WindowCount>;
  /** Drops the counters of windows that have ended (a no-op where the store expires them itself). */
  prune(now: Date): Promise<number>;
  close(): Promise<void>;
}

export function windowOf(windowSeconds: number, now: Date): { start: Date; end: Date } {
  const size = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start: new Date(start), end: new Date(start + size) };
}
