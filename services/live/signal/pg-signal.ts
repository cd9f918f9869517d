/**
 * The live signal over PostgreSQL LISTEN/NOTIFY, on one dedicated connection per process (not a pool client: LISTEN
 * belongs to a session). The process NOTIFYs on that same connection after its append committed, so signals cost no
 * pool connection and no lock inside a bid's transaction; its own notifications come back to it and are ignored by
 * backend pid. A lost connection is reopened with backoff.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { backoffMs, type LiveSignal } from './signal';

/** PostgreSQL scopes channels to the database, so one name serves every deployment. */
const CHANNEL = 'live_appended';

export class PgSignal implements LiveSignal {
  readonly kind = 'postgres' as const;
  readonly stats = { received: 0, published: 0 };
  private client: pg.Client | null = null;
  private backendPid = 0;
  private onSignal: () => void = () => {};
  private closing = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private sending = false;
  private pending = false;

  constructor(private readonly databaseUrl: string, private readonly log: Logger) {}

  get connected(): boolean {
    return this.client !== null;
  }

  async start(onSignal: () => void): Promise<void> {
    this.onSignal = onSignal;
    this.closing = false;
    await this.reconnect();
  }

  publish(): void {
    const client = this.client;
    if (!client) return; // lost: the others' fallback poll reads it
    // At most one NOTIFY in flight; appends meanwhile are covered by one more after it (a wake reads everything new).
    if (this.sending) {
      this.pending = true;
      return;
    }
    this.sending = true;
    this.pending = false;
    this.stats.published++;
    client.query(`NOTIFY ${CHANNEL}`)
      .catch(() => {}) // the connection's 'error' handler reconnects
      .finally(() => {
        this.sending = false;
        if (this.pending) this.publish();
      });
  }

  async interrupt(): Promise<void> {
    if (!this.client) return;
    // The server ends the session, as when it restarts or a network link drops.
    const admin = new pg.Client({ connectionString: this.databaseUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [this.backendPid]);
    } finally {
      await admin.end();
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private reconnect(): Promise<void> {
    this.retry = null;
    this.connecting = this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: 'whisky-auction live signal',
      // An idle LISTEN connection would not notice a dead link otherwise; the fallback poll covers until it does.
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.lost(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || message.processId === this.backendPid) return;
      this.stats.received++;
      this.onSignal();
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closing) {
        lost = true;
        await client.end();
        return;
      }
      this.backendPid = rows[0].pid;
      this.client = client;
      this.attempt = 0;
      // Signals sent while no connection listened are lost: read once now rather than at the next poll.
      this.onSignal();
    } catch (error) {
      onLost(error as Error);
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
    if (this.closing) return;
    const delay = backoffMs(this.attempt++);
    this.log.warn({ err: error, retryInMs: delay }, 'live signal: the LISTEN connection was lost; reconnecting');
    this.retry = setTimeout(() => void this.reconnect(), delay);
    this.retry.unref?.();
  }
}
