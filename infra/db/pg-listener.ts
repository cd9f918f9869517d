/**
 * One PostgreSQL LISTEN channel on a dedicated connection per process (not a pool client: LISTEN belongs to a
 * session). What it hears only wakes its owner, who reads what to do from the tables; a lost connection is reopened
 * with backoff, and the owner is called once after each (re)connect, since notifications sent while nobody listened
 * are lost. Notifications this connection sent itself (`notify`) are not heard back. Users: the live signal
 * (services/live/signal/pg-signal.ts) and the email outbox's sender (infra/mail/sender.ts).
 */
import pg from 'pg';

interface ListenerLog { warn(obj: object, msg: string): void }

/** Reconnect delays: 100 ms doubling to 5 s, with jitter so a restarted server is not hit by every process at once. */
export function backoffMs(attempt: number): number {
  const base = Math.min(5000, 100 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export class PgListener {
  readonly stats = { received: 0, published: 0 };
  private client: pg.Client | null = null;
  private backendPid = 0;
  private onNotify: () => void = () => {};
  private closing = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private sending = false;
  private pending = false;

  /** `channel` is an identifier of ours (PostgreSQL scopes channels to the database); `name` is for the logs. */
  constructor(private readonly databaseUrl: string, private readonly channel: string, private readonly name: string, private readonly log: ListenerLog) {}

  get connected(): boolean {
    return this.client !== null;
  }

  async start(onNotify: () => void): Promise<void> {
    this.onNotify = onNotify;
    this.closing = false;
    await this.reconnect();
  }

  /** NOTIFY on this connection, fire-and-forget: at most one in flight, calls meanwhile covered by one more after it. */
  notify(): void {
    const client = this.client;
    if (!client) return; // lost: the listeners' fallback poll reads it
    if (this.sending) {
      this.pending = true;
      return;
    }
    this.sending = true;
    this.pending = false;
    this.stats.published++;
    client.query(`NOTIFY ${this.channel}`)
      .catch(() => {}) // the connection's 'error' handler reconnects
      .finally(() => {
        this.sending = false;
        if (this.pending) this.notify();
      });
  }

  /** The server ends the session, as when it restarts or a network link drops (tests). */
  async interrupt(): Promise<void> {
    if (!this.client) return;
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
      application_name: `whisky-auction ${this.name}`,
      // An idle LISTEN connection would not notice a dead link otherwise; the owner's fallback poll covers until it does.
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
      if (message.channel !== this.channel || message.processId === this.backendPid) return;
      this.stats.received++;
      this.onNotify();
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await client.query(`LISTEN ${this.channel}`);
      if (this.closing) {
        lost = true;
        await client.end();
        return;
      }
      this.backendPid = rows[0].pid;
      this.client = client;
      this.attempt = 0;
      // Notifications sent while no connection listened are lost: the owner reads once now rather than at its poll.
      this.onNotify();
    } catch (error) {
      onLost(error as Error);
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
    if (this.closing) return;
    const delay = backoffMs(this.attempt++);
    this.log.warn({ err: error, retryInMs: delay }, `${this.name}: the LISTEN connection was lost; reconnecting`);
    this.retry = setTimeout(() => void this.reconnect(), delay);
    this.retry.unref?.();
  }
}
