/**
 * The live signal over NATS (core, at-most-once: the feed's fallback poll covers a lost message). `noEcho` keeps a
 * process's own signals from coming back to it. The client reconnects by itself after a dropped link; a connection
 * that closed for good (or never opened) is opened again here with backoff.
 */
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { onDemand } from '../../../infra/on-demand';
import { ReconnectLoop } from '../../../infra/reconnect-loop';
import type { LiveSignal } from './signal';

/** Loaded when NATS_URL is set. */
const loadNats = onDemand<typeof import('nats')>('nats');

export class NatsSignal implements LiveSignal {
  readonly kind = 'nats' as const;
  readonly stats = { received: 0, published: 0 };
  private nc: NatsConnection | null = null;
  private up = false;
  private onSignal: () => void = () => {};
  private readonly loop: ReconnectLoop;
  private queued = false;

  constructor(private readonly url: string, private readonly subject: string, log: Logger) {
    this.loop = new ReconnectLoop(() => this.connect(), (err, retryInMs) =>
      log.warn({ err, retryInMs }, 'live signal: no NATS connection; reconnecting'));
  }

  get connected(): boolean {
    return this.up;
  }

  async start(onSignal: () => void): Promise<void> {
    this.onSignal = onSignal;
    await this.loop.start();
  }

  publish(): void {
    if (!this.up || this.queued) return;
    // One message per turn of the event loop however many appends committed in it: a wake reads everything new.
    this.queued = true;
    setImmediate(() => {
      this.queued = false;
      if (!this.nc || !this.up) return;
      this.stats.published++;
      this.nc.publish(this.subject);
    });
  }

  async interrupt(): Promise<void> {
    // Closed from under the signal, as if the link died for good: the signal must open a new connection.
    await this.nc?.close();
  }

  async close(): Promise<void> {
    await this.loop.stop();
    const nc = this.nc;
    this.nc = null;
    this.up = false;
    await nc?.close().catch(() => {});
  }

  private async connect(): Promise<void> {
    let nc: NatsConnection;
    try {
      nc = await loadNats().connect({
        servers: this.url,
        name: 'whisky-auction live signal',
        noEcho: true,
        timeout: 2000,
        reconnect: true,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 250,
        reconnectJitter: 100,
        pingInterval: 10_000,
        maxPingOut: 2,
      });
    } catch (error) {
      this.loop.lost(error as Error);
      return;
    }
    if (this.loop.stopped) {
      await nc.close().catch(() => {});
      return;
    }
    this.nc = nc;
    this.up = true;
    this.loop.connected();
    nc.subscribe(this.subject, {
      callback: (error) => {
        if (error) return;
        this.stats.received++;
        this.onSignal();
      },
    });
    void this.watch(nc);
    // Signals sent while this process was not subscribed are lost: read once now rather than at the next poll.
    this.onSignal();
  }

  private async watch(nc: NatsConnection): Promise<void> {
    const { Events } = loadNats();
    void (async () => {
      for await (const status of nc.status()) {
        if (this.nc !== nc) return;
        if (status.type === Events.Disconnect) this.up = false;
        if (status.type === Events.Reconnect) {
          this.up = true;
          this.onSignal();
        }
      }
    })();
    const error = await nc.closed();
    if (this.nc !== nc) return;
    this.nc = null;
    this.up = false;
    this.loop.lost(error instanceof Error ? error : undefined);
  }
}
