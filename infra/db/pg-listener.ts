/**
 * One PostgreSQL LISTEN channel on a dedicated connection per process (not a pool client: LISTEN belongs to a
 * session). What it hears only wakes its owner, who reads what to do from the tables; a lost connection is reopened
 * with backoff, and the owner is called once after each (re)connect, since notifications sent while nobody listened
 * are lost. Notifications this connection sent itself (`notify`) are not heard back. Users: the live signal
 * (services/live/signal/pg-signal.ts) and the email outbox's sender (infra/mail/sender.ts).
 */
import pg from 'pg';
import { ReconnectLoop } from '../reconnect-loop';

interface ListenerLog { warn(obj: object, msg: string): void }

export class PgListener {
  readonly stats = { received: 0, published: 0 };
  private client: pg.Client | null = null;
  private backendPid = 0;
  private onNotify: () => void = () => {};
  private readonly loop: ReconnectLoop;
  private sending = false;
  private pending = false;

  /** `channel` is an identifier of ours (PostgreSQL scopes channels to the database); `name` is for the logs. */
  constructor(private readonly databaseUrl: string, private readonly channel: string, private readonly name: string, log: ListenerLog) {
    this.loop = new ReconnectLoop(() => this.connect(), (err, retryInMs) =>
      log.warn({ err, retryInMs }, `${name}: the LISTEN connection was lost; reconnecting`));
  }

  get connected(): boolean {
    return this.client !== null;
  }

  async start(onNotify: () => void): Promise<void> {
    this.onNotify = onNotify;
    await this.loop.start();
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
    await this.loop.stop();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
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
      if (this.loop.stopped) {
        lost = true;
        await client.end();
        return;
      }
      this.backendPid = rows[0].pid;
      this.client = client;
      this.loop.connected();
      // Notifications sent while no connection listened are lost: the owner reads once now rather than at its poll.
      this.onNotify();
    } catch (error) {
      onLost(error as Error);
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
    this.loop.lost(error);
  }
}
