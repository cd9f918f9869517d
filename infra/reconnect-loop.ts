/**
 * Opens a long-lived connection again after it was lost, with backoff, until stopped: the retry timer, the attempt
 * count and the attempt under way that the PostgreSQL LISTEN connection (infra/db/pg-listener.ts) and the NATS live
 * signal (services/live/signal/nats-signal.ts) both need. The owner's `connect` opens the connection and calls
 * `connected()` or `lost()`; `lost()` is also how it reports a connection that dropped later.
 */

/** Reconnect delays: 100 ms doubling to 5 s, with jitter so a restarted server is not hit by every process at once. */
export function backoffMs(attempt: number): number {
  const base = Math.min(5000, 100 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export class ReconnectLoop {
  private closing = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;

  /** `warn` is told of each loss with the delay before the next attempt. */
  constructor(private readonly connect: () => Promise<void>, private readonly warn: (error: Error | undefined, retryInMs: number) => void) {}

  /** Stopped: a connection that opens now is to be closed at once, and a loss is not retried. */
  get stopped(): boolean {
    return this.closing;
  }

  /** The first attempt (also after a stop); resolves once it has connected or failed. */
  start(): Promise<void> {
    this.closing = false;
    return this.attemptNow();
  }

  /** Connected: the next loss starts from the shortest delay again. */
  connected(): void {
    this.attempt = 0;
  }

  /** The connection failed to open or was lost: another attempt after the next delay, unless stopped. */
  lost(error?: Error): void {
    if (this.closing) return;
    const delay = backoffMs(this.attempt++);
    this.warn(error, delay);
    this.retry = setTimeout(() => void this.attemptNow(), delay);
    this.retry.unref?.();
  }

  /** No more attempts; waits for one under way (its connection then sees `stopped`). */
  async stop(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.connecting;
  }

  private attemptNow(): Promise<void> {
    this.retry = null;
    this.connecting = this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }
}
