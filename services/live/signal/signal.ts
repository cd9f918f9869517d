/**
 * The live signal: "this process appended events" sent to every other server process, so their live feeds read the
 * event store at once instead of waiting for a poll. It only wakes: the feed still reads what to send from the
 * event store (the source of truth), and keeps a slow poll in case a signal is lost (docs/live.md, "Cross-process
 * signal"). NATS when NATS_URL is set, PostgreSQL LISTEN/NOTIFY otherwise.
 */
import { createHash } from 'node:crypto';

export interface LiveSignal {
  readonly kind: 'nats' | 'postgres';
  /** True while the connection is up (the feed polls faster while it is not). */
  readonly connected: boolean;
  /** Signals received from other processes and signals sent, since start (tests, diagnostics). */
  readonly stats: { received: number; published: number };
  /**
   * Connects (one attempt is awaited; a failure is logged and retried in the background with backoff) and calls
   * `onSignal` for every other process's signal, and once after each (re)connect, since signals sent while the
   * connection was down are lost.
   */
  start(onSignal: () => void): Promise<void>;
  /** Tells the other processes that this one appended (after commit). Fire-and-forget, coalesced. */
  publish(): void;
  /** Drops the connection as a network failure would (tests): the signal reconnects by itself. */
  interrupt(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One NATS subject per database, so two deployments (or two test databases) sharing a NATS server do not wake each
 * other. Hashed: a subject token cannot hold every character a host or database name can, and the URL may carry a
 * password.
 */
export function natsSubject(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const key = createHash('sha256').update(`${u.hostname}:${u.port || '5432'}${u.pathname}`).digest('hex').slice(0, 16);
  return `whisky-auction.live.appended.${key}`;
}
