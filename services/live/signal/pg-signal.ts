/**
 * The live signal over PostgreSQL LISTEN/NOTIFY (infra/db/pg-listener.ts: one dedicated connection per process). The
 * process NOTIFYs on that same connection after its append committed, so signals cost no pool connection and no lock
 * inside a bid's transaction; its own notifications come back to it and are not heard. A lost connection is reopened
 * with backoff.
 */
import type { Logger } from 'pino';
import { PgListener } from '../../../infra/db/pg-listener';
import type { LiveSignal } from './signal';

/** PostgreSQL scopes channels to the database, so one name serves every deployment. */
const CHANNEL = 'live_appended';

export class PgSignal implements LiveSignal {
  readonly kind = 'postgres' as const;
  private readonly listener: PgListener;

  constructor(databaseUrl: string, log: Logger) {
    this.listener = new PgListener(databaseUrl, CHANNEL, 'live signal', log);
  }

  get connected(): boolean {
    return this.listener.connected;
  }

  get stats(): { received: number; published: number } {
    return this.listener.stats;
  }

  start(onSignal: () => void): Promise<void> {
    return this.listener.start(onSignal);
  }

  publish(): void {
    this.listener.notify();
  }

  interrupt(): Promise<void> {
    return this.listener.interrupt();
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
